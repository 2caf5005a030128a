import type { CouponTerms } from '../../services/contract/myCoupons.ts';

/**
 * A coupon's terms as the member's pages show them (its type and figures, target, validity), read
 * from `coupons c` by the calls that list or show one: the member's coupons and a store's claim page.
 */
export const COUPON_TERMS_SELECT =
  'c.type, c.amount_off::text, c.threshold::text, c.percent_bp, c.max_off::text, c.target, c.starts_at, c.ends_at';

export interface CouponTermsRow {
  type: number; amount_off: string | null; threshold: string | null; percent_bp: number | null; max_off: string | null; target: number;
  starts_at: Date; ends_at: Date | null;
}

const figure = (value: string | null) => (value === null ? null : Number(value));

export const couponTerms = (row: CouponTermsRow): CouponTerms => ({
  type: row.type as CouponTerms['type'],
  amountOff: figure(row.amount_off),
  threshold: figure(row.threshold),
  percentBp: row.percent_bp,
  maxOff: figure(row.max_off),
  target: row.target as CouponTerms['target'],
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
});
