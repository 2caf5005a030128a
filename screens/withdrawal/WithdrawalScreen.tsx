import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { withdrawalFlow } from '../../src/flows/withdrawal.ts';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { WithdrawalView } from './WithdrawalView.tsx';
import '../common/wallet.css';
import '../common/bank.css';

/** `/app/withdraw`: money from the available balance to a bound debit card. */
export default function WithdrawalScreen() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(withdrawalFlow, { input: { language: languageOf(i18n.language), pendingWithdrawNo: storage.getPendingWithdrawal() } });
  const { pendingWithdrawNo } = state.context;
  useEffect(() => storage.setPendingWithdrawal(pendingWithdrawNo), [pendingWithdrawNo]);
  return (
    <>
      <PageHeader title={t('titles.withdrawal')} />
      <WithdrawalView state={state} send={send} />
    </>
  );
}
