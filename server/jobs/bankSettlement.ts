import type { Database } from '../db/index.ts';
import type { BankAdapter, BankOperationRequest, BankOperationStatus } from '../adapters/bank.ts';
import { resolveTopup } from '../domains/topup/handlers.ts';
import { resolveWithdrawal } from '../domains/withdrawal/handlers.ts';

/**
 * Settlement with the bank. Each tick:
 *  1. (simulator only) the bank completes the operations that are due;
 *  2. pending top-ups and withdrawals are claimed with `FOR UPDATE SKIP LOCKED`, and given a lease
 *     (`next_check_at`, also the back-off between checks) so another gateway leaves them alone;
 *  3. for each, outside any transaction: the row is taken again for `rowLeaseMs` just before its
 *     bank call, only if no other gateway claimed it since (`checks` unchanged: the batch's lease
 *     may have run out while earlier rows were being handled), so each call is made by one gateway;
 *     then submitted to the bank if it has not been (idempotent on the reference, so a crash
 *     between submitting and recording is harmless), else its status asked;
 *  4. a final answer is applied once (`resolveTopup` / `resolveWithdrawal`); a row still pending
 *     goes back to its back-off. One row's failure (the bank unreachable) is logged and leaves that
 *     row for a retry after its row lease; the rest of the batch goes on.
 * Everything is in tables: a restarted server (or another instance) carries on where this stopped.
 */

export interface SettlementOptions {
  /** Rows claimed per table per tick. */
  batch?: number;
  /** Time before a claimed row may be claimed again (grows with the number of checks, up to 20×). */
  leaseMs?: number;
  /**
   * How long one row is held while its bank call is made (default 30 s): longer than a bank call
   * can take, so no other gateway calls the bank for the same row meanwhile.
   */
  rowLeaseMs?: number;
  /**
   * Claim every pending row whatever its lease, and let the simulator settle before its due time
   * (tests, dev page: one caller at a time, since a row another pass holds is claimed too).
   */
  now?: boolean;
  /** Where a row's failure is told (default: nowhere; the job gives its logger). */
  log?: { error(obj: unknown, msg: string): void };
}

export interface SettlementTick {
  /** Operations the simulated bank completed. */
  bankSettled: number;
  /** Rows sent to the bank for the first time. */
  submitted: number;
  /** Top-ups and withdrawals that reached SUCCESS or FAILED. */
  resolved: number;
  /** Rows another gateway claimed between this pass's claim and their turn: left to it. */
  skipped: number;
  /** Rows whose bank call or resolution failed: retried after their row lease. */
  failed: number;
}

interface Claimed {
  id: string;
  reference: string;
  card_token: string;
  amount: string;
  branch_code: string | null;
  submitted: boolean;
  /** The claim's count: a row claimed again by another pass has a higher one. */
  checks: number;
}

const TABLES = {
  topups: { reference: 'order_no', kind: 'debit', branch: 'NULL::text', resolve: resolveTopup },
  withdrawals: { reference: 'withdraw_no', kind: 'credit', branch: 'branch_code', resolve: resolveWithdrawal },
} as const;

async function claim(db: Database, table: keyof typeof TABLES, options: Required<SettlementOptions>): Promise<Claimed[]> {
  const t = TABLES[table];
  const { rows } = await db.query<Claimed>(
    `WITH picked AS (
       SELECT id FROM ${table} WHERE state = 'PENDING' AND ($2::boolean OR next_check_at <= now())
        ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE ${table} r SET next_check_at = now() + make_interval(secs => $3::float8 * least(r.checks + 1, 20) / 1000), checks = r.checks + 1
       FROM picked WHERE r.id = picked.id
     RETURNING r.id::text, r.${t.reference} AS reference, r.card_token, r.amount::text, ${t.branch === 'NULL::text' ? 'NULL::text' : `r.${t.branch}`} AS branch_code,
               r.submitted_at IS NOT NULL AS submitted, r.checks`,
    [options.batch, options.now, options.leaseMs],
  );
  return rows;
}

/** Holds the row for its bank call, unless another pass claimed it after this one did. */
async function takeRow(db: Database, table: keyof typeof TABLES, row: Claimed, rowLeaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ${table} SET next_check_at = now() + make_interval(secs => $3::float8 / 1000)
      WHERE id = $1 AND state = 'PENDING' AND checks = $2 RETURNING id`,
    [row.id, row.checks, rowLeaseMs],
  );
  return rows.length === 1;
}

/** A row still pending after its call: next checked after the claim's back-off, not the row lease. */
async function backOff(db: Database, table: keyof typeof TABLES, row: Claimed, leaseMs: number): Promise<void> {
  await db.query(
    `UPDATE ${table} SET next_check_at = now() + make_interval(secs => $3::float8 * least(checks, 20) / 1000)
      WHERE id = $1 AND state = 'PENDING' AND checks = $2`,
    [row.id, row.checks, leaseMs],
  );
}

/** One pass over everything that is due. */
export async function runBankSettlementOnce(db: Database, bank: BankAdapter, options: SettlementOptions = {}): Promise<SettlementTick> {
  const settings: Required<SettlementOptions> = {
    batch: options.batch ?? 100,
    leaseMs: options.leaseMs ?? 1000,
    rowLeaseMs: options.rowLeaseMs ?? 30_000,
    now: options.now ?? false,
    log: options.log ?? { error: () => undefined },
  };
  const tick: SettlementTick = { bankSettled: 0, submitted: 0, resolved: 0, skipped: 0, failed: 0 };
  if (bank.processDue) tick.bankSettled = await bank.processDue({ ignoreDelay: settings.now });
  for (const table of Object.keys(TABLES) as Array<keyof typeof TABLES>) {
    const t = TABLES[table];
    for (const row of await claim(db, table, settings)) {
      try {
        if (!(await takeRow(db, table, row, settings.rowLeaseMs))) {
          tick.skipped++;
          continue;
        }
        let status: BankOperationStatus | null = row.submitted ? await bank.status(row.reference) : null;
        if (!status) {
          const request: BankOperationRequest = { reference: row.reference, kind: t.kind, cardToken: row.card_token, amount: BigInt(row.amount), branchCode: row.branch_code };
          status = await bank.submit(request);
          await db.query(`UPDATE ${table} SET submitted_at = coalesce(submitted_at, now()) WHERE id = $1`, [row.id]);
          tick.submitted++;
        }
        if (status.state === 'PENDING') await backOff(db, table, row, settings.leaseMs);
        else if (await t.resolve(db, row.id, status)) tick.resolved++;
      } catch (error) {
        tick.failed++;
        settings.log.error({ err: error, table, reference: row.reference }, 'bank settlement of one row failed; retried after its lease');
      }
    }
  }
  return tick;
}

/** Runs passes (settling at once) until no top-up or withdrawal is pending; answers how many still are. Tests, dev page, load tests. */
export async function drainBankSettlement(db: Database, bank: BankAdapter, maxRounds = 50): Promise<number> {
  for (let round = 0; round < maxRounds; round++) {
    await runBankSettlementOnce(db, bank, { now: true, batch: 1000 });
    const { rows } = await db.query<{ n: string }>(
      "SELECT ((SELECT count(*) FROM topups WHERE state = 'PENDING') + (SELECT count(*) FROM withdrawals WHERE state = 'PENDING'))::text AS n",
    );
    if (rows[0]!.n === '0') return 0;
  }
  const { rows } = await db.query<{ n: string }>(
    "SELECT ((SELECT count(*) FROM topups WHERE state = 'PENDING') + (SELECT count(*) FROM withdrawals WHERE state = 'PENDING'))::text AS n",
  );
  return Number(rows[0]!.n);
}

/** Starts the job; the answer stops it (and waits for a pass under way to finish). */
export function startBankSettlement(
  db: Database,
  bank: BankAdapter,
  log: { error(obj: unknown, msg: string): void },
  everyMs = 500,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runBankSettlementOnce(db, bank, { leaseMs: everyMs * 2, log })
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, 'bank settlement failed; will retry'))
      .finally(() => (running = null));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
