import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { collectionAnalysisFlow } from '../../src/flows/collectionAnalysis.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { CollectionAnalysisView } from './CollectionAnalysisView.tsx';

/** Today as a Luanda day (UTC+1 all year), the server's days. */
const luandaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/** `/app/collectionanalysis` ("statistical analysis"): the merchant's income analysis. */
export default function CollectionAnalysisScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(collectionAnalysisFlow, { input: { today: luandaToday() } });
  return (
    <>
      <PageHeader title={t('titles.collectionAnalysis')} />
      <CollectionAnalysisView state={state} send={send} />
    </>
  );
}
