import type { FileStorage } from '../adapters/storage.ts';
import { HELP_VIDEOS } from '../domains/video/catalogue.ts';
import { renderVideoFile, VIDEO_FILES, videoStorageKey } from '../domains/video/media.ts';

/**
 * The help videos' files into storage (server/domains/video/media.ts), made by the server itself:
 * nothing is downloaded. Idempotent: a file already stored is left as it is, so only the first start
 * on a new storage spends the second or two the encoding takes. Several gateways starting at once
 * on a shared store (FILES_DIR) may both write a file: each writes under its own temporary name and
 * renames (diskStorage.ts), the bytes are the same, and whichever rename lands last, the file is whole.
 */
export async function seedVideos(storage: FileStorage): Promise<number> {
  let written = 0;
  for (const video of HELP_VIDEOS) {
    for (const file of VIDEO_FILES) {
      const key = videoStorageKey(video.id, file);
      if (await storage.get(key)) continue;
      try {
        await storage.put(key, renderVideoFile(video, file));
        written++;
      } catch (error) {
        if (!(await storage.get(key))) throw error;
      }
    }
  }
  return written;
}
