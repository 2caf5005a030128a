import { fromPromise } from 'xstate';
import { payeeCheckMachine, type FavouriteChange, type Payee, type PayeeLists } from '../../machines/payeeCheck.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** A star, an unstar or a nickname: the call each asks for. */
function changeFavourite(change: FavouriteChange): Promise<Outcome<unknown>> {
  if (change.kind === 'star') return requestGateway('wallet/transfer/starPayee', { mobile: change.mobile });
  if (change.kind === 'unstar') return requestGateway('wallet/transfer/unstarPayee', { id: change.id });
  return requestGateway('wallet/transfer/renamePayee', { id: change.id, nickname: change.nickname });
}

/**
 * The payee check's calls (the transfer's: its lists, the payee lookup, the favourites' changes), as
 * the transfer runs it; the pages that ask a payee provide it as their `payeeCheck` child.
 */
export const payeeCheckActors = {
  loadPayees: fromPromise<Outcome<PayeeLists>>(() => requestGateway('wallet/transfer/listPayees', {})),
  queryPayee: fromPromise<Outcome<Payee>, { mobile: string }>(({ input }) => requestGateway('wallet/transfer/queryPayee', input)),
  changeFavourite: fromPromise<Outcome<unknown>, FavouriteChange>(({ input }) => changeFavourite(input)),
} satisfies ActorsOf<typeof payeeCheckMachine>;

export const payeeCheckFlow = payeeCheckMachine.provide({ actors: payeeCheckActors });

/** The same, with the lists loaded quietly (no page cover while they come): asking for money, whose page shows the field at once. */
export const quietPayeeCheckFlow = payeeCheckMachine.provide({
  actors: { ...payeeCheckActors, loadPayees: fromPromise<Outcome<PayeeLists>>(() => requestGateway('wallet/transfer/listPayees', {}, { quiet: true })) },
});
