import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Paying a merchant from TypeScript: the same SQL function `merchant_pay` (migration 021) the scan-
 * to-pay statement calls, so a payment-code charge and a scanned code pay through one function,
 * with its one place for marketing. Runs in the caller's transaction, after the caller claimed its
 * requestNo and locked its own row; a refusal is a DomainError the caller's savepoint undoes.
 */

export type PaymentMethod = 'static' | 'dynamic' | 'paymentCode';

export interface MerchantPayment {
  payer: string;
  /** The owning merchant (its settlement shards are credited). */
  merchant: string;
  store: string;
  serial: string | null;
  binding: string | null;
  method: PaymentMethod;
  cashier: string | null;
  amount: bigint;
  /** Unique per payer: the payment's ledger keys and settlement shard derive from it. */
  requestNo: string;
}

export interface MerchantPaid {
  paymentId: string;
  voucherNo: string;
  transferId: string;
  charge: bigint;
  /** The payer's available balance after paying. */
  available: bigint;
  at: Date;
}

/** The answer code of a refusal raised in SQL (`RAISE … ERRCODE 'KW100'`, the code as the message), as a DomainError; anything else as it was. */
export function sqlRefusal(error: unknown): unknown {
  const e = error as { code?: string; message?: string; detail?: string };
  if (e.code !== 'KW100' || !e.message) return error;
  return new DomainError(e.message, 200, e.detail || undefined);
}

export async function merchantPay(tx: Queryable, p: MerchantPayment): Promise<MerchantPaid> {
  try {
    const { rows } = await tx.query<{ payment_id: string; voucher_no: string; transfer_id: string; charge: string; available: string; created_at: Date | string }>(
      'SELECT * FROM merchant_pay($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [p.payer, p.merchant, p.store, p.serial, p.binding, p.method, p.cashier, p.amount.toString(), p.requestNo],
    );
    const row = rows[0]!;
    return {
      paymentId: String(row.payment_id),
      voucherNo: row.voucher_no,
      transferId: String(row.transfer_id),
      charge: BigInt(row.charge),
      available: BigInt(row.available),
      at: new Date(row.created_at),
    };
  } catch (error) {
    throw sqlRefusal(error);
  }
}
