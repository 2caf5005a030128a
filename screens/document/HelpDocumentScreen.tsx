import { useTranslation } from 'react-i18next';
import { serverDocumentFlow } from '../../src/flows/document.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';

/** Help centre, user manual, principles and the top-up rules: server content in the app's language. */
export default function HelpDocumentScreen({ slug }: { slug: 'helpdoc' | 'usermanual' | 'principleinstru' | 'rechargeRule' | 'download' }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(slug, serverDocumentFlow, undefined, { rendered: true });
  return (
    <>
      <PageHeader title={t(`titles.${slug}`)} />
      <DocumentView state={state} send={send} />
    </>
  );
}
