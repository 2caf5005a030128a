import { dailyPayoutMachine, type DailyPayoutEvent } from '../../machines/dailyPayout.machine.ts';
import type { PayoutSettings } from '../../services/contract/dailyPayout.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

const card = (cardId: string, needBranch = false) => ({
  cardId, bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', maskedCardNo: `6004 00** **** ${cardId.padStart(4, '0')}`, last4: cardId.padStart(4, '0'),
  cardType: 'debit' as const, mobileMasked: '923***010', needBranch, boundAt: '2026-03-01T10:00:00.000Z',
});

export const payoutOff: PayoutSettings = {
  enabled: false, time: '18:00', cardId: '41', cards: [card('41'), card('42', true)], balance: 1_234_500, minimum: 10_000, recent: [],
};
export const payoutOn: PayoutSettings = {
  ...payoutOff, enabled: true, time: '17:30',
  recent: [
    { day: '2026-03-13', status: 'paid', reason: null, withdrawNo: 'WD000000000042', amount: 2_487_549, charge: 12_438, balance: 2_499_987, maskedCardNo: '6004 00** **** 0041', bankShort: 'BAI', at: '2026-03-13T16:30:04.000Z' },
    { day: '2026-03-12', status: 'skipped', reason: 'belowMinimum', withdrawNo: null, amount: 0, charge: 0, balance: 9_000, maskedCardNo: '6004 00** **** 0041', bankShort: 'BAI', at: '2026-03-12T16:30:02.000Z' },
  ],
};
/** No card bound yet: nothing to pay to, the form cannot be saved. */
export const payoutWithoutCards: PayoutSettings = { ...payoutOff, cardId: null, cards: [], minimum: 0 };

export const dailyPayoutUserEvents = {
  'enabled.toggled': { type: 'enabled.toggled' },
  'time.changed': { type: 'time.changed', time: '19:15' },
  'card.chosen': { type: 'card.chosen', cardId: '41' },
  'payout.saved': { type: 'payout.saved' },
  'payout.refresh': { type: 'payout.refresh' },
  'payout.retry': { type: 'payout.retry' },
} satisfies Record<DailyPayoutEvent['type'], DailyPayoutEvent>;

export const dailyPayoutModel: FlowModel<typeof dailyPayoutMachine> = {
  machine: parkInvokes(dailyPayoutMachine, ['loadSettings', 'saveSettings']),
  variants: [{ name: 'owner', input: undefined }],
  events: [
    ...Object.values(dailyPayoutUserEvents),
    doneEvent('loadSettings', { ok: true, data: payoutOff }),
    doneEvent('loadSettings', { ok: true, data: payoutWithoutCards }),
    doneEvent('loadSettings', refusal('STF10010')),
    doneEvent('loadSettings', refusal('MCH10003')),
    doneEvent('loadSettings', refusal('AGW50000')),
    errorEvent('loadSettings', new Error('network down')),
    doneEvent('saveSettings', { ok: true, data: payoutOn }),
    doneEvent('saveSettings', refusal('PYO10001')),
    errorEvent('saveSettings', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.form.enabled, c.form.cardId !== null, c.errorCode]);
  },
};
