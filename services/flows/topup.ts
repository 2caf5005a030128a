import { fromPromise } from 'xstate';
import { topupMachine } from '../../machines/topup.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../gateway.ts';
import { bankSettlementFlow } from './bankSettlement.ts';
import { clearKeypadKeys } from './payConfirm.ts';
import { paymentFlow } from './payment.ts';

const quiet = { quiet: true } as const;

/** The top-up's gateway calls, its payment (pay password, then the confirmation) and the bank's settlement. */
export const topupActors = {
  loadCards: fromPromise(() => requestGateway('wallet/card/getAllBankCard', {}, quiet)),
  loadRules: fromPromise(({ input }: { input: { bankCode: string } }) => requestGateway('common/setting/getBankLimit', input)),
  applyTopup: fromPromise(({ input }: { input: { cardId: string; amount: number } }) => requestGateway('wallet/topup/applyTopup', input)),
  resendCode: fromPromise(({ input }: { input: { orderNo: string } }) => requestGateway('wallet/topup/resendTopupCode', input)),
  verifyCode: fromPromise(({ input }: { input: { orderNo: string; code: string } }) => requestGateway('wallet/topup/verifyTopupCode', input)),
  payment: paymentFlow,
  // polling runs in the background: no cover
  bankSettlement: bankSettlementFlow((orderNo) => requestGateway('wallet/topup/queryTopup', { orderNo }, quiet)),
} satisfies ActorsOf<typeof topupMachine>;

export const topupFlow = topupMachine.provide({ actors: topupActors, actions: { clearKeypadKeys } });
