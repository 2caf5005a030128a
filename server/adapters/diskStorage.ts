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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
