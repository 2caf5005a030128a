import { scanToPayMachine, type ScanToPayEvent } from '../../machines/scanToPay.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { scannerMachine } from '../../machines/scanner.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { paymentModel } from './payment.model.ts';
import { samplePayload } from './scanner.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleAssets = { available: 5_000_000, frozen: 0, cashbackTotal: 0, accountLevel: 'III', verified: true };
export const sampleStaticCode = { serial: 'ST00000000004', kind: 'static' as const, merchantName: 'Comercial Kianda, Lda', storeName: 'Loja Central', mcc: '5411', amount: null, expiresAt: null };
export const sampleDynamicCode = { ...sampleStaticCode, serial: 'DY0000000000000007', kind: 'dynamic' as const, amount: 250_000, expiresAt: '2026-03-14T09:10:00.000Z' };
export const sampleMerchantReceipt = {
  paymentId: '31', voucherNo: 'MP20260314000031', merchantName: 'Comercial Kianda, Lda', storeName: 'Loja Central', amount: 125_000, available: 4_875_000, at: '2026-03-14T09:05:00.000Z',
};

export const scanToPayUserEvents = {
  'assets.retry': { type: 'assets.retry' },
  'scan.again': { type: 'scan.again' },
  'resolve.retry': { type: 'resolve.retry' },
  'payment.cancelled': { type: 'payment.cancelled' },
} satisfies Record<ScanToPayEvent['type'], ScanToPayEvent>;

/**
 * The scan-to-pay chart with its calls parked; the scanner and payment children run as the real
 * charts with their own calls parked (asking for the camera; preparing the keypad), the amount
 * child as in its own model, and their outcomes are fed as `xstate.done.actor.<child>`.
 */
export const scanToPayModel: FlowModel<typeof scanToPayMachine> = {
  machine: parkInvokes(scanToPayMachine, ['loadAssets', 'resolveCode']).provide({
    actors: {
      scanner: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto']),
      payment: paymentModel.machine as typeof paymentMachine,
    },
  } as never) as typeof scanToPayMachine,
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(scanToPayUserEvents),
    doneEvent('loadAssets', { ok: true, data: sampleAssets }),
    doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }),
    doneEvent('loadAssets', refusal('AGW50000')),
    errorEvent('loadAssets', new Error('network down')),
    doneEvent('scanner', { text: samplePayload, source: 'camera' }),
    doneEvent('scanner', { text: 'hello', source: 'photo' }),
    // a staff invitation's QR: the link the merchant's phone shows
    doneEvent('scanner', { text: `https://carteira.example.ao/app/invitation/${'Ab3_-'.repeat(8)}xyz`, source: 'camera' }),
    errorEvent('scanner', new Error('child failed')),
    doneEvent('resolveCode', { ok: true, data: sampleStaticCode }),
    doneEvent('resolveCode', { ok: true, data: sampleDynamicCode }),
    doneEvent('resolveCode', refusal('MCH10007')),
    doneEvent('resolveCode', refusal('MCH10014')),
    doneEvent('resolveCode', refusal('AGW50000')),
    errorEvent('resolveCode', new Error('network down')),
    doneEvent('amountEntry', { amount: 125_000, amountText: '1 250,00' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('payment', { ok: true, data: sampleMerchantReceipt }),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('FND10003', 'daily')),
    doneEvent('payment', refusal('FND10004')),
    doneEvent('payment', refusal('MCH10009')),
    errorEvent('payment', new Error('child failed')),
  ],
  // the facts the guards and the screen read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.code?.kind ?? null, c.amountText, c.amount, c.amountRefusal, c.errorCode, c.receipt !== null, c.available, c.verified]);
  },
};
