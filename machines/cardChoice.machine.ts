import { setup, assign } from 'xstate';
import type { BoundCard } from './bankFlow.ts';

/**
 * Choosing the card a payment goes from or to (top-up, withdrawal), among the member's bound cards:
 * one of those shown is chosen, and the chart ends with it. When the page comes back to the choice
 * because it could not go on with the card chosen before (its bank's limits could not be read, the
 * server refused them), it says why until another card is chosen.
 */
export interface CardTrouble {
  /** The server's refusal, or null when there was no answer. */
  code: string | null;
}

export interface CardChoiceInput {
  cards: BoundCard[];
  /** Why the page is back at the choice, shown with it; null: nothing went wrong. */
  trouble?: CardTrouble | null;
}

export interface CardChoiceContext {
  cards: BoundCard[];
  trouble: CardTrouble | null;
  cardId: string | null;
}

export type CardChoiceEvent = { type: 'card.chosen'; cardId: string };

/** The card chosen, from this chart's done event. */
export const chosenCardId = (event: unknown): string => (event as { output: { cardId: string } }).output.cardId;

export const cardChoiceMachine = setup({
  types: { input: {} as CardChoiceInput, context: {} as CardChoiceContext, events: {} as CardChoiceEvent, output: {} as { cardId: string } },
  guards: {
    knownCard: ({ context, event }) => context.cards.some((c) => c.cardId === event.cardId),
    troubled: ({ context }) => context.trouble !== null,
  },
  actions: {
    choose: assign({ cardId: ({ event }) => event.cardId }),
  },
}).createMachine({
  id: 'cardChoice',
  context: ({ input }) => ({ cards: input.cards, trouble: input.trouble ?? null, cardId: null }),
  initial: 'starting',
  output: ({ context }) => ({ cardId: context.cardId ?? '' }),
  states: {
    // back because of the card chosen before: why, until another is chosen
    starting: { always: [{ guard: 'troubled', target: 'choosing.troubled' }, { target: 'choosing' }] },
    choosing: {
      initial: 'idle',
      on: { 'card.chosen': { guard: 'knownCard', target: 'chosen', actions: 'choose' } },
      states: { idle: {}, troubled: { tags: ['error'] } },
    },
    chosen: { type: 'final' },
  },
});
