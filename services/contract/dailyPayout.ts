import { z } from 'zod';
import { defineService } from './define.ts';
import { boundCard, cardId, cents, isoDay } from './shared.ts';

/**
 * The merchant's daily payout (issue 26, part 7; README "Daily payout"): the owner switches on an
 * automatic withdrawal of the settlement to one of its bound cards, every day from a Luanda time of
 * its choosing. The withdrawal is an ordinary one (its charge, its bank settlement), started by the
 * server's job once a day whatever the number of gateways. The owner only (a clerk STF10010).
 */

/** A time of day, Luanda time: "HH:MM", 00:00–23:59. */
export const payoutTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** One day's payout: a withdrawal started (its state is the bank's answer) or skipped, and why. */
const payoutLine = z.object({
  day: isoDay,
  /** paid, inProgress (the bank has not answered), failed (the bank refused: the money is back in the settlement), skipped (nothing was paid) */
  status: z.enum(['paid', 'inProgress', 'failed', 'skipped']),
  /** skipped: empty, belowMinimum, limitReached, or the refusal's answer code. */
  reason: z.string().nullable(),
  withdrawNo: z.string().nullable(),
  amount: cents,
  charge: cents,
  /** The settlement the job found (skipped days too). */
  balance: z.number().int(),
  maskedCardNo: z.string(),
  bankShort: z.string(),
  at: z.string(),
});
export type PayoutLine = z.infer<typeof payoutLine>;

const payoutSettings = z.object({
  enabled: z.boolean(),
  /** "HH:MM", Luanda time (UTC+1). */
  time: payoutTime,
  /** The card it goes to: the chosen one, else the merchant's settlement card. */
  cardId: cardId.nullable(),
  /** The owner's bound cards it may go to (a card whose bank needs a branch is listed with needBranch true and cannot be chosen). */
  cards: z.array(boundCard),
  /** The settlement now (what its group vouchers not used yet may need is kept back: the withdrawable balance). */
  balance: z.number().int(),
  /** The least a payout to the chosen card's bank may be (its minimum withdrawal): below it, nothing is paid that day. */
  minimum: cents,
  /** The latest payouts, newest first (at most 10). */
  recent: z.array(payoutLine),
});
export type PayoutSettings = z.infer<typeof payoutSettings>;

export const queryDailyPayout = defineService({
  name: 'merchant/dailyPayout/query',
  audience: 'member',
  request: z.object({}),
  response: payoutSettings,
});

/** Switches the payout on or off, its time and card. A card not the owner's is CRD10008; one whose bank needs a branch PYO10001. */
export const saveDailyPayout = defineService({
  name: 'merchant/dailyPayout/save',
  audience: 'member',
  request: z.object({ enabled: z.boolean(), time: payoutTime, cardId }),
  response: payoutSettings,
});
