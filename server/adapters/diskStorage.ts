import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage.ts';

/**
 * Files under `root`, one per key. Several gateways share one `root` on a mount they all see (NFS
 * or similar; FILES_DIR, README "The gateways"): a file appears under its key only whole, by a
 * rename within its directory, which is atomic there too.
 */
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
      // written under a name of its own, flushed, then renamed: a crash never leaves a half file under
      // the key, and two writers of one key (gateways seeding the videos at once) never meet; the
      // last rename wins, whole
      const temporary = `${full}.${randomUUID()}.part`;
      try {
        const file = await fs.open(temporary, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await fs.rename(temporary, full);
        // the rename itself made durable: the row naming the file is committed right after
        const directory = await fs.open(path.dirname(full), 'r');
        try {
          await directory.sync();
        } finally {
          await directory.close();
        }
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
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
