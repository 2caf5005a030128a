import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import type { Database, Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * The ledger's API for the domains: accounts (a member's available, frozen and cashback; system
 * accounts per bank and for fees and marketing) and `post`, one transfer between two accounts
 * in the caller's transaction. Amounts are integer cêntimos as bigint; node-postgres answers int8
 * as text, so nothing here is ever a float.
 */

export type MemberAccountKind = 'available' | 'frozen' | 'cashback' | 'settlement';
export type SystemAccount = { kind: 'bank_clearing'; bankCode: string } | { kind: 'fee_income' } | { kind: 'marketing_funding' };

/** A member's account of `kind` (shard 0 of a merchant's sharded settlement: server/ledger/settlement.ts), created on first use. */
export async function memberAccount(tx: Queryable, memberId: string, kind: MemberAccountKind): Promise<string> {
  const find = 'SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = $2 AND shard = 0';
  const found = await tx.query<{ id: string }>(find, [memberId, kind]);
  if (found.rows[0]) return found.rows[0].id;
  await tx.query(
    'INSERT INTO ledger_accounts (code, kind, member_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [`member:${memberId}:${kind}`, kind, memberId],
  );
  return (await tx.query<{ id: string }>(find, [memberId, kind])).rows[0]!.id;
}

/** A system account; the bank clearing accounts mirror money held at banks and may go negative. */
export async function systemAccount(tx: Queryable, account: SystemAccount): Promise<string> {
  const code = account.kind === 'bank_clearing' ? `bank:${account.bankCode}:clearing` : account.kind;
  const found = await tx.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1', [code]);
  if (found.rows[0]) return found.rows[0].id;
  await tx.query(
    'INSERT INTO ledger_accounts (code, kind, bank_code, allow_negative) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [code, account.kind, account.kind === 'bank_clearing' ? account.bankCode : null, account.kind !== 'fee_income'],
  );
  return (await tx.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1', [code])).rows[0]!.id;
}

export interface Posting {
  /** Unique per movement: the same key never moves money twice. */
  key: string;
  kind: string;
  debit: string;
  credit: string;
  amount: bigint;
  reference?: string | null;
}

export interface Posted {
  transferId: string;
  replayed: boolean;
  debitBalance: bigint | null;
  creditBalance: bigint | null;
}

/** Posts one transfer (see `ledger_post` in the migration); an overdraft is refused with FND10001. */
export async function post(tx: Queryable, posting: Posting): Promise<Posted> {
  if (posting.amount <= 0n) throw new DomainError(LEDGER_CODES.amountInvalid);
  try {
    const { rows } = await tx.query<{ transfer_id: string; replayed: boolean; debit_balance: string | null; credit_balance: string | null }>(
      'SELECT * FROM ledger_post($1, $2, $3, $4, $5, $6)',
      [posting.key, posting.kind, posting.debit, posting.credit, posting.amount.toString(), posting.reference ?? null],
    );
    const row = rows[0]!;
    return {
      transferId: row.transfer_id,
      replayed: row.replayed,
      debitBalance: row.debit_balance === null ? null : BigInt(row.debit_balance),
      creditBalance: row.credit_balance === null ? null : BigInt(row.credit_balance),
    };
  } catch (error) {
    if ((error as { code?: string }).code === 'KW001') throw new DomainError(LEDGER_CODES.insufficientFunds);
    throw error;
  }
}

const RETRYABLE = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 8;

/**
 * Runs an attempt again from the start when PostgreSQL reports a serialization failure, a
 * deadlock or a unique violation (a concurrent twin of an idempotent call: the retry then finds
 * the first one's result).
 */
async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!RETRYABLE.has(code) || tries >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * tries));
    }
  }
}

/** `work` in one transaction, retried whole (see withRetry). */
export const moneyTransaction = <T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> => withRetry(() => db.transaction(work));

/** One statement that is its own transaction (a money SQL function, prepared under `name`), retried the same way. */
export const moneyStatement = async <Row>(db: Database, name: string, sql: string, params: readonly unknown[]): Promise<Row[]> =>
  withRetry(async () => (await db.query<Row>(sql, params, { prepareAs: name })).rows);

export interface Balances {
  available: bigint;
  frozen: bigint;
  cashback: bigint;
}

export async function memberBalances(db: Queryable, memberId: string): Promise<Balances> {
  const { rows } = await db.query<{ kind: string; balance: string }>("SELECT kind, balance FROM ledger_accounts WHERE member_id = $1 AND kind IN ('available', 'frozen', 'cashback')", [memberId]);
  const of = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.balance ?? '0');
  return { available: of('available'), frozen: of('frozen'), cashback: of('cashback') };
}
