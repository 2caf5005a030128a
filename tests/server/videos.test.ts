import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { seedVideos } from '../../server/db/seedVideos.ts';
import { parseRange } from '../../server/transport/videos.ts';
import { HELP_VIDEOS } from '../../server/domains/video/catalogue.ts';
import { VIDEO_FILES } from '../../server/domains/video/media.ts';

/** Reads an EBML element header at `at`: its id (with marker bits) and payload size. */
function ebml(bytes: Buffer, at: number): { id: number; size: number; payload: number } {
  const width = (first: number) => Math.clz32(first) - 23;
  const idLength = width(bytes[at]!);
  const id = bytes.readUIntBE(at, idLength);
  const sizeLength = width(bytes[at + idLength]!);
  let size = bytes[at + idLength]! & (0xff >> sizeLength);
  for (let i = 1; i < sizeLength; i++) size = size * 256 + bytes[at + idLength + i]!;
  return { id, size, payload: at + idLength + sizeLength };
}

describe('byte ranges (RFC 9110 §14)', () => {
  it('reads one range of a file, open-ended and suffix ranges too, and ignores what it cannot honour', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=5-3', 'bytes=0-1,5-9', 'items=0-5', 'bytes=-', 'bytes=a-b']) expect(parseRange(ignored, 1000)).toBeNull();
  });
});

describe.each(engines)('help videos on %s', (engine) => {
  let server: TestServer;
  let full: Buffer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    // what server/main.ts does at start-up
    expect(await seedVideos(server.adapters.storage)).toBe(HELP_VIDEOS.length * VIDEO_FILES.length);
    full = (await server.app.inject({ method: 'GET', url: '/media/videos/top-up/full.webm' })).rawPayload;
  }, 60_000);
  afterAll(() => server.close());
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('seeds once: a second start finds every file and writes none', async () => {
    expect(await seedVideos(server.adapters.storage)).toBe(0);
  });

  it('answers the whole file with its type, length, validator and Accept-Ranges', async () => {
    const res = await get('/media/videos/top-up/full.webm');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(full.length);
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // a real WebM: the EBML header with DocType webm, then a Segment holding a VP8 track
    expect(ebml(full, 0).id).toBe(0x1a45dfa3);
    expect(full.includes(Buffer.from('webm'))).toBe(true);
    const segment = ebml(full, ebml(full, 0).payload + ebml(full, 0).size);
    expect(segment.id).toBe(0x18538067);
    expect(segment.payload + segment.size).toBe(full.length);
    expect(full.includes(Buffer.from('V_VP8'))).toBe(true);
    // and its frames are VP8 key frames of 640 × 360 (the start code, then the size)
    const frame = full.indexOf(Buffer.from([0x9d, 0x01, 0x2a]));
    expect(full.readUInt16LE(frame + 3)).toBe(640);
    expect(full.readUInt16LE(frame + 5)).toBe(360);
    expect(full[frame - 3]! & 1).toBe(0);
  });

  it('answers a range with 206 and Content-Range, the bytes asked for', async () => {
    const res = await get('/media/videos/top-up/full.webm', { range: 'bytes=100-1123' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1123/${full.length}`);
    expect(res.headers['content-length']).toBe('1024');
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.rawPayload.equals(full.subarray(100, 1124))).toBe(true);
  });

  it('reads only the bytes of the range from storage, never the whole file', async () => {
    const storage = server.adapters.storage;
    const wholeReads: string[] = [];
    const get = storage.get.bind(storage);
    storage.get = async (key) => (wholeReads.push(key), get(key));
    try {
      const res = await server.app.inject({ method: 'GET', url: '/media/videos/top-up/full.webm', headers: { range: 'bytes=2048-4095' } });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(full.subarray(2048, 4096))).toBe(true);
      expect(wholeReads).toEqual([]);
      expect(await storage.size('videos/v1/top-up/full.webm')).toBe(full.length);
      expect(await storage.size('videos/v1/top-up/none.webm')).toBeNull();
      expect(await storage.getRange('videos/v1/top-up/none.webm', 0, 9)).toBeNull();
    } finally {
      storage.get = get;
    }
  });

  it('answers an open-ended range to the end, and a suffix range with the last bytes', async () => {
    const open = await get('/media/videos/top-up/full.webm', { range: `bytes=${full.length - 500}-` });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${full.length - 500}-${full.length - 1}/${full.length}`);
    expect(open.rawPayload.equals(full.subarray(full.length - 500))).toBe(true);
    const suffix = await get('/media/videos/top-up/full.webm', { range: 'bytes=-64' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(full.subarray(full.length - 64))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await get('/media/videos/top-up/full.webm', { range: `bytes=${full.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${full.length}`);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers the whole file when If-Range no longer matches, and 304 to a matching If-None-Match', async () => {
    const stale = await get('/media/videos/top-up/full.webm', { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(full.length);
    const etag = stale.headers.etag as string;
    expect((await get('/media/videos/top-up/full.webm', { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get('/media/videos/top-up/full.webm', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/media/videos/top-up/light.webm' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(1000);
    expect(res.rawPayload.length).toBe(0);
  });

  it('serves the poster and the captions in each language', async () => {
    const poster = await get('/media/videos/lucky-draw/poster.png');
    expect(poster.headers['content-type']).toBe('image/png');
    expect(poster.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pt = await get('/media/videos/top-up/captions.pt.vtt');
    expect(pt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(pt.body).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:04\.000\n1\. Abra a Carteira e toque em Carregar\./);
    expect((await get('/media/videos/top-up/captions.zh.vtt')).body).toContain('00:00:12.000 --> 00:00:16.000\n4. 输入支付密码确认');
    expect((await get('/media/videos/scan-to-pay/captions.fr.vtt')).body).toContain('Pointez l’appareil photo');
  });

  it('answers 404 for an unknown video, an unknown file, or a path outside the videos', async () => {
    for (const url of ['/media/videos/no-such-video/full.webm', '/media/videos/top-up/other.webm', '/media/videos/top-up/captions.de.vtt', '/media/videos/..%2F..%2Fetc/full.webm']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['accept-ranges'], url).toBeUndefined();
    }
  });

  it('describes a video in the asked language: renditions with their sizes, poster, captions, steps', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/content/getVideo', { id: 'top-up', language: 'en' }) });
    const video = res.json().bizContent;
    expect(video).toMatchObject({ id: 'top-up', language: 'en', title: 'Top up your wallet', durationSeconds: 16, poster: '/media/videos/top-up/poster.png' });
    expect(video.sources).toEqual([
      { rendition: 'full', url: '/media/videos/top-up/full.webm', type: 'video/webm; codecs="vp8"', width: 640, height: 360, bytes: full.length },
      { rendition: 'light', url: '/media/videos/top-up/light.webm', type: 'video/webm; codecs="vp8"', width: 320, height: 180, bytes: expect.any(Number) },
    ]);
    expect(video.sources[1].bytes * 2).toBeLessThan(full.length);
    expect(video.captions.map((c: { language: string; label: string }) => `${c.language}:${c.label}`)).toEqual(['pt:Português', 'en:English', 'fr:Français', 'zh:中文']);
    expect(video.steps).toHaveLength(4);
    // the envelope's language when none is asked; an unknown id is CNT40401
    const zh = (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/content/getVideo', { id: 'lucky-draw' }, {}, 'zh') })).json();
    expect(zh.bizContent.title).toBe('抽奖怎么玩');
    const unknown = (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/content/getVideo', { id: 'nothing' }) })).json();
    expect(unknown.code).toBe('CNT40401');
  });
});
