import type { FlowHandlers, Handler } from '../../handler.ts';
import { memberIdOf } from '../../entities/members.ts';
import { COUPON_TERMS_SELECT, couponTerms, type CouponTermsRow } from '../../entities/couponTerms.ts';

/**
 * The member's coupons (contract: services/contract/myCoupons.ts), by state: usable (not used, and
 * neither ended nor past its end; `appliesNow` says whether the till would apply it today, or it is
 * paused, not started or sold out), used (by a payment), expired (unused, and ended or past its end).
 * Newest claimed first, through the member's own rows only.
 */

const STATE_WHERE = {
  usable: `mc.used_payment_id IS NULL AND c.status <> 'ended' AND (c.ends_at IS NULL OR c.ends_at > now())`,
  used: 'mc.used_payment_id IS NOT NULL',
  expired: `mc.used_payment_id IS NULL AND (c.status = 'ended' OR c.ends_at <= now())`,
} as const;

const list: Handler<'wallet/coupon/list'> = async (input, ctx) => {
  const cursor = input.cursor && /^\d{1,18}$/.test(input.cursor) ? input.cursor : null;
  const { rows } = await ctx.db.query<CouponTermsRow & { member_coupon_id: string; coupon_id: string; name: string; merchant: string; claimed_at: Date; used_at: Date | null; applies_now: boolean }>(
    `SELECT mc.id::text AS member_coupon_id, c.id::text AS coupon_id, c.name, m.name AS merchant, mc.claimed_at, mc.used_at, ${COUPON_TERMS_SELECT},
            mc.used_payment_id IS NULL AND c.status = 'active' AND c.starts_at <= now() AND (c.ends_at IS NULL OR c.ends_at > now())
              AND EXISTS (SELECT 1 FROM promotion_slices s WHERE s.kind = 'coupon' AND s.policy_id = c.id AND s.count_left > 0) AS applies_now
       FROM member_coupons mc
       JOIN coupons c ON c.id = mc.coupon_id
       JOIN merchants m ON m.id = c.merchant_id
      WHERE mc.member_id = $1 AND ${STATE_WHERE[input.state]} AND ($2::bigint IS NULL OR mc.id < $2::bigint)
      ORDER BY mc.id DESC LIMIT $3`,
    [memberIdOf(ctx), cursor, input.pageSize + 1],
  );
  const page = rows.slice(0, input.pageSize);
  return {
    items: page.map((row) => ({
      memberCouponId: row.member_coupon_id, couponId: row.coupon_id, name: row.name, merchant: row.merchant, state: input.state,
      claimedAt: new Date(row.claimed_at).toISOString(), usedAt: row.used_at ? new Date(row.used_at).toISOString() : null, appliesNow: row.applies_now, ...couponTerms(row),
    })),
    nextCursor: rows.length > input.pageSize ? page.at(-1)!.member_coupon_id : null,
  };
};

export const myCouponsHandlers = {
  'wallet/coupon/list': list,
} satisfies FlowHandlers<'myCoupons'>;
