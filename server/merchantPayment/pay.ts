import { CODES, GROUP_CODES } from '../../services/contract/answerCodes.ts';
import type { MerchantReceipt } from '../../services/contract/scanToPay.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { InStatementSessionContext } from '../handler.ts';
import { hashToken } from '../auth/sessions.ts';
import { payloadHash } from '../ledger/idempotent.ts';
import { moneyStatement } from '../ledger/ledger.ts';
import { chargeRequestNo } from '../ledger/numbers.ts';
import { purposeHash } from '../ledger/payAuthorizations.ts';
import { newVoucherCode } from '../entities/groupPackages.ts';
import type { ChargeQuote, GroupPackageQuote } from './quote.ts';

/**
 * `pay`: posts exactly what `quote` computes (quote.ts), in one transaction, through ONE SQL
 * function, `merchant_pay` (migration 027): the payer's checks and limits, the amount into a
 * settlement shard of the owning merchant and the charge on into a fee income shard, the payment's
 * record, the extensions' postings (extensions.ts). Two forms, as every money call
 * (server/ledger/README.md):
 * - `payCode`, scan to pay, the hot path: the whole call is one statement, `scan_to_pay_in_session`
 *   (session check, requestNo claim, pay confirmation, the code's quote — a dynamic code locked
 *   and quoted again —, merchant_pay, the stored answer);
 * - `payCharge`, a payment-code charge, in the caller's transaction (the cashier's money call
 *   within the password-free limit, or the member's confirmation above it), after the caller has
 *   claimed its requestNo, locked and quoted the charge, and spent the pay confirmation;
 * - `payGroupPackage`, a group package, in the member's money call, after it has claimed its
 *   requestNo, quoted the package and spent the pay confirmation: the stock, merchant_pay, the voucher.
 */

export const PAY_CODE = 'pay/merchant/pay';

/** The answer code of a refusal raised in SQL (`RAISE … ERRCODE 'KW100'`, the code as the message), as a DomainError; anything else as it was. */
export function sqlRefusal(error: unknown): unknown {
  const e = error as { code?: string; message?: string; detail?: string };
  if (e.code !== 'KW100' || !e.message) return error;
  return new DomainError(e.message, 200, e.detail || undefined);
}

/**
 * Pays a scanned code in one round trip (registered as checking the session in its statement:
 * server/handler.ts). A replay of the requestNo answers what the first call answered; another
 * payload under it is FND10002; every refusal is stored as the answer. `payable`, `cashback` and
 * `cashbackPaid` (absent: 0) are what the member was quoted (migration 031): when the payment's own quote differs (a promotion's budget, stock or
 * limit ran out meanwhile) it is PRM10001 and nothing moves (migration 028; without `payable` the
 * member expects the price).
 */
export async function payCode(ctx: InStatementSessionContext, input: { serial: string; amount: number; payToken: string; payable?: number; cashback?: number; cashbackPaid?: number }): Promise<MerchantReceipt> {
  const session = ctx.session;
  const [outcome] = await moneyStatement<{ code: string; detail: string; answer: MerchantReceipt | null }>(
    ctx.db,
    'scan_to_pay_in_session',
    'SELECT * FROM scan_to_pay_in_session($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
    [session.tokenHash, session.idleSeconds, session.granularitySeconds, ctx.requestNo, payloadHash(PAY_CODE, input), hashToken(input.payToken),
      purposeHash({ service: PAY_CODE, amount: input.amount, counterparty: input.serial }), input.serial, input.amount,
      input.payable ?? null, input.cashback ?? null, input.cashbackPaid ?? null],
  );
  if (outcome!.code === CODES.forbidden) throw new DomainError(CODES.forbidden, 403);
  if (outcome!.code !== CODES.ok) throw new DomainError(outcome!.code, 200, outcome!.detail || undefined);
  return outcome!.answer!;
}

export interface MerchantPaid {
  paymentId: string;
  voucherNo: string;
  transferId: string;
  /** The payer's available balance after paying. */
  available: bigint;
  at: Date;
}

/**
 * Pays a payment-code charge with the figures of its quote (quoteCharge, made in this transaction
 * after locking the charge), under the charge's own requestNo (numbers.ts: one payment per
 * charge, whichever call pays it), and marks the charge paid. A refusal (FND10001, FND10003,
 * FND10004) is a DomainError the caller's savepoint undoes.
 */
export async function payCharge(tx: Queryable, quote: ChargeQuote): Promise<MerchantPaid> {
  const { amount, charge, payable, adjustments } = quote.figures;
  let row: { payment_id: string; voucher_no: string; transfer_id: string; available: string; created_at: Date | string };
  try {
    ({ rows: [row] } = await tx.query<typeof row>(
      'SELECT payment_id::text, voucher_no, transfer_id::text, available::text, created_at FROM merchant_pay($1, $2, $3, NULL, NULL, $4, $5, $6, $7, $8, $9, $10)',
      [quote.payer, quote.ownerId, quote.storeId, 'paymentCode', quote.cashierId, chargeRequestNo(quote.chargeId),
        amount.toString(), charge.toString(), payable.toString(), JSON.stringify(adjustments)],
    ) as { rows: [typeof row] });
  } catch (error) {
    throw sqlRefusal(error);
  }
  await tx.query("UPDATE payment_code_charges SET state = 'paid', payment_id = $2 WHERE id = $1", [quote.chargeId, row.payment_id]);
  return { paymentId: row.payment_id, voucherNo: row.voucher_no, transferId: row.transfer_id, available: BigInt(row.available), at: new Date(row.created_at) };
}

/** A group package bought: its payment and the voucher the member shows at the till. */
export interface GroupPackagePaid extends MerchantPaid {
  voucher: { voucherId: string; code: string; expiresAt: Date };
}

/**
 * Buys a group package with the figures of its quote (quoteGroupPackage, made in this transaction),
 * under the member's requestNo (the payment's key is `merchant_pay:<payer>:<requestNo>`, as a scan's):
 * 1. ONE unit of the package's stock taken from its slices (promotion_take, migration 028: the slice
 *    the payment's key picks, else the next free one, SKIP LOCKED; all slices locked in order only
 *    near the end), before anything else is locked — the package's stock is this call's own row, as a
 *    dynamic code's row is a scan's — GRP10008 when every slice is empty (sold out meanwhile);
 * 2. merchant_pay with the quote's figures and method 'groupPackage' (the payer's checks and limits,
 *    the settlement and fee shards, the postings, the record, the promotions' apply): the one posting
 *    of every merchant payment;
 * 3. the voucher, one per payment (its code from a CSPRNG; a clash of codes is a unique violation,
 *    and the whole money transaction is retried with a new one).
 * A refusal (GRP10008, FND10001, FND10003, FND10004, PRM1000x) is a DomainError the caller's
 * savepoint undoes, the stock with the rest.
 */
export async function payGroupPackage(tx: Queryable, quote: GroupPackageQuote, requestNo: string): Promise<GroupPackagePaid> {
  const { amount, charge, payable, adjustments } = quote.figures;
  const { rows: [taken] } = await tx.query<{ ok: boolean }>(
    "SELECT promotion_take('groupPackage', $1, 0, 1, shard_hash($2)) AS ok",
    [quote.packageId, `merchant_pay:${quote.payer}:${requestNo}`],
  );
  if (!taken?.ok) throw new DomainError(GROUP_CODES.soldOut);
  let row: { payment_id: string; voucher_no: string; transfer_id: string; available: string; created_at: Date | string };
  try {
    ({ rows: [row] } = await tx.query<typeof row>(
      'SELECT payment_id::text, voucher_no, transfer_id::text, available::text, created_at FROM merchant_pay($1, $2, $3, NULL, NULL, $4, NULL, $5, $6, $7, $8, $9)',
      [quote.payer, quote.ownerId, quote.storeId, 'groupPackage', requestNo, amount.toString(), charge.toString(), payable.toString(), JSON.stringify(adjustments)],
    ) as { rows: [typeof row] });
  } catch (error) {
    throw sqlRefusal(error);
  }
  const code = newVoucherCode();
  const { rows: [voucher] } = await tx.query<{ id: string; expires_at: Date | string }>(
    `INSERT INTO group_vouchers (code, package_id, payment_id, member_id, expires_at)
     SELECT $1::text, g.id, $3::bigint, $4::bigint, g.ends_at FROM group_packages g WHERE g.id = $2::bigint
     RETURNING id::text, expires_at`,
    [code, quote.packageId, row.payment_id, quote.payer],
  );
  return {
    paymentId: row.payment_id, voucherNo: row.voucher_no, transferId: row.transfer_id, available: BigInt(row.available), at: new Date(row.created_at),
    voucher: { voucherId: voucher!.id, code, expiresAt: new Date(voucher!.expires_at) },
  };
}
