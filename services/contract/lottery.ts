import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';

/**
 * The lottery (issue 25, spec §1, §3 "Lottery", §4, §8, §9; README "Lottery"): an activity made by
 * operators (platformLottery.ts) in which each qualifying top-up (`recharge`) or merchant payment
 * (`consume`) of at least `threshold` earns `drawsPerEntry` draws, once per payment. A draw's
 * outcome is HMAC-SHA256(seed, "<activityId>:<participant>:<drawNo>") mapped onto the prize table
 * (services/lotteryDraw.ts, the one implementation the server draws with and the verification page
 * recomputes with); the seed's SHA-256 is published before the activity starts and the seed itself
 * once it ends. Prizes are cashback, delivered to the member's cashback account by a job within 2 h.
 * Only individual members may join (spec §5: LOT10003 for an enterprise).
 */

export const lotteryId = z.string().regex(/^\d{1,18}$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
export const lotteryStatus = z.enum(['upcoming', 'live', 'ended']);
export type LotteryStatus = z.infer<typeof lotteryStatus>;
export const lotteryEntry = z.enum(['recharge', 'consume']);

/** One line of the prize table, in table order (the order the verification maps tickets onto). */
export const lotteryPrize = z.object({
  id: lotteryId,
  name: z.string(),
  /** Cashback paid into the member's cashback account. */
  amount: cents,
  quantity: z.number().int().min(1),
  /** Prizes of this line not drawn yet. */
  left: z.number().int().min(0),
  /** Chance of a draw to land on this line, in parts per million (all lines together ≤ 1 000 000). */
  oddsPpm: z.number().int().min(1).max(1_000_000),
});
export type LotteryPrize = z.infer<typeof lotteryPrize>;

export const lotteryActivity = z.object({
  id: lotteryId,
  name: z.string(),
  /** The rules in the caller's language (pt when the activity has none in it). */
  rules: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: lotteryStatus,
  entry: lotteryEntry,
  /** The smallest top-up or payment that earns draws. */
  threshold: cents,
  drawsPerEntry: z.number().int().min(1),
  prizes: z.array(lotteryPrize),
  /** The gaming regulator's authorisation of this promotional draw, shown with the rules. */
  regulatorReference: z.string(),
  /** SHA-256 of the seed, hex: published before the activity starts. */
  seedCommitment: hex64,
  /** The seed, hex: null until the activity ends. */
  seed: hex64.nullable(),
});
export type LotteryActivity = z.infer<typeof lotteryActivity>;

/**
 * The lottery page (`/app/luckyApp`): the activity asked for (else the live one, else the latest
 * ended), null when there is none; the member's draws. `eligible` false: an enterprise account
 * (only individual users may join). LOT10005 an unknown `activityId`.
 */
export const queryLottery = defineService({
  name: 'lottery/activity',
  audience: 'member',
  request: z.object({ activityId: lotteryId.optional() }).strict(),
  response: z.object({
    activity: lotteryActivity.nullable(),
    eligible: z.boolean(),
    drawsLeft: z.number().int().min(0),
    drawsUsed: z.number().int().min(0),
  }),
});
export type LotteryPage = z.output<typeof queryLottery.response>;

/** What one draw gave. `prize` null: no prize ('Sorry, get no prize'). */
export const lotteryDrawOutcome = z.object({
  activityId: lotteryId,
  /** The draw's place among all the activity's draws (the verification replays them in this order). */
  seq: z.number().int().min(1),
  participant: z.number().int().min(1),
  drawNo: z.number().int().min(1),
  prize: z.object({ id: lotteryId, name: z.string(), amount: cents }).nullable(),
  /** The winning record of a prize (its delivery: `lottery/winners` mine). */
  winningId: lotteryId.nullable(),
  drawsLeft: z.number().int().min(0),
});
export type LotteryDrawOutcome = z.infer<typeof lotteryDrawOutcome>;

/**
 * One draw. Idempotent on the envelope's requestNo: the same requestNo answers the draw it made
 * (never a second draw). Refusals: LOT10001 no draws left ('Lottery draw times have been consumed'),
 * LOT10002 ended ('This lottery event has ended'), LOT10003 only individual users may join,
 * LOT10004 not started yet, LOT10005 no such activity, FND10002 the requestNo used for another call.
 */
export const drawLottery = defineService({
  name: 'lottery/draw',
  audience: 'member',
  request: z.object({ activityId: lotteryId }).strict(),
  response: lotteryDrawOutcome,
});

/**
 * What the draw made with `requestNo` gave, after its answer was lost: null, no draw was made with
 * it (nothing spent; drawing again with the same requestNo is safe).
 */
export const queryLotteryDraw = defineService({
  name: 'lottery/drawResult',
  audience: 'member',
  request: z.object({ activityId: lotteryId, requestNo: z.string().min(8).max(64) }).strict(),
  response: z.object({ draw: lotteryDrawOutcome.nullable() }),
});

export const prizeDeliveryStatus = z.enum(['waiting', 'sent', 'failed']);
export type PrizeDeliveryStatus = z.infer<typeof prizeDeliveryStatus>;

export const lotteryWinner = z.object({
  seq: z.number().int(),
  participant: z.number().int(),
  drawNo: z.number().int(),
  /** The winner's name masked ("A*** S***"): never a phone number. */
  name: z.string(),
  prize: z.string(),
  amount: cents,
  at: z.string(),
});

export const lotteryWinning = z.object({
  id: lotteryId,
  seq: z.number().int(),
  prize: z.string(),
  amount: cents,
  /** waiting to send → sent successfully | failed (retried by operators). */
  status: prizeDeliveryStatus,
  at: z.string(),
  deliveredAt: z.string().nullable(),
});
export type LotteryWinning = z.infer<typeof lotteryWinning>;

/** `/app/luckyList`: the activity's last 20 winners (names masked) and this member's own winning records. LOT10005 unknown. */
export const listLotteryWinners = defineService({
  name: 'lottery/winners',
  audience: 'member',
  request: z.object({ activityId: lotteryId }).strict(),
  response: z.object({ activityId: lotteryId, name: z.string(), winners: z.array(lotteryWinner), mine: z.array(lotteryWinning) }),
});

/** Activities anyone may see (the featured activity page, an activity's detail): live and upcoming first, then the latest ended. */
export const listLotteryActivities = defineService({
  name: 'lottery/activities',
  audience: 'public',
  request: z.object({}).strict(),
  response: z.object({ activities: z.array(lotteryActivity) }),
});

/** A recorded draw as the verification replays it. `prizeId` null: no prize. */
export const recordedDraw = z.object({
  seq: z.number().int().min(1),
  participant: z.number().int().min(1),
  drawNo: z.number().int().min(1),
  prizeId: lotteryId.nullable(),
});
export type RecordedDraw = z.infer<typeof recordedDraw>;

/**
 * Everything needed to recompute an activity's draws (README "Lottery: checking a draw"): the
 * commitment, the seed once revealed, the prize table, and the recorded draws in `seq` order, 500
 * a page after `afterSeq`. Public: anyone can check. LOT10005 unknown.
 */
export const lotteryVerification = defineService({
  name: 'lottery/verification',
  audience: 'public',
  request: z.object({ activityId: lotteryId, afterSeq: z.number().int().min(0).optional() }).strict(),
  response: z.object({
    activity: lotteryActivity,
    draws: z.array(recordedDraw),
    /** The last `seq` of this page when more follow, else null. */
    nextAfterSeq: z.number().int().nullable(),
  }),
});
