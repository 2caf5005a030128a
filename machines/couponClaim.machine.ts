import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ClaimableCoupon } from '../services/contract/couponClaim.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Claiming a store's coupon (issue 23, `/app/coupons/claim/$storeId/$couponId`, the link a store's
 * page shares): the coupon as the store offers it (`pay/coupon/get`: another merchant's, or none,
 * is MCH10004 and ends here), then — live, with stock left, not the member's yet — the claim
 * (`pay/coupon/claim`). Claimed, it is in "my coupons"; the server may still refuse: PRM10014 the
 * member has it already (as good as claimed), PRM10015 not claimable now, MCH10004 no longer the
 * store's. A claim that got no answer is asked again by the same button (a second claim is PRM10014,
 * never two coupons).
 */
export interface CouponClaimInput {
  storeId: string;
  couponId: string;
}

export interface CouponClaimContext extends CouponClaimInput {
  coupon: ClaimableCoupon | null;
  errorCode: string | null;
}

export type CouponClaimEvent = { type: 'coupon.retry' } | { type: 'claim.requested' };

export const couponClaimMachine = setup({
  types: { input: {} as CouponClaimInput, context: {} as CouponClaimContext, events: {} as CouponClaimEvent | AnswerEvent },
  actors: {
    loadCoupon: provided<Outcome<ClaimableCoupon>, CouponClaimInput>('loadCoupon'),
    claimCoupon: provided<Outcome<{ memberCouponId: string }>, CouponClaimInput>('claimCoupon'),
  },
  guards: {
    // the member has it already: nothing to claim
    alreadyMine: ({ event }) => answerData<ClaimableCoupon>(event).claimed,
    // ended, paused, not started or past its end, or no use left in its stock: shown, not offered
    notOffered: ({ event }) => {
      const coupon = answerData<ClaimableCoupon>(event);
      return !coupon.live || coupon.stockLeft === 0;
    },
  },
  actions: {
    announceAnswer: announceAnswer<CouponClaimContext, CouponClaimEvent | AnswerEvent>(),
    keepCoupon: assign({ coupon: ({ event }) => answerData<ClaimableCoupon>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'couponClaim',
  context: ({ input }) => ({ storeId: input.storeId, couponId: input.couponId, coupon: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCoupon',
        src: 'loadCoupon',
        input: ({ context }) => ({ storeId: context.storeId, couponId: context.couponId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadCoupon.ok': [
          { guard: 'alreadyMine', target: 'claimed.before', actions: 'keepCoupon' },
          { guard: 'notOffered', target: 'notOffered', actions: 'keepCoupon' },
          { target: 'offered', actions: 'keepCoupon' },
        ],
        'loadCoupon.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
      },
    },
    // no answer: the same read again
    failed: { tags: ['error'], on: { 'coupon.retry': { target: 'loading' } } },
    // not the store's coupon (or none): nothing to show
    unavailable: { tags: ['error'] },
    // the coupon, but not claimable now (its dates, its state, or its stock): said why, no claim
    notOffered: {},
    offered: {
      initial: 'idle',
      on: { 'claim.requested': { target: 'claiming' } },
      states: {
        idle: {},
        // the claim got no answer: the button asks again
        claimFailed: { tags: ['error'] },
      },
    },
    claiming: {
      tags: ['busy'],
      invoke: {
        id: 'claimCoupon',
        src: 'claimCoupon',
        input: ({ context }) => ({ storeId: context.storeId, couponId: context.couponId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'offered.claimFailed', actions: 'forgetRefusal' },
      },
      on: {
        'claimCoupon.ok': { target: 'claimed.now', actions: 'forgetRefusal' },
        // claimed before (another tab, a lost answer): the member has it all the same
        'claimCoupon.refused.PRM10014': { target: 'claimed.before', actions: 'forgetRefusal' },
        'claimCoupon.refused.*': { target: 'refused', actions: 'keepRefusal' },
      },
    },
    // in the member's coupons: just now, or from before
    claimed: {
      initial: 'now',
      states: { now: {}, before: {} },
    },
    // the server's refusal (PRM10015 not claimable now, MCH10004 no longer the store's…), said in its words
    refused: { tags: ['error'] },
  },
});
