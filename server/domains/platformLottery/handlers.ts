import crypto from 'node:crypto';
import { LEDGER_CODES, LOTTERY_CODES } from '../../../services/contract/answerCodes.ts';
import { payloadHash } from '../../ledger/idempotent.ts';
import { TICKET_RANGE } from '../../../services/lotteryDraw.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { writeAudit } from '../../entities/audit.ts';
import { operatorIdOf } from '../../auth/principal.ts';
import { ACTIVITY_COLUMNS, activityById, activityOf, type ActivityRow } from '../../entities/lotteryActivities.ts';

/**
 * The operators' lottery (contract: services/contract/platformLottery.ts; README "Lottery"). Making
 * an activity draws a fresh 32-byte seed and publishes only its SHA-256; the seed and the prize
 * table never change after (migration 032's trigger). Making one is idempotent on the operator's
 * requestNo (migration 033). Ending one reveals the seed. Audited.
 */

export const MAX_PRIZE_LINES = 12;
/** How long before now a start may be (a form sent a moment after the start it names). */
const START_GRACE_MS = 5 * 60_000;

const create: Handler<'platform/lottery/create'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  const requestHash = payloadHash('platform/lottery/create', input);
  // the same form sent again after a lost answer (same operator, same requestNo): the activity it
  // made, whatever the clock says now (its start may have passed meanwhile)
  const again = async () => {
    const { rows: [made] } = await ctx.db.query<{ id: string; seed_commitment: string; request_hash: string }>(
      'SELECT id::text, seed_commitment, request_hash FROM lottery_activities WHERE created_by = $1 AND request_no = $2', [operatorId, ctx.requestNo]);
    if (!made) return null;
    if (made.request_hash !== requestHash) throw new DomainError(LEDGER_CODES.requestNoReused);
    return { activityId: made.id, seedCommitment: made.seed_commitment };
  };
  const made = await again();
  if (made) return made;
  if (input.prizes.length > MAX_PRIZE_LINES) throw new DomainError(LOTTERY_CODES.tooManyPrizes);
  if (input.prizes.reduce((sum, p) => sum + p.oddsPpm, 0) > TICKET_RANGE) throw new DomainError(LOTTERY_CODES.oddsOverWhole);
  if (input.prizes.reduce((sum, p) => sum + BigInt(p.amount) * BigInt(p.quantity), 0n) > BigInt(input.budget)) throw new DomainError(LOTTERY_CODES.prizesOverBudget);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  // an end already past would reveal the seed at once
  if (!(endsAt > startsAt) || startsAt.getTime() < Date.now() - START_GRACE_MS || endsAt.getTime() <= Date.now()) throw new DomainError(LOTTERY_CODES.lotteryDatesInvalid);
  const seed = crypto.randomBytes(32);
  const seedCommitment = crypto.createHash('sha256').update(seed).digest('hex');
  const created = await ctx.db.transaction(async (tx) => {
    const { rows: [inserted] } = await tx.query<{ id: string }>(
      `INSERT INTO lottery_activities (name, rules, starts_at, ends_at, entry, threshold, draws_per_entry, budget, regulator_reference, seed, seed_commitment,
                                       created_by, request_no, request_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (created_by, request_no) WHERE request_no IS NOT NULL DO NOTHING RETURNING id::text`,
      [input.name, JSON.stringify(input.rules), startsAt, endsAt, input.entry, input.threshold, input.drawsPerEntry, input.budget,
        input.regulatorReference, seed.toString('hex'), seedCommitment, operatorId, ctx.requestNo, requestHash],
    );
    // (a twin sent at the same moment made it: answered below)
    if (!inserted) return null;
    for (const [position, prize] of input.prizes.entries()) {
      await tx.query(
        'INSERT INTO lottery_prizes (activity_id, position, name, amount, quantity, left_count, odds_ppm) VALUES ($1, $2, $3, $4, $5, $5, $6)',
        [inserted.id, position + 1, prize.name, prize.amount, prize.quantity, prize.oddsPpm],
      );
    }
    // the audit keeps the commitment (never the seed): a second record of what was promised
    await writeAudit(tx, { operatorId, action: 'lottery.create', subjectType: 'lotteryActivity', subjectId: inserted.id, after: { ...input, seedCommitment } });
    return { activityId: inserted.id, seedCommitment };
  });
  return created ?? (await again())!;
};

const end: Handler<'platform/lottery/end'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    // the row lock waits for a draw under way: no draw after the end
    const activity = await activityById(tx, input.activityId, true);
    if (!activity) throw new DomainError(LOTTERY_CODES.lotteryUnknown);
    if (activity.status === 'ended') throw new DomainError(LOTTERY_CODES.lotteryEnded);
    await tx.query('UPDATE lottery_activities SET ended_at = clock_timestamp() WHERE id = $1', [activity.id]);
    await writeAudit(tx, { operatorId, action: 'lottery.end', subjectType: 'lotteryActivity', subjectId: activity.id, before: { status: activity.status }, after: { status: 'ended', seed: activity.seed } });
    return { activityId: activity.id, seed: activity.seed };
  });
};

const list: Handler<'platform/lottery/list'> = async (_input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<ActivityRow & { awarded: string; waiting: number; sent: number; failed: number }>(
    `SELECT ${ACTIVITY_COLUMNS}, coalesce(w.awarded, 0)::text AS awarded, coalesce(w.waiting, 0)::int AS waiting, coalesce(w.sent, 0)::int AS sent, coalesce(w.failed, 0)::int AS failed
       FROM lottery_activities a
       LEFT JOIN LATERAL (SELECT sum(amount) AS awarded, count(*) FILTER (WHERE status = 'waiting') AS waiting, count(*) FILTER (WHERE status = 'sent') AS sent,
                                 count(*) FILTER (WHERE status = 'failed') AS failed
                            FROM lottery_winnings WHERE activity_id = a.id) w ON true
      ORDER BY a.id DESC LIMIT 100`,
  );
  return {
    activities: rows.map((row) => ({
      ...activityOf(row, ctx.language),
      drawsMade: row.draws_made,
      awarded: Number(row.awarded),
      budget: Number(row.budget),
      deliveries: { waiting: row.waiting, sent: row.sent, failed: row.failed },
    })),
  };
};

const deliveries: Handler<'platform/lottery/deliveries'> = async (input, ctx) => {
  operatorIdOf(ctx);
  if (!(await activityById(ctx.db, input.activityId))) throw new DomainError(LOTTERY_CODES.lotteryUnknown);
  const { rows } = await ctx.db.query<{ id: string; activity_id: string; member_id: string; prize: string; amount: string; status: 'waiting' | 'sent' | 'failed';
    attempts: number; last_error: string | null; created_at: Date; delivered_at: Date | null }>(
    `SELECT w.id::text, w.activity_id::text, w.member_id::text, p.name AS prize, w.amount::text, w.status, w.attempts, w.last_error, w.created_at, w.delivered_at
       FROM lottery_winnings w JOIN lottery_prizes p ON p.id = w.prize_id
      WHERE w.activity_id = $1 ORDER BY (w.status = 'failed') DESC, w.id DESC LIMIT 200`,
    [input.activityId],
  );
  return {
    deliveries: rows.map((w) => ({
      id: w.id, activityId: w.activity_id, memberId: w.member_id, prize: w.prize, amount: Number(w.amount), status: w.status, attempts: w.attempts,
      lastError: w.last_error, wonAt: w.created_at.toISOString(), deliveredAt: w.delivered_at?.toISOString() ?? null,
    })),
  };
};

const retry: Handler<'platform/lottery/retry'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows: [retried] } = await tx.query<{ id: string; last_error: string | null }>(
      `UPDATE lottery_winnings SET status = 'waiting', attempts = 0, next_attempt_at = now() WHERE id = $1 AND status = 'failed' RETURNING id::text, last_error`,
      [input.winningId],
    );
    if (!retried) throw new DomainError(LOTTERY_CODES.deliveryNotFailed);
    await writeAudit(tx, { operatorId, action: 'lottery.retryDelivery', subjectType: 'lotteryWinning', subjectId: retried.id, before: { status: 'failed', lastError: retried.last_error }, after: { status: 'waiting' } });
    return { winningId: retried.id, status: 'waiting' as const };
  });
};

export const platformLotteryHandlers = {
  'platform/lottery/create': create,
  'platform/lottery/end': end,
  'platform/lottery/list': list,
  'platform/lottery/deliveries': deliveries,
  'platform/lottery/retry': retry,
} satisfies FlowHandlers<'platformLottery'>;
