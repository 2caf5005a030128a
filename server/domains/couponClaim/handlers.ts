import { MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { memberIdOf } from '../../entities/members.ts';
import { COUPON_TERMS_SELECT, couponTerms, type CouponTermsRow } from '../../entities/couponTerms.ts';

/**
 * A store's coupon as its claim page shows it (contract: services/contract/couponClaim.ts): the
 * coupon must be the store's merchant's (a sub-merchant's store offers its parent's coupons, as
 * `claimCoupon` accepts them), else MCH10004 — the answer `pay/coupon/claim` gives for it too.
 */
const get: Handler<'pay/coupon/get'> = async (input, ctx) => {
  const { rows } = await ctx.db.query<CouponTermsRow & { name: string; merchant: string; store: string; stock_left: string; live: boolean; claimed: boolean }>(
    `SELECT c.name, om.name AS merchant, st.name AS store, ${COUPON_TERMS_SELECT},
            (SELECT coalesce(sum(sl.count_left), 0) FROM promotion_slices sl WHERE sl.kind = 'coupon' AND sl.policy_id = c.id)::text AS stock_left,
            c.status = 'active' AND c.starts_at <= now() AND (c.ends_at IS NULL OR c.ends_at > now()) AS live,
            EXISTS (SELECT 1 FROM member_coupons mc WHERE mc.coupon_id = c.id AND mc.member_id = $3) AS claimed
       FROM stores st
       JOIN merchants m ON m.id = st.merchant_id
       JOIN coupons c ON c.id = $2 AND c.merchant_id = coalesce(m.parent_id, m.id) AND c.auto_threshold IS NULL
       JOIN merchants om ON om.id = c.merchant_id
      WHERE st.id = $1`,
    [input.storeId, input.couponId, memberIdOf(ctx)],
  );
  const row = rows[0];
  if (!row) throw new DomainError(MERCHANT_CODES.notYours);
  return {
    couponId: input.couponId, name: row.name, merchant: row.merchant, store: row.store, stockLeft: Number(row.stock_left), live: row.live, claimed: row.claimed,
    ...couponTerms(row),
  };
};

export const couponClaimHandlers = {
  'pay/coupon/get': get,
} satisfies FlowHandlers<'couponClaim'>;
