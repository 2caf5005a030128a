import { boundCardsMachine, type BoundCardsEvent } from '../../machines/boundCards.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const boundCardsUserEvents = {
  'cards.retry': { type: 'cards.retry' },
} satisfies Record<BoundCardsEvent['type'], BoundCardsEvent>;

/**
 * The cards as top-up asks for them, as the withdrawal does (a member not verified yet handed
 * over), and after the chart was interrupted (its failure first): one card, none, a refusal, no answer.
 */
export const boundCardsModel: FlowModel<typeof boundCardsMachine> = {
  machine: parkInvokes(boundCardsMachine, ['loadCards']),
  variants: [
    { name: 'as top-up asks', input: {} },
    { name: 'as the withdrawal asks (FND10004 handed over)', input: { handOver: ['FND10004'] } },
    { name: 'after an interruption', input: { interrupted: true } },
  ],
  events: [
    ...Object.values(boundCardsUserEvents),
    doneEvent('loadCards', { ok: true, data: { cards: [sampleCard] } }),
    doneEvent('loadCards', { ok: true, data: { cards: [] } }),
    doneEvent('loadCards', refusal('AGW50000')),
    doneEvent('loadCards', refusal('FND10004')),
    errorEvent('loadCards', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.handOver, c.errorCode, c.answer !== null, c.handedOver]);
  },
};
