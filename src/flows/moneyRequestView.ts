import { fromPromise } from 'xstate';
import { moneyRequestViewMachine } from '../../machines/moneyRequestView.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { paymentFlow } from './payment.ts';

/** One request: loaded, paid through the payment (pay password, then wallet/moneyRequest/pay), declined, cancelled, its requester blocked. */
export const moneyRequestViewActors = {
  loadRequest: fromPromise<Outcome<MoneyRequestView>, { id: string }>(({ input }) => requestGateway('wallet/moneyRequest/get', input)),
  declineRequest: fromPromise<Outcome<MoneyRequestView>, { id: string }>(({ input }) => requestGateway('wallet/moneyRequest/decline', input)),
  cancelRequest: fromPromise<Outcome<MoneyRequestView>, { id: string }>(({ input }) => requestGateway('wallet/moneyRequest/cancel', input)),
  blockRequester: fromPromise<Outcome<MoneyRequestView>, { id: string; blocked: boolean }>(({ input }) => requestGateway('wallet/moneyRequest/block', input)),
  payment: paymentFlow,
} satisfies ActorsOf<typeof moneyRequestViewMachine>;

export const moneyRequestViewFlow = moneyRequestViewMachine.provide({ actors: moneyRequestViewActors });
