import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, isoDay } from './shared.ts';
import { storeId } from './merchantShared.ts';

/**
 * The end-of-day report (issue 26, part 7; README "Day report"): one Luanda day's payments,
 * refunds, charges and net, per store and per clerk — the till's "close the day". The owner sees
 * every store and clerk (or one store); a clerk sees their own till only (what they collected at
 * their store and the refunds of it), whatever their records permission. The PDF
 * (`GET /merchant/dayReport.pdf?day=&storeId=&language=`) is made from the same
 * query, so the paper and the screen always agree.
 */

const figures = z.object({
  payments: z.object({ count: z.number().int().min(0), sum: cents }),
  /** Refunds made that day (of payments of any day), by count and sum. */
  refunds: z.object({ count: z.number().int().min(0), sum: cents }),
  /** The service charges of the payments, less what the refunds gave back. */
  charges: z.number().int(),
  /** payments − refunds − charges: what the day added to the settlement. */
  net: z.number().int(),
});
export type DayFigures = z.infer<typeof figures>;

const storeLine = figures.extend({ storeId: z.string(), name: z.string() });
/** By who collected; clerkId 'none' for the store's printed or static code paid without anyone at the till. */
const clerkLine = figures.extend({ clerkId: z.string(), name: z.string(), storeId: z.string(), storeName: z.string() });
export type DayStoreLine = z.infer<typeof storeLine>;
export type DayClerkLine = z.infer<typeof clerkLine>;

const dayReport = z.object({
  day: isoDay,
  merchantName: z.string(),
  role: z.enum(['owner', 'clerk']),
  /** A clerk's report: whose till it is (the clerk's name, for the owner the report is shown to); the owner's: null. */
  tillOf: z.string().nullable(),
  /** The store asked for (the owner's choice; a clerk's own store), or null for all. */
  storeId: z.string().nullable(),
  /** The stores the owner may pick (a clerk: their own). */
  stores: z.array(z.object({ storeId: z.string(), name: z.string() })),
  totals: figures,
  byStore: z.array(storeLine),
  byClerk: z.array(clerkLine),
  /** When the figures were read (a day not over yet is still growing). */
  at: z.string(),
});
export type DayReport = z.infer<typeof dayReport>;

export const dayReportRequest = z.object({ day: isoDay, storeId: storeId.optional() });
export type DayReportRequest = z.infer<typeof dayReportRequest>;

export const queryDayReport = defineService({
  name: 'merchant/dayReport/query',
  audience: 'member',
  request: dayReportRequest,
  response: dayReport,
});
