/**
 * Files on a directory several gateways share (FILES_DIR: one NFS mount in production). A file shows
 * under its key only whole; two gateways writing one key at once (the help videos, seeded by every
 * gateway at start) both succeed; a temporary file left by a crash blocks nothing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../../server/adapters/diskStorage.ts';
import { readConfig } from '../../server/config.ts';
import { seedVideos } from '../../server/db/seedVideos.ts';
import { HELP_VIDEOS } from '../../server/domains/video/catalogue.ts';
import { renderVideoFile, VIDEO_FILES, videoStorageKey } from '../../server/domains/video/media.ts';

const run = promisify(execFile);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).sort();
}

describe('files on a directory several gateways share', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-shared-files-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const expectAllVideosWhole = async () => {
    const storage = diskStorage(dir);
    for (const video of HELP_VIDEOS) {
      for (const file of VIDEO_FILES) expect((await storage.get(videoStorageKey(video.id, file)))!.equals(renderVideoFile(video, file)), `${video.id}/${file}`).toBe(true);
    }
    expect((await filesUnder(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(await filesUnder(dir)).toHaveLength(HELP_VIDEOS.length * VIDEO_FILES.length);
  };

  it('two gateways seeding the videos at once into one directory both succeed, and every file is whole', async () => {
    const written = await Promise.all([seedVideos(diskStorage(dir)), seedVideos(diskStorage(dir))]);
    // some files both found missing and both wrote: the case that failed with EEXIST on a shared temporary name
    expect(written[0]! + written[1]!).toBeGreaterThan(HELP_VIDEOS.length * VIDEO_FILES.length);
    await expectAllVideosWhole();
  }, 60_000);

  it('two gateway processes starting at once on one directory: the same', async () => {
    const seed = `import { diskStorage } from './server/adapters/diskStorage.ts'; import { seedVideos } from './server/db/seedVideos.ts'; await seedVideos(diskStorage(process.env.SHARED_DIR));`;
    const start = () => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', seed], { env: { ...process.env, SHARED_DIR: dir }, timeout: 60_000 });
    await Promise.all([start(), start()]);
    await expectAllVideosWhole();
  }, 90_000);

  it('one key written by two at once ends as one of the two, whole, never a mix', async () => {
    const storage = diskStorage(dir);
    const a = Buffer.alloc(4 << 20, 'a');
    const b = Buffer.alloc(4 << 20, 'b');
    for (let round = 0; round < 5; round++) {
      await Promise.all([storage.put('uploads/same', a), diskStorage(dir).put('uploads/same', b)]);
      const stored = (await storage.get('uploads/same'))!;
      expect(stored.equals(a) || stored.equals(b)).toBe(true);
    }
    expect(await filesUnder(dir)).toEqual(['uploads/same']);
  });

  it('a temporary file left by a crash (the old fixed `.part` name, or a unique one) blocks no later write', async () => {
    const storage = diskStorage(dir);
    await fs.mkdir(path.join(dir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(dir, 'uploads', 'doc.part'), 'half');
    await fs.writeFile(path.join(dir, 'uploads', 'doc.0b7c1f9e-7d1c-4c55-9b59-8d8f8b0c9a11.part'), 'half');
    await storage.put('uploads/doc', Buffer.from('whole'));
    expect((await storage.get('uploads/doc'))!.toString()).toBe('whole');
  });

  it('FILES_DIR chooses the directory; without it, DATA_DIR/files as before', () => {
    expect(readConfig({ DATA_DIR: '/srv/kw' }).filesDir).toBe(path.resolve('/srv/kw/files'));
    expect(readConfig({ DATA_DIR: '/srv/kw', FILES_DIR: '/mnt/kwanza-files' }).filesDir).toBe('/mnt/kwanza-files');
  });
});
