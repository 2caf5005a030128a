import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import type { Notice } from '../../services/contract/document.ts';
import { noticeFlow } from '../../src/flows/document.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { useLanguage } from '../../src/Body.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';

/** `/anouncement/:id` (spelling kept from the spec): one published notice. */
export default function NoticeScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [state, send] = useDocument(id, noticeFlow);
  const notice = state.matches('ready') ? (state.context.document as Notice) : null;
  return (
    <>
      <PageHeader title={t('titles.notice')} />
      {notice ? (
        <article className="kw-document">
          <h2 className="kw-document-title">{notice.title}</h2>
          <p className="kw-muted">{formatDate(notice.publishedAt, language)}</p>
          {notice.body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </article>
      ) : (
        <DocumentView state={state} send={send} />
      )}
    </>
  );
}
