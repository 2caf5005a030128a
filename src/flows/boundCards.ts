import { fromPromise } from 'xstate';
import { boundCardsMachine, type BoundCardsAnswer } from '../../machines/boundCards.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The member's bound cards, quietly: the page shows its own loading. */
export const loadBoundCards = () => requestGateway('wallet/card/getAllBankCard', {}, { quiet: true });

/**
 * The member's cards as a page asks for them, with the page's own call (the card list's, top-up's
 * and the opening's: the bound cards; the withdrawal's: its balances and cards): each provides it
 * as its `boundCards` child.
 */
export const boundCardsFlow = <T extends BoundCardsAnswer>(loadCards: () => Promise<Outcome<T>>) =>
  boundCardsMachine.provide({ actors: { loadCards: fromPromise<Outcome<BoundCardsAnswer>>(() => loadCards()) } });
