import { LOTTERY_CODES } from '../../../services/contract/answerCodes.ts';
import type { LotteryDrawOutcome } from '../../../services/contract/lottery.ts';
import { drawTicket, prizeLineOf } from '../../../services/lotteryDraw.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { memberIdOf, maskNameForAnyone } from '../../entities/members.ts';
import { ACTIVITY_COLUMNS, ACTIVITY_ORDER, activityById, activityOf, type ActivityRow } from '../../entities/lotteryActivities.ts';

/**
 * The member's side of the lottery (contract: services/contract/lottery.ts; README "Lottery").
 * A draw, in one transaction idempotent on the requestNo (idempotentMoneyCall): the activity's row
 * locked (so draws take their `seq` in the order they take stock, and none follows an end), one of
 * the member's draws used, the ticket derived from the seed (services/lotteryDraw.ts), the prize
 * line's stock taken if it has any left, and a winning record for the delivery job.
 */

const isIndividual = async (db: Queryable, memberId: string) => {
  const { rows } = await db.query<{ member_type: string }>('SELECT member_type FROM members WHERE id = $1', [memberId]);
  return rows[0]?.member_type === 'individual';
};

const getActivity: Handler<'lottery/activity'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const { rows } = await ctx.db.query<ActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS} FROM lottery_activities a ${input.activityId ? 'WHERE a.id = $1' : `ORDER BY ${ACTIVITY_ORDER} LIMIT 1`}`,
    input.activityId ? [input.activityId] : [],
  );
  const row = rows[0];
  if (!row && input.activityId) throw new DomainError(LOTTERY_CODES.lotteryUnknown);
  const eligible = await isIndividual(ctx.db, memberId);
  if (!row) return { activity: null, eligible, drawsLeft: 0, drawsUsed: 0 };
  const { rows: [entrant] } = await ctx.db.query<{ earned: number; used: number }>(
    'SELECT earned, used FROM lottery_entrants WHERE activity_id = $1 AND member_id = $2', [row.id, memberId]);
  return { activity: activityOf(row, ctx.language), eligible, drawsLeft: entrant ? entrant.earned - entrant.used : 0, drawsUsed: entrant?.used ?? 0 };
};

interface DrawRow {
  activity_id: string;
  seq: number;
  participant: number;
  draw_no: number;
  prize_id: string | null;
  prize_name: string | null;
  prize_amount: string | null;
  winning_id: string | null;
  draws_left: number;
}

const DRAW_SELECT = `SELECT d.activity_id::text, d.seq, d.participant, d.draw_no, d.prize_id::text, p.name AS prize_name, p.amount::text AS prize_amount,
         w.id::text AS winning_id, e.earned - e.used AS draws_left
    FROM lottery_draws d
    LEFT JOIN lottery_prizes p ON p.id = d.prize_id
    LEFT JOIN lottery_winnings w ON w.draw_id = d.id
    JOIN lottery_entrants e ON e.activity_id = d.activity_id AND e.member_id = d.member_id`;

const outcomeOf = (row: DrawRow): LotteryDrawOutcome => ({
  activityId: row.activity_id,
  seq: row.seq,
  participant: row.participant,
  drawNo: row.draw_no,
  prize: row.prize_id ? { id: row.prize_id, name: row.prize_name!, amount: Number(row.prize_amount) } : null,
  winningId: row.winning_id,
  drawsLeft: row.draws_left,
});

const draw: Handler<'lottery/draw'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return idempotentMoneyCall(ctx, memberId, 'lottery/draw', input, async (tx) => {
    if (!(await isIndividual(tx, memberId))) throw new DomainError(LOTTERY_CODES.individualsOnly);
    const activity = await activityById(tx, input.activityId, true);
    if (!activity) throw new DomainError(LOTTERY_CODES.lotteryUnknown);
    if (activity.status === 'ended') throw new DomainError(LOTTERY_CODES.lotteryEnded);
    if (activity.status === 'upcoming') throw new DomainError(LOTTERY_CODES.lotteryNotStarted);
    const { rows: [entrant] } = await tx.query<{ participant: number; draw_no: number }>(
      `UPDATE lottery_entrants SET used = used + 1 WHERE activity_id = $1 AND member_id = $2 AND used < earned
       RETURNING participant, used AS draw_no`,
      [activity.id, memberId],
    );
    if (!entrant) throw new DomainError(LOTTERY_CODES.noDrawsLeft);
    const ticket = await drawTicket(activity.seed, activity.id, entrant.participant, entrant.draw_no);
    const line = prizeLineOf(ticket, activity.prizes);
    // the line's stock, taken under the activity's lock (already held): none left gives no prize
    const { rows: [prize] } = line === null ? { rows: [] } : await tx.query<{ id: string }>(
      'UPDATE lottery_prizes SET left_count = left_count - 1 WHERE id = $1 AND left_count > 0 RETURNING id::text', [activity.prizes[line]!.id]);
    const { rows: [{ seq }] } = await tx.query<{ seq: number }>('UPDATE lottery_activities SET draws_made = draws_made + 1 WHERE id = $1 RETURNING draws_made AS seq', [activity.id]) as { rows: [{ seq: number }] };
    const { rows: [drawn] } = await tx.query<{ id: string }>(
      `INSERT INTO lottery_draws (activity_id, seq, member_id, participant, draw_no, request_no, ticket, prize_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`,
      [activity.id, seq, memberId, entrant.participant, entrant.draw_no, ctx.requestNo, ticket, prize?.id ?? null],
    );
    if (prize) {
      await tx.query(
        'INSERT INTO lottery_winnings (draw_id, activity_id, member_id, prize_id, amount) SELECT $1, $2, $3, p.id, p.amount FROM lottery_prizes p WHERE p.id = $4',
        [drawn!.id, activity.id, memberId, prize.id],
      );
    }
    const { rows: [row] } = await tx.query<DrawRow>(`${DRAW_SELECT} WHERE d.id = $1`, [drawn!.id]);
    return outcomeOf(row!);
  });
};

const drawResult: Handler<'lottery/drawResult'> = async (input, ctx) => {
  const { rows: [row] } = await ctx.db.query<DrawRow>(`${DRAW_SELECT} WHERE d.member_id = $1 AND d.request_no = $2 AND d.activity_id = $3`,
    [memberIdOf(ctx), input.requestNo, input.activityId]);
  // drawsLeft as it is now, not as it was then: the page shows what is left
  return { draw: row ? outcomeOf(row) : null };
};

const winners: Handler<'lottery/winners'> = async (input, ctx) => {
  const activity = await activityById(ctx.db, input.activityId);
  if (!activity) throw new DomainError(LOTTERY_CODES.lotteryUnknown);
  const { rows: last } = await ctx.db.query<{ seq: number; participant: number; draw_no: number; display_name: string; prize: string; amount: string; at: Date }>(
    `SELECT d.seq, d.participant, d.draw_no, m.display_name, p.name AS prize, w.amount::text, w.created_at AS at
       FROM lottery_winnings w JOIN lottery_draws d ON d.id = w.draw_id JOIN members m ON m.id = w.member_id JOIN lottery_prizes p ON p.id = w.prize_id
      WHERE w.activity_id = $1 ORDER BY w.id DESC LIMIT 20`,
    [activity.id],
  );
  const { rows: mine } = await ctx.db.query<{ id: string; seq: number; prize: string; amount: string; status: 'waiting' | 'sent' | 'failed'; at: Date; delivered_at: Date | null }>(
    `SELECT w.id::text, d.seq, p.name AS prize, w.amount::text, w.status, w.created_at AS at, w.delivered_at
       FROM lottery_winnings w JOIN lottery_draws d ON d.id = w.draw_id JOIN lottery_prizes p ON p.id = w.prize_id
      WHERE w.activity_id = $1 AND w.member_id = $2 ORDER BY w.id DESC LIMIT 100`,
    [activity.id, memberIdOf(ctx)],
  );
  return {
    activityId: activity.id,
    name: activity.name,
    winners: last.map((w) => ({ seq: w.seq, participant: w.participant, drawNo: w.draw_no, name: maskNameForAnyone(w.display_name), prize: w.prize, amount: Number(w.amount), at: w.at.toISOString() })),
    mine: mine.map((w) => ({ id: w.id, seq: w.seq, prize: w.prize, amount: Number(w.amount), status: w.status, at: w.at.toISOString(), deliveredAt: w.delivered_at?.toISOString() ?? null })),
  };
};

const activities: Handler<'lottery/activities'> = async (_input, ctx) => {
  const { rows } = await ctx.db.query<ActivityRow>(`SELECT ${ACTIVITY_COLUMNS} FROM lottery_activities a ORDER BY ${ACTIVITY_ORDER} LIMIT 20`);
  return { activities: rows.map((row) => activityOf(row, ctx.language)) };
};

const VERIFICATION_PAGE = 500;

const verification: Handler<'lottery/verification'> = async (input, ctx) => {
  const activity = await activityById(ctx.db, input.activityId);
  if (!activity) throw new DomainError(LOTTERY_CODES.lotteryUnknown);
  const { rows } = await ctx.db.query<{ seq: number; participant: number; draw_no: number; prize_id: string | null }>(
    'SELECT seq, participant, draw_no, prize_id::text FROM lottery_draws WHERE activity_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
    [activity.id, input.afterSeq ?? 0, VERIFICATION_PAGE + 1],
  );
  const page = rows.slice(0, VERIFICATION_PAGE);
  return {
    activity: activityOf(activity, ctx.language),
    draws: page.map((d) => ({ seq: d.seq, participant: d.participant, drawNo: d.draw_no, prizeId: d.prize_id })),
    nextAfterSeq: rows.length > VERIFICATION_PAGE ? page.at(-1)!.seq : null,
  };
};

export const lotteryHandlers = {
  'lottery/activity': getActivity,
  'lottery/draw': draw,
  'lottery/drawResult': drawResult,
  'lottery/winners': winners,
  'lottery/activities': activities,
  'lottery/verification': verification,
} satisfies FlowHandlers<'lottery'>;
