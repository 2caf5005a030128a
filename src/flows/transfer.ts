import { fromPromise } from 'xstate';
import { transferMachine, type FavouriteChange, type Payee, type PayeeLists } from '../../machines/transfer.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { paymentFlow } from './payment.ts';
import { loadAssets } from './walletAssets.ts';

/** A star, an unstar or a nickname: the call each asks for. */
function changeFavourite(change: FavouriteChange): Promise<Outcome<unknown>> {
  if (change.kind === 'star') return requestGateway('wallet/transfer/starPayee', { mobile: change.mobile });
  if (change.kind === 'unstar') return requestGateway('wallet/transfer/unstarPayee', { id: change.id });
  return requestGateway('wallet/transfer/renamePayee', { id: change.id, nickname: change.nickname });
}

/** The transfer's gateway calls, its amount entry and its payment (pay password, then the transfer). */
export const transferActors = {
  loadAssets,
  queryPayee: fromPromise<Outcome<Payee>, { mobile: string }>(({ input }) => requestGateway('wallet/transfer/queryPayee', input)),
  loadPayees: fromPromise<Outcome<PayeeLists>>(() => requestGateway('wallet/transfer/listPayees', {})),
  changeFavourite: fromPromise<Outcome<unknown>, FavouriteChange>(({ input }) => changeFavourite(input)),
  amountEntry: amountEntryMachine,
  payment: paymentFlow,
} satisfies ActorsOf<typeof transferMachine>;

export const transferFlow = transferMachine.provide({ actors: transferActors });
