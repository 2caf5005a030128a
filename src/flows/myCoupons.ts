import { myCouponsMachine } from '../../machines/myCoupons.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { CouponState } from '../../services/contract/myCoupons.ts';
import { requestGateway } from '../../services/gateway.ts';
import { pagedListFlow } from './pagedList.ts';

export const COUPONS_PAGE_SIZE = 20;

/** The member's coupons of one state, a page at a time (wallet/coupon/list). */
export const myCouponsActors = {
  pagedList: pagedListFlow(({ state }: { state: CouponState }, cursor) =>
    requestGateway('wallet/coupon/list', { state, ...(cursor ? { cursor } : {}), pageSize: COUPONS_PAGE_SIZE }, { quiet: true })),
} satisfies ActorsOf<typeof myCouponsMachine>;

export const myCouponsFlow = myCouponsMachine.provide({ actors: myCouponsActors });
