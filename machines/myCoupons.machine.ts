import { setup, assign } from 'xstate';
import type { CouponState, MemberCoupon } from '../services/contract/myCoupons.ts';
import { pagedListMachine } from './pagedList.machine.ts';

/**
 * My coupons (issue 23, `/app/coupons`): the member's coupons by state — usable first (the tab it
 * opens on), then used and expired — each state's list the pagedList child's (pages through the
 * server's cursor, pull to refresh, empty and failed), asked for the tab chosen: another tab is a
 * new list, the child invoked again.
 */
export interface MyCouponsInput {
  state?: CouponState;
}

export interface MyCouponsContext {
  state: CouponState;
}

export type MyCouponsEvent = { type: 'state.changed'; state: CouponState };

/** The key of a member's coupon, for the list child to drop one a later page repeats. */
export const MEMBER_COUPON_KEY = 'memberCouponId' satisfies keyof MemberCoupon;

export const myCouponsMachine = setup({
  types: { input: {} as MyCouponsInput, context: {} as MyCouponsContext, events: {} as MyCouponsEvent },
  actors: {
    pagedList: pagedListMachine,
  },
  actions: {
    setState: assign({ state: ({ context, event }) => (event.type === 'state.changed' ? event.state : context.state) }),
  },
}).createMachine({
  id: 'myCoupons',
  context: ({ input }) => ({ state: input.state ?? 'usable' }),
  initial: 'listing',
  on: {
    // a tab is a new list: listing is entered again, the child invoked anew
    'state.changed': { target: '.listing', actions: 'setState' },
  },
  states: {
    listing: {
      invoke: {
        id: 'pagedList',
        src: 'pagedList',
        input: ({ context }) => ({ query: { state: context.state }, key: MEMBER_COUPON_KEY }),
      },
    },
  },
});
