import { couponClaimMachine, type CouponClaimEvent } from '../../machines/couponClaim.machine.ts';
import type { ClaimableCoupon } from '../../services/contract/couponClaim.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

/** Spend 800 Kz, get 80 Kz off, at Loja Central of Comercial Demo: three uses left. */
export const claimableCoupon: ClaimableCoupon = {
  couponId: '7', name: 'Gaste 800', merchant: 'Comercial Demo, Lda', store: 'Loja Central', type: 2, amountOff: 8_000, threshold: 80_000, percentBp: null,
  maxOff: null, target: 1, startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T23:00:00.000Z', stockLeft: 3, live: true, claimed: false,
};

export const couponClaimUserEvents = {
  'coupon.retry': { type: 'coupon.retry' },
  'claim.requested': { type: 'claim.requested' },
} satisfies Record<CouponClaimEvent['type'], CouponClaimEvent>;

export const couponClaimResults = {
  offered: doneEvent('loadCoupon', { ok: true, data: claimableCoupon }),
  mine: doneEvent('loadCoupon', { ok: true, data: { ...claimableCoupon, claimed: true } }),
  soldOut: doneEvent('loadCoupon', { ok: true, data: { ...claimableCoupon, stockLeft: 0 } }),
  notYours: doneEvent('loadCoupon', refusal('MCH10004')),
  unreachable: errorEvent('loadCoupon', new Error('network down')),
  claimed: doneEvent('claimCoupon', { ok: true, data: { memberCouponId: '41' } }),
  claimedBefore: doneEvent('claimCoupon', refusal('PRM10014')),
  notClaimable: doneEvent('claimCoupon', refusal('PRM10015')),
  claimUnreachable: errorEvent('claimCoupon', new Error('network down')),
};

export const couponClaimModel: FlowModel<typeof couponClaimMachine> = {
  machine: parkInvokes(couponClaimMachine, ['loadCoupon', 'claimCoupon']),
  variants: [{ name: 'a store’s coupon', input: { storeId: '3', couponId: '7' } }],
  events: [...Object.values(couponClaimUserEvents), ...Object.values(couponClaimResults)],
  // what the guards and the screen read: the coupon shown (live, stock), the refusal's code
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.coupon ? [c.coupon.live, c.coupon.stockLeft > 0] : null, c.errorCode]);
  },
};
