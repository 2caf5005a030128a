import { useMachine } from '@xstate/react';
import { receiptFlow } from '../../src/flows/receipt.ts';
import { Page } from '../common/FlowPage.tsx';
import { ReceiptView } from './ReceiptView.tsx';
import '../common/wallet.css';

/** `/app/receipt/$id`: a fund line's receipt (the receipt chart), to share as an image. */
export default function ReceiptScreen({ id }: { id: string }) {
  const [state, send] = useMachine(receiptFlow, { input: { id } });
  return (
    <Page title="titles.receipt">
      <ReceiptView state={state} send={send} />
    </Page>
  );
}
