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
  /** The price. */
  amount: cents,
  /** What left the member's available balance: the price less any discount, coupon and the part paid with cashback. */
  paid: cents,
  /** The cashback this payment credited to the member's cashback account (0: none). */
  cashback: cents,
  /** The part of the price paid from the member's cashback account (a cashback deduction policy; 0 or absent: none). */
  cashbackPaid: cents.optional(),
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
 * confirmation expired or was for another payment; the promotions' (README "Promotions"):
 * PRM10001 the quote changed since `payable` / `cashback` were shown (subMsg: the new payable;
 * quote again), PRM10002 a coupon's stock ran out, PRM10003 a campaign's budget ran out, PRM10004
 * the member's limit of a promotion was reached, PRM10005 the coupon was used meanwhile, PRM10006
 * the merchant's settlement cannot fund its cashback. `payable`: what the quote said the member
 * pays (left out: the price, `amount`); `cashback`: the cashback it showed (left out: not checked);
 * `cashbackPaid`: the part it said is paid with cashback (machines' `quotedFigures`; left out: none, 0) —
 * any difference from the payment's own split is PRM10001, nothing moved.
 */
export const payMerchant = defineService({
  name: 'pay/merchant/pay',
  audience: 'member',
  request: z.object({ serial: codeSerial, amount: positiveAmount, payToken: z.string().min(20).max(128), payable: positiveAmount.optional(), cashback: cents.optional(), cashbackPaid: cents.optional() }),
  response: merchantReceipt,
});

/**
 * A promotion's or an earned draw's part in a payment (server/merchantPayment/extensions.ts): a
 * discount or a coupon lowers what the member pays (`amount` is what it takes off), a cashback
 * deduction is the part of the price paid from the member's cashback balance instead of the
 * available one (the merchant still receives it), cashback is credited to the member after paying,
 * a draw is the lottery's draws the payment earns (`amount` counts draws, never money). `reference`
 * names what gave it: `discount:<policy id>`, `coupon:<the member's coupon id>`,
 * `cashbackDeduction:<policy id>`, `cashback:<policy id>`, `lottery:<activity id>`
 * (server/db/migrations/028_promotions.sql, 030_cashback_deduction.sql, 032_lottery.sql).
 */
export const paymentAdjustment = z.object({
  /** The extension that gave it (PAYMENT_EXTENSIONS' name). */
  extension: z.string(),
  kind: z.enum(['discount', 'coupon', 'cashbackDeduction', 'cashback', 'draw']),
  amount: cents,
  reference: z.string().nullable(),
});
export type PaymentAdjustment = z.infer<typeof paymentAdjustment>;

/** An adjustment as the member is shown it: with the name of the policy or coupon that gave it (null: gone since). */
export const quotedAdjustment = paymentAdjustment.extend({ name: z.string().nullable() });
export type QuotedAdjustment = z.infer<typeof quotedAdjustment>;

/**
 * What paying will come to, before the pay password: for a scanned code (the amount the payer
 * typed; a dynamic code's own amount if left out) or for a cashier's charge on the member's payment
 * code (`chargeId`). The same module posts exactly these figures when the member pays
 * (server/merchantPayment/). `amount` is the price, `adjustments` the promotions (each named),
 * `payable` what leaves the member's available balance (a `cashbackDeduction` adjustment is paid
 * from the cashback balance instead), `cashback` what comes back. The merchant's service
 * charge is the merchant's business with the platform and never shown to the payer (it is borne by
 * the merchant, never added to the price). Refusals: the code's (resolveCode's, for the serial as typed), MCH10011 an
 * amount not a dynamic code's, MCH10014 one's own merchant, MCH10013 a charge not the member's or
 * no longer waiting, MCH10008 one past its window; AGW10003 `amount` for a static code without one.
 * A group package (`packageId`, README "Group purchases") is quoted the same way, its group price as
 * the amount: GRP10006 unknown, GRP10007 not on sale now, GRP10008 sold out, MCH10005 its store closed.
 */
export const quoteMerchantPayment = defineService({
  name: 'pay/merchant/quote',
  audience: 'member',
  request: z.union([
    z.object({ serial: codeSerial, amount: positiveAmount.optional() }).strict(),
    z.object({ chargeId: z.string().regex(/^\d{1,18}$/) }).strict(),
    // a group package the member buys (README "Group purchases"): its group price, method groupPackage
    z.object({ packageId: z.string().regex(/^\d{1,18}$/) }).strict(),
  ]),
  response: z.object({
    method: z.enum(['static', 'dynamic', 'paymentCode', 'groupPackage']),
    serial: codeSerial.nullable(),
    chargeId: z.string().nullable(),
    merchantName: z.string(),
    storeName: z.string(),
    mcc: merchantCategoryCode,
    amount: cents,
    adjustments: z.array(quotedAdjustment),
    payable: cents,
    /** The cashback the member will get (the cashback adjustments' sum): sent back with `payable` when paying. */
    cashback: cents,
    /** A dynamic code's or a charge's end, a group package's validity end (its voucher's); null for a static code. */
    expiresAt: z.string().nullable(),
  }),
});
export type MerchantQuote = z.infer<typeof quoteMerchantPayment.response>;

/**
 * The last stores this member paid by scanning (up to 5 distinct, newest first), as shortcuts: the
 * store's own static code (ST…), which belongs to that store for good (a printed sticker can be
 * unbound and bound elsewhere, so its serial is never offered). Opening one resolves that code as a
 * typed serial: the merchant and store are shown again before any amount is asked. `serial` is null
 * when the store has no code of its own to open (the member scans the code at the till).
 */
export const recentMerchants = defineService({
  name: 'pay/merchant/recentMerchants',
  audience: 'member',
  request: z.object({}),
  response: z.object({ stores: z.array(z.object({ storeId: z.string(), storeName: z.string(), merchantName: z.string(), serial: codeSerial.nullable() })) }),
});
