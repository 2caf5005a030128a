import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { lotteryActivity, lotteryEntry, lotteryId, prizeDeliveryStatus } from './lottery.ts';

/**
 * The lottery's activities as operators keep them in the platform area (`/plateform/lottery`,
 * README "Lottery"). Making one commits the server to a fresh secret seed (its SHA-256 is in the
 * answer and on the rules from then on); ending one reveals the seed. Both audited (operator_audit).
 */

export const lotteryRules = z.object({ pt: z.string().min(1).max(4000), en: z.string().min(1).max(4000), zh: z.string().min(1).max(4000) });

export const newLotteryPrize = z.object({
  name: z.string().trim().min(1).max(40),
  amount: cents.min(1),
  quantity: z.number().int().min(1).max(1_000_000),
  oddsPpm: z.number().int().min(1).max(1_000_000),
});

/**
 * A new activity, idempotent on the envelope's requestNo (the same operator sending the same
 * fields again gets the same activity; other fields with it: FND10002). Refusals: LOT10010 the odds
 * add up past 1 000 000 ppm, LOT10011 the prizes (amount × quantity, summed) exceed the budget,
 * LOT10012 it ends before it starts or already, or starts in the past (the commitment must come
 * before the first draw), LOT10013 more than 12 prize lines.
 */
export const createLotteryActivity = defineService({
  name: 'platform/lottery/create',
  audience: 'operator',
  request: z.object({
    name: z.string().trim().min(1).max(60),
    rules: lotteryRules,
    startsAt: z.string().datetime(),
    endsAt: z.string().datetime(),
    entry: lotteryEntry,
    threshold: cents.min(1),
    drawsPerEntry: z.number().int().min(1).max(10),
    prizes: z.array(newLotteryPrize).min(1),
    /** From the platform's marketing funding: the most the prizes may pay. */
    budget: cents.min(1),
    regulatorReference: z.string().trim().min(3).max(80),
  }).strict(),
  response: z.object({ activityId: lotteryId, seedCommitment: z.string() }),
});

/** Ends an activity now (no draw after) and reveals its seed. LOT10005 unknown, LOT10002 ended already (by an operator or its end). */
export const endLotteryActivity = defineService({
  name: 'platform/lottery/end',
  audience: 'operator',
  request: z.object({ activityId: lotteryId }).strict(),
  response: z.object({ activityId: lotteryId, seed: z.string() }),
});

export const platformLotteryActivity = lotteryActivity.extend({
  drawsMade: z.number().int(),
  /** What the prizes won so far come to, against the budget. */
  awarded: cents,
  budget: cents,
  deliveries: z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type PlatformLotteryActivity = z.infer<typeof platformLotteryActivity>;

/** Every activity, newest first (the 100 newest), with its draws, spend and deliveries. */
export const listLotteryActivitiesForOperators = defineService({
  name: 'platform/lottery/list',
  audience: 'operator',
  request: z.object({}).strict(),
  response: z.object({ activities: z.array(platformLotteryActivity) }),
});

export const prizeDelivery = z.object({
  id: lotteryId,
  activityId: lotteryId,
  memberId: lotteryId,
  prize: z.string(),
  amount: cents,
  status: prizeDeliveryStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  wonAt: z.string(),
  deliveredAt: z.string().nullable(),
});

/** An activity's winning records, failed ones first, then the newest (200). */
export const listPrizeDeliveries = defineService({
  name: 'platform/lottery/deliveries',
  audience: 'operator',
  request: z.object({ activityId: lotteryId }).strict(),
  response: z.object({ deliveries: z.array(prizeDelivery) }),
});

/** Sends a failed prize again (back to waiting, its tries counted from 0; the job delivers it). Audited. LOT10014 not a failed delivery. */
export const retryPrizeDelivery = defineService({
  name: 'platform/lottery/retry',
  audience: 'operator',
  request: z.object({ winningId: lotteryId }).strict(),
  response: z.object({ winningId: lotteryId, status: prizeDeliveryStatus }),
});
