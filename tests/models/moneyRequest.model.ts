import { moneyRequestMachine, type MoneyRequestEvent } from '../../machines/moneyRequest.machine.ts';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';
import { toNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const samplePayee = { maskedName: 'Bruno M*** D***', mobile: '+244943000002' };
export const samplePayees = {
  recent: [{ mobile: '943000002', maskedName: 'Bruno M*** D***', maskedMobile: '9** *** 002' }],
  favourites: [{ mobile: '921000003', maskedName: 'Carla S*** T***', maskedMobile: '9** *** 003', nickname: 'Tia Carla' }],
};
/** The request Ana sent Bruno, as the server answers it. */
export const sampleSentRequest: MoneyRequestView = {
  id: '7', role: 'requester', status: 'open', amount: 120_000, reason: 'Jantar de sexta',
  other: { maskedName: 'Bruno M*** D***', maskedMobile: '9** *** 002' },
  createdAt: '2026-11-27T08:00:00.000Z', expiresAt: '2026-11-29T08:00:00.000Z', closedAt: null, transferId: null, requesterBlocked: false,
};

export const moneyRequestUserEvents = {
  'mobile.changed': { type: 'mobile.changed', value: '943000002' },
  'mobile.submitted': { type: 'mobile.submitted' },
  'payee.picked': { type: 'payee.picked', mobile: '943000002' },
  'payee.confirmed': { type: 'payee.confirmed' },
  'payee.changeRequested': { type: 'payee.changeRequested' },
  'reason.changed': { type: 'reason.changed', value: 'Jantar de sexta' },
  'details.edited': { type: 'details.edited' },
  'request.sent': { type: 'request.sent' },
  'request.restarted': { type: 'request.restarted' },
} satisfies Record<MoneyRequestEvent['type'], MoneyRequestEvent>;

/**
 * The asking chart with its calls parked; the amount child runs as the real chart, its end fed to
 * the parent as `xstate.done.actor.amountEntry` (the person's part in it is its own model's).
 */
export const moneyRequestModel: FlowModel<typeof moneyRequestMachine> = {
  machine: parkInvokes(moneyRequestMachine, ['loadPayees', 'queryPayee', 'createRequest']),
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(moneyRequestUserEvents),
    { type: 'mobile.changed', value: '12345' } as MoneyRequestEvent,
    { type: 'reason.changed', value: '   ' } as MoneyRequestEvent,
    doneEvent('loadPayees', { ok: true, data: samplePayees }),
    doneEvent('loadPayees', refusal('AGW50000')),
    errorEvent('loadPayees', new Error('network down')),
    doneEvent('queryPayee', { ok: true, data: samplePayee }),
    doneEvent('queryPayee', refusal('FND10005')),
    doneEvent('queryPayee', refusal('FND10006')),
    doneEvent('queryPayee', refusal('FND10009')),
    errorEvent('queryPayee', new Error('network down')),
    doneEvent('amountEntry', { amount: 120_000, amountText: '1 200,00' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('createRequest', { ok: true, data: sampleSentRequest }),
    doneEvent('createRequest', refusal('FND10004')),
    doneEvent('createRequest', refusal('REQ10005')),
    doneEvent('createRequest', refusal('FND10005')),
    doneEvent('createRequest', refusal('REQ10001', '12')),
    errorEvent('createRequest', new Error('network down')),
  ],
  // the facts the guards read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, toNationalMobile(c.mobile) !== null, c.reason.trim() !== '', c.amount, c.payee !== null, c.payees.recent.length, c.request !== null]);
  },
};
