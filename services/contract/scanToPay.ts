import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { codeSerial, merchantCategoryCode, positiveAmount, scannedCode } from './merchantShared.ts';

/**
 * What a scanned (or typed) collection code pays: the merchant's verified name, the store, the
 * category, and the amount of a dynamic code. Refusals: MCH10006 an unknown code or not this
 * wallet's (EMVCo payload refused: wrong CRC, another currency…), MCH10007 a sticker not bound to
 * a store, MCH10008 an expired dynamic code, MCH10009 one already paid, MCH10005 a closed store.
 */
export const resolveCode = defineService({
  name: 'pay/merchant/resolveCode',
  audience: 'member',
  request: z.object({ code: scannedCode }),
  response: z.object({
    serial: codeSerial,
    kind: z.enum(['static', 'dynamic']),
    merchantName: z.string(),
    storeName: z.string(),
    mcc: merchantCategoryCode,
    /** A dynamic code's fixed amount; null: the payer types it. */
    amount: cents.nullable(),
    expiresAt: z.string().nullable(),
  }),
});

export const merchantReceipt = z.object({
  paymentId: z.string(),
  voucherNo: z.string(),
  merchantName: z.string(),
  storeName: z.string(),
  amount: cents,
  available: cents,
  at: z.string(),
});
export type MerchantReceipt = z.infer<typeof merchantReceipt>;

/**
 * Pays a merchant through a collection code. `payToken` from checkPayPwd with purpose
 * `{service: 'pay/merchant/pay', amount, counterparty: serial}`. A money call, idempotent on
 * requestNo (a lost answer retried with it never pays twice). Refusals: the resolveCode ones,
 * MCH10011 an amount that differs from a dynamic code's, MCH10014 paying one's own store,
 * FND10001 not enough money, FND10003 a level limit, FND10004 not verified, FND10008 the pay
 * confirmation expired or was for another payment.
 */
export const payMerchant = defineService({
  name: 'pay/merchant/pay',
  audience: 'member',
  request: z.object({ serial: codeSerial, amount: positiveAmount, payToken: z.string().min(20).max(128) }),
  response: merchantReceipt,
});
