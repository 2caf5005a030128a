import { moneyRequestViewFlow } from '../../src/flows/moneyRequestView.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { RequestView } from './RequestView.tsx';
import '../common/wallet.css';

/** `/app/moneyRequest/$id`: one request, as its payer or its requester (from a notice, the SMS link or the list). */
export default function RequestScreen({ id }: { id: string }) {
  return <FlowPage flow={moneyRequestViewFlow} input={{ id: String(id) }} title="titles.moneyRequestView" view={RequestView} />;
}
