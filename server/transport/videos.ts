import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../adapters/storage.ts';
import { findHelpVideo } from '../domains/video/catalogue.ts';
import { contentTypeOf, VIDEO_FILES, videoStorageKey } from '../domains/video/media.ts';

/**
 * `GET /media/videos/:id/:file` (and HEAD): a help video's renditions, poster and captions from the
 * storage adapter (seeded by server/db/seedVideos.ts), with byte ranges (RFC 9110 §14) so a player
 * fetches only what it plays and seeks without the whole file: `Range: bytes=a-b`, `a-` or `-n`
 * answers 206 with Content-Range; a range starting past the end answers 416 with `bytes *\/size`;
 * anything else (several ranges, another unit, a malformed header, an If-Range that no longer
 * matches) answers the whole file, as the RFC allows. Public and cacheable: the files never change
 * under a key (a new rendering gets a new key: media.ts).
 */

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** The one byte range a `Range` header asks of a `size`-byte file; null when the whole file should be sent. */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // the last n bytes
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null; // invalid: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Files never change under a key (a new rendering gets a new key: media.ts), so the key and the length name the content without reading it. */
const etagOf = (key: string, size: number) => `"${crypto.createHash('sha256').update(`${key}:${size}`).digest('base64url').slice(0, 27)}"`;

export function registerVideos(app: FastifyInstance, deps: { storage: FileStorage }) {
  app.get('/media/videos/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const known = findHelpVideo(id) && (VIDEO_FILES as readonly string[]).includes(file);
    const key = videoStorageKey(id, file);
    const size = known ? await deps.storage.size(key) : null;
    if (size === null) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not found' });

    const etag = etagOf(key, size);
    reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();

    const ifRange = request.headers['if-range'];
    const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    // only the bytes sent are read from storage: a seek into a long video does not load all of it
    const bytes = size === 0 ? Buffer.alloc(0) : await deps.storage.getRange(key, range?.start ?? 0, range?.end ?? size - 1);
    if (!bytes) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not found' });
    reply.header('content-type', contentTypeOf(file));
    if (range === null) return reply.header('content-length', bytes.length).send(bytes);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', bytes.length)
      .send(bytes);
  });
}
