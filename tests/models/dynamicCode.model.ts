import { dynamicCodeMachine, type DynamicCodeEvent } from '../../machines/dynamicCode.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { samplePayload } from './scanner.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

// five minutes from now, as the server gives one: the screen counts down from it
export const sampleDynamicCode = { serial: 'DY0123456789AB', payload: samplePayload, amount: 125_000, expiresAt: new Date(Date.now() + 5 * 60_000).toISOString() };
export const samplePayment = {
  paymentId: '901', voucherNo: 'V202603140001', tradeNo: 'OP202603140000000077', storeId: '31', storeName: 'Loja Central', serial: 'DY0123456789AB',
  method: 'dynamic' as const, amount: 125_000, charge: 625, net: 124_375, payerMasked: 'Ana M*** D***', at: '2026-03-14T09:05:00.000Z',
};

/** How the person leaves the till's amount step, the same in both modes (the amount itself is the amountEntry child's). */
export const amountStepEvents = {
  'cashier.again': { type: 'cashier.again' },
} as const;
/** What the amount child ends with in both modes: 1 250,00 Kz, as typed. */
export const tillAmount = { amount: 125_000, amountText: '1 250,00' };

export const dynamicCodeUserEvents = {
  ...amountStepEvents,
  'code.cancelled': { type: 'code.cancelled' },
  'code.renewed': { type: 'code.renewed' },
} satisfies Record<DynamicCodeEvent['type'], DynamicCodeEvent>;

/** The one-time code at the till of store 31 with its calls parked (the amount child's end fed as `xstate.done.actor.amountEntry`); the polls' delays are fed as their `xstate.after` events. */
export const dynamicCodeModel: FlowModel<typeof dynamicCodeMachine> = {
  machine: parkInvokes(dynamicCodeMachine, ['createCode', 'queryCode']),
  variants: [{ name: 'pt', input: { language: 'pt', storeId: '31' } }],
  events: [
    ...Object.values(dynamicCodeUserEvents),
    doneEvent('amountEntry', tillAmount),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('createCode', { ok: true, data: sampleDynamicCode }),
    doneEvent('createCode', refusal('MCH10005')),
    errorEvent('createCode', new Error('network down')),
    afterEvent('pollInterval', 'dynamicCode.showing.waiting'),
    afterEvent('pollInterval', 'dynamicCode.showing.trouble'),
    doneEvent('queryCode', { ok: true, data: { state: 'waiting', payment: null } }),
    doneEvent('queryCode', { ok: true, data: { state: 'paid', payment: samplePayment } }),
    doneEvent('queryCode', { ok: true, data: { state: 'expired', payment: null } }),
    doneEvent('queryCode', refusal('MCH10004')),
    errorEvent('queryCode', new Error('network down')),
  ],
  // the facts the guards and the screen read
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.amountText, c.code !== null, c.payment !== null, c.amountRefusal]);
  },
};
