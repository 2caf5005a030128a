import { fromPromise } from 'xstate';
import { moneyRequestsMachine, type RequestLists } from '../../machines/moneyRequests.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The member's requests for money, sent and received. */
export const moneyRequestsActors = {
  loadRequests: fromPromise<Outcome<RequestLists>>(() => requestGateway('wallet/moneyRequest/list', {})),
} satisfies ActorsOf<typeof moneyRequestsMachine>;

export const moneyRequestsFlow = moneyRequestsMachine.provide({ actors: moneyRequestsActors });
