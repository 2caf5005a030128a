import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { paymentCodeFlow } from '../../src/flows/paymentCode.ts';
import { clearKeypadKeys } from '../../services/keypad.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { PaymentCodeView } from './PaymentCodeView.tsx';
import '../common/wallet.css';

/** `/app/paymentcode`: the member's one-time payment code for a cashier to scan (agreement/payqrcode). */
export default function PaymentCodeScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(paymentCodeFlow);
  useEffect(() => () => clearKeypadKeys(), []); // leaving with the keypad shown
  return (
    <>
      <PageHeader title={t('titles.paymentCode')} />
      <PaymentCodeView state={state} send={send} />
    </>
  );
}
