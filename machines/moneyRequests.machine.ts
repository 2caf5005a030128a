import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MoneyRequestView } from '../services/contract/moneyRequest.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The member's requests for money (`/app/moneyRequests`): those asked of them and those they sent,
 * newest first, each with its status; a row opens the request (moneyRequestView). Loaded, or
 * failed with a retry; empty lists say so.
 */
export interface RequestLists {
  sent: MoneyRequestView[];
  received: MoneyRequestView[];
}

export interface MoneyRequestsContext {
  lists: RequestLists;
  errorCode: string | null;
}

export type MoneyRequestsEvent = { type: 'requests.retry' } | { type: 'requests.refreshed' };

export const moneyRequestsMachine = setup({
  types: {
    context: {} as MoneyRequestsContext,
    events: {} as MoneyRequestsEvent | AnswerEvent,
  },
  actors: {
    loadRequests: provided<Outcome<RequestLists>>('loadRequests'),
  },
  actions: {
    announceAnswer: announceAnswer<MoneyRequestsContext, MoneyRequestsEvent | AnswerEvent>(),
    keepLists: assign({ lists: ({ event }) => answerData<RequestLists>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'moneyRequests',
  context: { lists: { sent: [], received: [] }, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRequests',
        src: 'loadRequests',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadRequests.ok': { target: 'shown', actions: 'keepLists' },
        'loadRequests.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'requests.retry': { target: 'loading' } },
    },
    shown: {
      on: { 'requests.refreshed': { target: 'loading' } },
    },
  },
});
