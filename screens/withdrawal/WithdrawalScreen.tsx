import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { withdrawalMachine, type WithdrawRequest } from '../../machines/withdrawal.machine.ts';
import { branchPickerMachine } from '../../machines/branchPicker.machine.ts';
import { bankSettlementMachine, type BankStatus } from '../../machines/bankSettlement.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import type { WithdrawReceipt } from '../../machines/bankFlow.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { livePayConfirm } from '../../services/flows/payConfirm.ts';
import { languageOf } from '../common/format.ts';
import { WithdrawalView } from './WithdrawalView.tsx';
import '../common/wallet.css';
import '../common/bank.css';

/**
 * The withdrawal call: the chart's requestNo goes in the envelope, so a retry after a lost answer
 * is the same request to the server (answered once, held once).
 */
export const sendWithdrawal = ({ requestNo, ...bizContent }: WithdrawRequest): Promise<Outcome<WithdrawReceipt>> =>
  requestGateway('wallet/withdraw/applyWithdraw', bizContent, { requestNo });

const quiet = { quiet: true } as const;

/** `/app/withdraw`: money from the available balance to a bound debit card. */
export default function WithdrawalScreen() {
  const { t, i18n } = useTranslation();
  const machine = useMemo(
    () =>
      withdrawalMachine.provide({
        actors: {
          loadInfo: fromPromise(() => requestGateway('wallet/withdraw/queryWithdrawInfo', {}, quiet)),
          loadLimits: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/withdraw/queryLimits', input)),
          checkBranchNeed: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/withdraw/queryNeedBankBranch', input)),
          quoteCharge: fromPromise(({ input }: { input: { cardId: string; amount: number } }) => requestGateway('wallet/withdraw/querySerivceCharge', input)),
          branchPicker: branchPickerMachine.provide({
            actors: {
              loadProvinces: fromPromise(({ input }: { input: { bankCode: string } }) => requestGateway('fund/withdraw/queryAllProvCities', input)),
              loadBranches: fromPromise(({ input }: { input: { bankCode: string; provinceId: string } }) => requestGateway('fund/withdraw/queryBranches', input)),
            },
          }),
          payConfirm: livePayConfirm,
          applyWithdraw: fromPromise(({ input }: { input: WithdrawRequest }) => sendWithdrawal(input)),
          bankSettlement: bankSettlementMachine.provide({
            // polling runs in the background: no cover, no toast for a missed poll
            actors: { queryStatus: fromPromise<Outcome<BankStatus>, { reference: string }>(({ input }) => requestGateway('wallet/withdraw/queryWithdrawStatus', { withdrawNo: input.reference }, quiet)) },
          }),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { language: languageOf(i18n.language), pendingWithdrawNo: storage.getPendingWithdrawal() } });
  const { pendingWithdrawNo } = state.context;
  useEffect(() => storage.setPendingWithdrawal(pendingWithdrawNo), [pendingWithdrawNo]);
  return (
    <>
      <PageHeader title={t('titles.withdrawal')} />
      <WithdrawalView state={state} send={send} />
    </>
  );
}
