import type { Queryable } from '../db/index.ts';

export interface InvariantReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Sum of every balance: zero, or money was created or lost. */
  totalBalance: string;
  /** Accounts whose balance is not the sum of their entries, or whose last entry disagrees. */
  driftedAccounts: string[];
  /** Transfers without exactly two entries that cancel out. */
  unbalancedTransfers: string[];
  /** Accounts below zero that may not be. */
  negativeAccounts: string[];
}

/** The ledger's invariants, checked in one snapshot (run inside a REPEATABLE READ transaction for a consistent view). */
export async function checkInvariants(db: Queryable): Promise<InvariantReport> {
  const total = await db.query<{ total: string; accounts: string }>('SELECT coalesce(sum(balance), 0)::text AS total, count(*)::text AS accounts FROM ledger_accounts');
  const transfers = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transfers');
  const drifted = await db.query<{ code: string }>(
    `SELECT a.code FROM ledger_accounts a
       LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS total, count(*) AS n, max(account_version) AS last_version FROM ledger_entries WHERE account_id = a.id) e ON true
       LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries WHERE account_id = a.id ORDER BY account_version DESC LIMIT 1) last ON true
      WHERE e.total <> a.balance OR coalesce(e.last_version, 0) <> a.version OR e.n <> a.version
         OR (last.balance_after IS NOT NULL AND last.balance_after <> a.balance)`,
  );
  const unbalanced = await db.query<{ id: string }>(
    `SELECT t.id::text FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
      GROUP BY t.id, t.amount, t.debit_account_id, t.credit_account_id
     HAVING count(e.id) <> 2 OR coalesce(sum(e.amount), 0) <> 0
         OR count(*) FILTER (WHERE e.account_id = t.debit_account_id AND e.amount = -t.amount) <> 1
         OR count(*) FILTER (WHERE e.account_id = t.credit_account_id AND e.amount = t.amount) <> 1`,
  );
  const negative = await db.query<{ code: string }>('SELECT code FROM ledger_accounts WHERE NOT allow_negative AND balance < 0');
  const report = {
    accounts: Number(total.rows[0]!.accounts),
    transfers: Number(transfers.rows[0]!.n),
    totalBalance: total.rows[0]!.total,
    driftedAccounts: drifted.rows.map((r) => r.code),
    unbalancedTransfers: unbalanced.rows.map((r) => r.id),
    negativeAccounts: negative.rows.map((r) => r.code),
  };
  return { ok: report.totalBalance === '0' && !report.driftedAccounts.length && !report.unbalancedTransfers.length && !report.negativeAccounts.length, ...report };
}
