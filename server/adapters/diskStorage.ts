import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage.ts';

/** Files under `root`, one per key (the local default; several instances need a shared store instead). */
export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async put(key, bytes) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // write to a temporary name then rename, so a crash never leaves a half file under the key
      await fs.writeFile(`${full}.part`, bytes, { flag: 'wx' });
      await fs.rename(`${full}.part`, full);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await fs.stat(resolve(key))).size;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async getRange(key, start, end) {
      let file: fs.FileHandle;
      try {
        file = await fs.open(resolve(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const bytes = Buffer.alloc(end - start + 1);
        const { bytesRead } = await file.read(bytes, 0, bytes.length, start);
        return bytes.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
