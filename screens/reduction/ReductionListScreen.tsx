import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { reductionListFlow } from '../../src/flows/reduction.ts';
import { Page } from '../common/FlowPage.tsx';
import { REDUCTION_KEY, ReductionListView } from './ReductionListView.tsx';
import '../common/wallet.css';

/** `/app/reductionlist`: the payments a discount or a coupon lowered, newest first; one opens at `/app/reductiondetail/$id`. */
export default function ReductionListScreen() {
  const navigate = useNavigate();
  const [state, send, actor] = useMachine(reductionListFlow, { input: { query: null, key: REDUCTION_KEY } });
  const onPull = () => {
    send({ type: 'list.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing')).catch(() => undefined);
  };
  return (
    <Page title="titles.reductionList">
      <ReductionListView state={state} send={send} onPull={onPull} onOpen={(id) => void navigate({ to: '/app/reductiondetail/$id', params: { id } })} />
    </Page>
  );
}
