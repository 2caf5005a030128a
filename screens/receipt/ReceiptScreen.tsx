import { useMachine } from '@xstate/react';
import { receiptFlow } from '../../src/flows/receipt.ts';
import { Page } from '../common/FlowPage.tsx';
import { ReceiptView, receiptKeyOf, type ReceiptRouteProps } from './ReceiptView.tsx';
import '../common/wallet.css';

/**
 * `/app/receipt/$id` (from a fund line) and `/app/receipt?…` (from the done screens of a transfer,
 * top-up, withdrawal or merchant payment): the receipt chart, to share the receipt as an image.
 */
export default function ReceiptScreen(props: ReceiptRouteProps) {
  const [state, send] = useMachine(receiptFlow, { input: { key: receiptKeyOf(props) } });
  return (
    <Page title="titles.receipt">
      <ReceiptView state={state} send={send} />
    </Page>
  );
}
