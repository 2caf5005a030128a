import type { Database } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { moneyTransaction } from '../ledger/ledger.ts';
import { REFUNDABLE_COLUMNS, refundLockedPayment, type RefundablePayment } from '../merchantPayment/refund.ts';

/**
 * The group vouchers' expiry (README "Group purchases"): a voucher not used by its end is refunded
 * to its member automatically, through THE refund of the payment module (refundLockedPayment: the
 * settlement pays back what is left of what the member paid, fee income returns the charge, the
 * cashback is clawed back, the member is told), under the merchant owner's name with the request
 * number `voucherExpiry:<voucher id>` (merchant_refunds is unique on owner and request number).
 *
 * Each tick:
 *  1. due vouchers (unused or expired, past their end, not leased) are claimed with `FOR UPDATE SKIP
 *     LOCKED` and given a lease (`refund_next_at`), so another gateway leaves them alone meanwhile;
 *  2. each is refunded in its own money transaction, which locks the payment's row and then the
 *     voucher's — the order an owner's refund takes them (payment, then the voucher it marks) — and
 *     refunds only while the voucher is still unused or expired: a voucher refunded, or redeemed at
 *     the last moment, by anyone meanwhile is left as it is. So each voucher is refunded once, however
 *     many gateways run the job and however often;
 *  3. a refusal (the merchant's settlement no longer holds it, FND10001: withdrawals keep what unused
 *     vouchers may need, but the owner's refunds of other payments may take it) leaves the voucher
 *     `expired` with the refusal and its count, tried again later (a minute, doubling, at most a
 *     day): the member's money is owed until the merchant's settlement can pay it. Any other error
 *     postpones that voucher the same way (`internal`, logged) and the batch goes on.
 * Everything is in tables: a restarted gateway carries on where another stopped (a lease lapses).
 */

export interface VoucherExpiryOptions {
  /** Vouchers claimed per tick. */
  batch?: number;
  /** Time before a claimed voucher may be claimed again. */
  leaseMs?: number;
  /** Claim every due voucher whatever its lease or backoff (tests, dev page). */
  now?: boolean;
  /** Told of an error that is no refusal (the voucher is postponed as `internal` and the batch goes on). */
  onError?: (error: unknown, voucherId: string) => void;
}

export interface VoucherExpiryTick {
  claimed: number;
  refunded: number;
  /** Refunds refused for now (FND10001…), to be tried again. */
  refused: number;
}

/** One pass over the vouchers that are due. */
export async function runVoucherExpiryOnce(db: Database, options: VoucherExpiryOptions = {}): Promise<VoucherExpiryTick> {
  const { rows } = await db.query<{ id: string }>(
    `WITH due AS (
       SELECT id FROM group_vouchers
        WHERE state IN ('unused', 'expired') AND expires_at <= now() AND ($2::boolean OR refund_next_at IS NULL OR refund_next_at <= now())
        ORDER BY expires_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE group_vouchers v SET refund_next_at = now() + make_interval(secs => $3::float8 / 1000)
       FROM due WHERE v.id = due.id
     RETURNING v.id::text`,
    [options.batch ?? 100, options.now ?? false, options.leaseMs ?? 60_000],
  );
  const tick: VoucherExpiryTick = { claimed: rows.length, refunded: 0, refused: 0 };
  for (const { id } of rows) {
    let outcome: string;
    try {
      outcome = await refundExpiredVoucher(db, id);
    } catch (error) {
      // not a refusal (a bug, the database gone): this voucher waits its backoff, the others of the batch go on
      options.onError?.(error, id);
      await postpone(db, id, 'internal').catch(() => undefined);
      outcome = 'internal';
    }
    if (outcome === 'refunded') tick.refunded++;
    else if (outcome !== 'nothingToDo') tick.refused++;
  }
  return tick;
}

/**
 * Refunds one expired voucher, once: 'refunded', 'nothingToDo' (not due, or refunded or redeemed
 * meanwhile), or the refusal's code (the voucher then `expired`, tried again later).
 */
export async function refundExpiredVoucher(db: Database, voucherId: string): Promise<'refunded' | 'nothingToDo' | string> {
  try {
    return await moneyTransaction(db, async (tx) => {
      const { rows: [voucher] } = await tx.query<{ payment_id: string }>('SELECT payment_id::text FROM group_vouchers WHERE id = $1', [voucherId]);
      if (!voucher) return 'nothingToDo';
      const { rows: [payment] } = await tx.query<RefundablePayment & { merchant_id: string; merchant_name: string; owner_member: string }>(
        `SELECT ${REFUNDABLE_COLUMNS}, m.id::text AS merchant_id, m.name AS merchant_name, m.member_id::text AS owner_member
           FROM merchant_payments p JOIN merchants m ON m.id = p.merchant_id WHERE p.id = $1 FOR UPDATE OF p`,
        [voucher.payment_id],
      );
      if (!payment) throw new Error(`group voucher ${voucherId} names payment ${voucher.payment_id}, which does not exist`);
      const { rows: [due] } = await tx.query(
        "SELECT 1 FROM group_vouchers WHERE id = $1 AND state IN ('unused', 'expired') AND expires_at <= now() FOR UPDATE",
        [voucherId],
      );
      if (!due) return 'nothingToDo';
      const left = BigInt(payment.amount) - BigInt(payment.discount) - BigInt(payment.refunded);
      if (left > 0n) {
        // refunded whole: refundLockedPayment marks the voucher refunded with this refund
        await refundLockedPayment(tx, payment, {
          amount: left, ownerMember: payment.owner_member, merchant: { id: payment.merchant_id, name: payment.merchant_name },
          refundedBy: payment.owner_member, requestNo: `voucherExpiry:${voucherId}`,
        });
      } else {
        // (the owner's refunds took it all already, which marks the voucher refunded: not expected here)
        await tx.query(
          "UPDATE group_vouchers SET state = 'refunded', refund_id = (SELECT max(r.id) FROM merchant_refunds r WHERE r.payment_id = $2) WHERE id = $1",
          [voucherId, payment.id],
        );
      }
      return 'refunded';
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await postpone(db, voucherId, error.code);
    return error.code;
  }
}

/** A voucher whose refund failed now: `expired`, the reason and its count kept, tried again after a minute, doubling, at most a day. */
async function postpone(db: Database, voucherId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE group_vouchers SET state = 'expired', refund_attempts = refund_attempts + 1, refund_refusal = $2,
            refund_next_at = now() + make_interval(secs => least(86400, 60 * power(2, least(refund_attempts, 11)))::float8)
      WHERE id = $1 AND state IN ('unused', 'expired')`,
    [voucherId, reason],
  );
}

/** Starts the job (every minute by default); the answer stops it and waits for a pass under way. */
export function startVoucherExpiry(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runVoucherExpiryOnce(db, { leaseMs: everyMs * 2, onError: (error, voucherId) => log.error({ err: error, voucherId }, 'group voucher refund failed; postponed') })
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, 'group voucher expiry failed; will retry'))
      .finally(() => (running = null));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
