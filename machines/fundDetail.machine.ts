import { setup, assign } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { FundLine } from '../services/contract/fundDetail.ts';
import { isOk, outputOf, provided, refusalCode } from './outcome.ts';

/**
 * Fund detail list: the lines of the member's available account, newest first, for a date filter
 * (today, the latest week, the latest month: spec §9 shortcuts 7, 6 and 8, or a custom from/to),
 * in pages through the server's cursor (infinite scroll), with pull-to-refresh. A new filter
 * restarts the list; an answer for a filter no longer shown is dropped with its invoke.
 */
export type ShortcutCode = '7' | '6' | '8';
export const FILTER_SHORTCUTS = { today: '7', latestWeek: '6', latestMonth: '8' } as const satisfies Record<string, ShortcutCode>;

export type FundFilter = { kind: 'shortcut'; code: ShortcutCode } | { kind: 'custom'; from: string; to: string };

export interface FundPage {
  items: FundLine[];
  nextCursor: string | null;
  from: string;
  to: string;
}

export interface FundDetailInput {
  /** Today as a Luanda day (YYYY-MM-DD): a custom range may not end after it. */
  today: string;
  filter?: FundFilter;
}

export interface FundDetailContext {
  today: string;
  filter: FundFilter;
  draftFrom: string;
  draftTo: string;
  items: FundLine[];
  nextCursor: string | null;
  range: { from: string; to: string } | null;
  errorCode: string | null;
}

export type FundDetailEvent =
  | { type: 'filter.changed'; code: ShortcutCode }
  | { type: 'custom.opened' }
  | { type: 'custom.fromChanged'; value: string }
  | { type: 'custom.toChanged'; value: string }
  | { type: 'custom.applied' }
  | { type: 'custom.cancelled' }
  | { type: 'list.more' }
  | { type: 'list.refreshed' }
  | { type: 'list.retry' };

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

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
    loadPage: provided<Outcome<FundPage>, { filter: FundFilter; cursor: string | null }>('loadPage'),
  },
  guards: {
    isOk,
    hasMore: ({ event }) => (pageOf(event)?.nextCursor ?? null) !== null,
    draftIncomplete: ({ context }) => !isIsoDay(context.draftFrom) || !isIsoDay(context.draftTo),
    // ISO days compare as strings
    draftReversed: ({ context }) => context.draftFrom > context.draftTo,
    draftInFuture: ({ context }) => context.draftTo > context.today,
  },
  actions: {
    setShortcut: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? { kind: 'shortcut' as const, code: event.code } : context.filter) }),
    seedDraft: assign({
      draftFrom: ({ context }) => (context.filter.kind === 'custom' ? context.filter.from : (context.range?.from ?? context.today)),
      draftTo: ({ context }) => (context.filter.kind === 'custom' ? context.filter.to : (context.range?.to ?? context.today)),
    }),
    setDraftFrom: assign({ draftFrom: ({ context, event }) => (event.type === 'custom.fromChanged' ? event.value.slice(0, 10) : context.draftFrom) }),
    setDraftTo: assign({ draftTo: ({ context, event }) => (event.type === 'custom.toChanged' ? event.value.slice(0, 10) : context.draftTo) }),
    applyCustom: assign({ filter: ({ context }) => ({ kind: 'custom' as const, from: context.draftFrom, to: context.draftTo }) }),
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
    today: input.today, filter: input.filter ?? { kind: 'shortcut', code: FILTER_SHORTCUTS.latestMonth },
    draftFrom: '', draftTo: '', items: [], nextCursor: null, range: null, errorCode: null,
  }),
  initial: 'loading',
  on: {
    'filter.changed': { target: '.loading', actions: ['setShortcut', 'clearList'] },
    'custom.opened': { target: '.customRange', actions: 'seedDraft' },
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
    customRange: {
      initial: 'editing',
      on: {
        'custom.fromChanged': { target: '.editing', actions: 'setDraftFrom' },
        'custom.toChanged': { target: '.editing', actions: 'setDraftTo' },
        'custom.applied': [
          { guard: 'draftIncomplete', target: '.incomplete' },
          { guard: 'draftReversed', target: '.reversed' },
          { guard: 'draftInFuture', target: '.future' },
          { target: 'loading', actions: ['applyCustom', 'clearList'] },
        ],
        'custom.cancelled': { target: 'loading', actions: 'clearList' },
      },
      states: {
        editing: {},
        incomplete: { tags: ['error'] },
        reversed: { tags: ['error'] },
        future: { tags: ['error'] },
      },
    },
  },
});
