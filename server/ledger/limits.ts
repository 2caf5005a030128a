import bnaLimits from '../../services/data/angola/bna_limits.json' with { type: 'json' };
import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import type { Database, Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

type Level = 'I' | 'III' | 'commercial';
const kz = (value: number | null) => (value === null ? null : BigInt(Math.round(value * 100)));

/** The account levels' limits from services/data/angola/bna_limits.json (marked there as to be confirmed), in cêntimos. */
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
 * Counts an outgoing amount against the member's per-transaction, daily and monthly limits
 * (SQL: spend_outgoing_limit). The day's usage row is written, and so locked, first: two payments
 * at once cannot both fit under the same remaining limit; the caller's refusal rolls the count back.
 */
export async function spendOutgoingLimit(tx: Queryable, memberId: string, level: Level, amount: bigint): Promise<void> {
  const { rows } = await tx.query<{ broken: string | null }>('SELECT spend_outgoing_limit($1, $2, $3) AS broken', [memberId, level, amount.toString()]);
  const broken = rows[0]?.broken;
  if (broken) throw new DomainError(LEDGER_CODES.limitExceeded, 200, broken);
}
