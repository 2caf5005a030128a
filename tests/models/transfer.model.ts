import { transferMachine, type TransferEvent } from '../../machines/transfer.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { payeeCheckMachine } from '../../machines/payeeCheck.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';
import { payeeCheckModel, samplePayee } from './payeeCheck.model.ts';

export { samplePayee };

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleAssets = { available: 5_000_000, frozen: 20_000, cashbackTotal: 1_500, accountLevel: 'III', verified: true };
export const sampleReceipt = { transferId: '42', amount: 125_000, available: 4_875_000, maskedName: 'Bruno M*** D***', at: '2026-03-14T09:05:00.000Z' };

export const transferUserEvents = {
  'assets.retry': { type: 'assets.retry' },
  'payee.changeRequested': { type: 'payee.changeRequested' },
  'note.changed': { type: 'note.changed', value: 'Renda de março' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'transfer.restarted': { type: 'transfer.restarted' },
} satisfies Record<TransferEvent['type'], TransferEvent>;

/**
 * The transfer chart with its calls parked; the payee and payment children run as the real charts
 * with their own calls parked (the number field; "preparing the keypad"), the amount child as in
 * its own model, and their ends are fed to the parent as `xstate.done.actor.<child>`, as the child
 * would send them (the person's part in the payee and the amount is their own models' and screen tests').
 */
export const transferModel: FlowModel<typeof transferMachine> = {
  machine: parkInvokes(transferMachine, ['loadAssets']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine, payeeCheck: payeeCheckModel.machine as typeof payeeCheckMachine },
  } as never) as typeof transferMachine,
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(transferUserEvents),
    doneEvent('loadAssets', { ok: true, data: sampleAssets }),
    doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }),
    doneEvent('loadAssets', refusal('AGW50000')),
    errorEvent('loadAssets', new Error('network down')),
    doneEvent('payeeCheck', samplePayee),
    errorEvent('payeeCheck', new Error('child failed')),
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
    return JSON.stringify([snapshot.value, c.mobile, c.payeeProblem, c.amount, c.amountRefusal, c.payee !== null, c.receipt !== null, c.available]);
  },
};
