import { useTranslation } from 'react-i18next';
import type { DocumentSlot, EnterpriseDocument } from '../../machines/enterpriseForm.ts';
import { useUploadSlot } from '../common/useUploadSlot.ts';

/** Sends one file with progress; resolves with what the server stored, rejects with the refusal code as message. */
export type DocumentUploader = (file: File, onProgress: (fraction: number) => void) => Promise<EnterpriseDocument>;

const ACCEPT = 'image/*,application/pdf';
const isAccepted = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf' || /\.(pdf|jpe?g|png|gif|bmp|tiff?|webp)$/i.test(file.name);
const isPdf = (document: EnterpriseDocument) => document.contentType === 'application/pdf' || /\.pdf$/i.test(document.fileName);
const previewsImages = (document: EnterpriseDocument) => document.contentType.startsWith('image/');

/**
 * One document of the form: choose an image or a PDF, watch it upload, see a thumbnail (images sent
 * from this browser) or a badge, replace or remove it. A refused upload shows why and records nothing.
 */
export function EnterpriseDocumentSlot({ slot, label, document, missing, disabled, upload, onUploaded, onRemoved }: {
  slot: DocumentSlot;
  label: string;
  document: EnterpriseDocument | null;
  missing: boolean;
  disabled: boolean;
  upload: DocumentUploader;
  onUploaded: (document: EnterpriseDocument) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const { phase, thumbnail: thumbnailOf, onChange, reset } = useUploadSlot({ upload, accepts: isAccepted, previews: previewsImages, onUploaded });
  const id = `doc-${slot}`;
  const uploading = phase.kind === 'uploading';
  const problem = phase.kind === 'failed' ? t([`errors.${phase.code}`, 'network.uploadFailed']) : missing ? t('enterpriseVerification.upload.missing') : null;

  const thumbnail = thumbnailOf(document?.fileId);
  return (
    <div className={`kw-doc${problem ? ' kw-doc-error' : ''}`} role="group" aria-labelledby={`${id}-title`} data-testid={`slot-${slot}`}>
      <span id={`${id}-title`} className="kw-doc-title">{label}</span>
      <div className="kw-doc-body">
        {document ? (
          thumbnail ? (
            <img className="kw-doc-thumb" src={thumbnail} alt={t('enterpriseVerification.upload.preview', { document: label })} />
          ) : (
            <span className="kw-doc-badge" aria-hidden="true">{isPdf(document) ? 'PDF' : 'IMG'}</span>
          )
        ) : (
          <span className="kw-doc-badge kw-doc-badge-empty" aria-hidden="true">+</span>
        )}
        <span className="kw-doc-name">
          {document ? document.fileName || t('enterpriseVerification.upload.sent') : t('enterpriseVerification.upload.accepted')}
          {document && <span className="kw-visually-hidden"> ({isPdf(document) ? 'PDF' : t('enterpriseVerification.upload.image')})</span>}
        </span>
      </div>
      {uploading && (
        <div className="kw-doc-progress">
          <progress max={100} value={phase.percent} aria-label={t('enterpriseVerification.upload.progress', { document: label })} />
          <span role="status">{t('enterpriseVerification.upload.uploading', { percent: phase.percent })}</span>
        </div>
      )}
      <div className="kw-doc-actions">
        <input
          id={id}
          className="kw-visually-hidden kw-doc-input"
          type="file"
          name={`documents.${slot}`}
          data-slot={slot}
          accept={ACCEPT}
          disabled={disabled || uploading}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={onChange}
        />
        <label htmlFor={id} className={`kw-button kw-doc-choose${disabled || uploading ? ' kw-doc-choose-disabled' : ''}`}>
          {document ? t('enterpriseVerification.upload.replace') : t('enterpriseVerification.upload.choose')}
          <span className="kw-visually-hidden">: {label}</span>
        </label>
        {document && !uploading && (
          <button type="button" className="kw-text-button" disabled={disabled} aria-label={`${t('enterpriseVerification.upload.remove')}: ${label}`} onClick={() => { reset(); onRemoved(); }}>
            {t('enterpriseVerification.upload.remove')}
          </button>
        )}
      </div>
      {problem && <p id={`${id}-error`} className="kw-error-text" role={phase.kind === 'failed' ? 'alert' : undefined}>{problem}</p>}
    </div>
  );
}
