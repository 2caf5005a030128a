import { paymentCodeFlow } from '../../src/flows/paymentCode.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { PaymentCodeView } from './PaymentCodeView.tsx';
import '../common/wallet.css';

/** `/app/paymentcode`: the member's one-time payment code for a cashier to scan (agreement/payqrcode). */
export default function PaymentCodeScreen() {
  return <FlowPage flow={paymentCodeFlow} title="titles.paymentCode" view={PaymentCodeView} />;
}
