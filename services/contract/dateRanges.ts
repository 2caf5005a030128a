/**
 * The longest custom range a merchant's list answers (records, the analysis, the settlement's
 * movements), in days: a year and a day. Longer, a series would be unreadable on a phone and its
 * scan long; the client's range chart (machines/dateRange.machine.ts) checks it before asking.
 * A module of its own, without zod, so the charts that read it stay light.
 */
export const LONGEST_RANGE_DAYS = 366;
