import { MERCHANT_CODES, PROMOTION_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Promotions as the calls that make them see them (README "Promotions"; migration 028): cashback
 * policies, discount policies and coupons — created, paused, resumed and ended by their merchant
 * (or, platform-funded cashback, by an operator), a coupon claimed by a member. Every rule a payment
 * applies lives in SQL (migration 028: the quote and the hooks); what is checked here is the input,
 * with coded refusals before anything is written. Budgets and stocks are opened in slices
 * (`promotion_open_slices`) in the same transaction as the promotion.
 */

/** Who a promotion belongs to: a merchant (its owning merchant's id) or the platform (cashback only). */
export type PromotionOwner = { merchantId: string } | { platform: true };

export interface CashbackPolicyInput {
  name: string;
  type: 'ratio' | 'random';
  /** Basis points of what the member pays (1000 = 10 %), for `ratio`. */
  ratioBp?: number;
  minCashback?: number;
  maxCashback?: number;
  minPayment?: number;
  memberAmountLimit?: number;
  memberCountLimit?: number;
  budgetAmount?: number;
  budgetCount?: number;
  memberId?: string;
  startsAt?: Date;
  endsAt?: Date;
}

export interface DiscountPolicyInput {
  name: string;
  /**
   * `random`: a discount off the price the merchant funds; `cashbackDeduction`: part of the price
   * paid from the member's cashback balance (the merchant receives all of it; migration 030):
   * ratioBp of the price within [minAmount, maxAmount], at most the balance, and only for a member
   * whose balance reaches minAmount.
   */
  type: 'random' | 'cashbackDeduction';
  startAmount?: number;
  minAmount?: number;
  maxAmount: number;
  ratioBp?: number;
  statistics?: 'none' | 'personalAmount' | 'personalCount' | 'personalBusinessAmount' | 'personalBusinessCount';
  accumulationLimit?: number;
  activityLimit?: number;
  startsAt?: Date;
  endsAt?: Date;
}

export interface CouponInput {
  name: string;
  /** 1 amount off, 2 spend `threshold` get `amountOff` off, 4 `percentBp` off (at most `maxOff`). */
  type: 1 | 2 | 4;
  amountOff?: number;
  threshold?: number;
  percentBp?: number;
  maxOff?: number;
  /** 1 every member, 2 new at this merchant, 3 returning. */
  target?: 1 | 2 | 3;
  stock: number;
  /** An auto coupon: granted by a payment of at least this much, counted on `autoBasis`. */
  autoThreshold?: number;
  autoBasis?: 'preDiscount' | 'paid';
  startsAt?: Date;
  endsAt?: Date;
}

const refuse = (code: string, detail?: string): never => {
  throw new DomainError(code, 200, detail);
};

/** Positive whole cêntimos where given: PRM10012 for zero, negative or fractional. */
function positive(fields: Record<string, number | undefined>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) refuse(PROMOTION_CODES.limitInvalid, name);
  }
}

/** The most a count (a stock, a number of uses) may be: its column is a PostgreSQL integer. */
const MAX_COUNT = 2_147_483_647;

/** Positive whole counts where given, within MAX_COUNT: PRM10012 otherwise (not a database error). */
function positiveCount(fields: Record<string, number | undefined>): void {
  positive(fields);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value > MAX_COUNT) refuse(PROMOTION_CODES.limitInvalid, name);
}

function ratio(value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= 10_000)) refuse(PROMOTION_CODES.ratioInvalid);
}

function period(startsAt: Date | undefined, endsAt: Date | undefined): void {
  if (endsAt && endsAt.getTime() <= (startsAt ?? new Date()).getTime()) refuse(PROMOTION_CODES.endBeforeStart);
}

const createdBy = (owner: PromotionOwner, by: string) => ('platform' in owner ? `operator:${by}` : `member:${by}`);

/**
 * A cashback policy. A merchant's is funded by its settlement; the platform's by the marketing
 * funding shards (and applies at every merchant). Refusals: PRM10010 a ratio not in (0, 100 %],
 * PRM10011 max below min, PRM10012 a budget, limit or amount that is not positive, PRM10013 an end
 * before the start, PRM10016 a ratio policy without its ratio or a random one without its max.
 */
export async function createCashbackPolicy(db: Queryable, owner: PromotionOwner, by: string, input: CashbackPolicyInput): Promise<string> {
  ratio(input.ratioBp);
  positive({ maxCashback: input.maxCashback, minPayment: input.minPayment, memberAmountLimit: input.memberAmountLimit, budgetAmount: input.budgetAmount });
  positiveCount({ memberCountLimit: input.memberCountLimit, budgetCount: input.budgetCount });
  if (input.minCashback !== undefined && !(Number.isSafeInteger(input.minCashback) && input.minCashback >= 0)) refuse(PROMOTION_CODES.limitInvalid, 'minCashback');
  if (input.maxCashback !== undefined && input.maxCashback < (input.minCashback ?? 0)) refuse(PROMOTION_CODES.maxBelowMin);
  if (input.type === 'ratio' && input.ratioBp === undefined) refuse(PROMOTION_CODES.policyInvalid, 'ratioBp');
  if (input.type === 'random' && input.maxCashback === undefined) refuse(PROMOTION_CODES.policyInvalid, 'maxCashback');
  if (!input.name.trim() || input.name.length > 60) refuse(PROMOTION_CODES.policyInvalid, 'name');
  period(input.startsAt, input.endsAt);
  if (input.memberId !== undefined && !(await db.query('SELECT 1 FROM members WHERE id = $1', [input.memberId])).rows[0]) refuse(PROMOTION_CODES.policyInvalid, 'memberId');
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO cashback_policies (merchant_id, name, type, ratio_bp, min_cashback, max_cashback, min_payment, member_amount_limit, member_count_limit,
                                    budget_amount, budget_count, member_id, starts_at, ends_at, funding, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, now()), $14, $15, $16) RETURNING id::text`,
    ['platform' in owner ? null : owner.merchantId, input.name.trim(), input.type, input.ratioBp ?? null, input.minCashback ?? 0, input.maxCashback ?? null,
      input.minPayment ?? 1, input.memberAmountLimit ?? null, input.memberCountLimit ?? null, input.budgetAmount ?? null, input.budgetCount ?? null,
      input.memberId ?? null, input.startsAt ?? null, input.endsAt ?? null, 'platform' in owner ? 'platform' : 'settlement', createdBy(owner, by)],
  );
  const id = rows[0]!.id;
  if (input.budgetAmount !== undefined || input.budgetCount !== undefined) {
    await db.query('SELECT promotion_open_slices($1, $2, $3, $4)', ['cashback', id, input.budgetAmount ?? null, input.budgetCount ?? null]);
  }
  return id;
}

/**
 * A discount policy of a merchant: a `random` discount (funded by it: the member pays less into its
 * settlement) or a `cashbackDeduction` (the member pays part with their cashback balance; its uses
 * are counted under kind 'cashbackDeduction'). Refusals as a cashback policy's, PRM10016 a limit its
 * statistics type needs left out, or a deduction without its ratio.
 */
export async function createDiscountPolicy(db: Queryable, merchantId: string, by: string, input: DiscountPolicyInput): Promise<string> {
  ratio(input.ratioBp);
  positive({ startAmount: input.startAmount, minAmount: input.minAmount, maxAmount: input.maxAmount });
  // the limits count Kwanza or uses by the statistics type; a count's column is an integer
  (input.statistics === 'personalCount' || input.statistics === 'personalBusinessCount' ? positiveCount : positive)({ accumulationLimit: input.accumulationLimit, activityLimit: input.activityLimit });
  if (input.maxAmount < (input.minAmount ?? 1)) refuse(PROMOTION_CODES.maxBelowMin);
  if (input.type === 'cashbackDeduction' && input.ratioBp === undefined) refuse(PROMOTION_CODES.policyInvalid, 'ratioBp');
  const statistics = input.statistics ?? 'none';
  if (statistics !== 'none' && input.accumulationLimit === undefined) refuse(PROMOTION_CODES.policyInvalid, 'accumulationLimit');
  const business = statistics === 'personalBusinessAmount' || statistics === 'personalBusinessCount';
  if (business && input.activityLimit === undefined) refuse(PROMOTION_CODES.policyInvalid, 'activityLimit');
  if (!input.name.trim() || input.name.length > 60) refuse(PROMOTION_CODES.policyInvalid, 'name');
  period(input.startsAt, input.endsAt);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO discount_policies (merchant_id, name, type, start_amount, min_amount, max_amount, ratio_bp, statistics, accumulation_limit, activity_limit,
                                    starts_at, ends_at, created_by, funding)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11, now()), $12, $13, $14) RETURNING id::text`,
    [merchantId, input.name.trim(), input.type, input.startAmount ?? 1, input.minAmount ?? 1, input.maxAmount, input.ratioBp ?? null, statistics,
      input.accumulationLimit ?? null, business ? input.activityLimit : null, input.startsAt ?? null, input.endsAt ?? null, `member:${by}`,
      input.type === 'cashbackDeduction' ? 'memberCashback' : 'settlement'],
  );
  const id = rows[0]!.id;
  if (business) {
    const amount = statistics === 'personalBusinessAmount';
    await db.query('SELECT promotion_open_slices($1, $2, $3, $4)', [usesKind(input.type), id, amount ? input.activityLimit : null, amount ? null : input.activityLimit]);
  }
  return id;
}

/**
 * A coupon of a merchant with `stock` uses, in slices. Refusals: PRM10012 a stock or amount that is
 * not positive, PRM10010 a percent not in (0, 100 %], PRM10016 a type's figure left out (type 2's
 * threshold must be above what it takes off), PRM10013 an end before the start.
 */
export async function createCoupon(db: Queryable, merchantId: string, by: string, input: CouponInput): Promise<string> {
  positive({ amountOff: input.amountOff, threshold: input.threshold, maxOff: input.maxOff, autoThreshold: input.autoThreshold });
  positiveCount({ stock: input.stock });
  if ((input.autoThreshold === undefined) !== (input.autoBasis === undefined)) refuse(PROMOTION_CODES.policyInvalid, 'autoBasis');
  ratio(input.percentBp);
  if ((input.type === 1 || input.type === 2) && input.amountOff === undefined) refuse(PROMOTION_CODES.policyInvalid, 'amountOff');
  if (input.type === 2 && !(input.threshold !== undefined && input.threshold > input.amountOff!)) refuse(PROMOTION_CODES.policyInvalid, 'threshold');
  if (input.type === 4 && input.percentBp === undefined) refuse(PROMOTION_CODES.policyInvalid, 'percentBp');
  if (!input.name.trim() || input.name.length > 60) refuse(PROMOTION_CODES.policyInvalid, 'name');
  period(input.startsAt, input.endsAt);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO coupons (merchant_id, name, type, amount_off, threshold, percent_bp, max_off, target, stock, starts_at, ends_at, created_by, auto_threshold, auto_basis)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now()), $11, $12, $13, $14) RETURNING id::text`,
    [merchantId, input.name.trim(), input.type, input.type === 4 ? null : input.amountOff, input.threshold ?? null, input.type === 4 ? input.percentBp : null,
      input.type === 4 ? input.maxOff ?? null : null, input.target ?? 1, input.stock, input.startsAt ?? null, input.endsAt ?? null, `member:${by}`,
      input.autoThreshold ?? null, input.autoBasis ?? null],
  );
  const id = rows[0]!.id;
  await db.query('SELECT promotion_open_slices($1, $2, $3, $4)', ['coupon', id, null, input.stock]);
  return id;
}

/** The kind a discount policy's uses are counted under (payment_promotions' extension, usage rows, slices): a deduction's are its own. */
export const usesKind = (type: DiscountPolicyInput['type']): 'discount' | 'cashbackDeduction' => (type === 'cashbackDeduction' ? 'cashbackDeduction' : 'discount');

const TABLES = { cashback: 'cashback_policies', discount: 'discount_policies', coupon: 'coupons' } as const;

/**
 * Pauses, resumes or ends a promotion of `owner` (another merchant's, or one that does not exist,
 * is MCH10004; an ended one does not change, PRM10017). Ending is final.
 */
export async function setPromotionStatus(db: Queryable, owner: PromotionOwner, kind: keyof typeof TABLES, id: string, status: 'active' | 'paused' | 'ended'): Promise<void> {
  const { rows } = await db.query<{ status: string }>(
    `SELECT status FROM ${TABLES[kind]} WHERE id = $1 AND merchant_id IS NOT DISTINCT FROM $2 FOR UPDATE`,
    [id, 'platform' in owner ? null : owner.merchantId],
  );
  if (!rows[0]) refuse(MERCHANT_CODES.notYours);
  if (rows[0]!.status === 'ended') refuse(PROMOTION_CODES.promotionEnded);
  await db.query(`UPDATE ${TABLES[kind]} SET status = $2 WHERE id = $1`, [id, status]);
}

/**
 * A member claims a coupon from a store's page into "my coupons": MCH10004 a coupon not of the
 * store's merchant (or none, or an auto coupon: only a payment past its threshold grants those),
 * PRM10015 one not active or outside its validity, PRM10014 claimed before (once per member: the
 * unique (coupon, member) decides, even for two claims at once).
 */
export async function claimCoupon(db: Queryable, memberId: string, storeId: string, couponId: string): Promise<string> {
  const { rows } = await db.query<{ live: boolean }>(
    `SELECT c.status = 'active' AND c.starts_at <= now() AND (c.ends_at IS NULL OR c.ends_at > now()) AS live
       FROM coupons c JOIN stores st ON st.id = $2 JOIN merchants m ON m.id = st.merchant_id
      WHERE c.id = $1 AND c.merchant_id = coalesce(m.parent_id, m.id) AND c.auto_threshold IS NULL`,
    [couponId, storeId],
  );
  if (!rows[0]) refuse(MERCHANT_CODES.notYours);
  if (!rows[0]!.live) refuse(PROMOTION_CODES.couponNotClaimable);
  const inserted = await db.query<{ id: string }>(
    'INSERT INTO member_coupons (coupon_id, member_id) VALUES ($1, $2) ON CONFLICT (coupon_id, member_id) DO NOTHING RETURNING id::text',
    [couponId, memberId],
  );
  if (!inserted.rows[0]) refuse(PROMOTION_CODES.couponClaimed);
  return inserted.rows[0]!.id;
}

/**
 * A promotion's spend so far against its budget: what its payments got (amount, count) and what its slices still hold.
 * `kind` is what its uses are counted under: a cashback deduction policy's is 'cashbackDeduction' (usesKind).
 */
export async function promotionSpend(db: Queryable, kind: keyof typeof TABLES | 'cashbackDeduction', id: string): Promise<{ amount: bigint; count: number; amountLeft: bigint | null; countLeft: number | null }> {
  const { rows } = await db.query<{ amount: string; count: string; amount_left: string | null; count_left: string | null }>(
    `SELECT (SELECT coalesce(sum(amount), 0) FROM payment_promotions WHERE extension = $1 AND policy_id = $2)::text AS amount,
            (SELECT count(*) FROM payment_promotions WHERE extension = $1 AND policy_id = $2)::text AS count,
            (SELECT sum(amount_left) FROM promotion_slices WHERE kind = $1 AND policy_id = $2)::text AS amount_left,
            (SELECT sum(count_left) FROM promotion_slices WHERE kind = $1 AND policy_id = $2)::text AS count_left`,
    [kind, id],
  );
  const row = rows[0]!;
  return { amount: BigInt(row.amount), count: Number(row.count), amountLeft: row.amount_left === null ? null : BigInt(row.amount_left), countLeft: row.count_left === null ? null : Number(row.count_left) };
}
