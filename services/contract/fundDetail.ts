import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, dateShortcut, isoDay } from './shared.ts';

const fundLine = z.object({
  id: z.string(),
  direction: z.enum(['income', 'expenditure']),
  tradeNo: z.string(),
  kind: z.string(),
  amount: cents,
  balanceBefore: cents,
  balanceAfter: cents,
  product: z.string(),
  /** The other side: a person masked ("Bruno M*** D***"), a merchant by its trade name; none for one's own accounts and the bank. */
  counterparty: z.string().nullable(),
  /** A withdrawal's service charge, held and returned with it: the line's amount includes it. */
  charge: cents.nullable(),
  at: z.string(),
});
export type FundLine = z.infer<typeof fundLine>;

/** A card as the member's card list shows it ("BAI", "6004 00** **** 0011"). */
const cardShown = z.object({ bankShort: z.string(), maskedCardNo: z.string() });

/** What a line's page shows by kind of movement, besides the numbers every line has. */
export const fundLineFacts = z.discriminatedUnion('type', [
  /** The other person, masked: paid to (an expenditure) or received from (an income). */
  z.object({ type: z.literal('transfer'), name: z.string().nullable(), mobile: z.string().nullable() }),
  z.object({ type: z.literal('topup'), card: cardShown.nullable() }),
  /** The hold (or, `returned`, its release after the bank refused): amount and charge apart, and their total. */
  z.object({
    type: z.literal('withdrawal'), card: cardShown.nullable(), amount: cents, charge: cents, total: cents,
    state: z.enum(['PENDING', 'SUCCESS', 'FAILED']), returned: z.boolean(),
  }),
  /** Paying a merchant: its trade name and store, and the receipt's voucher. */
  z.object({ type: z.literal('merchantPayment'), merchant: z.string(), store: z.string().nullable(), voucherNo: z.string() }),
  /** A merchant giving a payment back: its trade name and store, and the voucher of the payment refunded. */
  z.object({ type: z.literal('refund'), merchant: z.string(), store: z.string().nullable(), paymentVoucherNo: z.string() }),
  z.object({ type: z.literal('other') }),
]);
export type FundLineFacts = z.infer<typeof fundLineFacts>;

/**
 * The fund detail of the available account, newest first, by date range (a shortcut or from/to in
 * Luanda days), in pages through an opaque cursor (infinite scroll).
 */
export const queryFundDetails = defineService({
  name: 'wallet/fund/queryFundDetails',
  audience: 'member',
  request: z.object({
    shortcut: dateShortcut.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    cursor: z.string().max(64).optional(),
    pageSize: z.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ items: z.array(fundLine), nextCursor: z.string().nullable(), from: isoDay, to: isoDay }),
});

export const queryFundDetail = defineService({
  name: 'wallet/fund/queryFundDetail',
  audience: 'member',
  request: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  // `note`: what the payer wrote on a transfer (nothing else has one)
  response: fundLine.extend({ voucherNo: z.string(), note: z.string().nullable(), facts: fundLineFacts }),
});

/**
 * One side of a receipt, as the other side may see it: a person masked (name and number), a
 * merchant by its trade name and store, a card by its bank and masked number.
 */
export const receiptParty = z.object({
  type: z.enum(['person', 'merchant', 'card']),
  name: z.string().nullable(),
  detail: z.string().nullable(),
});
export type ReceiptParty = z.infer<typeof receiptParty>;

const reference = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
/**
 * Which receipt: a fund line by its id, or the member's own line of a movement the flow that made it
 * knows (a transfer's id, a top-up's order, a withdrawal's number, a merchant payment's voucher).
 */
export const receiptKey = z.union([
  z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  z.object({ transferId: z.string().regex(/^\d{1,18}$/) }),
  z.object({ orderNo: reference }),
  z.object({ withdrawNo: reference }),
  z.object({ voucherNo: reference }),
]);
export type ReceiptKey = z.infer<typeof receiptKey>;

/**
 * The receipt of a fund line (issue 26, share the receipt): a transfer (sent or received), a top-up,
 * a withdrawal (not one the bank refused), a merchant payment or a refund. The voucher, both
 * parties, the amount moved, the charge and the time. Any other line, and another member's, is
 * not found (the fund line's own answer).
 */
export const queryReceipt = defineService({
  name: 'wallet/fund/queryReceipt',
  audience: 'member',
  request: receiptKey,
  response: z.object({
    id: z.string(),
    kind: z.enum(['transfer', 'topup', 'withdrawal', 'merchantPayment', 'refund']),
    direction: z.enum(['income', 'expenditure']),
    voucherNo: z.string(),
    /** What went to the other side (a withdrawal's amount without its charge). */
    amount: cents,
    charge: cents,
    /** A withdrawal the bank has not settled yet is PENDING; every other receipt is SUCCESS. */
    state: z.enum(['SUCCESS', 'PENDING']),
    from: receiptParty,
    to: receiptParty,
    /** A transfer's note; a refund's payment voucher. */
    note: z.string().nullable(),
    refundOf: z.string().nullable(),
    at: z.string(),
  }),
});
export type Receipt = z.infer<typeof queryReceipt.response>;
