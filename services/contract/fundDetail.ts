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
