import { UNREACHABLE } from '../../machines/outcome.ts';
import { refundMachine, type RecordDetail, type RefundEvent } from '../../machines/refund.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';
import { record } from './records.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** The owner's record of 1 500 Kz with 500 Kz refunded already (1 000 Kz left), and the same record as a clerk reads it. */
export const ownerDetail: RecordDetail = {
  ...record('51', { state: 'partlyRefunded', refunded: 50_000, net: 99_500 }),
  refunds: [{ refundId: '4', amount: 50_000, chargeReturned: 250, at: '2026-03-14T10:00:00.000Z' }],
  refundable: 100_000, role: 'owner',
};
export const clerkDetail: RecordDetail = { ...ownerDetail, role: 'clerk' };
export const refundAnswer = { refundId: '5', refundNo: 'RF00000000000005', recordId: '51', amount: 100_000, chargeReturned: 500, refunded: 150_000, state: 'refunded' as const, at: '2026-03-14T11:00:00.000Z' };

export const refundUserEvents = {
  'record.retry': { type: 'record.retry' },
  'refund.started': { type: 'refund.started' },
  'amount.all': { type: 'amount.all' },
  'refund.cancelled': { type: 'refund.cancelled' },
  'payment.cancelled': { type: 'payment.cancelled' },
} satisfies Record<RefundEvent['type'], RefundEvent>;

/**
 * The refund chart with its call parked; the payment child runs as the real chart with its calls
 * parked, the amount child as in its own model; their ends are fed as `xstate.done.actor.<child>`.
 */
export const refundModel: FlowModel<typeof refundMachine> = {
  machine: parkInvokes(refundMachine, ['loadRecord']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof refundMachine,
  variants: [{ name: 'pt', input: { recordId: '51', language: 'pt' } }],
  events: [
    ...Object.values(refundUserEvents),
    doneEvent('loadRecord', { ok: true, data: ownerDetail }),
    doneEvent('loadRecord', { ok: true, data: clerkDetail }),
    doneEvent('loadRecord', refusal('STF10013')),
    errorEvent('loadRecord', new Error('network down')),
    doneEvent('amountEntry', { amount: 40_000, amountText: '400' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('payment', { ok: true, data: refundAnswer }),
    doneEvent('payment', refusal('STF10012', '50000')),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('STF10013')),
    // never sent by this child; its answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.record?.role ?? null, c.amountText, c.amount, c.amountRefusal, c.errorCode, c.refund !== null]);
  },
};
