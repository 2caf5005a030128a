import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorePhoto } from '../../machines/store.machine.ts';

/** Sends one image with progress; resolves with what the server stored, rejects with the refusal code as message. */
export type PhotoUploader = (file: File, onProgress: (fraction: number) => void) => Promise<{ fileId: string; fileName: string; contentType: string }>;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed'; code: string };

const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|gif|bmp|tiff?|webp)$/i.test(file.name);
/** A gateway code (`UPL10002`) says why; anything else is a failed upload. */
const codeOf = (error: unknown) => (error instanceof Error && /^[A-Z]{3}\d{5}$/.test(error.message) ? error.message : 'uploadFailed');

/**
 * The store's photo, as the enterprise verification's documents: choose an image, watch it upload
 * (compressed first), see it, replace or remove it. A refused upload says why and records nothing.
 */
export function StorePhotoSlot({ photo, refused, disabled, upload, onUploaded, onRemoved }: {
  photo: StorePhoto | null;
  /** The server did not take the recorded photo (not the merchant's own image). */
  refused: boolean;
  disabled: boolean;
  upload: PhotoUploader;
  onUploaded: (photo: StorePhoto) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<{ fileId: string; url: string } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview.url); }, [preview]);

  const uploading = phase.kind === 'uploading';
  const problem = phase.kind === 'failed' ? t([`errors.${phase.code}`, 'errors.uploadFailed']) : refused ? t('store.photo.refused') : null;

  async function choose(file: File) {
    if (!isImage(file)) return setPhase({ kind: 'failed', code: 'UPL10002' });
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const stored = await upload(file, (fraction) => mounted.current && setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }));
      if (!mounted.current) return;
      if (typeof URL.createObjectURL === 'function') setPreview({ fileId: stored.fileId, url: URL.createObjectURL(file) });
      setPhase({ kind: 'idle' });
      onUploaded({ fileId: stored.fileId, fileName: stored.fileName || file.name });
    } catch (error) {
      if (mounted.current) setPhase({ kind: 'failed', code: codeOf(error) });
    }
  }

  const thumbnail = photo && preview?.fileId === photo.fileId ? preview.url : null;
  return (
    <div className={`kw-mch-photo${problem ? ' kw-mch-photo-error' : ''}`} role="group" aria-labelledby="store-photo-title">
      <span id="store-photo-title" className="kw-mch-photo-title">{t('store.photo.label')}</span>
      <div className="kw-mch-photo-body">
        {thumbnail ? (
          <img className="kw-mch-photo-thumb" src={thumbnail} alt={t('store.photo.preview')} />
        ) : (
          <span className={`kw-mch-photo-badge${photo ? '' : ' kw-mch-photo-empty'}`} aria-hidden="true">{photo ? 'IMG' : '+'}</span>
        )}
        <span className="kw-mch-photo-name">{photo ? photo.fileName || t('store.photo.kept') : t('store.photo.none')}</span>
      </div>
      {uploading && (
        <div className="kw-mch-photo-progress">
          <progress max={100} value={phase.percent} aria-label={t('store.photo.label')} />
          <span role="status">{t('store.photo.uploading', { percent: phase.percent })}</span>
        </div>
      )}
      <div className="kw-mch-photo-actions">
        <input
          id="store-photo"
          className="kw-visually-hidden kw-mch-photo-input"
          type="file"
          accept="image/*"
          disabled={disabled || uploading}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'store-photo-error' : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file can be chosen again after a refusal
            if (file) void choose(file);
          }}
        />
        <label htmlFor="store-photo" className={`kw-button kw-mch-photo-choose${disabled || uploading ? ' kw-mch-photo-choose-disabled' : ''}`}>
          {photo ? t('store.photo.replace') : t('store.photo.choose')}
        </label>
        {photo && !uploading && (
          <button type="button" className="kw-text-button" disabled={disabled} onClick={() => { setPhase({ kind: 'idle' }); onRemoved(); }}>
            {t('store.photo.remove')}
          </button>
        )}
      </div>
      {problem && <p id="store-photo-error" className="kw-error-text" role="alert">{problem}</p>}
    </div>
  );
}
