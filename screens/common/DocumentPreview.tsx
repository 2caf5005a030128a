import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewDocument } from '../../services/contract/platform.ts';
import { fetchOperatorFile, isImage, isPdf, releaseOperatorFile, type OperatorFile } from '../../services/platformFiles.ts';

/**
 * One member document, fetched with the operator's token and shown from an object URL (revoked when
 * the preview goes): an image as an image, a PDF embedded with a link to open it, else a download.
 */
export function DocumentPreview({ document, label }: { document: ReviewDocument; label: string }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<OperatorFile | null>(null);
  useEffect(() => {
    setFile(null); // another document: never show the previous one under its caption
    const controller = new AbortController();
    let url: string | null = null;
    fetchOperatorFile(document.fileId, controller.signal).then(
      (result) => {
        if (result.ok) url = result.url;
        if (controller.signal.aborted) {
          if (url) releaseOperatorFile(url);
          return;
        }
        setFile(result);
      },
      () => {}, // only an aborted fetch rejects: the preview is gone
    );
    return () => {
      controller.abort();
      if (url) releaseOperatorFile(url);
    };
  }, [document.fileId]);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const size = document.size >= 1024 * 1024 ? `${number.format(document.size / (1024 * 1024))} MB` : `${number.format(Math.max(1, Math.round(document.size / 1024)))} KB`;
  return (
    <figure className="kw-plt-doc" aria-busy={file === null}>
      <div className="kw-plt-doc-body">
        {file === null && <span className="kw-plt-meta">{t('platform.document.loading')}</span>}
        {file && !file.ok && <span className="kw-error-text">{t(`platform.document.${file.reason}`)}</span>}
        {file?.ok && isImage(file.contentType) && (
          <a href={file.url} target="_blank" rel="noopener">
            <img src={file.url} alt={t('platform.document.alt', { label })} />
          </a>
        )}
        {file?.ok && isPdf(file.contentType) && (
          <object data={file.url} type="application/pdf" aria-label={label}>
            <span className="kw-plt-meta">{t('platform.document.pdf')}</span>
          </object>
        )}
      </div>
      <figcaption>
        <strong>{label}</strong>
        <span className="kw-plt-meta">{document.fileName} · {size}</span>
        {file?.ok && (
          <a className="kw-plt-doc-open" href={file.url} target="_blank" rel="noopener" {...(isImage(file.contentType) || isPdf(file.contentType) ? {} : { download: document.fileName })}>
            {t('platform.document.open', { label })}
          </a>
        )}
      </figcaption>
    </figure>
  );
}
