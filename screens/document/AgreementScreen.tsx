import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import type { ContentDocument } from '../../services/contract/document.ts';
import { serverDocumentFlow } from '../../src/flows/document.ts';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';

/** An agreement page: `/agreement/:slug` in the app's language, `/en/…` and `/pt/…` pinned. */
export default function AgreementScreen({ slug, language }: { slug: string; language?: 'en' | 'pt' }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(slug, serverDocumentFlow, language, { rendered: true });
  const title = state.matches('ready') ? (state.context.document as ContentDocument).title : t('titles.agreement');

  // the registration agreement opens on a light-grey page (spec §2)
  useEffect(() => {
    if (slug !== 'registrationAgreement') return;
    document.body.classList.add('kw-grey');
    return () => document.body.classList.remove('kw-grey');
  }, [slug]);

  // (the class paints the page grey from the server's HTML on, before the effect runs: src/styles.css)
  return (
    <div className={slug === 'registrationAgreement' ? 'kw-grey-page' : undefined}>
      <PageHeader title={title} />
      <DocumentView state={state} send={send} />
    </div>
  );
}
