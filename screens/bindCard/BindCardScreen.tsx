import { useMachine } from '@xstate/react';
import { bindCardFlow } from '../../src/flows/bindCard.ts';
import { Page } from '../common/FlowPage.tsx';
import { BindCardView, type BindOrigin } from './BindCardView.tsx';
import '../common/bank.css';

/** `/app/cards/bind`: binding a debit card; `from` (top-up, withdrawal, opening a collection account) is where "continue" leads once it is bound. */
export default function BindCardScreen({ from }: { from?: BindOrigin }) {
  const [state, send] = useMachine(bindCardFlow);
  return (
    <Page title="titles.bindCard">
      <BindCardView state={state} send={send} from={from} />
    </Page>
  );
}
