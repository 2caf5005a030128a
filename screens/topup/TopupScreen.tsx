import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { topupMachine, type ConfirmTopupRequest } from '../../machines/topup.machine.ts';
import { bankSettlementMachine, type BankStatus } from '../../machines/bankSettlement.machine.ts';
import type { TopupStatus } from '../../machines/bankFlow.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { livePayConfirm } from '../../services/flows/payConfirm.ts';
import { languageOf } from '../common/format.ts';
import { TopupView } from './TopupView.tsx';
import '../common/wallet.css';
import '../common/bank.css';

/**
 * The confirmation call: the chart's requestNo goes in the envelope, so a retry after a lost answer
 * is the same request to the server (answered once, charged once).
 */
export const sendTopupConfirmation = ({ requestNo, ...bizContent }: ConfirmTopupRequest): Promise<Outcome<TopupStatus>> =>
  requestGateway('wallet/topup/confirmTopup', bizContent, { requestNo });

const quiet = { quiet: true } as const;

/** `/app/topup`: money from a bound debit card into the wallet, credited when the bank confirms. */
export default function TopupScreen() {
  const { t, i18n } = useTranslation();
  const machine = useMemo(
    () =>
      topupMachine.provide({
        actors: {
          loadCards: fromPromise(() => requestGateway('wallet/card/getAllBankCard', {}, quiet)),
          loadRules: fromPromise(({ input }: { input: { bankCode: string } }) => requestGateway('common/setting/getBankLimit', input)),
          applyTopup: fromPromise(({ input }: { input: { cardId: string; amount: number } }) => requestGateway('wallet/topup/applyTopup', input)),
          resendCode: fromPromise(({ input }: { input: { orderNo: string } }) => requestGateway('wallet/topup/resendTopupCode', input)),
          verifyCode: fromPromise(({ input }: { input: { orderNo: string; code: string } }) => requestGateway('wallet/topup/verifyTopupCode', input)),
          payConfirm: livePayConfirm,
          confirmTopup: fromPromise(({ input }: { input: ConfirmTopupRequest }) => sendTopupConfirmation(input)),
          bankSettlement: bankSettlementMachine.provide({
            // polling runs in the background: no cover
            actors: { queryStatus: fromPromise<Outcome<BankStatus>, { reference: string }>(({ input }) => requestGateway('wallet/topup/queryTopup', { orderNo: input.reference }, quiet)) },
          }),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { language: languageOf(i18n.language), pendingOrderNo: storage.getPendingTopup() } });
  const { pendingOrderNo } = state.context;
  useEffect(() => storage.setPendingTopup(pendingOrderNo), [pendingOrderNo]);
  return (
    <>
      <PageHeader title={t('titles.topup')} />
      <TopupView state={state} send={send} />
    </>
  );
}
