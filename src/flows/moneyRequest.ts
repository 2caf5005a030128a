import { fromPromise } from 'xstate';
import { moneyRequestMachine, type RequestDraft } from '../../machines/moneyRequest.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { quietPayeeCheckFlow } from './payeeCheck.ts';

/**
 * Asking for money: the payer checked and listed as the transfer's payees are (the same child and calls),
 * the request sent with the requestNo the chart drew, so a retried send makes no second request.
 */
export const moneyRequestActors = {
  payeeCheck: quietPayeeCheckFlow,
  createRequest: fromPromise<Outcome<MoneyRequestView>, RequestDraft>(({ input: { requestNo, ...request } }) =>
    requestGateway('wallet/moneyRequest/create', request, { requestNo })),
  amountEntry: amountEntryMachine,
} satisfies ActorsOf<typeof moneyRequestMachine>;

export const moneyRequestFlow = moneyRequestMachine.provide({ actors: moneyRequestActors });
