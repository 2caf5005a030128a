import { topupMachine, type TopupEvent } from '../../machines/topup.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { parseAmount } from '../../src/lib/money.ts';
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

export const topupUserEvents = {
  'cards.retry': { type: 'cards.retry' },
  'card.chosen': { type: 'card.chosen', cardId: '7' },
  'card.change': { type: 'card.change' },
  'amount.changed': { type: 'amount.changed', value: '1 250,00' },
  'amount.submitted': { type: 'amount.submitted' },
  'topup.cancelled': { type: 'topup.cancelled' },
  'topup.restarted': { type: 'topup.restarted' },
} satisfies Record<TopupEvent['type'], TopupEvent>;

/**
 * The top-up chart with its calls parked; the code entry and payment children run as in their own
 * models (their calls parked), and their outcomes are fed as `xstate.done.actor.codeEntry` and
 * `xstate.done.actor.payment`.
 */
export const topupModel: FlowModel<typeof topupMachine> = {
  machine: parkInvokes(topupMachine, ['loadCards', 'loadRules', 'applyTopup']).provide({
    actors: {
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
    { type: 'amount.changed', value: '12,345' } as TopupEvent,
    { type: 'amount.changed', value: '0' } as TopupEvent,
    { type: 'amount.changed', value: '600 000' } as TopupEvent,
    doneEvent('loadCards', { ok: true, data: { cards: [sampleCard] } }),
    doneEvent('loadCards', { ok: true, data: { cards: [] } }),
    doneEvent('loadCards', refusal('AGW50000')),
    errorEvent('loadCards', new Error('network down')),
    doneEvent('loadRules', { ok: true, data: { banks: [sampleRules] } }),
    doneEvent('loadRules', { ok: true, data: { banks: [] } }),
    errorEvent('loadRules', new Error('network down')),
    doneEvent('applyTopup', { ok: true, data: sampleOrder }),
    doneEvent('applyTopup', refusal('CRD10010', 'daily')),
    doneEvent('applyTopup', refusal('FND10003', 'maxBalance')),
    doneEvent('applyTopup', refusal('FND10004')),
    doneEvent('applyTopup', refusal('COD10005')),
    errorEvent('applyTopup', new Error('network down')),
    doneEvent('codeEntry', { ok: true, data: { orderNo: sampleOrder.orderNo, state: 'CODE_VERIFIED' } }),
    doneEvent('codeEntry', refusal('TOP10001')),
    errorEvent('codeEntry', new Error('child failed')),
    doneEvent('payment', { ok: true, data: sampleTopupStatus.pending }),
    doneEvent('payment', refusal('TOP10003')),
    doneEvent('payment', refusal('TOP10001')),
    doneEvent('payment', refusal('FND10004')),
    errorEvent('payment', new Error('child failed')),
    doneEvent('bankSettlement', { outcome: 'paid', status: sampleTopupStatus.paid }),
    doneEvent('bankSettlement', { outcome: 'refused', status: sampleTopupStatus.refused }),
    doneEvent('bankSettlement', { outcome: 'unknown', status: null }),
  ],
  // the facts the guards read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const amount = parseAmount(c.amountText, c.language);
    const amountClass = amount === null ? 'unreadable' : amount === 0n ? 'zero' : amount > 50_000_000n ? 'over' : 'ok';
    return JSON.stringify([snapshot.value, amountClass, c.cards.length > 0, c.cardId, c.rules !== null, c.order !== null, c.pendingOrderNo !== null]);
  },
};
