import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { GroupVoucher, VoucherState } from '../services/contract/groupPackages.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * My packages (`/app/mypackages`, README "Group purchases"): the member's group vouchers, newest
 * first, all or of one state (unused, redeemed, expired, refunded: the filter asks the server
 * anew). An unused voucher opens: its QR (the code the till reads), its content, store and expiry;
 * the others show their dates in the list. Loading, empty and failed (ask again) as every list.
 */
export interface MyPackagesInput {
  state?: VoucherState;
}
export interface MyPackagesContext {
  /** The state filter; null: all. */
  filter: VoucherState | null;
  vouchers: GroupVoucher[];
  /** The voucher opened (its QR). */
  openId: string | null;
  errorCode: string | null;
}
export type MyPackagesEvent =
  | { type: 'filter.changed'; state: VoucherState | null }
  | { type: 'list.retry' }
  | { type: 'voucher.open'; voucherId: string }
  | { type: 'voucher.close' };

export const myPackagesMachine = setup({
  types: { input: {} as MyPackagesInput, context: {} as MyPackagesContext, events: {} as MyPackagesEvent | AnswerEvent },
  actors: {
    loadVouchers: provided<Outcome<{ vouchers: GroupVoucher[] }>, { state?: VoucherState }>('loadVouchers'),
  },
  guards: {
    noVouchers: ({ event }) => answerData<{ vouchers: GroupVoucher[] }>(event).vouchers.length === 0,
    // only a voucher still good at the till has a code to show
    usable: ({ context, event }) => event.type === 'voucher.open' && context.vouchers.some((v) => v.voucherId === event.voucherId && v.code !== null),
  },
  actions: {
    announceAnswer: announceAnswer<MyPackagesContext, MyPackagesEvent | AnswerEvent>(),
    setFilter: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? event.state : context.filter), openId: null }),
    keepVouchers: assign({ vouchers: ({ event }) => answerData<{ vouchers: GroupVoucher[] }>(event).vouchers, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    open: assign({ openId: ({ event }) => (event.type === 'voucher.open' ? event.voucherId : null) }),
    close: assign({ openId: null }),
  },
}).createMachine({
  id: 'myPackages',
  context: ({ input }) => ({ filter: input.state ?? null, vouchers: [], openId: null, errorCode: null }),
  initial: 'loading',
  on: {
    // another filter is a new list
    'filter.changed': { target: '.loading', actions: 'setFilter' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadVouchers',
        src: 'loadVouchers',
        input: ({ context }) => (context.filter ? { state: context.filter } : {}),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadVouchers.ok': [
          { guard: 'noVouchers', target: 'empty', actions: 'keepVouchers' },
          { target: 'listed', actions: 'keepVouchers' },
        ],
        'loadVouchers.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    empty: {},
    listed: { on: { 'voucher.open': { guard: 'usable', target: 'voucher', actions: 'open' } } },
    // an unused voucher: its QR, content, store and expiry
    voucher: { on: { 'voucher.close': { target: 'listed', actions: 'close' } } },
  },
});
