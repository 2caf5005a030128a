import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, dateShortcut, isoDay } from './shared.ts';
import { storeId } from './merchantShared.ts';
import { queryFundDetails } from './fundDetail.ts';

/** One bucket of the series: a Luanda day (YYYY-MM-DD) or, for a one-day range, a Luanda hour ("00" … "23"). */
const bucket = z.object({ key: z.string(), collected: cents, count: z.number().int().min(0), net: z.number().int() });
export type AnalysisBucket = z.infer<typeof bucket>;

const share = z.object({ id: z.string(), name: z.string(), collected: cents, count: z.number().int().min(0) });
export type AnalysisShare = z.infer<typeof share>;

const analysis = z.object({
  from: isoDay,
  to: isoDay,
  /** 'hour' when the range is one day. */
  granularity: z.enum(['day', 'hour']),
  totals: z.object({
    collected: cents,
    count: z.number().int().min(0),
    /** collected / count, rounded to the cêntimo; 0 without payments. */
    averageTicket: cents,
    charges: cents,
    refunds: cents,
    /** The part of the charge given back with refunds (fee income → settlement). */
    chargesReturned: cents,
    /** What the range added to the settlement: collected − charges − refunds + charges returned (may be negative). */
    net: z.number().int(),
  }),
  series: z.array(bucket),
  byStore: z.array(share),
  /** By who collected (the member at the till); id 'none' for a printed or store code paid without one. */
  byClerk: z.array(share),
  /** The merchant's balances now: the settlement (sum of its shards) and what is frozen for withdrawals. */
  balances: z.object({ available: z.number().int(), frozen: cents }),
});
export type CollectionAnalysis = z.infer<typeof analysis>;

/**
 * The merchant's income analysis for a range (a spec §9 shortcut or from/to, Luanda days), all
 * stores or one: the owner only (a clerk STF10010, a removed clerk STF10009, a member MCH10003,
 * a store not theirs MCH10004). Every figure is computed in SQL.
 */
export const queryAnalysis = defineService({
  name: 'merchant/analysis/query',
  audience: 'member',
  request: z.object({
    shortcut: dateShortcut.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    storeId: storeId.optional(),
  }),
  response: analysis,
});

/**
 * The merchant's fund detail: the movements of its settlement (payments in, service charges,
 * refunds, withdrawals), newest first, in the wallet fund detail's shape and filter, each line with
 * the settlement's total after it (the sum of the shards). Moves between the shards themselves are
 * not movements of the merchant's money and are left out. The owner only, as the analysis.
 */
export const querySettlementFunds = defineService({
  name: 'merchant/analysis/fundDetails',
  audience: 'member',
  request: queryFundDetails.request,
  response: queryFundDetails.response,
});
