import { fromPromise } from 'xstate';
import { transferMachine, type Payee } from '../../machines/transfer.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { paymentFlow } from './payment.ts';
import { loadAssets } from './walletAssets.ts';

/** The transfer's gateway calls, its amount entry and its payment (pay password, then the transfer). */
export const transferActors = {
  loadAssets,
  queryPayee: fromPromise<Outcome<Payee>, { mobile: string }>(({ input }) => requestGateway('wallet/transfer/queryPayee', input)),
  amountEntry: amountEntryMachine,
  payment: paymentFlow,
} satisfies ActorsOf<typeof transferMachine>;

export const transferFlow = transferMachine.provide({ actors: transferActors });
