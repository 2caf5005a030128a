import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, positiveCents } from './shared.ts';
import { storeId } from './merchantShared.ts';
import { merchantReceipt } from './scanToPay.ts';
import { VOUCHER_STATES } from './values.ts';

/**
 * Group purchases (README "Group purchases"): a merchant's packages for a store — made, listed,
 * paused and ended by the owner (a clerk STF10010) — bought by members with the pay password as a
 * merchant payment (quoted with `pay/merchant/quote` and `{packageId}`, like every payment), each
 * purchase one voucher the member shows at the till, redeemed once by a clerk or the owner at one of
 * the merchant's stores. Figures are whole cêntimos or counts; what is out of range is the package's
 * refusal (GRP10001–GRP10004), not a malformed request, so a screen can say which field.
 */

const id = z.string().regex(/^\d{1,18}$/);
export const packageId = id;
const figure = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const when = z.string().datetime();
export const packageStatus = z.enum(['active', 'paused', 'ended']);
export const voucherState = z.enum(VOUCHER_STATES);
export type VoucherState = z.infer<typeof voucherState>;
/** What a voucher's QR carries, or a clerk types: `GV` and 20 digits (spaces and dashes allowed when typed). */
export const voucherCode = z.string().trim().min(1).max(64);

/**
 * A new package for one of the owner's stores (its own or a sub-merchant's; another merchant's
 * store MCH10004, a closed one MCH10005). Refusals, nothing written: GRP10001 a price not above 0 or
 * a group price not below the normal price, GRP10002 a stock not a whole number above 0, GRP10003
 * an end not after the start or already past, GRP10004 a name or content line empty; UPL10001 /
 * UPL10002 a photo that is not the owner's own image upload.
 */
export const saveGroupPackage = defineService({
  name: 'merchant/groupPackage/save',
  audience: 'member',
  request: z.object({
    storeId,
    name: z.string().max(60),
    /** One line per item ("2 pizzas grandes"); 1 to 20 lines. */
    content: z.array(z.string().max(120)).max(20),
    groupPrice: figure,
    normalPrice: figure,
    stock: figure,
    startsAt: when.optional(),
    endsAt: when,
    photoFileId: z.string().uuid().nullable().default(null),
  }).strict(),
  response: z.object({ packageId: id }),
});

/** A package as its merchant sees it: what it sold, what is left, what was redeemed or refunded. */
export const merchantGroupPackage = z.object({
  packageId: id,
  storeId,
  storeName: z.string(),
  name: z.string(),
  content: z.array(z.string()),
  groupPrice: cents,
  normalPrice: cents,
  stock: z.number().int(),
  /** What its slices still hold. */
  left: z.number().int(),
  sold: z.number().int(),
  redeemed: z.number().int(),
  refunded: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  photoFileId: z.string().nullable(),
  status: packageStatus,
});

/** The owner's packages (of one store, or all), newest first. */
export const listGroupPackages = defineService({
  name: 'merchant/groupPackage/list',
  audience: 'member',
  request: z.object({ storeId: storeId.optional() }).strict(),
  response: z.object({ packages: z.array(merchantGroupPackage) }),
});

/** Pauses, resumes or ends (for good) a package: MCH10004 not the owner's, GRP10005 ended already. Vouchers sold stay good until their end. */
export const setGroupPackageStatus = defineService({
  name: 'merchant/groupPackage/setStatus',
  audience: 'member',
  request: z.object({ packageId: id, status: packageStatus }).strict(),
  response: z.object({ packageId: id, status: packageStatus }),
});

/** A voucher as the member (and, redeeming it, the clerk) sees it. */
export const groupVoucher = z.object({
  voucherId: id,
  /** The code its QR carries: only while it can be used (unused, before its end); null otherwise. */
  code: z.string().nullable(),
  state: voucherState,
  packageId: id,
  packageName: z.string(),
  content: z.array(z.string()),
  storeId,
  storeName: z.string(),
  merchantName: z.string(),
  groupPrice: cents,
  normalPrice: cents,
  /** What the member paid (the group price less any discount or coupon). */
  paid: cents,
  paymentId: id,
  voucherNo: z.string(),
  boughtAt: z.string(),
  expiresAt: z.string(),
  redeemedAt: z.string().nullable(),
  redeemedStoreName: z.string().nullable(),
});
export type GroupVoucher = z.infer<typeof groupVoucher>;

/**
 * Buys a package: a merchant payment of its group price (quote it first with `pay/merchant/quote`
 * `{packageId}`), idempotent on requestNo. `payToken` from checkPayPwd with purpose `{service:
 * 'pay/groupPackage/buy', amount: the group price, counterparty: packageId}`; `payable` and
 * `cashback` what the quote showed (left out: the group price, cashback not checked), `cashbackPaid`
 * the part it said is paid with cashback (left out: none, 0). Refusals: the
 * quote's (GRP10006, GRP10007, MCH10005, MCH10014), GRP10008 sold out meanwhile, PRM10001–PRM10006
 * the promotions', FND10001 / FND10003 / FND10004 / FND10008 as every payment. Answers the receipt
 * and the voucher.
 */
export const buyGroupPackage = defineService({
  name: 'pay/groupPackage/buy',
  audience: 'member',
  request: z.object({ packageId: id, payToken: z.string().min(20).max(128), payable: positiveCents.optional(), cashback: cents.optional(), cashbackPaid: cents.optional() }).strict(),
  response: z.object({ receipt: merchantReceipt, voucher: groupVoucher }),
});

/** The member's packages with their vouchers, newest first (`state` filters). */
export const myGroupPackages = defineService({
  name: 'wallet/groupPackage/list',
  audience: 'member',
  request: z.object({ state: voucherState.optional() }).strict(),
  response: z.object({ vouchers: z.array(groupVoucher) }),
});

/**
 * What a scanned voucher is, at the till, before it is redeemed: the package's content (what to hand
 * over) and the payer masked. The same caller and the same refusals as `merchant/groupPackage/redeem`
 * (GRP10010–GRP10014), so the scanner screen says at once why a voucher cannot be used; nothing is written.
 */
export const lookUpGroupVoucher = defineService({
  name: 'merchant/groupPackage/voucher',
  audience: 'member',
  request: z.object({ storeId, code: voucherCode }).strict(),
  response: z.object({ voucher: groupVoucher, payerMasked: z.string() }),
});

/**
 * A clerk (at their store) or the owner (at any of its stores) redeems a voucher at the till,
 * once. Refusals: the till's (ROLE_RULES cashier: STF10009, MCH10003, MCH10004 a store not theirs),
 * GRP10010 no such voucher, GRP10011 another merchant's, GRP10012 used already, GRP10013 refunded,
 * GRP10014 expired. Answers the voucher (the package's content, what to hand over) and the payer
 * masked.
 */
export const redeemGroupVoucher = defineService({
  name: 'merchant/groupPackage/redeem',
  audience: 'member',
  request: z.object({ storeId, code: voucherCode }).strict(),
  response: z.object({ voucher: groupVoucher, payerMasked: z.string() }),
});
