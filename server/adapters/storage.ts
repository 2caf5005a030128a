/** Where uploaded files live. Disk by default (`diskStorage`, diskStorage.ts); an S3-compatible store implements the same calls (`size` is a HEAD, `getRange` a ranged GET). */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The file's length in bytes, or null when there is none under the key. */
  size(key: string): Promise<number | null>;
  /** Bytes start…end (inclusive) of the file, without reading the rest; null when there is no file. */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}
