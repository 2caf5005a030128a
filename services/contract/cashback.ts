import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';

/**
 * The member's cashback (issue 23, the member's side; spec §3 "Cashback record", §4 cashback
 * refund): what each merchant payment gave back into the cashback account, newest first, in pages;
 * one record in full with the refunds that clawed part of it back; and the platform's cashback
 * campaigns running now, for the announcement. A member reads only their own records: another's id
 * answers CNT40401, as an id that does not exist.
 */

const id = z.string().regex(/^\d{1,18}$/);
/** A cashback refund's state (spec §4): all of what was due came back, part of it, or nothing (spent already). */
export const cashbackRefundState = z.enum(['success', 'failed', 'abnormal']);

const cashbackItem = z.object({
  id,
  /** What came back into the cashback account. */
  amount: cents,
  /** The payment's merchant (its trade name) and store. */
  merchant: z.string(),
  store: z.string().nullable(),
  at: z.string(),
  status: z.enum(['success']),
  /** What refunds of the payment took back so far (0: none), and the latest clawback's state. */
  clawedBack: cents,
  refundStatus: cashbackRefundState.nullable(),
});
export type CashbackItem = z.infer<typeof cashbackItem>;

export const queryCashbackList = defineService({
  name: 'wallet/cashback/list',
  audience: 'member',
  request: z.object({ cursor: z.string().max(64).optional(), pageSize: z.number().int().min(1).max(50).default(20) }).strict(),
  response: z.object({ items: z.array(cashbackItem), nextCursor: z.string().nullable() }),
});

/** Who paid the cashback: the merchant (its settlement) or the platform's marketing funding. Never an account id. */
const contributor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('merchant'), name: z.string() }),
  z.object({ kind: z.literal('platform') }),
]);

export const queryCashbackDetail = defineService({
  name: 'wallet/cashback/detail',
  audience: 'member',
  request: z.object({ id }).strict(),
  response: cashbackItem.extend({
    /** The cashback's own number (CB…). */
    cashbackNo: z.string(),
    /** The payment's operation number (OP…) and its voucher (MP…: the trade voucher). */
    transactionNo: z.string(),
    tradeVoucherNo: z.string(),
    /** The latest refund that clawed back part of it: its number and voucher; null when none did. */
    refundTransactionNo: z.string().nullable(),
    refundVoucherNo: z.string().nullable(),
    policyId: id,
    policyName: z.string(),
    /** What the member paid (after discounts and coupons). */
    consumerAmount: cents,
    contributor,
    /** The member themself: their id, their name and login masked as elsewhere, and the account it landed in. */
    beneficiary: z.object({ memberId: id, name: z.string().nullable(), login: z.string().nullable(), account: z.literal('cashback') }),
    role: z.enum(['payer']),
    reason: z.enum(['merchantPayment']),
    /** What the refunds asked back in all, and each clawback. */
    clawbackDue: cents,
    refunds: z.array(z.object({ refundNo: z.string(), due: cents, clawedBack: cents, status: cashbackRefundState, at: z.string() })),
  }),
});

/** The platform's cashback campaigns running now (at every merchant), for this member. */
export const queryCashbackAnnouncement = defineService({
  name: 'wallet/cashback/announcement',
  audience: 'member',
  request: z.object({}).strict(),
  response: z.object({
    campaigns: z.array(z.object({
      id,
      name: z.string(),
      type: z.enum(['ratio', 'random']),
      /** Basis points of what is paid (1000 = 10 %), for `ratio`. */
      ratioBp: z.number().int().nullable(),
      minCashback: cents,
      maxCashback: cents.nullable(),
      /** The least payment it applies to. */
      minPayment: cents,
      endsAt: z.string().nullable(),
    })),
  }),
});
