import { moneyRequestViewMachine, type MoneyRequestViewEvent } from '../../machines/moneyRequestView.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Ana's request as Bruno, who is asked, sees it. */
export const sampleReceivedRequest: MoneyRequestView = {
  id: '7', role: 'payer', status: 'open', amount: 120_000, reason: 'Jantar de sexta',
  other: { maskedName: 'Ana M*** S***', maskedMobile: '9** *** 001' },
  createdAt: '2026-11-27T08:00:00.000Z', expiresAt: '2026-11-29T08:00:00.000Z', closedAt: null, transferId: null, requesterBlocked: false,
};
/** The same request as Ana, who asked, sees it. */
export const sampleAskedRequest: MoneyRequestView = { ...sampleReceivedRequest, role: 'requester', other: { maskedName: 'Bruno M*** C***', maskedMobile: '9** *** 002' } };
export const sampleDeclined: MoneyRequestView = { ...sampleReceivedRequest, status: 'declined', closedAt: '2026-11-27T09:00:00.000Z' };
export const sampleBlocked: MoneyRequestView = { ...sampleDeclined, requesterBlocked: true };
export const samplePaid: MoneyRequestView = { ...sampleAskedRequest, status: 'paid', closedAt: '2026-11-27T09:00:00.000Z', transferId: '42' };
export const samplePaidReceipt = { transferId: '42', amount: 120_000, available: 880_000, maskedName: 'Ana M*** S***', at: '2026-11-27T09:00:00.000Z' };

export const moneyRequestViewEvents = {
  'request.retry': { type: 'request.retry' },
  'request.refreshed': { type: 'request.refreshed' },
  'pay.started': { type: 'pay.started' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'request.declined': { type: 'request.declined' },
  'request.cancelled': { type: 'request.cancelled' },
  'requester.blockToggled': { type: 'requester.blockToggled' },
} satisfies Record<MoneyRequestViewEvent['type'], MoneyRequestViewEvent>;

/**
 * One request, with its calls parked; the payment child runs as the real chart with its own calls
 * parked, and its end is fed as `xstate.done.actor.payment`.
 */
export const moneyRequestViewModel: FlowModel<typeof moneyRequestViewMachine> = {
  machine: parkInvokes(moneyRequestViewMachine, ['loadRequest', 'declineRequest', 'cancelRequest', 'blockRequester']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof moneyRequestViewMachine,
  variants: [{ name: 'request 7', input: { id: '7' } }],
  events: [
    ...Object.values(moneyRequestViewEvents),
    doneEvent('loadRequest', { ok: true, data: sampleReceivedRequest }),
    doneEvent('loadRequest', { ok: true, data: sampleAskedRequest }),
    doneEvent('loadRequest', { ok: true, data: samplePaid }),
    doneEvent('loadRequest', { ok: true, data: sampleDeclined }),
    doneEvent('loadRequest', refusal('REQ10003')),
    doneEvent('loadRequest', refusal('AGW50000')),
    errorEvent('loadRequest', new Error('network down')),
    doneEvent('payment', { ok: true, data: samplePaidReceipt }),
    doneEvent('payment', refusal('REQ10004', 'paid')),
    doneEvent('payment', refusal('REQ10003')),
    doneEvent('payment', refusal('FND10001')),
    // never sent by this child; its answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
    doneEvent('declineRequest', { ok: true, data: sampleDeclined }),
    doneEvent('declineRequest', refusal('REQ10004', 'cancelled')),
    doneEvent('declineRequest', refusal('AGW50000')),
    errorEvent('declineRequest', new Error('network down')),
    doneEvent('cancelRequest', { ok: true, data: { ...sampleAskedRequest, status: 'cancelled', closedAt: '2026-11-27T09:00:00.000Z' } }),
    doneEvent('cancelRequest', refusal('REQ10004', 'paid')),
    doneEvent('cancelRequest', refusal('AGW50000')),
    errorEvent('cancelRequest', new Error('network down')),
    doneEvent('blockRequester', { ok: true, data: sampleBlocked }),
    doneEvent('blockRequester', { ok: true, data: sampleReceivedRequest }),
    doneEvent('blockRequester', refusal('REQ10003')),
    errorEvent('blockRequester', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.request?.role ?? null, c.request?.status ?? null, c.request?.requesterBlocked ?? null, c.errorCode, c.receipt !== null]);
  },
};
