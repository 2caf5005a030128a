import { fromPromise } from 'xstate';
import { merchantListMachine } from '../../machines/merchantList.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The merchant with its sub-merchants and their stores. */
export const merchantListActors = {
  loadList: fromPromise(() => requestGateway('merchant/list/query', {}, { quiet: true })),
} satisfies ActorsOf<typeof merchantListMachine>;

export const merchantListFlow = merchantListMachine.provide({ actors: merchantListActors });
