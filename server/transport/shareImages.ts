import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BRAND_GREEN, WALLET_MARK } from '../../services/brand.ts';
import type { Database } from '../db/index.ts';
import type { FileStorage } from '../adapters/storage.ts';
import { sharedPhoto } from '../entities/sharePages.ts';

/**
 * The pictures of the share pages and of their link previews (README "Share pages"):
 * `/s/image/store/:storeId` and `/s/image/group/:storeId/:packageId` answer the store's (or the
 * package's, else its store's) photo while the store can be shared, else the app's own picture —
 * always an image, so a preview never shows a broken one. Public and cached for five minutes: a
 * crawler fetches it once per link.
 */

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Inside a polygon given as an SVG path of M/H/V/L commands (even–odd rule). */
function polygonOf(path: string): (x: number, y: number) => boolean {
  const points: Array<[number, number]> = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of path.matchAll(/([MHVLZ])([^MHVLZ]*)/g)) {
    const n = args!.trim().split(/[ ,]+/).filter(Boolean).map(Number);
    if (command === 'M' || command === 'L') [x, y] = [n[0]!, n[1]!];
    else if (command === 'H') x = n[0]!;
    else if (command === 'V') y = n[0]!;
    else continue;
    points.push([x, y]);
  }
  return (px, py) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG (8-bit RGB) of `width` × `height` whose pixels `colour` gives. */
export function png(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(colour(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The app's own picture, 1200 × 630 (the size link previews use): the brand green with the wallet's
 * mark (services/brand.ts: a white rounded square, the green "K" cut from it) in the middle.
 */
function appPicture(): Buffer {
  const [width, height, side] = [1200, 630, 300];
  const [left, top] = [(width - side) / 2, (height - side) / 2];
  const [green, white] = [rgb(BRAND_GREEN), [255, 255, 255] as [number, number, number]];
  const letter = polygonOf(WALLET_MARK.letter);
  // the mark's square: its corners are arcs of radius 22 (WALLET_MARK.square)
  const square = (u: number, v: number) => {
    const [cu, cv] = [Math.min(Math.max(u, 22), 78), Math.min(Math.max(v, 22), 78)];
    return (u - cu) ** 2 + (v - cv) ** 2 <= 22 ** 2;
  };
  return png(width, height, (x, y) => {
    const [u, v] = [((x - left) / side) * WALLET_MARK.size, ((y - top) / side) * WALLET_MARK.size];
    if (!square(u, v)) return green;
    return letter(u, v) ? green : white;
  });
}

let picture: Buffer | null = null;
export const appSharePicture = () => (picture ??= appPicture());

export function registerShareImages(app: FastifyInstance, deps: { db: Database; storage: FileStorage }) {
  const send = async (which: { storeId: string; packageId?: string }, reply: import('fastify').FastifyReply) => {
    const photo = /^\d{1,18}$/.test(which.storeId) && (!which.packageId || /^\d{1,18}$/.test(which.packageId)) ? await sharedPhoto(deps.db, which) : null;
    const bytes = photo ? await deps.storage.get(photo.storageKey) : null;
    return reply
      .type(bytes ? photo!.contentType : 'image/png')
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(bytes ?? appSharePicture());
  };
  app.get('/s/image/store/:storeId', (request, reply) => send({ storeId: (request.params as { storeId: string }).storeId }, reply));
  app.get('/s/image/group/:storeId/:packageId', (request, reply) => {
    const { storeId, packageId } = request.params as { storeId: string; packageId: string };
    return send({ storeId, packageId }, reply);
  });
}
