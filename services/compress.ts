import Compressor from 'compressorjs';

/** Spec §5: only these extensions count as images to compress on the client. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'svg', 'gif', 'tiff'] as const;

export const COMPRESSION = {
  ordinary: { maxWidth: 1500, maxHeight: 1500, quality: 0.8 },
  gateway: { maxWidth: 1200, maxHeight: 1200, quality: 0.8 },
  mobile: { maxWidth: 1000, maxHeight: 1000, quality: 0.6 },
} as const;

export function isCompressibleImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

/** File, canvas and object URLs: what client-side compression needs from the browser. */
export function canCompress(): boolean {
  return (
    typeof File !== 'undefined' &&
    typeof FileReader !== 'undefined' &&
    typeof URL !== 'undefined' &&
    typeof URL.createObjectURL === 'function' &&
    typeof document !== 'undefined' &&
    !!document.createElement('canvas').getContext?.('2d')
  );
}

function run(file: File, options: { maxWidth: number; maxHeight: number; quality: number; mimeType?: string }): Promise<File> {
  return new Promise((resolve, reject) => {
    new Compressor(file, {
      ...options,
      // SVG/GIF are drawn to canvas as JPEG/PNG by the library; keep the original name for the server
      success: (blob) => resolve(new File([blob], file.name, { type: blob.type || file.type })),
      error: reject,
    });
  });
}

/**
 * Compresses an image before upload (1500×1500 ordinary, 1200×1200 gateway, quality 0.8). Anything
 * that is not an image, or any failure, sends the original file (spec §5).
 */
export async function compressForUpload(file: File, kind: 'ordinary' | 'gateway'): Promise<File> {
  if (!isCompressibleImage(file) || !canCompress()) return file;
  try {
    const compressed = await run(file, COMPRESSION[kind]);
    return compressed.size < file.size ? compressed : file;
  } catch {
    return file;
  }
}

/**
 * The mobile image helper: 1000×1000 JPEG at 0.6. Calls `onNotSupported` when the browser lacks
 * file, canvas or URL support and `onFail` when the image cannot be loaded; both give null.
 */
export async function compressForMobile(
  file: File,
  callbacks: { onNotSupported?: () => void; onFail?: (error: Error) => void } = {},
  options: Partial<typeof COMPRESSION.mobile> = {},
): Promise<File | null> {
  if (!canCompress()) {
    callbacks.onNotSupported?.();
    return null;
  }
  try {
    return await run(file, { ...COMPRESSION.mobile, ...options, mimeType: 'image/jpeg' });
  } catch (error) {
    callbacks.onFail?.(error as Error);
    return null;
  }
}
