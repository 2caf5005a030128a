import { GROUP_CODES, STAFF_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { enqueueMessage } from '../adapters/messages.ts';
import { messageText, normaliseLanguage, type Language } from '../i18n.ts';
import { memberAccount, post } from '../ledger/ledger.ts';
import { gatherSettlement } from '../ledger/settlement.ts';
import { refundNo, tradeNumber } from '../ledger/numbers.ts';
import { takeBackDraws } from '../entities/lotteryActivities.ts';
import { addNotice } from '../entities/memberNotices.ts';

/**
 * THE refund of a merchant payment (server/ledger/README.md, "Refunds"), once its caller has the
 * payment's row locked: the owner's `merchant/refund/apply` (server/domains/refund/, a money call
 * under the owner's requestNo, the row found among what the owner may see) and the group vouchers'
 * expiry job (server/jobs/groupVoucherExpiry.ts, the row found by the voucher) both end here, so a
 * refund moves money, returns the charge, claws back cashback and tells the payer one way.
 */

/** A payment's row as a refund reads it, locked (FOR UPDATE) by the caller. */
export interface RefundablePayment {
  id: string;
  store_id: string;
  payer_id: string;
  amount: string;
  discount: string;
  /** The part of the price the payer paid from their cashback balance (migration 030). */
  cashback_paid: string;
  charge: string;
  refunded: string;
  voucher_no: string;
  request_no: string;
}

/** The columns of RefundablePayment, from `merchant_payments p`. */
export const REFUNDABLE_COLUMNS = 'p.id::text, p.store_id::text, p.payer_id::text, p.amount::text, p.discount::text, p.cashback_paid::text, p.charge::text, p.refunded::text, p.voucher_no, p.request_no';

export interface RefundDone {
  refundId: string;
  refundNo: string;
  amount: bigint;
  chargeReturned: bigint;
  /** The part of `amount` given back to the payer's cashback account (the rest went to available). */
  cashbackReturned: bigint;
  /** The payment's refunds so far, this one included. */
  refunded: bigint;
  /** What the payer paid (price less discount and coupon; from available and cashback together): refunded whole when `refunded` reaches it. */
  paid: bigint;
  at: Date;
}

/**
 * The share of a payment's charge that fee income gives back once `refundedAfter` of `amount` is
 * refunded: the charge in proportion, rounded down, so that the refunds of a payment together
 * give back exactly its whole charge when it is refunded whole, and never more. Each refund
 * returns the difference from what earlier refunds returned.
 */
export function chargeReturnedUpTo(amount: bigint, charge: bigint, refundedAfter: bigint): bigint {
  return (charge * refundedAfter) / amount;
}

const kwanzas = (cents: bigint) => `${cents / 100n},${String(cents % 100n).padStart(2, '0')}`;

/**
 * The share of a payment's part paid with cashback (`cashbackPaid`) that goes back to the payer's
 * cashback account once `refundedAfter` of `paid` is refunded: in proportion, rounded down, like the
 * charge — the refunds of a whole payment give back exactly `cashbackPaid` to cashback (and exactly
 * what was paid from available to available). Each refund gives the difference from earlier ones.
 */
export function cashbackReturnedUpTo(paid: bigint, cashbackPaid: bigint, refundedAfter: bigint): bigint {
  return (cashbackPaid * refundedAfter) / paid;
}

/**
 * Refunds `amount` of a payment whose row the caller has locked (FOR UPDATE: two refunds of one
 * payment take turns there, and the second sees the first's total), in the caller's transaction. In
 * order: STF10012 past what is left of what was paid; the fee income shard that earned its charge;
 * the settlement shards (gathered into shard 0, as a withdrawal does); the postings — fee income →
 * settlement shard 0 the charge in proportion, the cashback earned clawed back planned (the payer's
 * available account locked first: planClawback), settlement shard 0 → the payer's available account
 * the amount less its cashback share and less the part of the clawback the cashback account cannot
 * give (migration 031), and settlement shard 0 → the payer's cashback account that share (a payment
 * partly paid with cashback, migration 030: cashbackReturnedUpTo) (FND10001 when the settlement no
 * longer has it) — the running total, the refund's row (`refundedBy` and `requestNo`: unique
 * together, so one request refunds once), the clawback posted (postClawback), a group voucher of the payment refunded whole marked refunded (README
 * "Group purchases"; GRP10015 when that voucher was used at the till), and the payer's SMS (the outbox, in the same transaction: a refund rolled back
 * tells nobody).
 */
export async function refundLockedPayment(
  tx: Queryable,
  payment: RefundablePayment,
  refund: { amount: bigint; ownerMember: string; merchant: { id: string; name: string }; refundedBy: string; requestNo: string },
): Promise<RefundDone> {
  const amount = refund.amount;
  // what the payer paid: the price less the discount and coupon the merchant gave (README "Promotions")
  const [paid, charge, refunded] = [BigInt(payment.amount) - BigInt(payment.discount), BigInt(payment.charge), BigInt(payment.refunded)];
  if (refunded + amount > paid) throw new DomainError(STAFF_CODES.refundOverPaid, 200, String(paid - refunded));
  // a group package's voucher, locked after its payment (the expiry job takes them in the same order;
  // the till locks only the voucher): a whole refund cancels it, so not once it was used — decided on
  // the voucher's state now, not on what the owner saw before a clerk redeemed it
  const { rows: [voucher] } = await tx.query<{ state: string }>('SELECT state FROM group_vouchers WHERE payment_id = $1 FOR UPDATE', [payment.id]);
  if (voucher?.state === 'redeemed' && refunded + amount === paid) throw new DomainError(GROUP_CODES.refundOfRedeemedVoucher);
  const before = (await tx.query<{ charge: string; cashback: string }>(
    'SELECT coalesce(sum(charge_returned), 0)::text AS charge, coalesce(sum(cashback_returned), 0)::text AS cashback FROM merchant_refunds WHERE payment_id = $1',
    [payment.id],
  )).rows[0]!;
  const chargeReturned = chargeReturnedUpTo(paid, charge, refunded + amount) - BigInt(before.charge);
  // the part paid with cashback goes back to cashback, in proportion (README "Promotions": refunds)
  const cashbackReturned = cashbackReturnedUpTo(paid, BigInt(payment.cashback_paid), refunded + amount) - BigInt(before.cashback);
  const toAvailable = amount - cashbackReturned;
  const refundId = (await tx.query<{ id: string }>("SELECT nextval('merchant_refunds_id_seq')::text AS id")).rows[0]!.id;
  const number = refundNo(refundId);
  const key = `refund:${refundId}`;
  // the fee shard first, in ascending id order (fee accounts are older than any merchant's). A payment takes its
  // settlement shard before its fee shard (merchant_pay, SKIP LOCKED on both, waiting only when all are busy), so
  // under load a refund and a payment can still deadlock: PostgreSQL breaks it and withRetry runs the loser again
  const feeShard = chargeReturned > 0n ? await feeShardOf(tx, payment.payer_id, payment.request_no) : null;
  const { shard0 } = await gatherSettlement(tx, refund.ownerMember, key);
  if (feeShard) await post(tx, { key: `${key}:charge`, kind: 'refund_charge', debit: feeShard, credit: shard0, amount: chargeReturned, reference: number });
  // the payer's available account, then (the clawback's) the funding account and their cashback account: the clawback is
  // planned before the refund pays available, as what the cashback account cannot give comes off that part (README "Promotions")
  const availableAccount = await memberAccount(tx, payment.payer_id, 'available');
  await tx.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [availableAccount]);
  const clawback = await planClawback(tx, { paymentId: payment.id, paid, refundedAfter: refunded + amount, settlement: shard0, cashbackReturned, toAvailable });
  const paidToAvailable = toAvailable - (clawback?.fromRefund ?? 0n);
  const posted = paidToAvailable > 0n
    ? await post(tx, { key, kind: 'merchant_refund', debit: shard0, credit: availableAccount, amount: paidToAvailable, reference: number })
    : null;
  // (a payment partly paid with cashback) the cashback account: the order a payment locks them in
  const cashbackPosted = cashbackReturned > 0n
    ? await post(tx, { key: `${key}:cashbackDeduction`, kind: 'cashback_deduction_refund', debit: shard0, credit: await memberAccount(tx, payment.payer_id, 'cashback'), amount: cashbackReturned, reference: number })
    : null;
  await tx.query('UPDATE merchant_payments SET refunded = refunded + $2 WHERE id = $1', [payment.id, amount.toString()]);
  const { rows: inserted } = await tx.query<{ created_at: Date }>(
    `INSERT INTO merchant_refunds (id, payment_id, merchant_id, store_id, amount, charge_returned, refunded_by, request_no, transfer_id, cashback_returned, cashback_transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING created_at`,
    [refundId, payment.id, refund.merchant.id, payment.store_id, amount.toString(), chargeReturned.toString(), refund.refundedBy, refund.requestNo,
      posted?.transferId ?? null, cashbackReturned.toString(), cashbackPosted?.transferId ?? null],
  );
  if (clawback) {
    const claw = await postClawback(tx, clawback, { refundId, refundNo: number, settlement: shard0 });
    // the cashback record gets the refund's voucher and its operation number (its first posting's, as statements show it; the
    // refund's id when it posted nothing of its own: its whole cashback due came off what it would have paid)
    const firstTransfer = posted?.transferId ?? cashbackPosted?.transferId ?? claw ?? refundId;
    await tx.query('UPDATE cashback_records SET refund_transaction_no = $2 WHERE id = $1', [clawback.recordId, tradeNumber(inserted[0]!.created_at, firstTransfer)]);
  }
  if (refunded + amount === paid) {
    // the lottery's draws it earned and not used yet go back (README "Lottery")
    await takeBackDraws(tx, { source: 'merchantPayment', sourceId: payment.id });
    // a group package's voucher not used yet is good for nothing once its payment is refunded whole
    await tx.query("UPDATE group_vouchers SET state = 'refunded', refund_id = $2 WHERE payment_id = $1 AND state IN ('unused', 'expired')", [payment.id, refundId]);
  }
  await tellPayer(tx, payment.payer_id, { amount, toBalance: paidToAvailable, toCashback: cashbackReturned, keptForCashback: clawback?.fromRefund ?? 0n, merchant: refund.merchant.name, voucherNo: payment.voucher_no });
  // the payer's inbox, in the same transaction (README "Notices inbox"): the refund's line of their available account opens its
  // receipt (`transferId`); a refund that paid nothing there (all back to cashback, or kept for the clawback) has no such line
  await addNotice(tx, {
    memberId: payment.payer_id, kind: 'paymentRefunded', ref: refundId,
    params: { amount: Number(amount), counterpart: refund.merchant.name, transferId: posted?.transferId ?? null },
  });
  return { refundId, refundNo: number, amount, chargeReturned, cashbackReturned, refunded: refunded + amount, paid, at: new Date(inserted[0]!.created_at) };
}

/** A refund's clawback, planned with its accounts locked (planClawback), posted once the refund's own postings are made (postClawback). */
interface Clawback {
  recordId: string;
  due: bigint;
  /** What the payer's cashback account gives (at most what it holds once the refund's cashback share is back in it). */
  fromCashback: bigint;
  /** What it cannot give, taken from what the refund pays to the payer's available account instead. */
  fromRefund: bigint;
  cashbackAccount: string;
  funding: string;
}

/**
 * The cashback a refund takes back (server/ledger/README.md, "Promotions: the clawback"): the
 * payment's cashback in proportion to what is refunded — ⌊cashback × refunded so far ÷ paid⌋ less
 * what earlier refunds asked, so refunding a whole payment asks back exactly its whole cashback —
 * from the payer's cashback account to the account that funded it (the merchant's settlement shard
 * 0, gathered by the refund, or the marketing funding shard it came from). The cashback account
 * gives what it holds (with the refund's share of a part paid with cashback, given back first),
 * never more; what it cannot give (spent already, e.g. on a cashback deduction elsewhere) comes off
 * what the refund pays to the payer's available account (migration 031, `from_refund`): the payer
 * never keeps both the refund and the spent cashback. All of it covered, the cashback refund is
 * `success`; part of it (a refund paying available less than the shortfall), `abnormal`; nothing,
 * `failed` — what is not covered stays with the payer, borne by the funding account, never asked again.
 */
async function planClawback(tx: Queryable, refund: { paymentId: string; paid: bigint; refundedAfter: bigint; settlement: string; cashbackReturned: bigint; toAvailable: bigint }): Promise<Clawback | null> {
  const { rows } = await tx.query<{ id: string; cashback_amount: string; clawback_due: string; contributing_account_id: string; beneficiary_account_id: string; funding: string }>(
    `SELECT r.id::text, r.cashback_amount::text, r.clawback_due::text, r.contributing_account_id::text, r.beneficiary_account_id::text, c.funding
       FROM cashback_records r JOIN cashback_policies c ON c.id = r.policy_id WHERE r.payment_id = $1 FOR UPDATE OF r`,
    [refund.paymentId],
  );
  const record = rows[0];
  if (!record) return null;
  const due = (BigInt(record.cashback_amount) * refund.refundedAfter) / refund.paid - BigInt(record.clawback_due);
  if (due <= 0n) return null;
  // the funding account first (a platform shard is older than any member's account; shard 0 is locked already), then the cashback account
  const funding = record.funding === 'settlement' ? refund.settlement : record.contributing_account_id;
  if (funding !== refund.settlement) await tx.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [funding]);
  const held = BigInt((await tx.query<{ balance: string }>('SELECT balance::text FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [record.beneficiary_account_id])).rows[0]!.balance)
    + refund.cashbackReturned;
  const fromCashback = held < due ? held : due;
  const short = due - fromCashback;
  const fromRefund = short < refund.toAvailable ? short : refund.toAvailable;
  return { recordId: record.id, due, fromCashback, fromRefund, cashbackAccount: record.beneficiary_account_id, funding };
}

/**
 * Posts a planned clawback and records it: the cashback account → the funding account what it
 * gives; the part covered by the refund needs no posting when the settlement funded the cashback
 * (the refund simply paid that much less out of it), else settlement shard 0 → the funding account
 * (the merchant pays the platform what it did not pay the payer). Answers its first posting's id.
 */
async function postClawback(tx: Queryable, claw: Clawback, refund: { refundId: string; refundNo: string; settlement: string }): Promise<string | null> {
  const clawed = claw.fromCashback + claw.fromRefund;
  const status = clawed === claw.due ? 'success' : clawed > 0n ? 'abnormal' : 'failed';
  const posted = claw.fromCashback > 0n
    ? await post(tx, { key: `refund:${refund.refundId}:cashback`, kind: 'cashback_clawback', debit: claw.cashbackAccount, credit: claw.funding, amount: claw.fromCashback, reference: refund.refundNo })
    : null;
  const covered = claw.fromRefund > 0n && claw.funding !== refund.settlement
    ? await post(tx, { key: `refund:${refund.refundId}:cashbackFromRefund`, kind: 'cashback_clawback', debit: refund.settlement, credit: claw.funding, amount: claw.fromRefund, reference: refund.refundNo })
    : null;
  await tx.query(
    'INSERT INTO cashback_refunds (cashback_id, refund_id, due, clawed_back, status, transfer_id, from_refund, from_refund_transfer_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [claw.recordId, refund.refundId, claw.due.toString(), clawed.toString(), status, posted?.transferId ?? null, claw.fromRefund.toString(), covered?.transferId ?? null],
  );
  await tx.query(
    `UPDATE cashback_records SET clawback_due = clawback_due + $2, clawed_back = clawed_back + $3, refund_voucher_no = $4, refund_status = $5
      WHERE id = $1`,
    [claw.recordId, claw.due.toString(), clawed.toString(), refund.refundNo, status],
  );
  return posted?.transferId ?? covered?.transferId ?? null;
}

/** The fee income shard the payment's charge went to (its `…:charge` posting): it holds at least that charge, as fee income is never spent. */
async function feeShardOf(tx: Queryable, payerId: string, requestNo: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT a.id::text FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE t.idempotency_key = $1 FOR NO KEY UPDATE OF a`,
    [`merchant_pay:${payerId}:${requestNo}:charge`],
  );
  if (!rows[0]) throw new Error(`payment ${payerId}:${requestNo} has a charge but no charge posting`);
  return rows[0].id;
}

/**
 * The payer's message: what the refund gave back, and where it went when not all of it is in their
 * balance — the part paid with cashback back to the cashback account, and the part kept back for the
 * cashback this payment gave them (a clawback that their cashback account could not give).
 */
async function tellPayer(tx: Queryable, payerId: string, refund: { amount: bigint; toBalance: bigint; toCashback: bigint; keptForCashback: bigint; merchant: string; voucherNo: string }): Promise<void> {
  const { rows } = await tx.query<{ mobile: string | null; email: string | null; language: string | null }>('SELECT mobile, email, language FROM members WHERE id = $1', [payerId]);
  const payer = rows[0];
  if (!payer?.mobile && !payer?.email) return;
  const language = normaliseLanguage(payer.language);
  const about = { amount: kwanzas(refund.amount), merchant: refund.merchant, voucherNo: refund.voucherNo };
  const parts = ([['toBalance', refund.toBalance], ['toCashback', refund.toCashback], ['keptForCashback', refund.keptForCashback]] as const)
    .filter(([, part]) => part > 0n)
    .map(([key, part]) => messageText(language, `messages.refund.${key}`, { amount: kwanzas(part) }));
  const body = refund.toBalance === refund.amount
    ? messageText(language, 'messages.refund.toPayer', about)
    : messageText(language, 'messages.refund.toPayerSplit', { ...about, parts: listed(language, parts) });
  await enqueueMessage(tx, payer.mobile ? { channel: 'sms', destination: payer.mobile, language, body } : { channel: 'email', destination: payer.email!, language, body });
}

/** "a, b e c" in the payer's language. */
function listed(language: Language, parts: string[]): string {
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(messageText(language, 'messages.refund.comma'))}${messageText(language, 'messages.refund.and')}${parts.at(-1)}`;
}
