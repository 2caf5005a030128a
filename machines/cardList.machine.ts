import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import type { BoundCard } from './bankFlow.ts';

/**
 * The member's bound cards: the list (or the empty state that leads to binding one), and removing
 * a card, asked once more before it happens. A card already gone (CRD10008) counts as removed.
 */
export interface CardListContext {
  cards: BoundCard[];
  /** The card the member asked to remove, until it is removed or kept. */
  chosen: BoundCard | null;
  errorCode: string | null;
}

export type CardListEvent =
  | { type: 'cards.retry' }
  | { type: 'card.removeRequested'; cardId: string }
  | { type: 'removal.confirmed' }
  | { type: 'removal.cancelled' };

export const cardListMachine = setup({
  types: { context: {} as CardListContext, events: {} as CardListEvent | AnswerEvent },
  actors: {
    loadCards: provided<Outcome<{ cards: BoundCard[] }>>('loadCards'),
    removeCard: provided<Outcome<{ removed: true }>, { cardId: string }>('removeCard'),
  },
  guards: {
    hasNoCards: ({ event }) => answerData<{ cards: BoundCard[] }>(event).cards.length === 0,
    knownCard: ({ context, event }) => event.type === 'card.removeRequested' && context.cards.some((c) => c.cardId === event.cardId),
    // while one card's removal is asked, another card may be chosen instead
    anotherCard: ({ context, event }) => event.type === 'card.removeRequested' && event.cardId !== context.chosen?.cardId && context.cards.some((c) => c.cardId === event.cardId),
    // the card removed (or already gone) was the only one
    removedLast: ({ context }) => context.cards.length === 1,
  },
  actions: {
    announceAnswer: announceAnswer<CardListContext, CardListEvent | AnswerEvent>(),
    keepCards: assign({ cards: ({ event }) => answerData<{ cards: BoundCard[] }>(event).cards, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'card.removeRequested' ? context.cards.find((c) => c.cardId === event.cardId) ?? null : context.chosen) }),
    forgetChoice: assign({ chosen: null }),
    dropChosen: assign({ cards: ({ context }) => context.cards.filter((c) => c.cardId !== context.chosen?.cardId) }),
  },
}).createMachine({
  id: 'cardList',
  context: { cards: [], chosen: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadCards.ok': [
          { guard: 'hasNoCards', target: 'empty', actions: 'keepCards' },
          { target: 'ready', actions: 'keepCards' },
        ],
        'loadCards.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'cards.retry': { target: 'loading' } } },
    // no card yet: the screen leads to binding one
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
