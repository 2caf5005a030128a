import { cashierMachine, type CashierEvent } from '../../machines/cashier.machine.ts';
import { scannerMachine } from '../../machines/scanner.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { samplePayload } from './scanner.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleStores = [
  { storeId: '31', name: 'Loja Central', merchantName: 'Loja Demo' },
  { storeId: '33', name: 'Loja Talatona', merchantName: 'Loja Demo Talatona' },
];
export const sampleDynamicCode = { serial: 'DY0123456789AB', payload: samplePayload, amount: 125_000, expiresAt: '2099-01-01T00:05:00.000Z' };
export const samplePayment = {
  paymentId: '901', voucherNo: 'V202603140001', tradeNo: 'KW202603140000000077', storeId: '31', storeName: 'Loja Central', serial: 'DY0123456789AB',
  method: 'dynamic' as const, amount: 125_000, charge: 625, net: 124_375, payerMasked: 'Ana M*** D***', at: '2026-03-14T09:05:00.000Z',
};
export const samplePaymentCode = '281234567890123456';
const charge = (state: 'paid' | 'awaitingConfirmation' | 'refused' | 'expired', refusalCode: string | null = null) => ({
  chargeId: '77', state, amount: 125_000, payment: state === 'paid' ? { ...samplePayment, method: 'paymentCode' as const, serial: null } : null, refusalCode,
});
export const sampleCharges = { paid: charge('paid'), awaiting: charge('awaitingConfirmation'), refused: charge('refused', 'FND10001'), declined: charge('refused'), expired: charge('expired') };

export const cashierUserEvents = {
  'stores.retry': { type: 'stores.retry' },
  'store.chosen': { type: 'store.chosen', storeId: '31' },
  'store.change': { type: 'store.change' },
  'mode.dynamic': { type: 'mode.dynamic' },
  'mode.scan': { type: 'mode.scan' },
  'amount.changed': { type: 'amount.changed', value: '1 250,00' },
  'amount.submitted': { type: 'amount.submitted' },
  'code.cancelled': { type: 'code.cancelled' },
  'code.renewed': { type: 'code.renewed' },
  'scan.cancelled': { type: 'scan.cancelled' },
  'scan.again': { type: 'scan.again' },
  'charge.retry': { type: 'charge.retry' },
  'cashier.again': { type: 'cashier.again' },
} satisfies Record<CashierEvent['type'], CashierEvent>;

/**
 * The till with its calls parked; the scanner child runs as the real chart with its own calls
 * parked, and what it read is fed as `xstate.done.actor.scanner`; the polls' delays are fed as
 * their `xstate.after` events.
 */
export const cashierModel: FlowModel<typeof cashierMachine> = {
  machine: parkInvokes(cashierMachine, ['loadStores', 'createCode', 'queryCode', 'chargeCode', 'queryCharge']).provide({
    actors: { scanner: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto']) },
  } as never) as typeof cashierMachine,
  variants: [
    { name: 'pt', input: { language: 'pt' } },
    { name: 'pt, a store in the address', input: { language: 'pt', storeId: '33' } },
  ],
  events: [
    ...Object.values(cashierUserEvents),
    { type: 'amount.changed', value: '12,345' } as CashierEvent,
    { type: 'amount.changed', value: '0' } as CashierEvent,
    { type: 'amount.changed', value: '99 999 999 999' } as CashierEvent,
    doneEvent('loadStores', { ok: true, data: { role: 'owner', stores: sampleStores } }),
    doneEvent('loadStores', { ok: true, data: { role: 'owner', stores: sampleStores.slice(0, 1) } }),
    doneEvent('loadStores', { ok: true, data: { role: 'owner', stores: [] } }),
    doneEvent('loadStores', { ok: true, data: { role: 'clerk', stores: sampleStores.slice(0, 1) } }),
    // a clerk whose store (or its merchant) is closed, and a clerk removed since
    doneEvent('loadStores', { ok: true, data: { role: 'clerk', stores: [] } }),
    doneEvent('loadStores', refusal('STF10009')),
    doneEvent('loadStores', refusal('MCH10003')),
    doneEvent('loadStores', refusal('AGW50000')),
    errorEvent('loadStores', new Error('network down')),
    doneEvent('createCode', { ok: true, data: sampleDynamicCode }),
    doneEvent('createCode', refusal('MCH10005')),
    errorEvent('createCode', new Error('network down')),
    afterEvent('pollInterval', 'cashier.dynamic.showing.waiting'),
    afterEvent('pollInterval', 'cashier.dynamic.showing.trouble'),
    doneEvent('queryCode', { ok: true, data: { state: 'waiting', payment: null } }),
    doneEvent('queryCode', { ok: true, data: { state: 'paid', payment: samplePayment } }),
    doneEvent('queryCode', { ok: true, data: { state: 'expired', payment: null } }),
    doneEvent('queryCode', refusal('MCH10004')),
    errorEvent('queryCode', new Error('network down')),
    doneEvent('scanner', { text: samplePaymentCode, source: 'camera' }),
    doneEvent('scanner', { text: samplePayload, source: 'camera' }),
    errorEvent('scanner', new Error('child failed')),
    doneEvent('chargeCode', { ok: true, data: sampleCharges.paid }),
    doneEvent('chargeCode', { ok: true, data: sampleCharges.awaiting }),
    doneEvent('chargeCode', { ok: true, data: sampleCharges.expired }),
    doneEvent('chargeCode', refusal('MCH10008')),
    errorEvent('chargeCode', new Error('answer lost')),
    afterEvent('pollInterval', 'cashier.charging.awaiting.waiting'),
    afterEvent('pollInterval', 'cashier.charging.awaiting.trouble'),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.awaiting }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.paid }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.refused }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.declined }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.expired }),
    doneEvent('queryCharge', refusal('MCH10004')),
    errorEvent('queryCharge', new Error('network down')),
  ],
  // the facts the guards and the screen read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.stores.length, c.storeId, c.amountText, c.code !== null, c.charge?.state ?? null, c.payment !== null, c.errorCode, c.requestNo !== null]);
  },
};
