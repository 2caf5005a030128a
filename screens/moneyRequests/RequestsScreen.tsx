import { moneyRequestsFlow } from '../../src/flows/moneyRequests.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { RequestsView } from './RequestsView.tsx';
import '../common/wallet.css';

/** `/app/moneyRequests`: the requests for money asked of the member and sent by them. */
export default function RequestsScreen() {
  return <FlowPage flow={moneyRequestsFlow} title="titles.moneyRequests" view={RequestsView} />;
}
