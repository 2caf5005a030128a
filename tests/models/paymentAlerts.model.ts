import { paymentAlertsMachine, type PaymentAlertsEvent } from '../../machines/paymentAlerts.machine.ts';
import type { AlertPayment } from '../../services/contract/paymentAlerts.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const alert = (id: string, amount: number, over: Partial<AlertPayment> = {}): AlertPayment => ({
  paymentId: id, storeId: '7', storeName: 'Loja Central', amount, at: '2026-03-14T09:05:00.000Z', ...over,
});
export const CURSOR_0 = 'v1.lz0.0';
export const arrivals = { payments: [alert('41', 150_000), alert('42', 2_500)], cursor: 'v1.lz0.15.1' };
export const quiet = { payments: [], cursor: 'v1.lz1.15.1' };

export const paymentAlertsUserEvents = {
  'voice.toggled': { type: 'voice.toggled' },
  'stream.retry': { type: 'stream.retry' },
  'payments.arrived': { type: 'payments.arrived', payments: [alert('43', 1_000)] },
} satisfies Record<PaymentAlertsEvent['type'], PaymentAlertsEvent>;

export const paymentAlertsModel: FlowModel<typeof paymentAlertsMachine> = {
  machine: parkInvokes(paymentAlertsMachine, ['waitAlerts']),
  variants: [
    { name: 'voice off', input: { voice: false } },
    { name: 'voice on', input: { voice: true } },
  ],
  events: [
    ...Object.values(paymentAlertsUserEvents),
    doneEvent('waitAlerts', { ok: true, data: { payments: [], cursor: CURSOR_0 } }),
    doneEvent('waitAlerts', { ok: true, data: arrivals }),
    doneEvent('waitAlerts', { ok: true, data: quiet }),
    doneEvent('waitAlerts', refusal('AGW10006')),
    doneEvent('waitAlerts', refusal('STF10009')),
    doneEvent('waitAlerts', refusal('MCH10003')),
    errorEvent('waitAlerts', new Error('network down')),
    afterEvent('backoff', 'paymentAlerts.stream.reconnecting'),
    afterEvent('pause', 'paymentAlerts.stream.crowded'),
  ],
  // what the guards and the screen read: whether a cursor exists, how many payments show, the refusal
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.cursor !== null, c.payments.length, c.errorCode, Math.min(c.attempt, 2)]);
  },
};
