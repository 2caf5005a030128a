/**
 * Every number the server makes up for a movement, in one place: the numbers people read (on a
 * receipt, a statement, a refund message) and the request numbers the server itself gives the
 * money calls it makes on someone's behalf. Each is a prefix and a row id (so unique because the
 * id is, and a lookup reads the id back from it), or, for the trade number, the posting's day too.
 *
 * | number | prefix | built by |
 * |---|---|---|
 * | a merchant payment's voucher | `MP` + 14 digits | `merchant_payments.voucher_no`, a generated column (migration 019) |
 * | a refund's number | `RF` + 14 digits | `refundNo` (the refund's posting reference) |
 * | a top-up order | `TP` + 12 digits | `topups.order_no`, a generated column (migration 010) |
 * | a withdrawal | `WD` + 12 digits | `withdrawals.withdraw_no`, a generated column (migration 010) |
 * | a statement line's voucher | `V` + 12 digits | `transferVoucherNo` (the ledger transfer's id) |
 * | the operation number for support | `OP` + yyyymmdd + 10 digits | `tradeNumber` |
 * | a payment-code charge's payment | `charge:` + the charge's id | `chargeRequestNo` (the requestNo its payment is posted under) |
 * | a call that came without a requestNo (the legacy transport's, without its header) | a random UUID | `freshRequestNo` |
 *
 * The requestNo of every other call is the client's (the envelope's `requestNo`, claimed per member
 * by money calls: server/ledger/README.md).
 */
import crypto from 'node:crypto';

export const NUMBER_PREFIXES = { payment: 'MP', refund: 'RF', topup: 'TP', withdrawal: 'WD', statementLine: 'V', trade: 'OP' } as const;

/**
 * The operation number a person quotes to support for any movement: `OP`, the day it was posted
 * (UTC, yyyymmdd) and the ledger transfer's id in ten digits. `OP` so it is never read as a printed
 * sticker's serial (`KW` + 10 digits) or a store's code (`ST…`).
 */
export function tradeNumber(postedAt: Date | string, transferId: string): string {
  return `${NUMBER_PREFIXES.trade}${new Date(postedAt).toISOString().slice(0, 10).replace(/-/g, '')}${transferId.padStart(10, '0')}`;
}

/** A refund's number (its postings' reference and the payer's message): `RF` and the refund's id in 14 digits. */
export const refundNo = (refundId: string) => `${NUMBER_PREFIXES.refund}${refundId.padStart(14, '0')}`;

/** A statement line's voucher when the movement has no number of its own: `V` and the ledger transfer's id in 12 digits. */
export const transferVoucherNo = (transferId: string) => `${NUMBER_PREFIXES.statementLine}${transferId.padStart(12, '0')}`;

/**
 * The requestNo a payment-code charge's payment is posted under (the payer's, in `merchant_payments`
 * and the ledger keys `merchant_pay:<payer>:<requestNo>`): one per charge, whichever call pays it —
 * the cashier's within the password-free limit, or the member's confirmation above it.
 */
export const chargeRequestNo = (chargeId: string) => `charge:${chargeId}`;

/** A requestNo for a call that came without one: never the same twice, so such a call is never taken for a replay of another. */
export const freshRequestNo = () => crypto.randomUUID();
