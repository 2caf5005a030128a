import { setup, assign } from 'xstate';
import type { FundLine } from '../services/contract/fundDetail.ts';
import { dateRangeMachine, FILTER_SHORTCUTS, filterAfter, rangeChosen, rangeToEdit, type PeriodFilter, type ShortcutCode } from './dateRange.machine.ts';
import { pagedListMachine, type ListLoaded, type Page } from './pagedList.machine.ts';

/**
 * Fund detail list: the lines of the member's available account, newest first, for a date filter
 * (today, the latest week, the latest month: spec §9 shortcuts 7, 6 and 8, or a custom from/to).
 * The lines are the pagedList child's (pages through the server's cursor as the end comes into
 * view, pull to refresh), asked for this chart's filter; the period a first page covers is said
 * above them. A new filter is a new list: the child is invoked again, and an answer for a filter
 * no longer shown is dropped with it.
 */
export interface FundPage extends Page<FundLine> {
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
  /** The period the list's first page covers; null until it is loaded. */
  range: { from: string; to: string } | null;
}

export type FundDetailEvent =
  | { type: 'filter.changed'; code: ShortcutCode }
  | { type: 'custom.opened' }
  | ListLoaded<FundPage>;

/** The key of a fund line, for the list child to drop one a later page repeats. */
export const FUND_LINE_KEY = 'id' satisfies keyof FundLine;

export const fundDetailMachine = setup({
  types: {
    input: {} as FundDetailInput,
    context: {} as FundDetailContext,
    events: {} as FundDetailEvent,
  },
  actors: {
    pagedList: pagedListMachine,
    dateRange: dateRangeMachine,
  },
  guards: {
    rangeChosen,
  },
  actions: {
    setShortcut: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? { kind: 'shortcut' as const, code: event.code } : context.filter) }),
    applyCustom: assign({ filter: ({ context, event }) => filterAfter(context.filter, event) }),
    forgetRange: assign({ range: null }),
    keepRange: assign({ range: ({ context, event }) => (event.type === 'list.loaded' ? { from: event.page.from, to: event.page.to } : context.range) }),
  },
}).createMachine({
  id: 'fundDetail',
  context: ({ input }) => ({
    today: input.today, filter: input.filter ?? { kind: 'shortcut', code: FILTER_SHORTCUTS.latestMonth }, maxDays: input.maxDays ?? null, range: null,
  }),
  initial: 'listing',
  on: {
    'filter.changed': { target: '.listing', actions: 'setShortcut' },
    'custom.opened': { target: '.customRange' },
  },
  states: {
    // the lines of the filter, the list child's: entered again, a new list (the period it covers said once loaded)
    listing: {
      entry: 'forgetRange',
      invoke: {
        id: 'pagedList',
        src: 'pagedList',
        input: ({ context }) => ({ query: context.filter, key: FUND_LINE_KEY }),
      },
      on: { 'list.loaded': { actions: 'keepRange' } },
    },
    // the custom range, its own chart, with the server's cap where it has one: the period shown before stays in context until it ends
    customRange: {
      invoke: {
        id: 'dateRange',
        src: 'dateRange',
        input: ({ context }) => ({ today: context.today, maxDays: context.maxDays, ...rangeToEdit(context.filter, context.range, context.today) }),
        onDone: [
          { guard: 'rangeChosen', target: 'listing', actions: 'applyCustom' },
          { target: 'listing' },
        ],
      },
    },
  },
});
