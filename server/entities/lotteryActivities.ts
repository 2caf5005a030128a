import type { Queryable } from '../db/index.ts';
import type { LotteryActivity, LotteryStatus } from '../../services/contract/lottery.ts';
import type { Language } from '../i18n.ts';

/**
 * The lottery's activities as the flows read them (README "Lottery"): the member's page, the
 * public list and check, the operators' list. An activity is `upcoming` before its start, `ended`
 * once an operator ended it or its end passed, else `live`; its seed is shown only once ended. The
 * status is read on the clock (`clock_timestamp()`), not at the transaction's start: a draw that
 * waited for the activity's lock past its end is refused.
 */

export const ACTIVITY_COLUMNS = `a.id::text, a.name, a.rules, a.starts_at, a.ends_at, a.ended_at, a.entry, a.threshold::text, a.draws_per_entry,
  a.budget::text, a.regulator_reference, a.seed, a.seed_commitment, a.draws_made,
  CASE WHEN a.ended_at IS NOT NULL OR a.ends_at <= clock_timestamp() THEN 'ended' WHEN a.starts_at > clock_timestamp() THEN 'upcoming' ELSE 'live' END AS status,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id::text, 'name', p.name, 'amount', p.amount, 'quantity', p.quantity,
                                                'left', p.left_count, 'oddsPpm', p.odds_ppm) ORDER BY p.position), '[]'::jsonb)
     FROM lottery_prizes p WHERE p.activity_id = a.id) AS prizes`;

export interface ActivityRow {
  id: string;
  name: string;
  rules: Record<string, string>;
  starts_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  entry: 'recharge' | 'consume';
  threshold: string;
  draws_per_entry: number;
  budget: string;
  regulator_reference: string;
  seed: string;
  seed_commitment: string;
  draws_made: number;
  status: LotteryStatus;
  prizes: LotteryActivity['prizes'];
}

/** The order the member's page and the public list pick in: live first, then upcoming, then the latest ended. */
export const ACTIVITY_ORDER = `CASE WHEN a.ended_at IS NOT NULL OR a.ends_at <= clock_timestamp() THEN 2 WHEN a.starts_at > clock_timestamp() THEN 1 ELSE 0 END,
  CASE WHEN a.ended_at IS NULL AND a.ends_at > clock_timestamp() THEN a.starts_at END, coalesce(a.ended_at, a.ends_at) DESC, a.id DESC`;

export function activityOf(row: ActivityRow, language: Language): LotteryActivity {
  return {
    id: row.id,
    name: row.name,
    rules: row.rules[language] ?? row.rules.pt ?? '',
    startsAt: row.starts_at.toISOString(),
    endsAt: (row.ended_at ?? row.ends_at).toISOString(),
    status: row.status,
    entry: row.entry,
    threshold: Number(row.threshold),
    drawsPerEntry: row.draws_per_entry,
    prizes: row.prizes,
    regulatorReference: row.regulator_reference,
    seedCommitment: row.seed_commitment,
    seed: row.status === 'ended' ? row.seed : null,
  };
}

export async function activityById(db: Queryable, id: string, lock = false): Promise<ActivityRow | null> {
  const { rows } = await db.query<ActivityRow>(`SELECT ${ACTIVITY_COLUMNS} FROM lottery_activities a WHERE a.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/**
 * The draws a qualifying top-up or merchant payment earns, in its own transaction (SQL
 * `lottery_earn`, migration 032: once per source, individuals only). Answers the draws earned.
 */
export async function earnDraws(tx: Queryable, earning: { memberId: string; source: 'topup' | 'merchantPayment'; sourceId: string; amount: bigint }): Promise<number> {
  const { rows } = await tx.query<{ draws: number }>('SELECT lottery_earn($1, $2, $3, $4) AS draws', [earning.memberId, earning.source, earning.sourceId, earning.amount.toString()]);
  return rows[0]?.draws ?? 0;
}

/**
 * A merchant payment refunded whole takes back the draws it earned that are not used yet (SQL
 * `lottery_take_back`, migration 033); a draw already made stays made. Answers the draws taken back.
 */
export async function takeBackDraws(tx: Queryable, source: { source: 'topup' | 'merchantPayment'; sourceId: string }): Promise<number> {
  const { rows } = await tx.query<{ draws: number }>('SELECT lottery_take_back($1, $2) AS draws', [source.source, source.sourceId]);
  return rows[0]?.draws ?? 0;
}
