import { z } from 'zod';
import { defineService } from './define.ts';
import { storeId } from './merchantShared.ts';
import { couponTerms } from './myCoupons.ts';

/**
 * A coupon a store offers, as its claim page shows it (issue 23): the coupon of the store's
 * merchant (another merchant's, or none, MCH10004), its terms, the stock left and whether it can be
 * claimed now and by this member. The claim itself is `pay/coupon/claim` (promotions.ts).
 */
export const queryClaimableCoupon = defineService({
  name: 'pay/coupon/get',
  audience: 'member',
  request: z.object({ storeId, couponId: z.string().regex(/^\d{1,18}$/) }).strict(),
  response: couponTerms.extend({
    couponId: z.string(),
    name: z.string(),
    merchant: z.string(),
    store: z.string(),
    /** Uses left in the stock (a claim takes none; a payment does). */
    stockLeft: z.number().int().min(0),
    /** Active and within its validity now. */
    live: z.boolean(),
    /** This member has it already. */
    claimed: z.boolean(),
  }),
});
export type ClaimableCoupon = z.output<typeof queryClaimableCoupon.response>;
