import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { COUPON_STATES } from './values.ts';

/**
 * The member's coupons (issue 23; spec §3 "Coupon"): those they claimed from a store's page or a
 * payment granted them, by state — usable (not used, not expired or ended), used by a payment, or
 * expired — newest claimed first, in pages.
 */

const id = z.string().regex(/^\d{1,18}$/);
export const couponState = z.enum(COUPON_STATES);
export type CouponState = z.infer<typeof couponState>;

/** What a coupon gives (spec §3): 1 an amount off (from a threshold, when it has one), 2 spend `threshold` get `amountOff` off, 4 a percentage off (at most `maxOff`). */
export const couponTerms = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  amountOff: cents.nullable(),
  threshold: cents.nullable(),
  percentBp: z.number().int().nullable(),
  maxOff: cents.nullable(),
  /** 1 every member, 2 new customers of the merchant, 3 returning ones. */
  target: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type CouponTerms = z.infer<typeof couponTerms>;

const memberCoupon = couponTerms.extend({
  memberCouponId: id,
  couponId: id,
  name: z.string(),
  merchant: z.string(),
  state: couponState,
  claimedAt: z.string(),
  usedAt: z.string().nullable(),
  /** A usable coupon the till would apply today: its merchant has it active, it has started, and its stock is not gone (false: paused, not yet, or sold out). */
  appliesNow: z.boolean(),
});
export type MemberCoupon = z.infer<typeof memberCoupon>;

export const queryMyCoupons = defineService({
  name: 'wallet/coupon/list',
  audience: 'member',
  request: z.object({ state: couponState, cursor: z.string().max(64).optional(), pageSize: z.number().int().min(1).max(50).default(20) }).strict(),
  response: z.object({ items: z.array(memberCoupon), nextCursor: z.string().nullable() }),
});
