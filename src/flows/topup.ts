import { fromPromise } from 'xstate';
import { topupMachine, type TopupCodeRequest } from '../../machines/topup.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { cardChoiceMachine } from '../../machines/cardChoice.machine.ts';
import type { CodeResent } from '../../machines/bankFlow.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { bankSettlementFlow } from './bankSettlement.ts';
import { boundCardsFlow, loadBoundCards } from './boundCards.ts';
import { codeEntryWith } from './codeEntry.ts';
import { paymentFlow } from './payment.ts';
import type { SendCall } from './sendCode.ts';

/** A new code for the order (the bank never asks for a captcha). */
export const resendTopupCode: SendCall<TopupCodeRequest, CodeResent> = (request) => requestGateway('wallet/topup/resendTopupCode', request);

/** The top-up's gateway calls, its cards, its code entry, its payment (pay password, then the confirmation) and the bank's settlement. */
export const topupActors = {
  boundCards: boundCardsFlow(loadBoundCards),
  cardChoice: cardChoiceMachine,
  amountEntry: amountEntryMachine,
  loadRules: fromPromise(({ input }: { input: { bankCode: string } }) => requestGateway('common/setting/getBankLimit', input)),
  applyTopup: fromPromise(({ input }: { input: { cardId: string; amount: number } }) => requestGateway('wallet/topup/applyTopup', input)),
  codeEntry: codeEntryWith({
    send: resendTopupCode,
    verify: (request, _sent, code) => requestGateway('wallet/topup/verifyTopupCode', { orderNo: request.orderNo, code }),
  }),
  payment: paymentFlow,
  // polling runs in the background: no cover
  bankSettlement: bankSettlementFlow((orderNo) => requestGateway('wallet/topup/queryTopup', { orderNo }, { quiet: true, background: true })),
} satisfies ActorsOf<typeof topupMachine>;

export const topupFlow = topupMachine.provide({ actors: topupActors });
