import { useTranslation } from 'react-i18next';
import { serverDocumentFlow } from '../../src/flows/document.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';

/**
 * Issue 25's content pages, server documents in the app's language like the help pages:
 * `/app/activeguide` (how activities work, with the ways to the featured activity and the draw's
 * video) and the two result pages, `/app/witness` (an operation done with an agent) and
 * `/app/agent/agreements` (an agent's application), titled "result" as spec §2 has them.
 */
export default function ContentPageScreen({ slug }: { slug: 'activeguide' | 'witness' | 'agentAgreements' }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(slug, serverDocumentFlow, undefined, { rendered: true });
  return (
    <>
      <PageHeader title={t(`titles.${slug}`)} />
      <DocumentView state={state} send={send} />
      {slug === 'activeguide' && state.matches('ready') && (
        <nav className="kw-form" aria-label={t('activityPage.guideLinks')}>
          <LinkButton href="/hfive/tlevaactivity" primary>{t('activityPage.featured')}</LinkButton>
          <LinkButton href="/app/video/lucky-draw">{t('activityPage.video')}</LinkButton>
        </nav>
      )}
    </>
  );
}
