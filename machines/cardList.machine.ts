import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import type { BoundCard } from './bankFlow.ts';
import { boundCardsMachine, type BoundCardsAnswer, type BoundCardsInput } from './boundCards.machine.ts';

/**
 * The member's bound cards: the list (the boundCards child: none yet, the way to bind one), and
 * removing a card, asked once more before it happens. A card already gone (CRD10008) counts as
 * removed; the last one removed leaves nothing, and the way to bind one.
 */
export interface CardListContext {
  cards: BoundCard[];
  /** The card the member asked to remove, until it is removed or kept. */
  chosen: BoundCard | null;
  /** The cards' chart stopped with an error: asked again only by hand. */
  cardsInterrupted: boolean;
  errorCode: string | null;
}

export type CardListEvent =
  | { type: 'card.removeRequested'; cardId: string }
  | { type: 'removal.confirmed' }
  | { type: 'removal.cancelled' };

export const cardListMachine = setup({
  types: { context: {} as CardListContext, events: {} as CardListEvent | AnswerEvent },
  actors: {
    boundCards: boundCardsMachine,
    removeCard: provided<Outcome<{ removed: true }>, { cardId: string }>('removeCard'),
  },
  guards: {
    knownCard: ({ context, event }) => event.type === 'card.removeRequested' && context.cards.some((c) => c.cardId === event.cardId),
    // while one card's removal is asked, another card may be chosen instead
    anotherCard: ({ context, event }) => event.type === 'card.removeRequested' && event.cardId !== context.chosen?.cardId && context.cards.some((c) => c.cardId === event.cardId),
    // the card removed (or already gone) was the only one
    removedLast: ({ context }) => context.cards.length === 1,
  },
  actions: {
    announceAnswer: announceAnswer<CardListContext, CardListEvent | AnswerEvent>(),
    keepCards: assign({ cards: ({ event }) => answerData<BoundCardsAnswer>(event).cards, cardsInterrupted: false, errorCode: null }),
    noteCardsInterrupted: assign({ cardsInterrupted: true }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'card.removeRequested' ? context.cards.find((c) => c.cardId === event.cardId) ?? null : context.chosen) }),
    forgetChoice: assign({ chosen: null }),
    dropChosen: assign({ cards: ({ context }) => context.cards.filter((c) => c.cardId !== context.chosen?.cardId) }),
  },
}).createMachine({
  id: 'cardList',
  context: { cards: [], chosen: null, cardsInterrupted: false, errorCode: null },
  initial: 'loading',
  states: {
    // the bound cards (boundCards child): none yet, the screen leads to binding one
    loading: {
      invoke: {
        id: 'boundCards',
        src: 'boundCards',
        input: ({ context }): BoundCardsInput => ({ interrupted: context.cardsInterrupted }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): its failure shown, to try again
        onError: { target: 'loading', reenter: true, actions: 'noteCardsInterrupted' },
      },
      on: {
        'boundCards.ok': { target: 'ready', actions: 'keepCards' },
        // never (it hands over no refusal, and asks again until it has cards): as the chart failing
        'boundCards.refused.*': { target: 'loading', reenter: true, actions: 'noteCardsInterrupted' },
        'boundCards.unreachable': { target: 'loading', reenter: true, actions: 'noteCardsInterrupted' },
      },
    },
    // the last card removed: nothing left, the screen leads to binding one
    empty: {},
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'card.removeRequested': { guard: 'knownCard', target: 'confirming', actions: 'choose' } } },
        // "remove this card?": nothing is removed until the member says yes
        confirming: {
          on: {
            'removal.confirmed': { target: 'removing' },
            'removal.cancelled': { target: 'idle', actions: 'forgetChoice' },
            'card.removeRequested': { guard: 'anotherCard', target: 'confirming', actions: 'choose' },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeCard',
            src: 'removeCard',
            input: ({ context }) => ({ cardId: context.chosen?.cardId ?? '' }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'removeFailed', actions: 'forgetRefusal' },
          },
          on: {
            'removeCard.ok': [
              { guard: 'removedLast', target: '#cardList.empty', actions: ['dropChosen', 'forgetRefusal'] },
              { target: 'removed', actions: ['dropChosen', 'forgetRefusal'] },
            ],
            // already gone (another tab): as removed
            'removeCard.refused.CRD10008': [
              { guard: 'removedLast', target: '#cardList.empty', actions: ['dropChosen', 'forgetRefusal'] },
              { target: 'removed', actions: ['dropChosen', 'forgetRefusal'] },
            ],
            'removeCard.refused.*': { target: 'removeFailed', actions: 'keepRefusal' },
          },
        },
        removed: { on: { 'card.removeRequested': { guard: 'knownCard', target: 'confirming', actions: 'choose' } } },
        removeFailed: {
          tags: ['error'],
          on: {
            'removal.confirmed': { target: 'removing' },
            'removal.cancelled': { target: 'idle', actions: 'forgetChoice' },
            'card.removeRequested': { guard: 'anotherCard', target: 'confirming', actions: 'choose' },
          },
        },
      },
    },
  },
});
