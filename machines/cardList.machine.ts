import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { CARD_CODES } from '../services/contract/answerCodes.ts';
import { isOk, outputOf, provided, refusalCode, refusedWith } from './outcome.ts';
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

const removedOrGone = (event: unknown) => outputOf(event).ok || refusedWith({ event }, { code: CARD_CODES.cardNotFound });

export const cardListMachine = setup({
  types: { context: {} as CardListContext, events: {} as CardListEvent },
  actors: {
    loadCards: provided<Outcome<{ cards: BoundCard[] }>>('loadCards'),
    removeCard: provided<Outcome<{ removed: true }>, { cardId: string }>('removeCard'),
  },
  guards: {
    isOk,
    hasNoCards: ({ event }) => { const o = outputOf<{ cards: BoundCard[] }>(event); return o.ok && o.data.cards.length === 0; },
    knownCard: ({ context, event }) => event.type === 'card.removeRequested' && context.cards.some((c) => c.cardId === event.cardId),
    // while one card's removal is asked, another card may be chosen instead
    anotherCard: ({ context, event }) => event.type === 'card.removeRequested' && event.cardId !== context.chosen?.cardId && context.cards.some((c) => c.cardId === event.cardId),
    removedLast: ({ context, event }) => removedOrGone(event) && context.cards.length === 1,
    removed: ({ event }) => removedOrGone(event),
  },
  actions: {
    keepCards: assign({ cards: ({ event }) => { const o = outputOf<{ cards: BoundCard[] }>(event); return o.ok ? o.data.cards : []; }, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
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
        onDone: [
          { guard: 'hasNoCards', target: 'empty', actions: 'keepCards' },
          { guard: 'isOk', target: 'ready', actions: 'keepCards' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
        onError: { target: 'failed', actions: 'forgetRefusal' },
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
            onDone: [
              { guard: 'removedLast', target: '#cardList.empty', actions: ['dropChosen', 'forgetRefusal'] },
              { guard: 'removed', target: 'removed', actions: ['dropChosen', 'forgetRefusal'] },
              { target: 'removeFailed', actions: 'keepRefusal' },
            ],
            onError: { target: 'removeFailed', actions: 'forgetRefusal' },
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
