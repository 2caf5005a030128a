import { useMachine } from '@xstate/react';
import type { ReceiptKey } from '../../services/contract/fundDetail.ts';
import { receiptFlow } from '../../src/flows/receipt.ts';
import { Page } from '../common/FlowPage.tsx';
import { ReceiptView } from './ReceiptView.tsx';
import '../common/wallet.css';

type Props = { id?: string; transferId?: string | number; orderNo?: string; withdrawNo?: string; voucherNo?: string };

/** The movement the route names: a fund line's id (`/app/receipt/$id`), else what a done screen knows (`/app/receipt?transferId=…`). */
// (the router reads an all-digit search value as a number: each is made a string again)
const keyOf = ({ id, transferId, orderNo, withdrawNo, voucherNo }: Props): ReceiptKey =>
  id ? { id: String(id) } : transferId ? { transferId: String(transferId) } : orderNo ? { orderNo: String(orderNo) } : withdrawNo ? { withdrawNo: String(withdrawNo) } : { voucherNo: String(voucherNo ?? '') };

/**
 * `/app/receipt/$id` (from a fund line) and `/app/receipt?…` (from the done screens of a transfer,
 * top-up, withdrawal or merchant payment): the receipt chart, to share the receipt as an image.
 */
export default function ReceiptScreen(props: Props) {
  const [state, send] = useMachine(receiptFlow, { input: { key: keyOf(props) } });
  return (
    <Page title="titles.receipt">
      <ReceiptView state={state} send={send} />
    </Page>
  );
}
