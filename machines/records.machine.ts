import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MerchantRecord } from '../services/contract/records.ts';
import { announceAnswer, answerCode, provided, type AnswerEvent } from './outcome.ts';
import { LONGEST_RANGE_DAYS } from '../services/contract/dateRanges.ts';
import { dateRangeMachine, FILTER_SHORTCUTS, filterAfter, rangeChosen, rangeToEdit, type PeriodFilter, type ShortcutCode } from './dateRange.machine.ts';
import { pagedListMachine, type ListLoaded, type Page } from './pagedList.machine.ts';

/**
 * A merchant's transaction records (issue 12): the owner's of all its stores, or one store, clerk
 * or code binding; a clerk's own (or their store's, with the permission) — the server decides and
 * answers the caller's role with the first page. The date filter is the fund detail's (spec §9
 * shortcuts today/latest week/latest month, or a custom from/to through the dateRange child); the
 * records are the pagedList child's (pages through the server's cursor, pull to refresh), asked for
 * this chart's filter and scope, and invoked again when either changes. In parallel, the owner
 * exports the same filter as CSV for its accountant (a clerk is not offered it: the server refuses
 * it anyway).
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
export interface RecordsPage extends Page<MerchantRecord> {
  from: string;
  to: string;
  role: 'owner' | 'clerk';
  reach: 'all' | 'store' | 'own';
  choices: RecordsChoices;
}
/** What the records are asked for: the date filter and the owner's scope (the list child's `query`). */
export interface RecordsFilterQuery {
  filter: PeriodFilter;
  scope: RecordsScopeFilter;
}
/** A page of them, or the CSV of them all (`cursor` null). */
export interface RecordsQuery extends RecordsFilterQuery {
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
  /** The period the list's first page covers; null until it is loaded. */
  range: { from: string; to: string } | null;
  role: 'owner' | 'clerk' | null;
  reach: RecordsPage['reach'] | null;
  choices: RecordsChoices;
  exportCode: string | null;
}

export type RecordsEvent =
  | { type: 'filter.changed'; code: ShortcutCode }
  | { type: 'scope.changed'; scope: RecordsScopeFilter }
  | { type: 'custom.opened' }
  | { type: 'export.requested' }
  | ListLoaded<RecordsPage>;

const NO_CHOICES: RecordsChoices = { stores: [], clerks: [], bindings: [] };

/** The key of a record, for the list child to drop one a later page repeats. */
export const RECORD_KEY = 'recordId' satisfies keyof MerchantRecord;

export const recordsMachine = setup({
  types: { input: {} as RecordsInput, context: {} as RecordsContext, events: {} as RecordsEvent | AnswerEvent },
  actors: {
    pagedList: pagedListMachine,
    exportCsv: provided<Outcome<{ saved: true }>, RecordsQuery>('exportCsv'),
    dateRange: dateRangeMachine,
  },
  guards: {
    isOwner: ({ context }) => context.role === 'owner',
    rangeChosen,
  },
  actions: {
    setShortcut: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? { kind: 'shortcut' as const, code: event.code } : context.filter) }),
    setScope: assign({ scope: ({ context, event }) => (event.type === 'scope.changed' ? event.scope : context.scope) }),
    applyCustom: assign({ filter: ({ context, event }) => filterAfter(context.filter, event) }),
    forgetRange: assign({ range: null }),
    // the caller's role, reach and choices come with each first page (the server decides them)
    keepPage: assign(({ event }) => {
      if (event.type !== 'list.loaded') return {};
      const page = event.page;
      return { range: { from: page.from, to: page.to }, role: page.role, reach: page.reach, choices: page.choices ?? NO_CHOICES };
    }),
    announceAnswer: announceAnswer<RecordsContext, RecordsEvent | AnswerEvent>(),
    keepExportRefusal: assign({ exportCode: ({ event }) => answerCode(event) }),
    forgetExportRefusal: assign({ exportCode: null }),
  },
}).createMachine({
  id: 'records',
  context: ({ input }) => ({
    today: input.today, filter: { kind: 'shortcut', code: FILTER_SHORTCUTS.today }, scope: input.scope ?? {},
    range: null, role: null, reach: null, choices: NO_CHOICES, exportCode: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'listing',
      on: {
        'filter.changed': { target: '.listing', actions: 'setShortcut' },
        // the pickers are the owner's (a clerk's scope is the server's to decide)
        'scope.changed': { guard: 'isOwner', target: '.listing', actions: 'setScope' },
        'custom.opened': { target: '.customRange' },
      },
      states: {
        // the records of the filter and scope, the list child's: entered again, a new list
        listing: {
          entry: 'forgetRange',
          invoke: {
            id: 'pagedList',
            src: 'pagedList',
            input: ({ context }) => ({ query: { filter: context.filter, scope: context.scope } satisfies RecordsFilterQuery, key: RECORD_KEY }),
          },
          on: { 'list.loaded': { actions: 'keepPage' } },
        },
        // the custom range, its own chart, with the server's cap on a range's length
        customRange: {
          invoke: {
            id: 'dateRange',
            src: 'dateRange',
            input: ({ context }) => ({ today: context.today, maxDays: LONGEST_RANGE_DAYS, ...rangeToEdit(context.filter, context.range, context.today) }),
            onDone: [
              { guard: 'rangeChosen', target: 'listing', actions: 'applyCustom' },
              { target: 'listing' },
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
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'exportFailed', actions: 'forgetExportRefusal' },
          },
          on: {
            'exportCsv.ok': { target: 'exported', actions: 'forgetExportRefusal' },
            'exportCsv.refused.*': { target: 'exportFailed', actions: 'keepExportRefusal' },
          },
        },
        exported: { on: { 'export.requested': { guard: 'isOwner', target: 'exporting' } } },
        exportFailed: { tags: ['error'], on: { 'export.requested': { guard: 'isOwner', target: 'exporting' } } },
      },
    },
  },
});
