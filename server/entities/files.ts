import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { CODES } from '../../services/contract/answerCodes.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { FileStorage } from '../adapters/storage.ts';
import { DomainError } from '../errors.ts';

/** What the content really is decides, never the name: SVG is refused because it can carry script. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff', 'image/webp', 'application/pdf']);
/** A small file that decodes to a huge bitmap (a decompression bomb) is refused by its pixel count. */
const MAX_PIXELS = 40_000_000;

export interface StoredFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
}

export async function storeUpload(
  deps: { db: Database; storage: FileStorage },
  upload: { memberId: string; bizType: string; fileName: string; bytes: Buffer },
): Promise<StoredFile> {
  if (upload.bytes.length === 0) throw new DomainError(CODES.uploadNoFile, 400);
  // a view in this realm's Uint8Array (no copy): file-type checks `instanceof`
  const sniffed = await fileTypeFromBuffer(new Uint8Array(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.length));
  if (!sniffed || !ACCEPTED.has(sniffed.mime)) throw new DomainError(CODES.uploadTypeRefused, 415);
  if (sniffed.mime.startsWith('image/')) {
    let pixels: number;
    try {
      const { width, height } = imageSize(upload.bytes);
      pixels = (width ?? 0) * (height ?? 0);
    } catch {
      throw new DomainError(CODES.uploadTypeRefused, 415);
    }
    if (pixels === 0 || pixels > MAX_PIXELS) throw new DomainError(CODES.uploadTypeRefused, 415);
  }

  const fileId = crypto.randomUUID();
  const now = new Date();
  const storageKey = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${fileId}`;
  const fileName = upload.fileName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'file';
  await deps.storage.put(storageKey, upload.bytes);
  try {
    await deps.db.query(
      `INSERT INTO uploaded_files (id, member_id, biz_type, original_name, content_type, size_bytes, sha256, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [fileId, upload.memberId, upload.bizType.slice(0, 64), fileName, sniffed.mime, upload.bytes.length,
        crypto.createHash('sha256').update(upload.bytes).digest('hex'), storageKey],
    );
  } catch (error) {
    await deps.storage.remove(storageKey); // no file without its row
    throw error;
  }
  return { fileId, fileName, contentType: sniffed.mime, size: upload.bytes.length };
}

/**
 * A photo a merchant names (a store's, a group package's) must be the owner's own upload and an
 * image: a file id of someone else's (or none) is answered as no file (UPL10001), a PDF as a type
 * that is not accepted here (UPL10002); `field` names the field in the refusal.
 */
export async function requireOwnImage(db: Queryable, ownerMemberId: string, fileId: string | null, field = 'photoFileId'): Promise<void> {
  if (fileId === null) return;
  const { rows } = await db.query<{ content_type: string }>('SELECT content_type FROM uploaded_files WHERE id = $1 AND member_id = $2', [fileId, ownerMemberId]);
  if (!rows[0]) throw new DomainError(CODES.uploadNoFile, 200, field);
  if (!rows[0].content_type.startsWith('image/')) throw new DomainError(CODES.uploadTypeRefused, 200, field);
}
