import { collectionAnalysisFlow } from '../../src/flows/collectionAnalysis.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { CollectionAnalysisView } from './CollectionAnalysisView.tsx';

/** Today as a Luanda day (UTC+1 all year), the server's days. */
const luandaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/** `/app/collectionanalysis` ("statistical analysis"): the merchant's income analysis. */
export default function CollectionAnalysisScreen() {
  return <FlowPage flow={collectionAnalysisFlow} input={{ today: luandaToday() }} title="titles.collectionAnalysis" view={CollectionAnalysisView} />;
}
