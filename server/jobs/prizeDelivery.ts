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
 * A member who cannot receive it now (an account locked or closed) is tried again after 10
 * minutes, doubling; after MAX_ATTEMPTS the record is `failed`, shown to operators, who may send it
 * again (platform/lottery/retry puts it back to waiting).
 */

export const MAX_ATTEMPTS = 5;

export interface PrizeDeliveryTick {
  sent: number;
  postponed: number;
  failed: number;
}

type Outcome = 'sent' | 'postponed' | 'failed' | 'none';

async function deliverNext(db: Database): Promise<Outcome> {
  return moneyTransaction(db, async (tx) => {
    const { rows: [winning] } = await tx.query<{ id: string; member_id: string; amount: string; attempts: number; status: string; voucher: string }>(
      `SELECT w.id::text, w.member_id::text, w.amount::text, w.attempts, m.status, 'LOT' || w.activity_id || '-' || d.seq AS voucher
         FROM lottery_winnings w JOIN members m ON m.id = w.member_id JOIN lottery_draws d ON d.id = w.draw_id
        WHERE w.status = 'waiting' AND w.next_attempt_at <= now()
        ORDER BY w.next_attempt_at, w.id LIMIT 1 FOR UPDATE OF w SKIP LOCKED`,
    );
    if (!winning) return 'none';
    if (winning.status !== 'active') {
      const failed = winning.attempts + 1 >= MAX_ATTEMPTS;
      await tx.query(
        `UPDATE lottery_winnings SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE 'waiting' END,
                next_attempt_at = now() + make_interval(mins => 10 * power(2, attempts)::int) WHERE id = $1`,
        [winning.id, `member ${winning.status}`, failed],
      );
      return failed ? 'failed' : 'postponed';
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
    return 'sent';
  });
}

/** Delivers what is due, up to `batch` records. */
export async function runPrizeDeliveryOnce(db: Database, batch = 200): Promise<PrizeDeliveryTick> {
  const tick: PrizeDeliveryTick = { sent: 0, postponed: 0, failed: 0 };
  for (let i = 0; i < batch; i++) {
    const outcome = await deliverNext(db);
    if (outcome === 'none') break;
    tick[outcome]++;
  }
  return tick;
}

/** Starts the job (every minute by default: far inside the 2 hours); the answer stops it and waits for a pass under way. */
export function startPrizeDelivery(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runPrizeDeliveryOnce(db)
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, 'lottery prize delivery failed; will retry'))
      .finally(() => (running = null));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
