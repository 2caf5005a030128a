import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { queryMerchantList } from '../services/contract/merchantList.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

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
  types: { context: {} as MerchantListContext, events: {} as MerchantListEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<MerchantTree>>('loadList'),
  },
  actions: {
    announceAnswer: announceAnswer<MerchantListContext, MerchantListEvent | AnswerEvent>(),
    keepList: assign({ list: ({ event }) => answerData<MerchantTree>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadList.ok': { target: 'ready', actions: 'keepList' },
        'loadList.refused.MCH10003': { target: 'notMerchant' },
        'loadList.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    // no collection account yet: the screen leads to opening one
    notMerchant: {},
    ready: { on: { 'list.refresh': { target: 'loading' } } },
  },
});
