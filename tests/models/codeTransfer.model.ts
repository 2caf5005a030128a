import { codeTransferMachine, type CodeTransferEvent } from '../../machines/codeTransfer.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';
import { sampleAssets } from './transfer.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleCodeToken = 'Qm9vLXRva2VuLXJlY2Vpdm';
export const sampleStandingCode = { maskedName: 'Ana M*** D***', kind: 'standing', amount: null, note: null } as const;
export const sampleOneTimeCode = { maskedName: 'Ana M*** D***', kind: 'oneTime', amount: 250_000, note: '2 kg de peixe' } as const;
export const sampleCodeReceipt = { transferId: '77', amount: 50_000, available: 4_950_000, maskedName: 'Ana M*** D***', at: '2026-11-27T09:05:00.000Z' };

export const codeTransferUserEvents = {
  'assets.retry': { type: 'assets.retry' },
  'code.retry': { type: 'code.retry' },
  'payee.confirmed': { type: 'payee.confirmed' },
  'note.changed': { type: 'note.changed', value: 'Corrida ao Kinaxixi' },
  'amount.back': { type: 'amount.back' },
  'payment.cancelled': { type: 'payment.cancelled' },
} satisfies Record<CodeTransferEvent['type'], CodeTransferEvent>;

/**
 * The code transfer with its calls parked; the payment child runs as the real chart with its own
 * calls parked, the amount child as in its own model, their ends fed as `xstate.done.actor.<child>`.
 */
export const codeTransferModel: FlowModel<typeof codeTransferMachine> = {
  machine: parkInvokes(codeTransferMachine, ['loadAssets', 'resolveCode']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof codeTransferMachine,
  variants: [{ name: 'pt', input: { language: 'pt', token: sampleCodeToken } }],
  events: [
    ...Object.values(codeTransferUserEvents),
    doneEvent('loadAssets', { ok: true, data: sampleAssets }),
    doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }),
    doneEvent('loadAssets', refusal('AGW50000')),
    errorEvent('loadAssets', new Error('network down')),
    doneEvent('resolveCode', { ok: true, data: sampleStandingCode }),
    doneEvent('resolveCode', { ok: true, data: sampleOneTimeCode }),
    doneEvent('resolveCode', refusal('RCV10003')),
    errorEvent('resolveCode', new Error('network down')),
    doneEvent('amountEntry', { amount: 50_000, amountText: '500' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('payment', { ok: true, data: sampleCodeReceipt }),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('FND10003', 'daily')),
    doneEvent('payment', refusal('FND10004')),
    doneEvent('payment', refusal('RCV10004')),
    // never sent by this child; its answer protocol allows it
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.code?.kind ?? null, c.amount, c.amountRefusal, c.receipt !== null, c.available, c.note]);
  },
};
