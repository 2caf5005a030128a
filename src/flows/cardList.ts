import { fromPromise } from 'xstate';
import { cardListMachine } from '../../machines/cardList.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { boundCardsFlow, loadBoundCards } from './boundCards.ts';

/** The card list's calls: the bound cards (the boundCards child), and removing one. */
export const cardListActors = {
  boundCards: boundCardsFlow(loadBoundCards),
  removeCard: fromPromise<Outcome<{ removed: true }>, { cardId: string }>(({ input }) => requestGateway('wallet/card/removeBankCard', input)),
} satisfies ActorsOf<typeof cardListMachine>;

export const cardListFlow = cardListMachine.provide({ actors: cardListActors });
