import type { Database } from '../db/index.ts';
import { memberAccount, moneyTransaction, post, systemAccount } from '../ledger/ledger.ts';

/**
 * Lottery prizes into the winners' cashback accounts (README "Lottery"; spec §4: within 2 hours).
 * Each winning record is delivered in a transaction of its own: the row picked with `FOR UPDATE
 * SKIP LOCKED` (another gateway's job takes the next one), the posting marketing_funding → the
 * member's cashback account under the key `lottery:prize:<winning id>` (a second posting of it is
 * impossible: the ledger's idempotency key), and the row marked `sent` with that transfer. A job
 * killed mid-run loses nothing: its transaction rolls back and the row is still `waiting`.
 *
 * A member who cannot receive it now (an account locked or closed), or a record whose posting
 * failed for another reason (logged), is tried again after 10 minutes, doubling, while the others go
 * on; after MAX_ATTEMPTS the record is `failed`, shown to operators, who may send it again
 * (platform/lottery/retry puts it back to waiting). A run goes on until nothing is due (within a
 * time budget), so a burst of winners is not held back by a count per tick.
 */

export const MAX_ATTEMPTS = 5;

export interface PrizeDeliveryTick {
  sent: number;
  postponed: number;
  failed: number;
}

export interface PrizeDeliveryOptions {
  /** Stop taking records after this long (the next tick goes on): one tick never runs for ever. */
  budgetMs?: number;
  /** Run inside each record's transaction after its posting, before it commits (tests: a kill that lands mid-transaction). */
  beforeCommit?: () => Promise<void>;
  /** Told of an error that is no refusal (the record is postponed as `internal` and the run goes on). */
  onError?: (error: unknown, winningId: string) => void;
}

type Outcome = 'sent' | 'postponed' | 'failed' | 'none';

/** A record's try that did not deliver: counted, tried again after 10 min doubling, `failed` after MAX_ATTEMPTS. */
const POSTPONE = `UPDATE lottery_winnings SET attempts = attempts + 1, last_error = $2, status = CASE WHEN attempts + 1 >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'waiting' END,
         next_attempt_at = now() + make_interval(mins => 10 * power(2, attempts)::int) WHERE id = $1 AND status = 'waiting'
       RETURNING status`;

async function deliverNext(db: Database, options: PrizeDeliveryOptions, skip: readonly string[]): Promise<{ outcome: Outcome; id: string | null }> {
  let picked: string | null = null;
  try {
    return await moneyTransaction(db, async (tx) => {
      const { rows: [winning] } = await tx.query<{ id: string; member_id: string; amount: string; status: string; voucher: string }>(
        `SELECT w.id::text, w.member_id::text, w.amount::text, m.status, 'LOT' || w.activity_id || '-' || d.seq AS voucher
           FROM lottery_winnings w JOIN members m ON m.id = w.member_id JOIN lottery_draws d ON d.id = w.draw_id
          WHERE w.status = 'waiting' AND w.next_attempt_at <= now() AND NOT (w.id = ANY($1::bigint[]))
          ORDER BY w.next_attempt_at, w.id LIMIT 1 FOR UPDATE OF w SKIP LOCKED`,
        [skip],
      );
      if (!winning) return { outcome: 'none' as const, id: null };
      picked = winning.id;
      if (winning.status !== 'active') {
        const { rows: [after] } = await tx.query<{ status: string }>(POSTPONE, [winning.id, `member ${winning.status}`]);
        return { outcome: after?.status === 'failed' ? ('failed' as const) : ('postponed' as const), id: winning.id };
      }
      const posted = await post(tx, {
        key: `lottery:prize:${winning.id}`,
        kind: 'lottery_prize',
        debit: await systemAccount(tx, { kind: 'marketing_funding' }),
        credit: await memberAccount(tx, winning.member_id, 'cashback'),
        amount: BigInt(winning.amount),
        reference: winning.voucher,
      });
      await tx.query("UPDATE lottery_winnings SET status = 'sent', transfer_id = $2, delivered_at = now(), last_error = NULL WHERE id = $1", [winning.id, posted.transferId]);
      await options.beforeCommit?.();
      return { outcome: 'sent' as const, id: winning.id };
    });
  } catch (error) {
    if (picked === null) throw error;
    // not this member's doing (a bug, a constraint): this record waits its backoff, the others go on
    options.onError?.(error, picked);
    const { rows: [after] } = await db.query<{ status: string }>(POSTPONE, [picked, 'internal']);
    return { outcome: after?.status === 'failed' ? 'failed' : 'postponed', id: picked };
  }
}

/** Delivers what is due until none is, or the time budget is spent. */
export async function runPrizeDeliveryOnce(db: Database, options: PrizeDeliveryOptions = {}): Promise<PrizeDeliveryTick> {
  const tick: PrizeDeliveryTick = { sent: 0, postponed: 0, failed: 0 };
  const until = Date.now() + (options.budgetMs ?? 50_000);
  // records that went wrong in this run are not picked again in it (their backoff says when)
  const tried: string[] = [];
  while (Date.now() < until) {
    const { outcome, id } = await deliverNext(db, options, tried);
    if (outcome === 'none') break;
    if (outcome !== 'sent') tried.push(id!);
    tick[outcome]++;
  }
  return tick;
}

/** Starts the job (every minute by default: far inside the 2 hours); the answer stops it and waits for a pass under way. */
export function startPrizeDelivery(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runPrizeDeliveryOnce(db, { budgetMs: Math.max(1_000, everyMs - 1_000), onError: (error, winningId) => log.error({ err: error, winningId }, 'lottery prize delivery failed; postponed') })
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, 'lottery prize delivery failed; will retry'))
      .finally(() => (running = null));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
