import { cardListMachine, type CardListEvent } from '../../machines/cardList.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Ana's BPC debit card: its bank pays withdrawals out at a branch. */
export const branchCard = {
  ...sampleCard, cardId: '9', bankCode: '0010', bankShort: 'BPC', bankName: 'Banco de Poupança e Crédito', maskedCardNo: '6001 00** **** 0030', last4: '0030', needBranch: true,
};

export const cardListUserEvents = {
  'cards.retry': { type: 'cards.retry' },
  'card.removeRequested': { type: 'card.removeRequested', cardId: '7' },
  'removal.confirmed': { type: 'removal.confirmed' },
  'removal.cancelled': { type: 'removal.cancelled' },
} satisfies Record<CardListEvent['type'], CardListEvent>;

export const cardListModel: FlowModel<typeof cardListMachine> = {
  machine: parkInvokes(cardListMachine, ['loadCards', 'removeCard']),
  variants: [{ name: 'a member', input: undefined }],
  events: [
    ...Object.values(cardListUserEvents),
    { type: 'card.removeRequested', cardId: '9' } as CardListEvent,
    doneEvent('loadCards', { ok: true, data: { cards: [sampleCard, branchCard] } }),
    doneEvent('loadCards', { ok: true, data: { cards: [sampleCard] } }),
    doneEvent('loadCards', { ok: true, data: { cards: [] } }),
    doneEvent('loadCards', refusal('AGW50000')),
    errorEvent('loadCards', new Error('network down')),
    doneEvent('removeCard', { ok: true, data: { removed: true } }),
    doneEvent('removeCard', refusal('CRD10008')),
    doneEvent('removeCard', refusal('AGW50000')),
    errorEvent('removeCard', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.cards.map((c) => c.cardId), snapshot.context.chosen?.cardId ?? null]),
};
