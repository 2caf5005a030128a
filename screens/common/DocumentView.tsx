import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { documentMachine, DocumentEvent } from '../../machines/document.machine.ts';
import type { ContentDocument } from '../../services/contract/document.ts';
import { dayInSentence } from '../../src/lib/dates.ts';

/** Renders whichever state the document chart is in: loading, the document, unavailable, or retry. */
export function DocumentView({
  state,
  send,
}: {
  state: SnapshotFrom<typeof documentMachine>;
  send: (event: DocumentEvent) => void;
}) {
  const { t } = useTranslation();
  if (state.hasTag('busy')) {
    return (
      <div className="kw-centered" role="status">
        {t('document.loading')} <DotLoading />
      </div>
    );
  }
  if (state.matches('failed')) {
    return (
      <ErrorBlock status="disconnected" title={t('document.failed')} description="">
        <Button color="primary" onClick={() => send({ type: 'document.retry' })}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (state.matches('unavailable')) {
    return <ErrorBlock status="empty" title={t('document.unavailable')} description={t(`errors.${state.context.errorCode ?? 'CNT40401'}`)} />;
  }
  const document = state.context.document as ContentDocument;
  return <DocumentBody document={document} />;
}

export function DocumentBody({ document }: { document: ContentDocument }) {
  const { t } = useTranslation();
  return (
    <article className="kw-document" lang={document.language === 'pt' ? 'pt-AO' : document.language}>
      <h2 className="kw-document-title">{document.title}</h2>
      <p className="kw-muted">{t('common.updated', { date: dayInSentence(document.updated) })}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {section.items && section.items.length > 0 && (
            <ul>
              {section.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
