import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';

/**
 * The member's reductions (issue 23, the member's side): their merchant payments where a discount
 * policy or a coupon took something off the price, newest first, in pages, and one in full. A
 * member reads only their own payments: another's id answers CNT40401, as one that does not exist.
 */

const id = z.string().regex(/^\d{1,18}$/);

const reductionItem = z.object({
  /** The payment's id. */
  id,
  /** The price, what the merchant's discount and the coupon took off it, and what the member paid. */
  price: cents,
  discount: cents,
  coupon: z.object({ name: z.string(), amount: cents }).nullable(),
  paid: cents,
  merchant: z.string(),
  store: z.string().nullable(),
  at: z.string(),
  voucherNo: z.string(),
});
export type ReductionItem = z.infer<typeof reductionItem>;

export const queryReductionList = defineService({
  name: 'wallet/reduction/list',
  audience: 'member',
  request: z.object({ cursor: z.string().max(64).optional(), pageSize: z.number().int().min(1).max(50).default(20) }).strict(),
  response: z.object({ items: z.array(reductionItem), nextCursor: z.string().nullable() }),
});

export const queryReductionDetail = defineService({
  name: 'wallet/reduction/detail',
  audience: 'member',
  request: z.object({ id }).strict(),
  response: reductionItem.extend({
    /** The discount policy that gave `discount` (null: none did). */
    discountName: z.string().nullable(),
    /** The payment's operation number (OP…). */
    transactionNo: z.string(),
    /** What the merchant refunded of it so far. */
    refunded: cents,
    /** The cashback the payment gave, when it gave one (its record opens at /app/cashbackdetail/<id>). */
    cashback: z.object({ id, amount: cents }).nullable(),
  }),
});
