import { voucherRedeemMachine, type TillVoucher, type VoucherRedeemEvent } from '../../machines/voucherRedeem.machine.ts';
import { scannerMachine } from '../../machines/scanner.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { samplePaymentCode } from './codeCharge.model.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const sampleVoucherCode = 'GV12345678901234567890';

/** A pizza night for two at Loja Central, bought by a member shown masked. */
export const sampleTillVoucher: TillVoucher = {
  voucher: {
    voucherId: '501', code: sampleVoucherCode, state: 'unused', packageId: '12', packageName: 'Noite da pizza para dois',
    content: ['2 pizzas grandes', '2 refrigerantes'], storeId: '31', storeName: 'Loja Central', merchantName: 'Comercial Demo, Lda',
    groupPrice: 900_000, normalPrice: 1_200_000, paid: 900_000, paymentId: '8801', voucherNo: 'P202603010001',
    boughtAt: '2026-03-01T10:00:00.000Z', expiresAt: '2026-03-31T22:59:59.000Z', redeemedAt: null, redeemedStoreName: null,
  },
  payerMasked: '923***456',
};
const redeemedVoucher: TillVoucher = { ...sampleTillVoucher, voucher: { ...sampleTillVoucher.voucher, code: null, state: 'redeemed', redeemedAt: '2026-03-02T19:00:00.000Z', redeemedStoreName: 'Loja Central' } };

export const voucherRedeemUserEvents = {
  'redeem.confirmed': { type: 'redeem.confirmed' },
  'redeem.retry': { type: 'redeem.retry' },
  'lookUp.retry': { type: 'lookUp.retry' },
  'scan.again': { type: 'scan.again' },
  'till.back': { type: 'till.back' },
} satisfies Record<VoucherRedeemEvent['type'], VoucherRedeemEvent>;

export const voucherRedeemResults = {
  found: doneEvent('lookUp', { ok: true, data: sampleTillVoucher }),
  usedAlready: doneEvent('lookUp', refusal('GRP10012')),
  lookUpLost: errorEvent('lookUp', new Error('network down')),
  redeemed: doneEvent('redeem', { ok: true, data: redeemedVoucher }),
  redeemedBefore: doneEvent('redeem', refusal('GRP10012')),
  redeemLost: errorEvent('redeem', new Error('answer lost')),
};

/**
 * A voucher at the till of store 31 (scanned there, or read by the cashier's scanner), and a member's
 * own scan of one (no store); the scanner child runs as the real chart with its calls parked, and what
 * it read is fed as `xstate.done.actor.scanner`.
 */
export const voucherRedeemModel: FlowModel<typeof voucherRedeemMachine> = {
  machine: parkInvokes(voucherRedeemMachine, ['lookUp', 'redeem']).provide({
    actors: { scanner: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto', 'torch']) },
  } as never) as typeof voucherRedeemMachine,
  variants: [
    { name: 'scanned at the till', input: { language: 'pt', storeId: '31' } },
    { name: 'read by the cashier', input: { language: 'pt', storeId: '31', code: 'gv 1234-5678-9012-3456-7890' } },
    { name: 'a member’s own scan', input: { language: 'pt', storeId: null, code: sampleVoucherCode } },
  ],
  events: [
    ...Object.values(voucherRedeemUserEvents),
    doneEvent('scanner', { text: sampleVoucherCode, source: 'camera' }),
    doneEvent('scanner', { text: samplePaymentCode, source: 'typed' }),
    errorEvent('scanner', new Error('child failed')),
    ...Object.values(voucherRedeemResults),
  ],
  // what the guards and the screen read: the code, what was found (and its state), the refusal
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.storeId, c.code, c.found?.voucher.state ?? null, c.errorCode]);
  },
};
