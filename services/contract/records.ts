import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, dateShortcut, isoDay } from './shared.ts';
import { codeSerial, storeId } from './merchantShared.ts';

/**
 * A merchant's transaction records (issue 12): the owner reads all its stores' (or one store's,
 * one clerk's, one code binding's), a clerk their own collections, or all their store's with the
 * all-records permission, and nothing of other stores. Records belong to the binding, not to the
 * sticker: a payment through a binding since unbound is no longer shown (issue 11). Dates are
 * Luanda days (a spec §9 shortcut or from/to), newest first, in pages through an opaque cursor.
 * The owner's CSV export is `GET /merchant/records.csv` with the same filters (recordsCsvPath, values.ts).
 */

export const recordId = z.string().regex(/^\d{1,18}$/);
const filterId = z.string().regex(/^\d{1,18}$/);

export const refundLine = z.object({
  refundId: z.string(),
  amount: cents,
  /** The share of the merchant's service charge that fee income gave back with this refund. */
  chargeReturned: cents,
  at: z.string(),
});
export type RefundLine = z.infer<typeof refundLine>;

export const recordState = z.enum(['paid', 'refunded', 'partlyRefunded']);
export type RecordState = z.infer<typeof recordState>;

export const merchantRecord = z.object({
  recordId,
  voucherNo: z.string(),
  /** The trade number the payer's fund detail shows for the same payment. */
  tradeNo: z.string(),
  /** What the customer paid: the price less any discount and coupon the merchant gave (README "Promotions"). */
  amount: cents,
  charge: cents,
  /** What the merchant keeps: amount − charge, less what refunds took (their amount less the charge returned); its cashback, when it funds one, is its own movement in the fund detail. */
  net: cents,
  refunded: cents,
  state: recordState,
  payerMasked: z.string(),
  storeId,
  storeName: z.string(),
  /** Who collected (the clerk or owner at the till), null for a scanned static code. */
  clerkName: z.string().nullable(),
  serial: codeSerial.nullable(),
  method: z.enum(['static', 'dynamic', 'paymentCode', 'groupPackage']),
  at: z.string(),
});
export type MerchantRecord = z.infer<typeof merchantRecord>;

export const recordsFilter = z.object({
  storeId: storeId.optional(),
  /** A clerk: their staff id (merchant/staff/list). */
  clerkId: filterId.optional(),
  /** A code binding (a sticker while it was bound to a store). */
  bindingId: filterId.optional(),
  shortcut: dateShortcut.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type RecordsFilter = z.infer<typeof recordsFilter>;

const pick = z.object({ id: z.string(), name: z.string() });

export const queryRecords = defineService({
  name: 'merchant/records/query',
  audience: 'member',
  request: recordsFilter.extend({ cursor: z.string().max(64).optional(), pageSize: z.number().int().min(1).max(50).default(20) }),
  response: z.object({
    items: z.array(merchantRecord),
    nextCursor: z.string().nullable(),
    from: isoDay,
    to: isoDay,
    /** The caller's place: the owner may filter, export and refund; a clerk reads as permitted. */
    role: z.enum(['owner', 'clerk']),
    /** Whose records these are: all the merchant's (the owner), all the store's (a clerk with the permission), or the clerk's own. */
    reach: z.enum(['all', 'store', 'own']),
    /** What the owner may filter by (empty for a clerk): stores, clerks, the stores' bound codes. */
    choices: z.object({ stores: z.array(pick), clerks: z.array(pick), bindings: z.array(pick) }),
  }),
});

export const recordDetail = defineService({
  name: 'merchant/records/detail',
  audience: 'member',
  request: z.object({ recordId }),
  response: merchantRecord.extend({
    refunds: z.array(refundLine),
    /** What may still be refunded (amount − refunded). */
    refundable: cents,
    role: z.enum(['owner', 'clerk']),
  }),
});

