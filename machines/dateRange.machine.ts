import { setup, assign } from 'xstate';

/**
 * A custom date range (spec §9 "自定义"): two Luanda days, the start not after the end, the end not
 * after today, and no longer than the server takes where it caps a range. The child chart of every
 * list with a date filter (fund detail, records, analysis): it ends with the range chosen, or with
 * null when the person cancels.
 */
export interface DateRange {
  from: string;
  to: string;
}

export interface DateRangeInput extends DateRange {
  /** Today as a Luanda day (YYYY-MM-DD). */
  today: string;
  /** The longest range the server answers, in days; null where it has no cap. */
  maxDays: number | null;
}

export interface DateRangeContext extends DateRangeInput {
  chosen: DateRange | null;
}

export type DateRangeEvent =
  | { type: 'custom.fromChanged'; value: string }
  | { type: 'custom.toChanged'; value: string }
  | { type: 'custom.applied' }
  | { type: 'custom.cancelled' };

/** Spec §9 shortcuts: today, the latest week, the latest month. */
export type ShortcutCode = '7' | '6' | '8';
export const FILTER_SHORTCUTS = { today: '7', latestWeek: '6', latestMonth: '8' } as const satisfies Record<string, ShortcutCode>;

/** The period a list with a date filter shows: a shortcut, or a custom range chosen through this chart. */
export type PeriodFilter = { kind: 'shortcut'; code: ShortcutCode } | ({ kind: 'custom' } & DateRange);

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** What a parent's `onDone` reads: the range chosen, or null when cancelled. */
export const chosenRange = (event: unknown): DateRange | null => (event as { output?: DateRange | null }).output ?? null;
export const rangeChosen = ({ event }: { event: unknown }) => chosenRange(event) !== null;
/** The parent's filter once this chart ended: the range chosen, or the filter as it was. */
export const filterAfter = (filter: PeriodFilter, event: unknown): PeriodFilter => {
  const range = chosenRange(event);
  return range ? { kind: 'custom', from: range.from, to: range.to } : filter;
};
/** The range the form opens with: the custom one in force, else the one the list shows, else today. */
export const rangeToEdit = (filter: PeriodFilter, shown: DateRange | null | undefined, today: string): DateRange =>
  filter.kind === 'custom' ? { from: filter.from, to: filter.to } : { from: shown?.from ?? today, to: shown?.to ?? today };

export const dateRangeMachine = setup({
  types: {
    input: {} as DateRangeInput,
    context: {} as DateRangeContext,
    events: {} as DateRangeEvent,
    output: {} as DateRange | null,
  },
  guards: {
    incomplete: ({ context }) => !isIsoDay(context.from) || !isIsoDay(context.to),
    // ISO days compare as strings
    reversed: ({ context }) => context.from > context.to,
    inFuture: ({ context }) => context.to > context.today,
    tooLong: ({ context }) => context.maxDays !== null && daysBetween(context.from, context.to) >= context.maxDays,
  },
  actions: {
    setFrom: assign({ from: ({ context, event }) => (event.type === 'custom.fromChanged' ? event.value.slice(0, 10) : context.from) }),
    setTo: assign({ to: ({ context, event }) => (event.type === 'custom.toChanged' ? event.value.slice(0, 10) : context.to) }),
    choose: assign({ chosen: ({ context }) => ({ from: context.from, to: context.to }) }),
  },
}).createMachine({
  id: 'dateRange',
  context: ({ input }) => ({ ...input, chosen: null }),
  initial: 'editing',
  output: ({ context }) => context.chosen,
  states: {
    editing: {
      initial: 'typing',
      on: {
        'custom.fromChanged': { target: '.typing', actions: 'setFrom' },
        'custom.toChanged': { target: '.typing', actions: 'setTo' },
        'custom.applied': [
          { guard: 'incomplete', target: '.incomplete' },
          { guard: 'reversed', target: '.reversed' },
          { guard: 'inFuture', target: '.future' },
          { guard: 'tooLong', target: '.tooLong' },
          { target: 'applied', actions: 'choose' },
        ],
        'custom.cancelled': { target: 'cancelled' },
      },
      states: {
        typing: {},
        incomplete: { tags: ['error'] },
        reversed: { tags: ['error'] },
        future: { tags: ['error'] },
        tooLong: { tags: ['error'] },
      },
    },
    applied: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
