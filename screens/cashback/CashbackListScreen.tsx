import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { cashbackListFlow } from '../../src/flows/cashback.ts';
import { Page } from '../common/FlowPage.tsx';
import { CASHBACK_KEY, CashbackListView } from './CashbackListView.tsx';
import '../common/wallet.css';

/** `/app/cashbacklist`: the cashback records, newest first; one opens at `/app/cashbackdetail/$id`. */
export default function CashbackListScreen() {
  const navigate = useNavigate();
  const [state, send, actor] = useMachine(cashbackListFlow, { input: { query: null, key: CASHBACK_KEY } });
  const onPull = () => {
    send({ type: 'list.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing')).catch(() => undefined);
  };
  return (
    <Page title="titles.cashbackList">
      <CashbackListView state={state} send={send} onPull={onPull} onOpen={(id) => void navigate({ to: '/app/cashbackdetail/$id', params: { id } })} />
    </Page>
  );
}
