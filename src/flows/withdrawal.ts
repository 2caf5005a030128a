import { fromPromise } from 'xstate';
import { withdrawalMachine } from '../../machines/withdrawal.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { bankSettlementFlow } from './bankSettlement.ts';
import { branchPickerFlow } from './branchPicker.ts';
import { paymentFlow } from './payment.ts';

const quiet = { quiet: true } as const;

/** The withdrawal's gateway calls, its branch picker, its payment (pay password, then the withdrawal) and the bank's settlement. */
export const withdrawalActors = {
  loadInfo: fromPromise(() => requestGateway('wallet/withdraw/queryWithdrawInfo', {}, quiet)),
  loadLimits: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/withdraw/queryLimits', input)),
  checkBranchNeed: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/withdraw/queryNeedBankBranch', input)),
  quoteCharge: fromPromise(({ input }: { input: { cardId: string; amount: number } }) => requestGateway('wallet/withdraw/querySerivceCharge', input)),
  branchPicker: branchPickerFlow,
  payment: paymentFlow,
  // polling runs in the background: no cover, no toast for a missed poll
  bankSettlement: bankSettlementFlow((withdrawNo) => requestGateway('wallet/withdraw/queryWithdrawStatus', { withdrawNo }, { ...quiet, background: true })),
} satisfies ActorsOf<typeof withdrawalMachine>;

export const withdrawalFlow = withdrawalMachine.provide({ actors: withdrawalActors });
