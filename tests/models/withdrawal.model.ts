import { withdrawalMachine, type WithdrawalEvent } from '../../machines/withdrawal.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { branchPickerMachine } from '../../machines/branchPicker.machine.ts';
import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { boundCardsMachine } from '../../machines/boundCards.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Ana's BAI debit card, as the server shows a bound card. */
export const sampleCard = {
  cardId: '7', bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', maskedCardNo: '6004 00** **** 0011', last4: '0011',
  cardType: 'debit' as const, mobileMasked: '923***001', needBranch: false, boundAt: '2026-03-01T10:00:00.000Z',
};
export const sampleInfo = { available: 5_000_000, frozen: 0, verified: true, cards: [sampleCard] };
export const sampleLimits = {
  bankCode: '0040',
  bank: { min: 10_000, perTransaction: 50_000_000, daily: 400_000_000, usedToday: 0 },
  level: { level: 'III' as const, perTransaction: 20_000_000, daily: 50_000_000, monthly: null, usedToday: 0 },
  available: 5_000_000,
  maxAmount: 4_975_000,
};
export const sampleCharge = { amount: 125_000, charge: 5_000, total: 130_000 };
export const sampleProvinces = [{ id: 'LUA', name: 'Luanda', cities: ['Luanda'] }, { id: 'BGO', name: 'Bengo', cities: ['Caxito'] }];
export const sampleBranches = [{ branchCode: '0101', name: 'BAI Mutamba', address: 'Balcão simulado, Luanda', provinceId: 'LUA', city: 'Luanda' }];
export const sampleReceipt = { withdrawNo: 'WD202603140001', state: 'PENDING' as const, amount: 125_000, charge: 5_000, available: 4_870_000, frozen: 130_000, createdAt: '2026-03-14T09:05:00.000Z' };
const status = (state: 'PENDING' | 'SUCCESS' | 'FAILED', failReason: string | null = null) => ({
  withdrawNo: sampleReceipt.withdrawNo, state, amount: 125_000, charge: 5_000, card: { cardId: '7', bankShort: 'BAI', maskedCardNo: '6004 00** **** 0011' },
  branchCode: null, createdAt: sampleReceipt.createdAt, finishedAt: state === 'PENDING' ? null : '2026-03-14T09:06:00.000Z', failReason,
});
export const sampleStatus = { pending: status('PENDING'), paid: status('SUCCESS'), refused: status('FAILED', 'DECLINED') };

/** What the amount child ends with: 1 250,00 Kz, as typed. */
export const sampleWithdrawAmount = { amount: 125_000, amountText: '1 250,00' };

export const withdrawalUserEvents = {
  'card.change': { type: 'card.change' },
  'amount.edit': { type: 'amount.edit' },
  'branch.change': { type: 'branch.change' },
  'withdrawal.confirmed': { type: 'withdrawal.confirmed' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'withdrawal.restarted': { type: 'withdrawal.restarted' },
} satisfies Record<WithdrawalEvent['type'], WithdrawalEvent>;

/**
 * The withdrawal chart with its calls parked; its children (the balances and cards, the card
 * choice, the amount, the branch picker, the payment, the bank's settlement) run as in their own
 * models (their calls parked), and their ends are fed as `xstate.done.actor.<child>` (the person's
 * part in them is their own models' and screen tests').
 */
export const withdrawalModel: FlowModel<typeof withdrawalMachine> = {
  machine: parkInvokes(withdrawalMachine, ['loadLimits', 'checkBranchNeed', 'quoteCharge']).provide({
    actors: {
      boundCards: parkInvokes(boundCardsMachine, ['loadCards']),
      payment: paymentModel.machine as typeof paymentMachine,
      bankSettlement: parkInvokes(bankSettlementMachine, ['queryStatus']),
      branchPicker: parkInvokes(branchPickerMachine, ['loadProvinces', 'loadBranches']),
    },
  } as never) as typeof withdrawalMachine,
  variants: [
    { name: 'pt', input: { language: 'pt' } },
    { name: 'pt, back after a reload with a withdrawal at the bank', input: { language: 'pt', pendingWithdrawNo: sampleReceipt.withdrawNo } },
  ],
  events: [
    ...Object.values(withdrawalUserEvents),
    doneEvent('boundCards', { ok: true, data: sampleInfo }),
    doneEvent('boundCards', refusal('FND10004')),
    // never sent by this child (it asks again until it has cards); its answer protocol allows it
    doneEvent('boundCards', UNREACHABLE),
    errorEvent('boundCards', new Error('child failed')),
    doneEvent('cardChoice', { cardId: '7' }),
    errorEvent('cardChoice', new Error('child failed')),
    doneEvent('loadLimits', { ok: true, data: sampleLimits }),
    doneEvent('loadLimits', refusal('FND10004')),
    doneEvent('loadLimits', refusal('CRD10008')),
    errorEvent('loadLimits', new Error('network down')),
    doneEvent('checkBranchNeed', { ok: true, data: { bankCode: '0040', needBranch: false } }),
    doneEvent('checkBranchNeed', { ok: true, data: { bankCode: '0040', needBranch: true } }),
    doneEvent('checkBranchNeed', refusal('CRD10009')),
    errorEvent('checkBranchNeed', new Error('network down')),
    doneEvent('amountEntry', sampleWithdrawAmount),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('quoteCharge', { ok: true, data: sampleCharge }),
    doneEvent('quoteCharge', refusal('CRD10008')),
    errorEvent('quoteCharge', new Error('network down')),
    doneEvent('branchPicker', { branch: sampleBranches[0] }),
    errorEvent('branchPicker', new Error('child failed')),
    doneEvent('payment', { ok: true, data: sampleReceipt }),
    doneEvent('payment', refusal('WDR10004', '6000')),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('FND10003', 'daily')),
    doneEvent('payment', refusal('CRD10010', 'perTransaction')),
    doneEvent('payment', refusal('FND10004')),
    doneEvent('payment', refusal('WDR10002')),
    doneEvent('payment', refusal('WDR10003')),
    // never sent by this child; its answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
    doneEvent('bankSettlement', { ok: true, data: sampleStatus.paid }),
    doneEvent('bankSettlement', { ...refusal('FAILED', 'DECLINED'), data: sampleStatus.refused }),
    doneEvent('bankSettlement', { ...refusal('WDR10001'), data: null }),
    doneEvent('bankSettlement', UNREACHABLE),
  ],
  // the facts the guards and the screens read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.infoInterrupted, c.cardId, c.cardTrouble, c.limits !== null, c.needBranch, c.branch !== null, c.amount, c.amountRefusal, c.available, c.branchNotice, c.pendingWithdrawNo !== null]);
  },
};
