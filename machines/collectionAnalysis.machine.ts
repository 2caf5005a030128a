import { assign, setup } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { CollectionAnalysis } from '../services/contract/collectionAnalysis.ts';
import { dateRangeMachine, FILTER_SHORTCUTS, filterAfter, rangeChosen, rangeToEdit, type PeriodFilter, type ShortcutCode } from './dateRange.machine.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { LONGEST_RANGE_DAYS } from '../services/contract/dateRanges.ts';

/**
 * The merchant's income analysis (`/app/collectionanalysis`, "statistical analysis"): totals,
 * the series by day (by hour for one day), the breakdowns by store and clerk and the balances, for
 * a date filter — the fund detail's: today, the latest week, the latest month (spec §9 shortcuts
 * 7, 6, 8) or a custom from/to through the same child chart — and all stores or one. A range without
 * payments is its own state (nothing to chart). A new filter or store asks again.
 */

export interface AnalysisStore {
  storeId: string;
  name: string;
}

export interface AnalysisAnswer {
  analysis: CollectionAnalysis;
  /** The merchant's stores, to choose one from. */
  stores: AnalysisStore[];
}

export interface CollectionAnalysisInput {
  /** Today as a Luanda day (YYYY-MM-DD): a custom range may not end after it. */
  today: string;
}

export interface CollectionAnalysisContext {
  today: string;
  filter: PeriodFilter;
  storeId: string | null;
  analysis: CollectionAnalysis | null;
  stores: AnalysisStore[];
  errorCode: string | null;
}

export type CollectionAnalysisEvent =
  | { type: 'filter.changed'; code: ShortcutCode }
  | { type: 'custom.opened' }
  | { type: 'store.changed'; storeId: string | null }
  | { type: 'analysis.refreshed' }
  | { type: 'analysis.retry' };

const answerOf = (event: unknown) => answerData<AnalysisAnswer>(event);

export const collectionAnalysisMachine = setup({
  types: {
    input: {} as CollectionAnalysisInput,
    context: {} as CollectionAnalysisContext,
    events: {} as CollectionAnalysisEvent | AnswerEvent,
  },
  actors: {
    loadAnalysis: provided<Outcome<AnalysisAnswer>, { filter: PeriodFilter; storeId: string | null }>('loadAnalysis'),
    dateRange: dateRangeMachine,
  },
  guards: {
    hasPayments: ({ event }) => answerOf(event).analysis.totals.count > 0,
    rangeChosen,
  },
  actions: {
    setShortcut: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? { kind: 'shortcut' as const, code: event.code } : context.filter) }),
    setStore: assign({ storeId: ({ context, event }) => (event.type === 'store.changed' ? event.storeId : context.storeId) }),
    applyCustom: assign({ filter: ({ context, event }) => filterAfter(context.filter, event) }),
    announceAnswer: announceAnswer<CollectionAnalysisContext, CollectionAnalysisEvent | AnswerEvent>(),
    keepAnswer: assign(({ event }) => {
      const answer = answerOf(event);
      return { analysis: answer.analysis, stores: answer.stores, errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'collectionAnalysis',
  context: ({ input }) => ({
    today: input.today, filter: { kind: 'shortcut', code: FILTER_SHORTCUTS.today }, storeId: null,
    analysis: null, stores: [], errorCode: null,
  }),
  initial: 'loading',
  on: {
    'filter.changed': { target: '.loading', actions: 'setShortcut' },
    'custom.opened': { target: '.customRange' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAnalysis',
        src: 'loadAnalysis',
        input: ({ context }) => ({ filter: context.filter, storeId: context.storeId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadAnalysis.ok': [
          { guard: 'hasPayments', target: 'ready', actions: 'keepAnswer' },
          // a range without payments, or with only refunds of earlier payments: nothing to chart but the figures
          { target: 'empty', actions: 'keepAnswer' },
        ],
        'loadAnalysis.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    // the stores to choose from come with an answer
    ready: {
      on: {
        'analysis.refreshed': { target: 'loading' },
        'store.changed': { target: 'loading', actions: 'setStore' },
      },
    },
    empty: {
      on: {
        'analysis.refreshed': { target: 'loading' },
        'store.changed': { target: 'loading', actions: 'setStore' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'analysis.retry': { target: 'loading' } },
    },
    // the custom range, its own chart, with the server's cap on a range's length
    customRange: {
      invoke: {
        id: 'dateRange',
        src: 'dateRange',
        input: ({ context }) => ({ today: context.today, maxDays: LONGEST_RANGE_DAYS, ...rangeToEdit(context.filter, context.analysis, context.today) }),
        onDone: [
          { guard: 'rangeChosen', target: 'loading', actions: 'applyCustom' },
          { target: 'loading' },
        ],
      },
    },
  },
});
