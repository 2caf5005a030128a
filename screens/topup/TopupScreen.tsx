import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { topupFlow } from '../../src/flows/topup.ts';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { TopupView } from './TopupView.tsx';
import '../common/wallet.css';
import '../common/bank.css';

/** `/app/topup`: money from a bound debit card into the wallet, credited when the bank confirms. */
export default function TopupScreen() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(topupFlow, { input: { language: languageOf(i18n.language), pendingOrderNo: storage.getPendingTopup() } });
  const { pendingOrderNo } = state.context;
  useEffect(() => storage.setPendingTopup(pendingOrderNo), [pendingOrderNo]);
  return (
    <>
      <PageHeader title={t('titles.topup')} />
      <TopupView state={state} send={send} />
    </>
  );
}
