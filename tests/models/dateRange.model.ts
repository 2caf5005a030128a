import { dateRangeMachine, isIsoDay, type DateRangeEvent } from '../../machines/dateRange.machine.ts';
import type { FlowModel } from '../support/mbt.ts';

export const TODAY = '2026-03-14';
/** The range a parent's done event carries: March 1st to 10th. */
export const MARCH_RANGE = { from: '2026-03-01', to: '2026-03-10' };

export const dateRangeUserEvents = {
  'custom.fromChanged': { type: 'custom.fromChanged', value: MARCH_RANGE.from },
  'custom.toChanged': { type: 'custom.toChanged', value: MARCH_RANGE.to },
  'custom.applied': { type: 'custom.applied' },
  'custom.cancelled': { type: 'custom.cancelled' },
} satisfies Record<DateRangeEvent['type'], DateRangeEvent>;

/**
 * The custom range as the records open it (a year's cap, seeded with today) and as the fund detail
 * does (no cap): every refusal — a day missing, reversed, after today, over a year — then applied or
 * cancelled.
 */
export const dateRangeModel: FlowModel<typeof dateRangeMachine> = {
  machine: dateRangeMachine,
  variants: [
    { name: 'capped at a year', input: { today: TODAY, from: TODAY, to: TODAY, maxDays: 366 } },
    { name: 'no cap', input: { today: TODAY, from: TODAY, to: TODAY, maxDays: null } },
  ],
  events: [
    ...Object.values(dateRangeUserEvents),
    { type: 'custom.fromChanged', value: '' } as DateRangeEvent,
    { type: 'custom.fromChanged', value: '2026-03-12' } as DateRangeEvent,
    { type: 'custom.fromChanged', value: '2025-01-01' } as DateRangeEvent,
    { type: 'custom.toChanged', value: '2026-03-20' } as DateRangeEvent,
  ],
  // what the guards read: the typed range's verdict
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const days = (Date.parse(`${c.to}T00:00:00Z`) - Date.parse(`${c.from}T00:00:00Z`)) / 86_400_000;
    const verdict = !isIsoDay(c.from) || !isIsoDay(c.to) ? 'incomplete' : c.from > c.to ? 'reversed' : c.to > c.today ? 'future' : c.maxDays !== null && days >= c.maxDays ? 'long' : 'ok';
    return JSON.stringify([snapshot.value, verdict, c.maxDays]);
  },
};
