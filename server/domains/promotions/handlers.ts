import type { FlowHandlers, Handler } from '../../handler.ts';
import { merchantOf } from '../../entities/merchants.ts';
import { memberIdOf } from '../../entities/members.ts';
import { claimCoupon, createCashbackPolicy, createCoupon, createDiscountPolicy, promotionSpend, setPromotionStatus } from '../../entities/promotions.ts';

/**
 * The merchant's promotions (README "Promotions"): the owner makes, pauses, resumes and ends its
 * cashback and discount policies and coupons (a clerk is refused STF10010, by ROLE_RULES.ownerOnly)
 * and lists them with their spend; a member claims a coupon. The rules are the entity's
 * (server/entities/promotions.ts) and, at the till, migration 028's.
 */

const dates = (input: { startsAt?: string; endsAt?: string }) => ({
  startsAt: input.startsAt === undefined ? undefined : new Date(input.startsAt),
  endsAt: input.endsAt === undefined ? undefined : new Date(input.endsAt),
});

const saveCashback: Handler<'merchant/promotion/saveCashback'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const policyId = await ctx.db.transaction((tx) => createCashbackPolicy(tx, { merchantId: merchant.id }, merchant.member_id, { ...input, ...dates(input) }));
  return { policyId };
};

const saveDiscount: Handler<'merchant/promotion/saveDiscount'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const policyId = await ctx.db.transaction((tx) => createDiscountPolicy(tx, merchant.id, merchant.member_id, { ...input, ...dates(input) }));
  return { policyId };
};

const saveCoupon: Handler<'merchant/promotion/saveCoupon'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const couponId = await ctx.db.transaction((tx) => createCoupon(tx, merchant.id, merchant.member_id, { ...input, ...dates(input) }));
  return { couponId };
};

const setStatus: Handler<'merchant/promotion/setStatus'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  await ctx.db.transaction((tx) => setPromotionStatus(tx, { merchantId: merchant.id }, input.kind, input.id, input.status));
  return input;
};

const list: Handler<'merchant/promotion/list'> = async (_input, ctx) => {
  const merchant = await merchantOf(ctx);
  type Figure = string | null;
  const { rows } = await ctx.db.query<{
    kind: 'cashback' | 'discount' | 'coupon'; id: string; name: string; status: 'active' | 'paused' | 'ended'; auto: boolean;
    type: string; ratio_bp: number | null; min: Figure; max: Figure; from_amount: Figure; amount_off: Figure;
  }>(
    `SELECT kind, id, name, status, auto, type, ratio_bp, min::text, max::text, from_amount::text, amount_off::text FROM (
       SELECT 'cashback' AS kind, id::text, name, status, false AS auto, type, ratio_bp, min_cashback AS min, max_cashback AS max, min_payment AS from_amount,
              NULL::bigint AS amount_off, created_at FROM cashback_policies WHERE merchant_id = $1
       UNION ALL SELECT 'discount', id::text, name, status, false, type, ratio_bp, min_amount, max_amount, start_amount, NULL, created_at
                   FROM discount_policies WHERE merchant_id = $1
       UNION ALL SELECT 'coupon', id::text, name, status, auto_threshold IS NOT NULL, type::text, percent_bp, NULL, max_off, threshold, amount_off, created_at
                   FROM coupons WHERE merchant_id = $1) p
      ORDER BY created_at DESC, id DESC LIMIT 200`,
    [merchant.id],
  );
  const promotions = [];
  for (const row of rows) {
    // a cashback deduction policy (a discount policy's type) counts its uses under its own kind
    const spent = await promotionSpend(ctx.db, row.kind === 'discount' && row.type === 'cashbackDeduction' ? 'cashbackDeduction' : row.kind, row.id);
    const figure = (value: Figure) => (value === null ? null : Number(value));
    promotions.push({
      kind: row.kind, id: row.id, name: row.name, status: row.status, auto: row.auto,
      terms: { type: row.type, ratioBp: row.ratio_bp, min: figure(row.min), max: figure(row.max), from: figure(row.from_amount), amountOff: figure(row.amount_off) },
      spend: { amount: Number(spent.amount), count: spent.count, amountLeft: spent.amountLeft === null ? null : Number(spent.amountLeft), countLeft: spent.countLeft },
    });
  }
  return { promotions };
};

const claim: Handler<'pay/coupon/claim'> = async (input, ctx) => ({ memberCouponId: await claimCoupon(ctx.db, memberIdOf(ctx), input.storeId, input.couponId) });

export const promotionsHandlers = {
  'merchant/promotion/saveCashback': saveCashback,
  'merchant/promotion/saveDiscount': saveDiscount,
  'merchant/promotion/saveCoupon': saveCoupon,
  'merchant/promotion/setStatus': setStatus,
  'merchant/promotion/list': list,
  'pay/coupon/claim': claim,
} satisfies FlowHandlers<'promotions'>;
