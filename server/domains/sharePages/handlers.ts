import type { FlowHandlers, Handler } from '../../handler.ts';
import { sharedCoupon, sharedPackage, sharedStore } from '../../entities/sharePages.ts';

/** The share pages' reads, for anyone (README "Share pages"; the rules are server/entities/sharePages.ts). */
const store: Handler<'share/store/get'> = (input, ctx) => sharedStore(ctx.db, input.storeId);
const group: Handler<'share/group/get'> = (input, ctx) => sharedPackage(ctx.db, input.storeId, input.packageId);
const coupon: Handler<'share/coupon/get'> = (input, ctx) => sharedCoupon(ctx.db, input.couponId);

export const sharePagesHandlers = {
  'share/store/get': store,
  'share/group/get': group,
  'share/coupon/get': coupon,
} satisfies FlowHandlers<'sharePages'>;
