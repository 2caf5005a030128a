import { fromPromise } from 'xstate';
import { cardListMachine } from '../../machines/cardList.machine.ts';
import type { BoundCard } from '../../machines/bankFlow.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The member's bound cards (also what top-up offers to pay from), quietly: the list shows its own loading. */
export const loadCards = fromPromise<Outcome<{ cards: BoundCard[] }>>(() => requestGateway('wallet/card/getAllBankCard', {}, { quiet: true }));

/** The card list's calls: the bound cards, and removing one. */
export const cardListActors = {
  loadCards,
  removeCard: fromPromise<Outcome<{ removed: true }>, { cardId: string }>(({ input }) => requestGateway('wallet/card/removeBankCard', input)),
} satisfies ActorsOf<typeof cardListMachine>;

export const cardListFlow = cardListMachine.provide({ actors: cardListActors });
