import { transferMachine, type TransferEvent } from '../../machines/transfer.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { toNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleAssets = { available: 5_000_000, frozen: 20_000, cashbackTotal: 1_500, accountLevel: 'III', verified: true };
export const samplePayee = { maskedName: 'Bruno M*** D***', mobile: '+244943000002' };
export const sampleReceipt = { transferId: '42', amount: 125_000, available: 4_875_000, maskedName: 'Bruno M*** D***', at: '2026-03-14T09:05:00.000Z' };

export const samplePayees = {
  recent: [
    { mobile: '943000002', maskedName: 'Bruno M*** D***', maskedMobile: '9** *** 002', favouriteId: null },
    { mobile: '921000003', maskedName: 'Carla S*** T***', maskedMobile: '9** *** 003', favouriteId: '7' },
  ],
  favourites: [{ id: '7', mobile: '921000003', maskedName: 'Carla S*** T***', maskedMobile: '9** *** 003', nickname: 'Tia Carla' }],
};

export const transferUserEvents = {
  'assets.retry': { type: 'assets.retry' },
  'mobile.changed': { type: 'mobile.changed', value: '943000002' },
  'mobile.submitted': { type: 'mobile.submitted' },
  'payee.confirmed': { type: 'payee.confirmed' },
  'payee.changeRequested': { type: 'payee.changeRequested' },
  'note.changed': { type: 'note.changed', value: 'Renda de março' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'transfer.restarted': { type: 'transfer.restarted' },
  'payee.picked': { type: 'payee.picked', mobile: '943000002' },
  'favourite.starred': { type: 'favourite.starred', mobile: '943000002' },
  'favourite.unstarred': { type: 'favourite.unstarred', id: '7' },
  'favourite.renamed': { type: 'favourite.renamed', id: '7', nickname: ' Tia ' },
} satisfies Record<TransferEvent['type'], TransferEvent>;

/**
 * The transfer chart with its calls parked; the payment child runs as the real chart with its own
 * calls parked (it shows "preparing the keypad"), the amount child as in its own model, and their
 * ends are fed to the parent as `xstate.done.actor.<child>`, as the child would send them (the
 * person's part in the amount is its own model's and screen test's).
 */
export const transferModel: FlowModel<typeof transferMachine> = {
  machine: parkInvokes(transferMachine, ['loadAssets', 'queryPayee', 'loadPayees', 'changeFavourite']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof transferMachine,
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(transferUserEvents),
    { type: 'mobile.changed', value: '12345' } as TransferEvent,
    doneEvent('loadAssets', { ok: true, data: sampleAssets }),
    doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }),
    doneEvent('loadAssets', refusal('AGW50000')),
    errorEvent('loadAssets', new Error('network down')),
    doneEvent('loadPayees', { ok: true, data: samplePayees }),
    doneEvent('loadPayees', refusal('AGW50000')),
    errorEvent('loadPayees', new Error('network down')),
    doneEvent('changeFavourite', { ok: true, data: {} }),
    doneEvent('changeFavourite', refusal('PAY11002')),
    errorEvent('changeFavourite', new Error('network down')),
    doneEvent('queryPayee', { ok: true, data: samplePayee }),
    doneEvent('queryPayee', refusal('FND10005')),
    doneEvent('queryPayee', refusal('FND10006')),
    doneEvent('queryPayee', refusal('AGW10006')),
    errorEvent('queryPayee', new Error('network down')),
    doneEvent('amountEntry', { amount: 125_000, amountText: '1 250,00' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('payment', { ok: true, data: sampleReceipt }),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('FND10003', 'daily')),
    doneEvent('payment', refusal('FND10004')),
    doneEvent('payment', refusal('FND10005')),
    doneEvent('payment', refusal('FND10006')),
    // never sent by this child; its answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
  ],
  // the facts the guards read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, toNationalMobile(c.mobile) !== null, c.amount, c.amountRefusal, c.payee !== null, c.receipt !== null, c.available, c.payees.recent.length, c.favouriteError]);
  },
};
