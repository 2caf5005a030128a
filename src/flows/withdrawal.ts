import { fromPromise } from 'xstate';
import { withdrawalMachine } from '../../machines/withdrawal.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { cardChoiceMachine } from '../../machines/cardChoice.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { WithdrawInfo } from '../../machines/bankFlow.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { bankSettlementFlow } from './bankSettlement.ts';
import { boundCardsFlow } from './boundCards.ts';
import { branchPickerFlow } from './branchPicker.ts';
import { paymentFlow } from './payment.ts';

const quiet = { quiet: true } as const;

/**
 * The balances and cards; a member not verified yet is refused as the withdrawal itself refuses
 * them (FND10004), which the cards' child hands over whether or not a card is bound.
 */
export const loadWithdrawInfo = async (): Promise<Outcome<WithdrawInfo>> => {
  const answer = await requestGateway('wallet/withdraw/queryWithdrawInfo', {}, quiet);
  return answer.ok && answer.data.verified === false ? { ok: false, code: 'FND10004', message: '', detail: '' } : answer;
};

/** The withdrawal's gateway calls, its cards (with its balances), its branch picker, its payment (pay password, then the withdrawal) and the bank's settlement. */
export const withdrawalActors = {
  boundCards: boundCardsFlow(loadWithdrawInfo),
  cardChoice: cardChoiceMachine,
  amountEntry: amountEntryMachine,
  loadLimits: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/withdraw/queryLimits', input)),
  checkBranchNeed: fromPromise(({ input }: { input: { cardId: string } }) => requestGateway('wallet/withdraw/queryNeedBankBranch', input)),
  quoteCharge: fromPromise(({ input }: { input: { cardId: string; amount: number } }) => requestGateway('wallet/withdraw/querySerivceCharge', input)),
  branchPicker: branchPickerFlow,
  payment: paymentFlow,
  // polling runs in the background: no cover, no toast for a missed poll
  bankSettlement: bankSettlementFlow((withdrawNo) => requestGateway('wallet/withdraw/queryWithdrawStatus', { withdrawNo }, { ...quiet, background: true })),
} satisfies ActorsOf<typeof withdrawalMachine>;

export const withdrawalFlow = withdrawalMachine.provide({ actors: withdrawalActors });
