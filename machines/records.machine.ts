import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MerchantRecord } from '../services/contract/records.ts';
import { isOk, outputOf, provided, refusalCode } from './outcome.ts';
import { LONGEST_RANGE_DAYS } from '../services/contract/dateRanges.ts';
import { dateRangeMachine, FILTER_SHORTCUTS, filterAfter, rangeChosen, rangeToEdit, type PeriodFilter, type ShortcutCode } from './dateRange.machine.ts';

/**
 * A merchant's transaction records (issue 12): the owner's of all its stores, or one store, clerk
 * or code binding; a clerk's own (or their store's, with the permission) — the server decides and
 * answers the caller's role with the first page. The date filter is the fund detail's (spec §9
 * shortcuts today/latest week/latest month, or a custom from/to through the dateRange child), pages come
 * through the server's cursor, pull to refresh. In parallel, the owner exports the same filter as
 * CSV for its accountant (a clerk is not offered it: the server refuses it anyway).
 */
export interface RecordsScopeFilter {
  storeId?: string;
  clerkId?: string;
  bindingId?: string;
}
export interface RecordsChoices {
  stores: { id: string; name: string }[];
  clerks: { id: string; name: string }[];
  bindings: { id: string; name: string }[];
}
export interface RecordsPage {
  items: MerchantRecord[];
  nextCursor: string | null;
  from: string;
  to: string;
  role: 'owner' | 'clerk';
  reach: 'all' | 'store' | 'own';
  choices: RecordsChoices;
}
export interface RecordsQuery {
  filter: PeriodFilter;
  scope: RecordsScopeFilter;
  cursor: string | null;
}

export interface RecordsInput {
  /** Today as a Luanda day (YYYY-MM-DD): a custom range may not end after it. */
  today: string;
  scope?: RecordsScopeFilter;
}

export interface RecordsContext {
  today: string;
  filter: PeriodFilter;
  scope: RecordsScopeFilter;
  items: MerchantRecord[];
  nextCursor: string | null;
  range: { from: string; to: string } | null;
  role: 'owner' | 'clerk' | null;
  reach: RecordsPage['reach'] | null;
  choices: RecordsChoices;
  errorCode: string | null;
  exportCode: string | null;
}

export type RecordsEvent =
  | { type: 'filter.changed'; code: ShortcutCode }
  | { type: 'scope.changed'; scope: RecordsScopeFilter }
  | { type: 'custom.opened' }
  | { type: 'list.more' }
  | { type: 'list.refreshed' }
  | { type: 'list.retry' }
  | { type: 'export.requested' };

const NO_CHOICES: RecordsChoices = { stores: [], clerks: [], bindings: [] };

const pageOf = (event: unknown) => {
  const output = outputOf<RecordsPage>(event);
  return output.ok ? output.data : null;
};

export const recordsMachine = setup({
  types: { input: {} as RecordsInput, context: {} as RecordsContext, events: {} as RecordsEvent },
  actors: {
    loadPage: provided<Outcome<RecordsPage>, RecordsQuery>('loadPage'),
    exportCsv: provided<Outcome<{ saved: true }>, RecordsQuery>('exportCsv'),
    dateRange: dateRangeMachine,
  },
  guards: {
    isOk,
    hasMore: ({ event }) => (pageOf(event)?.nextCursor ?? null) !== null,
    isOwner: ({ context }) => context.role === 'owner',
    rangeChosen,
  },
  actions: {
    setShortcut: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? { kind: 'shortcut' as const, code: event.code } : context.filter) }),
    setScope: assign({ scope: ({ context, event }) => (event.type === 'scope.changed' ? event.scope : context.scope) }),
    applyCustom: assign({ filter: ({ context, event }) => filterAfter(context.filter, event) }),
    clearList: assign({ items: [], nextCursor: null, range: null, errorCode: null }),
    replaceItems: assign(({ event }) => {
      const page = pageOf(event)!;
      return { items: page.items, nextCursor: page.nextCursor, range: { from: page.from, to: page.to }, role: page.role, reach: page.reach, choices: page.choices ?? NO_CHOICES, errorCode: null };
    }),
    appendItems: assign(({ context, event }) => {
      const page = pageOf(event)!;
      const known = new Set(context.items.map((record) => record.recordId));
      return { items: [...context.items, ...page.items.filter((record) => !known.has(record.recordId))], nextCursor: page.nextCursor, errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepExportRefusal: assign({ exportCode: ({ event }) => refusalCode(event) }),
    forgetExportRefusal: assign({ exportCode: null }),
  },
}).createMachine({
  id: 'records',
  context: ({ input }) => ({
    today: input.today, filter: { kind: 'shortcut', code: FILTER_SHORTCUTS.today }, scope: input.scope ?? {},
    items: [], nextCursor: null, range: null, role: null, reach: null, choices: NO_CHOICES, errorCode: null, exportCode: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.changed': { target: '.loading', actions: ['setShortcut', 'clearList'] },
        // the pickers are the owner's (a clerk's scope is the server's to decide)
        'scope.changed': { guard: 'isOwner', target: '.loading', actions: ['setScope', 'clearList'] },
        'custom.opened': { target: '.customRange' },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ filter: context.filter, scope: context.scope, cursor: null }),
            onDone: [
              { guard: 'hasMore', target: 'ready.more', actions: 'replaceItems' },
              { guard: 'isOk', target: 'ready.end', actions: 'replaceItems' },
              { target: 'failed', actions: 'keepRefusal' },
            ],
            onError: { target: 'failed', actions: 'forgetRefusal' },
          },
        },
        failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
        ready: {
          on: { 'list.refreshed': { target: 'refreshing' } },
          initial: 'end',
          states: {
            more: { on: { 'list.more': { target: '#records.list.loadingMore' } } },
            end: {},
            // the records so far stay; the next page may be asked again
            moreFailed: { tags: ['error'], on: { 'list.more': { target: '#records.list.loadingMore' } } },
            // the records shown are the previous ones; pulling again retries
            refreshFailed: { tags: ['error'] },
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ filter: context.filter, scope: context.scope, cursor: context.nextCursor }),
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
            input: ({ context }) => ({ filter: context.filter, scope: context.scope, cursor: null }),
            onDone: [
              { guard: 'hasMore', target: 'ready.more', actions: 'replaceItems' },
              { guard: 'isOk', target: 'ready.end', actions: 'replaceItems' },
              { target: 'ready.refreshFailed', actions: 'keepRefusal' },
            ],
            onError: { target: 'ready.refreshFailed', actions: 'forgetRefusal' },
          },
        },
        // the custom range, its own chart, with the server's cap on a range's length
        customRange: {
          invoke: {
            id: 'dateRange',
            src: 'dateRange',
            input: ({ context }) => ({ today: context.today, maxDays: LONGEST_RANGE_DAYS, ...rangeToEdit(context.filter, context.range, context.today) }),
            onDone: [
              { guard: 'rangeChosen', target: 'loading', actions: ['applyCustom', 'clearList'] },
              { target: 'loading', actions: 'clearList' },
            ],
          },
        },
      },
    },
    // the owner's CSV of what the list shows (the same date filter and scope), saved as a file
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'export.requested': { guard: 'isOwner', target: 'exporting' } } },
        // a second request while one runs is this one: exporting does not take it
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => ({ filter: context.filter, scope: context.scope, cursor: null }),
            onDone: [
              { guard: 'isOk', target: 'exported', actions: 'forgetExportRefusal' },
              { target: 'exportFailed', actions: 'keepExportRefusal' },
            ],
            onError: { target: 'exportFailed', actions: 'forgetExportRefusal' },
          },
        },
        exported: { on: { 'export.requested': { guard: 'isOwner', target: 'exporting' } } },
        exportFailed: { tags: ['error'], on: { 'export.requested': { guard: 'isOwner', target: 'exporting' } } },
      },
    },
  },
});
