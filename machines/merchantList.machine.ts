import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { queryMerchantList } from '../services/contract/merchantList.ts';
import { dataOf, isOk, provided, refusalCode, refusedWith } from './outcome.ts';

/**
 * The merchant list (`/app/merchantlist`): the merchant and its sub-merchants, each with its stores
 * (open and closed), from `merchant/list/query`. A member without a collection account (MCH10003)
 * is led to open one; no answer is retried. The list is read again on demand (after a store was
 * added or closed in another tab).
 */
export type MerchantTree = ResponseOf<typeof queryMerchantList>;

export interface MerchantListContext {
  list: MerchantTree | null;
  errorCode: string | null;
}

export type MerchantListEvent = { type: 'list.retry' } | { type: 'list.refresh' };

export const merchantListMachine = setup({
  types: { context: {} as MerchantListContext, events: {} as MerchantListEvent },
  actors: {
    loadList: provided<Outcome<MerchantTree>>('loadList'),
  },
  guards: { isOk, refusedWith },
  actions: {
    keepList: assign({ list: ({ event, context }) => dataOf<MerchantTree>(event) ?? context.list, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'merchantList',
  context: { list: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: [
          { guard: 'isOk', target: 'ready', actions: 'keepList' },
          { guard: { type: 'refusedWith', params: { code: 'MCH10003' } }, target: 'notMerchant' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    // no collection account yet: the screen leads to opening one
    notMerchant: {},
    ready: { on: { 'list.refresh': { target: 'loading' } } },
  },
});
