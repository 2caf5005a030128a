import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSlot, EnterpriseDocument } from '../../machines/enterpriseForm.ts';

/** Sends one file with progress; resolves with what the server stored, rejects with the refusal code as message. */
export type DocumentUploader = (file: File, onProgress: (fraction: number) => void) => Promise<EnterpriseDocument>;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed'; code: string };

const ACCEPT = 'image/*,application/pdf';
const isAccepted = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf' || /\.(pdf|jpe?g|png|gif|bmp|tiff?|webp)$/i.test(file.name);
const isPdf = (document: EnterpriseDocument) => document.contentType === 'application/pdf' || /\.pdf$/i.test(document.fileName);
/** A gateway code (`UPL10002`) says why; anything else is a failed upload. */
const codeOf = (error: unknown) => (error instanceof Error && /^[A-Z]{3}\d{5}$/.test(error.message) ? error.message : 'uploadFailed');

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
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<{ fileId: string; url: string } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview.url); }, [preview]);

  const id = `doc-${slot}`;
  const uploading = phase.kind === 'uploading';
  const problem = phase.kind === 'failed' ? t([`errors.${phase.code}`, 'errors.uploadFailed']) : missing ? t('enterpriseVerification.upload.missing') : null;

  async function choose(file: File) {
    if (!isAccepted(file)) return setPhase({ kind: 'failed', code: 'UPL10002' });
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const stored = await upload(file, (fraction) => mounted.current && setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }));
      if (!mounted.current) return;
      const recorded = { fileId: stored.fileId, fileName: stored.fileName || file.name, contentType: stored.contentType || file.type };
      if (recorded.contentType.startsWith('image/') && typeof URL.createObjectURL === 'function') setPreview({ fileId: recorded.fileId, url: URL.createObjectURL(file) });
      setPhase({ kind: 'idle' });
      onUploaded(recorded);
    } catch (error) {
      if (mounted.current) setPhase({ kind: 'failed', code: codeOf(error) });
    }
  }

  const thumbnail = document && preview?.fileId === document.fileId ? preview.url : null;
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
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file can be chosen again after a refusal
            if (file) void choose(file);
          }}
        />
        <label htmlFor={id} className={`kw-button kw-doc-choose${disabled || uploading ? ' kw-doc-choose-disabled' : ''}`}>
          {document ? t('enterpriseVerification.upload.replace') : t('enterpriseVerification.upload.choose')}
          <span className="kw-visually-hidden">: {label}</span>
        </label>
        {document && !uploading && (
          <button type="button" className="kw-text-button" disabled={disabled} aria-label={`${t('enterpriseVerification.upload.remove')}: ${label}`} onClick={() => { setPhase({ kind: 'idle' }); onRemoved(); }}>
            {t('enterpriseVerification.upload.remove')}
          </button>
        )}
      </div>
      {problem && <p id={`${id}-error`} className="kw-error-text" role={phase.kind === 'failed' ? 'alert' : undefined}>{problem}</p>}
    </div>
  );
}
