import { z } from 'zod';
import { defineService } from './define.ts';
import { storeId } from './merchantShared.ts';

/**
 * Promotions at the till (README "Promotions"): the merchant's cashback and discount policies and
 * coupons — made, paused, resumed and ended by the owner (a clerk STF10010), listed with their spend
 * against their budget — and a member's claim of a coupon from a store's page. Figures are whole
 * cêntimos (or counts, basis points); what is not positive or out of range is the promotions' refusal
 * (PRM10010–PRM10016), not a malformed request, so the screen can say which.
 */

const id = z.string().regex(/^\d{1,18}$/);
/** A policy's or a coupon's id. */
export const promotionId = id;
const figure = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const name = z.string().trim().min(1).max(60);
const when = z.string().datetime();
export const promotionStatus = z.enum(['active', 'paused', 'ended']);
export type PromotionStatus = z.infer<typeof promotionStatus>;

/** A cashback policy's fields, as its merchant's and the platform's calls (services/contract/platformPromotions.ts) take them. */
export const cashbackFields = {
  name, type: z.enum(['ratio', 'random']), ratioBp: figure.optional(), minCashback: figure.optional(), maxCashback: figure.optional(),
  minPayment: figure.optional(), memberAmountLimit: figure.optional(), memberCountLimit: figure.optional(), budgetAmount: figure.optional(),
  budgetCount: figure.optional(), startsAt: when.optional(), endsAt: when.optional(),
};

/** A cashback policy of the merchant, funded by its settlement. */
export const saveCashbackPolicy = defineService({
  name: 'merchant/promotion/saveCashback',
  audience: 'member',
  request: z.object(cashbackFields).strict(),
  response: z.object({ policyId: id }),
});

/**
 * A discount policy of the merchant: `random` (a discount it funds) or `cashbackDeduction` (the member
 * pays part of the price from their cashback balance: `ratioBp` of the price within [minAmount,
 * maxAmount], at most the balance, from `startAmount`, for a member holding at least `minAmount`;
 * the merchant receives the whole price — README "Promotions"). PRM10016 a deduction without ratioBp.
 */
export const saveDiscountPolicy = defineService({
  name: 'merchant/promotion/saveDiscount',
  audience: 'member',
  request: z.object({
    name, type: z.enum(['random', 'cashbackDeduction']), startAmount: figure.optional(), minAmount: figure.optional(), maxAmount: figure, ratioBp: figure.optional(),
    statistics: z.enum(['none', 'personalAmount', 'personalCount', 'personalBusinessAmount', 'personalBusinessCount']).optional(),
    accumulationLimit: figure.optional(), activityLimit: figure.optional(), startsAt: when.optional(), endsAt: when.optional(),
  }).strict(),
  response: z.object({ policyId: id }),
});

export const saveCoupon = defineService({
  name: 'merchant/promotion/saveCoupon',
  audience: 'member',
  request: z.object({
    name, type: z.union([z.literal(1), z.literal(2), z.literal(4)]), amountOff: figure.optional(), threshold: figure.optional(), percentBp: figure.optional(),
    maxOff: figure.optional(), target: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(), stock: figure, startsAt: when.optional(), endsAt: when.optional(),
    autoThreshold: figure.optional(), autoBasis: z.enum(['preDiscount', 'paid']).optional(),
  }).strict(),
  response: z.object({ couponId: id }),
});

/** Pauses, resumes or ends (for good) one of the merchant's promotions: MCH10004 not its own, PRM10017 ended already. */
export const setPromotionStatus = defineService({
  name: 'merchant/promotion/setStatus',
  audience: 'member',
  request: z.object({ kind: z.enum(['cashback', 'discount', 'coupon']), id, status: z.enum(['active', 'paused', 'ended']) }).strict(),
  response: z.object({ kind: z.enum(['cashback', 'discount', 'coupon']), id, status: z.enum(['active', 'paused', 'ended']) }),
});

/** What a promotion has given so far (amount in cêntimos, count) and what its budget or stock still holds (null: none set). */
export const promotionSpend = z.object({ amount: z.number().int(), count: z.number().int(), amountLeft: z.number().int().nullable(), countLeft: z.number().int().nullable() });

/**
 * What a promotion gives, for its merchant's list: `type` (a cashback's `ratio` or `random`, a
 * discount's `random` or `cashbackDeduction`, a coupon's 1, 2 or 4 as text), a ratio or percent in basis points, its least and
 * most (cashback or discount; a type-4 coupon's most off), the payment it needs (a cashback's minimum
 * payment, a discount's start amount, a coupon's threshold) and a coupon's amount off, in cêntimos.
 */
export const promotionTerms = z.object({
  type: z.string(),
  ratioBp: z.number().int().nullable(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  from: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
});
export type PromotionTerms = z.infer<typeof promotionTerms>;

/** The merchant's promotions, newest first, each with its spend so far and what its budget or stock still holds. */
export const listPromotions = defineService({
  name: 'merchant/promotion/list',
  audience: 'member',
  request: z.object({}).strict(),
  response: z.object({
    promotions: z.array(z.object({
      kind: z.enum(['cashback', 'discount', 'coupon']), id, name: z.string(), status: promotionStatus, spend: promotionSpend,
      /** An auto coupon: granted by a payment past its threshold, never claimed by a link (so never shared). */
      auto: z.boolean(),
      terms: promotionTerms,
    })),
  }),
});

/** A member claims a coupon from a store's page: MCH10004 not the store's merchant's, PRM10015 not claimable now, PRM10014 claimed before. */
export const claimCoupon = defineService({
  name: 'pay/coupon/claim',
  audience: 'member',
  request: z.object({ storeId, couponId: id }).strict(),
  response: z.object({ memberCouponId: id }),
});
