import { withdrawalMachine, type WithdrawalEvent } from '../../machines/withdrawal.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { branchPickerMachine } from '../../machines/branchPicker.machine.ts';
import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { parseAmount } from '../../src/lib/money.ts';
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

export const withdrawalUserEvents = {
  'info.retry': { type: 'info.retry' },
  'card.chosen': { type: 'card.chosen', cardId: '7' },
  'card.change': { type: 'card.change' },
  'amount.changed': { type: 'amount.changed', value: '1 250,00' },
  'amount.submitted': { type: 'amount.submitted' },
  'amount.edit': { type: 'amount.edit' },
  'branch.change': { type: 'branch.change' },
  'withdrawal.confirmed': { type: 'withdrawal.confirmed' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'withdrawal.restarted': { type: 'withdrawal.restarted' },
} satisfies Record<WithdrawalEvent['type'], WithdrawalEvent>;

/**
 * The withdrawal chart with its calls parked and its children (branch picker, payment) running as
 * the real charts with their own calls parked; their outcomes are fed as
 * `xstate.done.actor.branchPicker` / `xstate.done.actor.payment`.
 */
export const withdrawalModel: FlowModel<typeof withdrawalMachine> = {
  machine: parkInvokes(withdrawalMachine, ['loadInfo', 'loadLimits', 'checkBranchNeed', 'quoteCharge']).provide({
    actors: {
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
    { type: 'amount.changed', value: '12,345' } as WithdrawalEvent,
    { type: 'amount.changed', value: '0' } as WithdrawalEvent,
    { type: 'amount.changed', value: '0,50' } as WithdrawalEvent,
    { type: 'amount.changed', value: '60 000' } as WithdrawalEvent,
    { type: 'amount.changed', value: '49 900' } as WithdrawalEvent,
    doneEvent('loadInfo', { ok: true, data: sampleInfo }),
    doneEvent('loadInfo', { ok: true, data: { ...sampleInfo, verified: false } }),
    doneEvent('loadInfo', { ok: true, data: { ...sampleInfo, cards: [] } }),
    doneEvent('loadInfo', refusal('AGW50000')),
    errorEvent('loadInfo', new Error('network down')),
    doneEvent('loadLimits', { ok: true, data: sampleLimits }),
    doneEvent('loadLimits', refusal('FND10004')),
    doneEvent('loadLimits', refusal('CRD10008')),
    errorEvent('loadLimits', new Error('network down')),
    doneEvent('checkBranchNeed', { ok: true, data: { bankCode: '0040', needBranch: false } }),
    doneEvent('checkBranchNeed', { ok: true, data: { bankCode: '0040', needBranch: true } }),
    doneEvent('checkBranchNeed', refusal('CRD10009')),
    errorEvent('checkBranchNeed', new Error('network down')),
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
    errorEvent('payment', new Error('child failed')),
    doneEvent('bankSettlement', { outcome: 'paid', status: sampleStatus.paid }),
    doneEvent('bankSettlement', { outcome: 'refused', status: sampleStatus.refused }),
    doneEvent('bankSettlement', { outcome: 'unknown', status: null }),
  ],
  // the facts the guards read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const amount = parseAmount(c.amountText, c.language);
    const amountClass = amount === null ? 'unreadable' : amount === 0n ? 'zero' : amount < 10_000n ? 'small' : amount > 5_000_000n ? 'over' : amount > 4_975_000n ? 'max' : 'ok';
    return JSON.stringify([snapshot.value, amountClass, c.cardId, c.limits !== null, c.needBranch, c.branch !== null, c.available, c.pendingWithdrawNo !== null]);
  },
};
