import { cardChoiceMachine, type CardChoiceEvent } from '../../machines/cardChoice.machine.ts';
import type { FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';

export const cardChoiceUserEvents = {
  'card.chosen': { type: 'card.chosen', cardId: '7' },
} satisfies Record<CardChoiceEvent['type'], CardChoiceEvent>;

/**
 * The choice among the cards, first and back at it: its bank's limits refused by the server, or no
 * answer. A card not among those shown is not chosen.
 */
export const cardChoiceModel: FlowModel<typeof cardChoiceMachine> = {
  machine: cardChoiceMachine,
  variants: [
    { name: 'first', input: { cards: [sampleCard] } },
    { name: 'back: the server refused', input: { cards: [sampleCard], trouble: { code: 'AGW50000' } } },
    { name: 'back: no answer', input: { cards: [sampleCard], trouble: { code: null } } },
  ],
  events: [...Object.values(cardChoiceUserEvents), { type: 'card.chosen', cardId: '99' } as CardChoiceEvent],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.trouble, snapshot.context.cardId]),
};
