import { fromPromise } from 'xstate';
import { couponClaimMachine, type CouponClaimInput } from '../../machines/couponClaim.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { ClaimableCoupon } from '../../services/contract/couponClaim.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** A store's coupon (pay/coupon/get), and its claim into the member's coupons (pay/coupon/claim). */
export const couponClaimActors = {
  loadCoupon: fromPromise<Outcome<ClaimableCoupon>, CouponClaimInput>(({ input }) => requestGateway('pay/coupon/get', input, { quiet: true })),
  claimCoupon: fromPromise<Outcome<{ memberCouponId: string }>, CouponClaimInput>(({ input }) => requestGateway('pay/coupon/claim', input, { quiet: true })),
} satisfies ActorsOf<typeof couponClaimMachine>;

export const couponClaimFlow = couponClaimMachine.provide({ actors: couponClaimActors });
