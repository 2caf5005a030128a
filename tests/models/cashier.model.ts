import { cashierMachine, type CashierEvent } from '../../machines/cashier.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { codeChargeModel } from './codeCharge.model.ts';
import { dynamicCodeModel } from './dynamicCode.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleStores = [
  { storeId: '31', name: 'Loja Central', merchantName: 'Loja Demo' },
  { storeId: '33', name: 'Loja Talatona', merchantName: 'Loja Demo Talatona' },
];

export const cashierUserEvents = {
  'stores.retry': { type: 'stores.retry' },
  'store.chosen': { type: 'store.chosen', storeId: '31' },
  'store.change': { type: 'store.change' },
  'mode.dynamic': { type: 'mode.dynamic' },
  'mode.scan': { type: 'mode.scan' },
  'cashier.again': { type: 'cashier.again' },
} satisfies Record<CashierEvent['type'], CashierEvent>;

/**
 * The till with its calls parked; each mode's child runs as in its own model (its calls parked),
 * and its end — the person starting again — is fed as `xstate.done.actor.dynamicCode` or
 * `xstate.done.actor.codeCharge`.
 */
export const cashierModel: FlowModel<typeof cashierMachine> = {
  machine: parkInvokes(cashierMachine, ['loadStores']).provide({
    actors: { dynamicCode: dynamicCodeModel.machine, codeCharge: codeChargeModel.machine },
  } as never) as typeof cashierMachine,
  variants: [
    { name: 'pt', input: { language: 'pt' } },
    { name: 'pt, a store in the address', input: { language: 'pt', storeId: '33' } },
  ],
  events: [
    ...Object.values(cashierUserEvents),
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
    // each mode ends when the person starts again (its own model covers its states)
    doneEvent('dynamicCode', undefined),
    errorEvent('dynamicCode', new Error('child failed')),
    doneEvent('codeCharge', undefined),
    errorEvent('codeCharge', new Error('child failed')),
  ],
  // the facts the guards and the screen read
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.stores.length, c.storeId, c.errorCode]);
  },
};
