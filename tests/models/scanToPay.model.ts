import { scanToPayMachine, type ScanToPayEvent } from '../../machines/scanToPay.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { scannerMachine } from '../../machines/scanner.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { paymentModel } from './payment.model.ts';
import { encodeCollectionCode } from '../../services/emvco.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleAssets = { available: 5_000_000, frozen: 0, cashbackTotal: 0, accountLevel: 'III', verified: true };
export const sampleStaticCode = { serial: 'ST00000000004', kind: 'static' as const, merchantName: 'Comercial Kianda, Lda', storeName: 'Loja Central', mcc: '5411', amount: null, expiresAt: null };
export const sampleDynamicCode = { ...sampleStaticCode, serial: 'DY0000000000000007', kind: 'dynamic' as const, amount: 250_000, expiresAt: '2026-03-14T09:10:00.000Z' };
export const sampleMerchantReceipt = {
  paymentId: '31', voucherNo: 'MP20260314000031', merchantName: 'Comercial Kianda, Lda', storeName: 'Loja Central', amount: 125_000, paid: 125_000, cashback: 0, available: 4_875_000, at: '2026-03-14T09:05:00.000Z',
};
/** A quote with nothing off and nothing back: the pay password comes straight after it. */
export const samplePlainQuote = { amount: 125_000, adjustments: [], payable: 125_000, cashback: 0 };
/** A quote with a discount, the member's coupon and cashback, each named, and a coupon it earns. */
export const samplePromotedQuote = {
  amount: 125_000,
  adjustments: [
    { extension: 'discount', kind: 'discount' as const, amount: 5_000, reference: 'discount:3', name: 'Semana do cliente' },
    { extension: 'coupon', kind: 'coupon' as const, amount: 10_000, reference: 'coupon:8', name: 'Menos 100 Kz' },
    { extension: 'cashback', kind: 'cashback' as const, amount: 11_000, reference: 'cashback:2', name: 'Dez por cento' },
    { extension: 'coupon', kind: 'coupon' as const, amount: 0, reference: 'grant:9', name: 'Volte sempre' },
  ],
  payable: 110_000,
  cashback: 11_000,
};
/** A quote whose payable is more than the sample balance (a price the member cannot afford even with its discount). */
export const sampleShortQuote = { amount: 6_000_000, adjustments: [], payable: 6_000_000, cashback: 0 };

/** A store's printed code as the camera reads it (this wallet's EMVCo payload, its CRC right). */
export const sampleCollectionPayload = encodeCollectionCode({ kind: 'static', serial: sampleStaticCode.serial, mcc: '5411', merchantName: 'Comercial Kianda, Lda', city: 'Luanda', storeLabel: 'Loja Central' });
/** A staff invitation's QR: the link the merchant's phone shows. */
export const sampleInvitationLink = `https://carteira.example.ao/app/invitation/${'Ab3_-'.repeat(8)}xyz`;

export const sampleRecentStores = [
  { storeId: '4', storeName: 'Loja Central', merchantName: 'Comercial Kianda, Lda', serial: 'ST00000000004' },
  { storeId: '9', storeName: 'Cantina da Tia', merchantName: 'Cantina da Tia', serial: null },
];

export const scanToPayUserEvents = {
  'assets.retry': { type: 'assets.retry' },
  'scan.again': { type: 'scan.again' },
  'resolve.retry': { type: 'resolve.retry' },
  'quote.accept': { type: 'quote.accept' },
  'quote.retry': { type: 'quote.retry' },
  'amount.change': { type: 'amount.change' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'shortcut.picked': { type: 'shortcut.picked', serial: 'ST00000000004' },
} satisfies Record<ScanToPayEvent['type'], ScanToPayEvent>;

/**
 * The scan-to-pay chart with its calls parked; the scanner and payment children run as the real
 * charts with their own calls parked (asking for the camera; preparing the keypad), the amount
 * child as in its own model, and their outcomes are fed as `xstate.done.actor.<child>`.
 */
export const scanToPayModel: FlowModel<typeof scanToPayMachine> = {
  machine: parkInvokes(scanToPayMachine, ['loadAssets', 'resolveCode', 'quote', 'recentMerchants']).provide({
    actors: {
      scanner: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto', 'torch']),
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
    doneEvent('scanner', { text: sampleCollectionPayload, source: 'camera' }),
    // no kind of code the wallet knows (src/scan/kinds.ts)
    doneEvent('scanner', { text: 'hello', source: 'photo' }),
    // a staff invitation's QR: the link the merchant's phone shows
    doneEvent('scanner', { text: sampleInvitationLink, source: 'camera' }),
    errorEvent('scanner', new Error('child failed')),
    doneEvent('recentMerchants', { ok: true, data: { stores: sampleRecentStores } }),
    doneEvent('recentMerchants', refusal('AGW50000')),
    errorEvent('recentMerchants', new Error('network down')),
    doneEvent('resolveCode', { ok: true, data: sampleStaticCode }),
    doneEvent('resolveCode', { ok: true, data: sampleDynamicCode }),
    // the code's own refusals, each routed by name
    ...['MCH10005', 'MCH10006', 'MCH10007', 'MCH10008', 'MCH10009', 'MCH10011', 'MCH10014'].map((code) => doneEvent('resolveCode', refusal(code))),
    doneEvent('resolveCode', refusal('AGW50000')),
    errorEvent('resolveCode', new Error('network down')),
    doneEvent('amountEntry', { amount: 125_000, amountText: '1 250,00' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('quote', { ok: true, data: samplePlainQuote }),
    doneEvent('quote', { ok: true, data: samplePromotedQuote }),
    doneEvent('quote', { ok: true, data: sampleShortQuote }),
    // the code's own refusals meanwhile, each routed by name
    ...['MCH10005', 'MCH10006', 'MCH10007', 'MCH10008', 'MCH10009', 'MCH10011', 'MCH10014'].map((code) => doneEvent('quote', refusal(code))),
    doneEvent('quote', refusal('AGW50000')),
    errorEvent('quote', new Error('network down')),
    doneEvent('payment', { ok: true, data: sampleMerchantReceipt }),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('FND10003', 'daily')),
    doneEvent('payment', refusal('FND10004')),
    doneEvent('payment', refusal('MCH10009')),
    // the quote no longer holds: quoted again, with why
    ...['PRM10001', 'PRM10002', 'PRM10003', 'PRM10004', 'PRM10005'].map((code) => doneEvent('payment', refusal(code, '110000'))),
    doneEvent('payment', refusal('PRM10006')),
    // a child chart's answer that never came (the payment child settles its own: never, in practice)
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
  ],
  // the facts the guards and the screen read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.code?.kind ?? null, c.amountText, c.amount, c.amountRefusal, c.errorCode, c.quote?.payable ?? null, c.receipt !== null, c.available, c.verified, c.recentStores.length]);
  },
};
