import { cardListMachine, type CardListEvent } from '../../machines/cardList.machine.ts';
import { boundCardsMachine } from '../../machines/boundCards.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Ana's BPC debit card: its bank pays withdrawals out at a branch. */
export const branchCard = {
  ...sampleCard, cardId: '9', bankCode: '0010', bankShort: 'BPC', bankName: 'Banco de Poupança e Crédito', maskedCardNo: '6001 00** **** 0030', last4: '0030', needBranch: true,
};

export const cardListUserEvents = {
  'card.removeRequested': { type: 'card.removeRequested', cardId: '7' },
  'removal.confirmed': { type: 'removal.confirmed' },
  'removal.cancelled': { type: 'removal.cancelled' },
} satisfies Record<CardListEvent['type'], CardListEvent>;

export const cardListModel: FlowModel<typeof cardListMachine> = {
  // the cards child runs as in its own model (its call parked); its ends are fed
  machine: parkInvokes(cardListMachine, ['removeCard']).provide({
    actors: { boundCards: parkInvokes(boundCardsMachine, ['loadCards']) },
  } as never) as typeof cardListMachine,
  variants: [{ name: 'a member', input: undefined }],
  events: [
    ...Object.values(cardListUserEvents),
    { type: 'card.removeRequested', cardId: '9' } as CardListEvent,
    doneEvent('boundCards', { ok: true, data: { cards: [sampleCard, branchCard] } }),
    doneEvent('boundCards', { ok: true, data: { cards: [sampleCard] } }),
    // never sent by this child (it hands over no refusal, asks again until it has cards); its answer protocol allows them
    doneEvent('boundCards', refusal('AGW50000')),
    doneEvent('boundCards', UNREACHABLE),
    errorEvent('boundCards', new Error('child failed')),
    doneEvent('removeCard', { ok: true, data: { removed: true } }),
    doneEvent('removeCard', refusal('CRD10008')),
    doneEvent('removeCard', refusal('AGW50000')),
    errorEvent('removeCard', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.cards.map((c) => c.cardId), snapshot.context.chosen?.cardId ?? null, snapshot.context.cardsInterrupted]),
};
