/** Where uploaded files live. Disk by default (`diskStorage`, diskStorage.ts); an S3-compatible store implements the same three calls. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}
