import { myCouponsMachine, type MyCouponsEvent } from '../../machines/myCoupons.machine.ts';
import type { MemberCoupon } from '../../services/contract/myCoupons.ts';
import type { Page } from '../../machines/pagedList.machine.ts';
import { parkInvokes, type FlowModel } from '../support/mbt.ts';
import { pagedListMachine } from '../../machines/pagedList.machine.ts';

export const memberCoupon = (id: string, over: Partial<MemberCoupon> = {}): MemberCoupon => ({
  memberCouponId: id, couponId: `1${id}`, name: 'Gaste 800', merchant: 'Comercial Demo, Lda', state: 'usable', claimedAt: '2026-03-10T09:00:00.000Z', usedAt: null, appliesNow: true,
  type: 2, amountOff: 8_000, threshold: 80_000, percentBp: null, maxOff: null, target: 1, startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T23:00:00.000Z', ...over,
});
export const couponsPage: Page<MemberCoupon> = {
  items: [memberCoupon('42'), memberCoupon('41', { name: 'Dez por cento', type: 4, amountOff: null, threshold: null, percentBp: 1_000, maxOff: 2_000, target: 3, endsAt: null, appliesNow: false })],
  nextCursor: null,
};

export const myCouponsUserEvents = {
  'state.changed': { type: 'state.changed', state: 'used' },
} satisfies Record<MyCouponsEvent['type'], MyCouponsEvent>;

export const myCouponsModel: FlowModel<typeof myCouponsMachine> = {
  // the list child asks for its first page for ever (its own model covers the pages)
  machine: myCouponsMachine.provide({ actors: { pagedList: parkInvokes(pagedListMachine, ['loadPage']) } }),
  variants: [{ name: 'usable first', input: {} }],
  events: [...Object.values(myCouponsUserEvents), { type: 'state.changed', state: 'expired' } as MyCouponsEvent, { type: 'state.changed', state: 'usable' } as MyCouponsEvent],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.state]),
};
