import { fromPromise } from 'xstate';
import { groupPurchaseMachine, type GroupQuote } from '../../machines/groupPurchase.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { paymentFlow } from './payment.ts';

/** Buying a group package: its quote (pay/merchant/quote with the packageId), then the payment (pay password, then `pay/groupPackage/buy`). */
export const groupPurchaseActors = {
  quote: fromPromise<Outcome<GroupQuote>, { packageId: string }>(({ input }) => requestGateway('pay/merchant/quote', input)),
  payment: paymentFlow,
} satisfies ActorsOf<typeof groupPurchaseMachine>;

export const groupPurchaseFlow = groupPurchaseMachine.provide({ actors: groupPurchaseActors });
