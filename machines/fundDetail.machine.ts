import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { FundLine } from '../services/contract/fundDetail.ts';
import { isOk, outputOf, provided, refusalCode } from './outcome.ts';
import { dateRangeMachine, FILTER_SHORTCUTS, filterAfter, rangeChosen, rangeToEdit, type PeriodFilter, type ShortcutCode } from './dateRange.machine.ts';

/**
 * Fund detail list: the lines of the member's available account, newest first, for a date filter
 * (today, the latest week, the latest month: spec §9 shortcuts 7, 6 and 8, or a custom from/to),
 * in pages through the server's cursor (infinite scroll), with pull-to-refresh. A new filter
 * restarts the list; an answer for a filter no longer shown is dropped with its invoke.
 */
export interface FundPage {
  items: FundLine[];
  nextCursor: string | null;
  from: string;
  to: string;
}

export interface FundDetailInput {
  /** Today as a Luanda day (YYYY-MM-DD): a custom range may not end after it. */
  today: string;
  filter?: PeriodFilter;
  /** The longest custom range the list's server answers, in days (the settlement's: a year and a day); none by default. */
  maxDays?: number;
}

export interface FundDetailContext {
  today: string;
  filter: PeriodFilter;
  maxDays: number | null;
  items: FundLine[];
  nextCursor: string | null;
  range: { from: string; to: string } | null;
  errorCode: string | null;
}

export type FundDetailEvent =
  | { type: 'filter.changed'; code: ShortcutCode }
  | { type: 'custom.opened' }
  | { type: 'list.more' }
  | { type: 'list.refreshed' }
  | { type: 'list.retry' };

const pageOf = (event: unknown) => {
  const output = outputOf<FundPage>(event);
  return output.ok ? output.data : null;
};

export const fundDetailMachine = setup({
  types: {
    input: {} as FundDetailInput,
    context: {} as FundDetailContext,
    events: {} as FundDetailEvent,
  },
  actors: {
    loadPage: provided<Outcome<FundPage>, { filter: PeriodFilter; cursor: string | null }>('loadPage'),
    dateRange: dateRangeMachine,
  },
  guards: {
    isOk,
    hasMore: ({ event }) => (pageOf(event)?.nextCursor ?? null) !== null,
    rangeChosen,
  },
  actions: {
    setShortcut: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? { kind: 'shortcut' as const, code: event.code } : context.filter) }),
    applyCustom: assign({ filter: ({ context, event }) => filterAfter(context.filter, event) }),
    clearList: assign({ items: [], nextCursor: null, range: null, errorCode: null }),
    replaceItems: assign(({ event }) => {
      const page = pageOf(event)!;
      return { items: page.items, nextCursor: page.nextCursor, range: { from: page.from, to: page.to }, errorCode: null };
    }),
    appendItems: assign(({ context, event }) => {
      const page = pageOf(event)!;
      const known = new Set(context.items.map((line) => line.id));
      return { items: [...context.items, ...page.items.filter((line) => !known.has(line.id))], nextCursor: page.nextCursor, errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'fundDetail',
  context: ({ input }) => ({
    today: input.today, filter: input.filter ?? { kind: 'shortcut', code: FILTER_SHORTCUTS.latestMonth }, maxDays: input.maxDays ?? null,
    items: [], nextCursor: null, range: null, errorCode: null,
  }),
  initial: 'loading',
  on: {
    'filter.changed': { target: '.loading', actions: ['setShortcut', 'clearList'] },
    'custom.opened': { target: '.customRange' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: [
          { guard: 'hasMore', target: 'ready.more', actions: 'replaceItems' },
          { guard: 'isOk', target: 'ready.end', actions: 'replaceItems' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'list.retry': { target: 'loading' } },
    },
    ready: {
      on: { 'list.refreshed': { target: 'refreshing' } },
      initial: 'end',
      states: {
        more: { on: { 'list.more': { target: '#fundDetail.loadingMore' } } },
        end: {},
        // the lines so far stay; the next page may be asked again
        moreFailed: { tags: ['error'], on: { 'list.more': { target: '#fundDetail.loadingMore' } } },
        // the lines shown are the previous ones; pulling again retries
        refreshFailed: { tags: ['error'] },
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: context.nextCursor }),
        onDone: [
          { guard: 'hasMore', target: 'ready.more', actions: 'appendItems' },
          { guard: 'isOk', target: 'ready.end', actions: 'appendItems' },
          { target: 'ready.moreFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'ready.moreFailed', actions: 'forgetRefusal' },
      },
    },
    refreshing: {
      tags: ['refreshing'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: [
          { guard: 'hasMore', target: 'ready.more', actions: 'replaceItems' },
          { guard: 'isOk', target: 'ready.end', actions: 'replaceItems' },
          { target: 'ready.refreshFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'ready.refreshFailed', actions: 'forgetRefusal' },
      },
    },
    // the custom range, its own chart, with the server's cap where it has one: the list shown before stays in context until it ends
    customRange: {
      invoke: {
        id: 'dateRange',
        src: 'dateRange',
        input: ({ context }) => ({ today: context.today, maxDays: context.maxDays, ...rangeToEdit(context.filter, context.range, context.today) }),
        onDone: [
          { guard: 'rangeChosen', target: 'loading', actions: ['applyCustom', 'clearList'] },
          { target: 'loading', actions: 'clearList' },
        ],
      },
    },
  },
});
