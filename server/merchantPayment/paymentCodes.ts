import crypto from 'node:crypto';
import { MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import type { MerchantReceipt } from '../../services/contract/scanToPay.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Payment codes (consumer-presented, spec §4 "refreshes every two minutes"): 18 random digits a
 * member shows as a QR code and a Code 128 barcode, bound to the member and the device. The server
 * keeps only their SHA-256. A code is spent by its first charge or by the next code issued, and
 * lasts PAYMENT_CODE_SECONDS: a screenshot of a spent, replaced or expired code pays nothing.
 */
export const PAYMENT_CODE_SECONDS = 120;
/** How long a charge above the password-free limit waits for the member's pay password. */
export const CHARGE_CONFIRM_SECONDS = 120;

/**
 * 18 digits from a CSPRNG (crypto.randomInt: no modulo bias), about 59 bits: not guessable in two
 * minutes. Never starting with 9, which marks the offline codes (services/offlinePaymentCode.ts).
 */
export function newPaymentCode(): string {
  let digits = String(crypto.randomInt(9));
  for (let i = 1; i < 18; i++) digits += String(crypto.randomInt(10));
  return digits;
}

export const hashPaymentCode = (code: string) => crypto.createHash('sha256').update(`payment-code:${code}`).digest('hex');

export interface LockedPaymentCode {
  tokenHash: string;
  memberId: string;
}

/**
 * The code's row, locked (FOR UPDATE): two cashiers charging the same code at once queue here, and
 * the second finds it used. A code unknown, used, replaced or past its life is MCH10008.
 */
export async function lockUsablePaymentCode(tx: Queryable, code: string): Promise<LockedPaymentCode> {
  const { rows } = await tx.query<{ token_hash: string; member_id: string; usable: boolean }>(
    `SELECT token_hash, member_id::text, state = 'active' AND expires_at > now() AS usable
       FROM payment_codes WHERE token_hash = $1 FOR UPDATE`,
    [hashPaymentCode(code)],
  );
  const row = rows[0];
  if (!row?.usable) throw new DomainError(MERCHANT_CODES.codeExpired);
  return { tokenHash: row.token_hash, memberId: row.member_id };
}

/**
 * A charge waiting past its confirmation window is expired; written when it is next read (the
 * member's or the cashier's screen asks every few seconds), so the row says what both were told.
 */
export async function expireOverdueCharge(db: Queryable, chargeId: string): Promise<void> {
  await db.query("UPDATE payment_code_charges SET state = 'expired' WHERE id = $1 AND state = 'awaitingConfirmation' AND expires_at <= now()", [chargeId]);
}

/** The payer's receipt of a merchant payment (the member's side), with their available balance right after it. */
export async function receiptOf(db: Queryable, paymentId: string): Promise<MerchantReceipt> {
  const { rows } = await db.query<{ id: string; voucher_no: string; merchant_name: string; store_name: string; amount: string; discount: string; cashback_paid: string; cashback: string; available: string; created_at: Date }>(
    `SELECT p.id::text, p.voucher_no, m.name AS merchant_name, st.name AS store_name, p.amount::text, p.discount::text, p.cashback_paid::text,
            coalesce((SELECT cb.cashback_amount FROM cashback_records cb WHERE cb.payment_id = p.id), 0)::text AS cashback,
            e.balance_after::text AS available, p.created_at
       FROM merchant_payments p
       JOIN stores st ON st.id = p.store_id
       JOIN merchants m ON m.id = st.merchant_id
       JOIN ledger_entries e ON e.transfer_id = p.transfer_id AND e.amount < 0
      WHERE p.id = $1`,
    [paymentId],
  );
  const row = rows[0]!;
  return {
    paymentId: row.id,
    voucherNo: row.voucher_no,
    merchantName: row.merchant_name,
    storeName: row.store_name,
    amount: Number(row.amount),
    paid: Number(row.amount) - Number(row.discount) - Number(row.cashback_paid),
    cashback: Number(row.cashback),
    // what the cashback paid, only when it paid something
    ...(Number(row.cashback_paid) > 0 ? { cashbackPaid: Number(row.cashback_paid) } : {}),
    available: Number(row.available),
    at: new Date(row.created_at).toISOString(),
  };
}
