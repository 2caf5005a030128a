import { useTranslation } from 'react-i18next';
import type { DemoGuide } from '../../services/contract/demo.ts';
import { demoGuideFlow } from '../../src/flows/demo.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { DemoGuideView } from './DemoGuideView.tsx';
import '../common/wallet.css';
import './demo.css';

/** `/demo`: the guided demo of the app's flows on the demo accounts (sales, training); a demo or development server only. */
export default function DemoScreen() {
  const { t } = useTranslation();
  const [state, send] = useDocument('demo', demoGuideFlow);
  return (
    <>
      <PageHeader title={t('titles.demo')} />
      {state.matches('ready') && <DemoGuideView guide={state.context.document as DemoGuide} />}
      {state.matches('unavailable') && <div className="kw-form"><Notice>{t('demo.unavailable')}</Notice></div>}
      {!state.matches('ready') && !state.matches('unavailable') && <DocumentView state={state} send={send} />}
    </>
  );
}
