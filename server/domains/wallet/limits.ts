import bnaLimits from '../../../src/data/angola/bna_limits.json' with { type: 'json' };
import { LEDGER_CODES } from '../../../services/contract/codes.ts';
import type { Database, Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';

type Level = 'I' | 'III' | 'commercial';
const kz = (value: number | null) => (value === null ? null : BigInt(Math.round(value * 100)));

/** The account levels' limits from data/angola/bna_limits.json (marked there as to be confirmed), in cêntimos. */
export function defaultLevelLimits(): Array<{ level: Level; maxBalance: bigint | null; perTransaction: bigint | null; daily: bigint | null; monthly: bigint | null }> {
  const types = bnaLimits.emoneyAccounts_Instrutivo_05_2023_superseded.types;
  const pick = (name: string) => types.find((t) => t.type === name)!;
  return ([['I', 'I'], ['III', 'III (personal)'], ['commercial', 'III (commercial)']] as const).map(([level, name]) => {
    const t = pick(name);
    return { level, maxBalance: kz(t.maxBalance), perTransaction: kz(t.perTransaction), daily: kz(t.daily), monthly: kz(t.monthly) };
  });
}

/** Seeds the configuration once; an operator's later change is kept. */
export async function seedLevelLimits(db: Database): Promise<void> {
  for (const l of defaultLevelLimits()) {
    await db.query(
      'INSERT INTO account_level_limits (level, max_balance, per_transaction, daily, monthly) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [l.level, l.maxBalance?.toString() ?? null, l.perTransaction?.toString() ?? null, l.daily?.toString() ?? null, l.monthly?.toString() ?? null],
    );
  }
}

/** Luanda's calendar day (UTC+1, no summer time). */
export const LUANDA_DAY = "(now() AT TIME ZONE 'UTC' + interval '1 hour')::date";

/**
 * Counts an outgoing amount against the member's per-transaction, daily and monthly limits. The
 * day's usage row is written (and so locked) here, so two payments at once cannot both fit under
 * the same remaining limit; the caller's refusal rolls the count back.
 */
export async function spendOutgoingLimit(tx: Queryable, memberId: string, level: Level, amount: bigint): Promise<void> {
  const { rows } = await tx.query<{ per_transaction: string | null; daily: string | null; monthly: string | null; today: string; month: string }>(
    `WITH today AS (
       INSERT INTO member_outgoing_usage (member_id, day, amount) VALUES ($1, ${LUANDA_DAY}, $3)
       ON CONFLICT (member_id, day) DO UPDATE SET amount = member_outgoing_usage.amount + EXCLUDED.amount
       RETURNING amount)
     SELECT l.per_transaction, l.daily, l.monthly, (SELECT amount FROM today)::text AS today,
            ((SELECT coalesce(sum(amount), 0) FROM member_outgoing_usage
               WHERE member_id = $1 AND day >= date_trunc('month', ${LUANDA_DAY})::date AND day < ${LUANDA_DAY}) + (SELECT amount FROM today))::text AS month
       FROM account_level_limits l WHERE l.level = $2`,
    [memberId, level, amount.toString()],
  );
  const row = rows[0];
  if (!row) return;
  const over = (limit: string | null, value: bigint) => limit !== null && value > BigInt(limit);
  if (over(row.per_transaction, amount)) throw new DomainError(LEDGER_CODES.limitExceeded, 200, 'perTransaction');
  if (over(row.daily, BigInt(row.today))) throw new DomainError(LEDGER_CODES.limitExceeded, 200, 'daily');
  if (over(row.monthly, BigInt(row.month))) throw new DomainError(LEDGER_CODES.limitExceeded, 200, 'monthly');
}

/** A payee at their level's balance ceiling (cêntimos, null: none) cannot receive more. */
export function checkBalanceCeiling(maxBalance: string | null, balanceAfter: bigint): void {
  if (maxBalance !== null && balanceAfter > BigInt(maxBalance)) throw new DomainError(LEDGER_CODES.limitExceeded, 200, 'payeeBalance');
}
