import { useEffect, useRef, useState, type ChangeEvent } from 'react';

/** What the server stored for one file. */
export interface StoredFile {
  fileId: string;
  fileName: string;
  contentType: string;
}

/** Sends one file with progress; resolves with what the server stored, rejects with the refusal code as message. */
export type FileUploader = (file: File, onProgress: (fraction: number) => void) => Promise<StoredFile>;

export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed'; code: string };

/** A gateway code (`UPL10002`) says why; anything else is a failed upload. */
const codeOf = (error: unknown) => (error instanceof Error && /^[A-Z]{3}\d{5}$/.test(error.message) ? error.message : 'uploadFailed');

/**
 * One file slot of a form (the enterprise's documents, the store's photo): a file chosen is checked
 * (`accepts`, else `UPL10002`), sent with its progress, and recorded (`onUploaded`, the server's name
 * and type, else the file's); an image sent from this browser is kept as a preview (`thumbnail`).
 * Nothing is set once the slot is gone; a refusal records nothing.
 */
export function useUploadSlot({ upload, accepts, previews, onUploaded }: {
  upload: FileUploader;
  accepts: (file: File) => boolean;
  /** Whether a stored file is shown from this browser's copy. */
  previews: (stored: StoredFile) => boolean;
  onUploaded: (stored: StoredFile) => void;
}) {
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [preview, setPreview] = useState<{ fileId: string; url: string } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview.url); }, [preview]);

  async function choose(file: File) {
    if (!accepts(file)) return setPhase({ kind: 'failed', code: 'UPL10002' });
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const stored = await upload(file, (fraction) => mounted.current && setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }));
      if (!mounted.current) return;
      const recorded = { fileId: stored.fileId, fileName: stored.fileName || file.name, contentType: stored.contentType || file.type };
      if (previews(recorded) && typeof URL.createObjectURL === 'function') setPreview({ fileId: recorded.fileId, url: URL.createObjectURL(file) });
      setPhase({ kind: 'idle' });
      onUploaded(recorded);
    } catch (error) {
      if (mounted.current) setPhase({ kind: 'failed', code: codeOf(error) });
    }
  }

  return {
    phase,
    /** This browser's copy of the file recorded now (`fileId`), if it is the one sent from here. */
    thumbnail: (fileId: string | undefined) => (fileId !== undefined && preview?.fileId === fileId ? preview.url : null),
    /** The file input's change: the file chosen is sent. */
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = ''; // the same file can be chosen again after a refusal
      if (file) void choose(file);
    },
    /** Forget a refusal (the file is removed). */
    reset: () => setPhase({ kind: 'idle' }),
  };
}
