import { z } from 'zod';
import { defineService } from './define.ts';
import { cashbackFields, promotionId, promotionSpend, promotionStatus } from './promotions.ts';

/**
 * The platform's cashback policies (README "Promotions"), kept by operators in the platform area
 * (`/plateform/promotions`): funded by the platform's marketing funding and applied at every
 * merchant, or for one member. Each is listed with its spend against its budget; making one and
 * pausing, resuming or ending it are audited (operator_audit, before and after). Refusals as the
 * merchant's own policies' (PRM10010–PRM10017, MCH10004 not a platform policy).
 */

/**
 * A platform cashback policy: at every merchant, or for one member (`memberId`). Audited.
 * Refusals as the merchant's.
 */
export const savePlatformCashbackPolicy = defineService({
  name: 'platform/promotion/saveCashback',
  audience: 'operator',
  request: z.object({ ...cashbackFields, memberId: promotionId.optional() }).strict(),
  response: z.object({ policyId: promotionId }),
});

/** Pauses, resumes or ends a platform cashback policy (audited, before and after): MCH10004 not a platform one, PRM10017 ended already. */
export const setPlatformPromotionStatus = defineService({
  name: 'platform/promotion/setStatus',
  audience: 'operator',
  request: z.object({ id: promotionId, status: promotionStatus }).strict(),
  response: z.object({ id: promotionId, status: promotionStatus }),
});

export const platformCashbackPolicy = z.object({
  id: promotionId,
  name: z.string(),
  status: promotionStatus,
  type: z.enum(['ratio', 'random']),
  /** Basis points of what the member pays (`ratio`). */
  ratioBp: z.number().int().nullable(),
  minCashback: z.number().int(),
  maxCashback: z.number().int().nullable(),
  minPayment: z.number().int(),
  budgetAmount: z.number().int().nullable(),
  budgetCount: z.number().int().nullable(),
  /** The one member it is for, or null: everyone. */
  memberId: promotionId.nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  spend: promotionSpend,
});
export type PlatformCashbackPolicy = z.infer<typeof platformCashbackPolicy>;

/** The platform's cashback policies (merchant_id NULL), newest first (the 200 newest), each with its spend against its budget. */
export const listPlatformPromotions = defineService({
  name: 'platform/promotion/list',
  audience: 'operator',
  request: z.object({}).strict(),
  response: z.object({ policies: z.array(platformCashbackPolicy) }),
});
