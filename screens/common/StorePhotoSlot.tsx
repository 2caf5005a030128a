import { useTranslation } from 'react-i18next';
import type { StorePhoto } from '../../machines/store.machine.ts';
import { useUploadSlot, type StoredFile } from './useUploadSlot.ts';

/** Sends one image with progress; resolves with what the server stored, rejects with the refusal code as message. */
export type PhotoUploader = (file: File, onProgress: (fraction: number) => void) => Promise<{ fileId: string; fileName: string; contentType: string }>;

const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|gif|bmp|tiff?|webp)$/i.test(file.name);
/** Only images are taken: each is shown from this browser's copy. */
const previewsAll = () => true;

/**
 * The store's photo, as the enterprise verification's documents: choose an image, watch it upload
 * (compressed first), see it, replace or remove it. A refused upload says why and records nothing.
 */
export function StorePhotoSlot({ photo, refused, disabled, upload, onUploaded, onRemoved, label }: {
  photo: StorePhoto | null;
  /** The server did not take the recorded photo (not the merchant's own image). */
  refused: boolean;
  disabled: boolean;
  upload: PhotoUploader;
  onUploaded: (photo: StorePhoto) => void;
  onRemoved: () => void;
  /** The slot's title where the photo is not a store's (a group package's); the store's words otherwise. */
  label?: string;
}) {
  const { t } = useTranslation();
  const recorded = (stored: StoredFile) => onUploaded({ fileId: stored.fileId, fileName: stored.fileName });
  const { phase, thumbnail: thumbnailOf, onChange, reset } = useUploadSlot({ upload, accepts: isImage, previews: previewsAll, onUploaded: recorded });
  const uploading = phase.kind === 'uploading';
  const problem = phase.kind === 'failed' ? t([`errors.${phase.code}`, 'network.uploadFailed']) : refused ? t('store.photo.refused') : null;

  const thumbnail = thumbnailOf(photo?.fileId);
  return (
    <div className={`kw-mch-photo${problem ? ' kw-mch-photo-error' : ''}`} role="group" aria-labelledby="store-photo-title">
      <span id="store-photo-title" className="kw-mch-photo-title">{label ?? t('store.photo.label')}</span>
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
          <progress max={100} value={phase.percent} aria-label={label ?? t('store.photo.label')} />
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
          onChange={onChange}
        />
        <label htmlFor="store-photo" className={`kw-button kw-mch-photo-choose${disabled || uploading ? ' kw-mch-photo-choose-disabled' : ''}`}>
          {photo ? t('store.photo.replace') : t('store.photo.choose')}
        </label>
        {photo && !uploading && (
          <button type="button" className="kw-text-button" disabled={disabled} onClick={() => { reset(); onRemoved(); }}>
            {t('store.photo.remove')}
          </button>
        )}
      </div>
      {problem && <p id="store-photo-error" className="kw-error-text" role="alert">{problem}</p>}
    </div>
  );
}
