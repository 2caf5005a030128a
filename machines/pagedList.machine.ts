import { setup, assign, sendParent } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * A list read page by page through the server's cursor, the child chart of every such list (the
 * fund detail's lines, a merchant's records; next the cashback list, reductions, coupons, winners,
 * activities): the first page loads → ready (more to come, or the end) | empty | failed (retry).
 * The next page loads as the end of the list comes into view (loadingMore); a page that fails
 * keeps the items so far and is asked again by the button (moreFailed). Pull to refresh reads the
 * first page again in place of all (refreshing); a refresh that fails keeps what is shown
 * (refreshFailed). It takes what its parent filters by (a period, a store…) as `query`, handed to
 * the page loader with the cursor: a new filter is a new list, the parent invokes it again. Each
 * first page's own facts besides its items (the period it covers, the caller's role…) go to the
 * parent as `list.loaded` (its model, run alone, provides a `pageLoaded` that sends nothing).
 */
export interface Page<Item = unknown> {
  items: Item[];
  nextCursor: string | null;
}

/** What the page loader is asked: the parent's filter and where the page starts (null: the first). */
export interface PageQuery<Query = unknown> {
  query: Query;
  cursor: string | null;
}

export interface PagedListInput {
  /** The parent's filter, handed to the page loader as it is. */
  query: unknown;
  /** The field naming an item, so that one a later page repeats (a line booked meanwhile) is shown once. */
  key: string;
}

export interface PagedListContext extends PagedListInput {
  items: Record<string, unknown>[];
  nextCursor: string | null;
  errorCode: string | null;
}

export type PagedListEvent = { type: 'list.more' } | { type: 'list.refreshed' } | { type: 'list.retry' };

/** What the parent is told of each first page: the whole answer, items included (its facts are the rest). */
export interface ListLoaded<P extends Page = Page> {
  type: 'list.loaded';
  page: P;
}

const pageOf = (event: unknown) => answerData<Page<Record<string, unknown>>>(event);

export const pagedListMachine = setup({
  types: {
    input: {} as PagedListInput,
    context: {} as PagedListContext,
    events: {} as PagedListEvent | AnswerEvent,
  },
  actors: {
    loadPage: provided<Outcome<Page>, PageQuery>('loadPage'),
  },
  guards: {
    noItems: ({ event }) => pageOf(event).items.length === 0,
    hasMore: ({ event }) => pageOf(event).nextCursor !== null,
    // a refresh of an empty list failed: still nothing to show
    nothingShown: ({ context }) => context.items.length === 0,
  },
  actions: {
    announceAnswer: announceAnswer<PagedListContext, PagedListEvent | AnswerEvent>(),
    replaceItems: assign(({ event }) => {
      const page = pageOf(event);
      return { items: page.items, nextCursor: page.nextCursor, errorCode: null };
    }),
    appendItems: assign(({ context, event }) => {
      const page = pageOf(event);
      const known = new Set(context.items.map((item) => item[context.key]));
      return { items: [...context.items, ...page.items.filter((item) => !known.has(item[context.key]))], nextCursor: page.nextCursor, errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // the parent keeps a first page's facts besides its items (the period it covers, the caller's role…)
    pageLoaded: sendParent(({ event }): ListLoaded => ({ type: 'list.loaded', page: pageOf(event) })),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ query: input.query, key: input.key, items: [], nextCursor: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, cursor: null }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadPage.ok': [
          { guard: 'noItems', target: 'empty', actions: ['replaceItems', 'pageLoaded'] },
          { guard: 'hasMore', target: 'ready.more', actions: ['replaceItems', 'pageLoaded'] },
          { target: 'ready.end', actions: ['replaceItems', 'pageLoaded'] },
        ],
        'loadPage.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'list.retry': { target: 'loading' } },
    },
    // nothing in this filter: pulling (or the button) asks again
    empty: {
      on: { 'list.refreshed': { target: 'refreshing' } },
      initial: 'shown',
      states: {
        shown: {},
        refreshFailed: { tags: ['error'] },
      },
    },
    ready: {
      on: { 'list.refreshed': { target: 'refreshing' } },
      initial: 'end',
      states: {
        more: { on: { 'list.more': { target: '#pagedList.loadingMore' } } },
        end: {},
        // the items so far stay; the next page may be asked again
        moreFailed: { tags: ['error'], on: { 'list.more': { target: '#pagedList.loadingMore' } } },
        // the items shown are the previous ones; pulling again retries
        refreshFailed: { tags: ['error'] },
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, cursor: context.nextCursor }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.moreFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadPage.ok': [
          { guard: 'hasMore', target: 'ready.more', actions: 'appendItems' },
          { target: 'ready.end', actions: 'appendItems' },
        ],
        'loadPage.refused.*': { target: 'ready.moreFailed', actions: 'keepRefusal' },
      },
    },
    refreshing: {
      tags: ['refreshing'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, cursor: null }),
        onDone: { actions: 'announceAnswer' },
        onError: [
          { guard: 'nothingShown', target: 'empty.refreshFailed', actions: 'forgetRefusal' },
          { target: 'ready.refreshFailed', actions: 'forgetRefusal' },
        ],
      },
      on: {
        'loadPage.ok': [
          { guard: 'noItems', target: 'empty', actions: ['replaceItems', 'pageLoaded'] },
          { guard: 'hasMore', target: 'ready.more', actions: ['replaceItems', 'pageLoaded'] },
          { target: 'ready.end', actions: ['replaceItems', 'pageLoaded'] },
        ],
        'loadPage.refused.*': [
          { guard: 'nothingShown', target: 'empty.refreshFailed', actions: 'keepRefusal' },
          { target: 'ready.refreshFailed', actions: 'keepRefusal' },
        ],
      },
    },
  },
});
