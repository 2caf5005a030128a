import { transferMachine, type TransferEvent } from '../../machines/transfer.machine.ts';
import { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import { parseAmount } from '../../src/lib/money.ts';
import { toNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { samplePayToken } from './payConfirm.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleAssets = { available: 5_000_000, frozen: 20_000, cashbackTotal: 1_500, accountLevel: 'III', verified: true };
export const samplePayee = { maskedName: 'Bruno M*** D***', mobile: '+244943000002' };
export const sampleReceipt = { transferId: '42', amount: 125_000, available: 4_875_000, maskedName: 'Bruno M*** D***', at: '2026-03-14T09:05:00.000Z' };

export const transferUserEvents = {
  'assets.retry': { type: 'assets.retry' },
  'mobile.changed': { type: 'mobile.changed', value: '943000002' },
  'mobile.submitted': { type: 'mobile.submitted' },
  'payee.confirmed': { type: 'payee.confirmed' },
  'payee.changeRequested': { type: 'payee.changeRequested' },
  'amount.changed': { type: 'amount.changed', value: '1 250,00' },
  'note.changed': { type: 'note.changed', value: 'Renda de março' },
  'amount.submitted': { type: 'amount.submitted' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'payment.retry': { type: 'payment.retry' },
  'transfer.restarted': { type: 'transfer.restarted' },
} satisfies Record<TransferEvent['type'], TransferEvent>;

/**
 * The transfer chart with its calls parked; the pay confirmation child runs as the real chart with
 * its own calls parked (it shows "preparing the keypad"), and its outcome is fed to the parent as
 * `xstate.done.actor.payConfirm`, as the child would send it.
 */
export const transferModel: FlowModel<typeof transferMachine> = {
  machine: parkInvokes(transferMachine, ['loadAssets', 'queryPayee', 'doTransfer']).provide({
    actors: { payConfirm: parkInvokes(payConfirmMachine, ['getKeypad', 'checkPayPassword']) },
  } as never) as typeof transferMachine,
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(transferUserEvents),
    { type: 'mobile.changed', value: '12345' } as TransferEvent,
    { type: 'amount.changed', value: '12,345' } as TransferEvent,
    { type: 'amount.changed', value: '0' } as TransferEvent,
    { type: 'amount.changed', value: '90 000' } as TransferEvent,
    doneEvent('loadAssets', { ok: true, data: sampleAssets }),
    doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }),
    doneEvent('loadAssets', refusal('AGW50000')),
    errorEvent('loadAssets', new Error('network down')),
    doneEvent('queryPayee', { ok: true, data: samplePayee }),
    doneEvent('queryPayee', refusal('FND10005')),
    doneEvent('queryPayee', refusal('FND10006')),
    doneEvent('queryPayee', refusal('AGW10006')),
    errorEvent('queryPayee', new Error('network down')),
    doneEvent('payConfirm', { ok: true, payToken: samplePayToken }),
    doneEvent('payConfirm', { ok: false, code: 'PAY10002', detail: '30' }),
    doneEvent('payConfirm', { ok: false, code: 'PAY10006', detail: '' }),
    doneEvent('payConfirm', { ok: false, code: 'AGW50000', detail: '' }),
    errorEvent('payConfirm', new Error('child failed')),
    doneEvent('doTransfer', { ok: true, data: sampleReceipt }),
    doneEvent('doTransfer', refusal('FND10001')),
    doneEvent('doTransfer', refusal('FND10003', 'daily')),
    doneEvent('doTransfer', refusal('FND10004')),
    doneEvent('doTransfer', refusal('FND10005')),
    doneEvent('doTransfer', refusal('FND10006')),
    doneEvent('doTransfer', refusal('FND10008')),
    doneEvent('doTransfer', refusal('FND10002')),
    errorEvent('doTransfer', new Error('answer lost')),
  ],
  // the facts the guards read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const amount = parseAmount(c.amountText, c.language);
    const amountClass = amount === null ? 'unreadable' : amount === 0n ? 'zero' : amount > BigInt(c.available ?? 0) ? 'over' : 'ok';
    return JSON.stringify([snapshot.value, toNationalMobile(c.mobile) !== null, amountClass, c.payee !== null, c.payToken !== null, c.available]);
  },
};
