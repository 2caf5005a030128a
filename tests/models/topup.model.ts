import { topupMachine, type TopupEvent } from '../../machines/topup.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { boundCardsMachine } from '../../machines/boundCards.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { parkedCodeEntry } from './codeEntry.model.ts';
import { paymentModel } from './payment.model.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** BAI's rules in the wallet: 500 000 Kz per top-up, 4 000 000 Kz a day. */
export const sampleRules = {
  bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', needBranch: false,
  topup: { perTransaction: 50_000_000, daily: 400_000_000 },
  withdraw: { min: 10_000, perTransaction: 50_000_000, daily: 400_000_000 },
  charge: { rateBp: 50, min: 5_000, max: 250_000 },
};
export const sampleOrder = { orderNo: 'TP202603140001', state: 'AWAITING_CODE' as const, amount: 125_000, mobileMasked: '923***001', expiresInSeconds: 900, resendAfterSeconds: 60 };
const status = (state: 'PENDING' | 'SUCCESS' | 'FAILED', failReason: string | null = null) => ({
  orderNo: sampleOrder.orderNo, state, amount: 125_000, card: { cardId: '7', bankShort: 'BAI', maskedCardNo: '6004 00** **** 0011' },
  createdAt: '2026-03-14T09:05:00.000Z', confirmedAt: '2026-03-14T09:06:00.000Z', finishedAt: state === 'PENDING' ? null : '2026-03-14T09:06:30.000Z', failReason,
});
export const sampleTopupStatus = { pending: status('PENDING'), paid: status('SUCCESS'), refused: status('FAILED', 'INSUFFICIENT_FUNDS') };

/** What the amount child ends with: 1 250,00 Kz, as typed. */
export const sampleAmount = { amount: 125_000, amountText: '1 250,00' };

export const topupUserEvents = {
  'card.change': { type: 'card.change' },
  'topup.cancelled': { type: 'topup.cancelled' },
  'topup.restarted': { type: 'topup.restarted' },
} satisfies Record<TopupEvent['type'], TopupEvent>;

/**
 * The top-up chart with its calls parked; its children (the cards, the card choice, the amount, the
 * code entry, the payment, the bank's settlement) run as in their own models (their calls parked),
 * and their ends are fed as `xstate.done.actor.<child>` (the person's part in them is their own
 * models' and screen tests').
 */
export const topupModel: FlowModel<typeof topupMachine> = {
  machine: parkInvokes(topupMachine, ['loadRules', 'applyTopup']).provide({
    actors: {
      boundCards: parkInvokes(boundCardsMachine, ['loadCards']),
      codeEntry: parkedCodeEntry,
      payment: paymentModel.machine as typeof paymentMachine,
      bankSettlement: parkInvokes(bankSettlementMachine, ['queryStatus']),
    },
  } as never) as typeof topupMachine,
  variants: [
    { name: 'pt', input: { language: 'pt' } },
    { name: 'pt, back after a reload with a top-up at the bank', input: { language: 'pt', pendingOrderNo: sampleOrder.orderNo } },
  ],
  events: [
    ...Object.values(topupUserEvents),
    doneEvent('boundCards', { ok: true, data: { cards: [sampleCard] } }),
    // never sent by this child (it hands over no refusal, asks again until it has cards); its answer protocol allows them
    doneEvent('boundCards', refusal('AGW50000')),
    doneEvent('boundCards', UNREACHABLE),
    errorEvent('boundCards', new Error('child failed')),
    doneEvent('cardChoice', { cardId: '7' }),
    errorEvent('cardChoice', new Error('child failed')),
    doneEvent('loadRules', { ok: true, data: { banks: [sampleRules] } }),
    doneEvent('loadRules', { ok: true, data: { banks: [] } }),
    doneEvent('loadRules', refusal('AGW50000')),
    errorEvent('loadRules', new Error('network down')),
    doneEvent('amountEntry', sampleAmount),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('applyTopup', { ok: true, data: sampleOrder }),
    doneEvent('applyTopup', refusal('CRD10010', 'daily')),
    doneEvent('applyTopup', refusal('FND10003', 'maxBalance')),
    doneEvent('applyTopup', refusal('FND10004')),
    doneEvent('applyTopup', refusal('COD10005')),
    errorEvent('applyTopup', new Error('network down')),
    doneEvent('codeEntry', { ok: true, data: { orderNo: sampleOrder.orderNo, state: 'CODE_VERIFIED' } }),
    doneEvent('codeEntry', refusal('TOP10001')),
    doneEvent('codeEntry', UNREACHABLE),
    errorEvent('codeEntry', new Error('child failed')),
    doneEvent('payment', { ok: true, data: sampleTopupStatus.pending }),
    doneEvent('payment', refusal('TOP10003')),
    doneEvent('payment', refusal('TOP10001')),
    doneEvent('payment', refusal('FND10004')),
    // never sent by these children; their answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
    doneEvent('bankSettlement', { ok: true, data: sampleTopupStatus.paid }),
    doneEvent('bankSettlement', { ...refusal('FAILED', 'INSUFFICIENT_FUNDS'), data: sampleTopupStatus.refused }),
    doneEvent('bankSettlement', { ...refusal('TOP10001'), data: null }),
    doneEvent('bankSettlement', UNREACHABLE),
  ],
  // the facts the guards and the screens read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.cards.length > 0, c.cardsInterrupted, c.cardId, c.cardTrouble, c.rules !== null, c.amount, c.amountRefusal, c.order !== null, c.pendingOrderNo !== null]);
  },
};
