import { z } from 'zod';
import { defineService } from './define.ts';
import { nationalMobile } from './signUp.ts';

/**
 * Money in the contracts is integer cêntimos (1 Kz = 100) as a JSON number: exact up to
 * 2^53 cêntimos, far above any balance. The server keeps it as bigint.
 */
export const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const positiveCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const balances = z.object({ available: cents, frozen: cents, cashbackTotal: cents });

/** The member's money: available, frozen (withdrawals the bank has not settled) and the cashback ever received. */
export const getUserAssets = defineService({
  name: 'wallet/member/getUserAssets',
  audience: 'member',
  request: z.object({}),
  response: balances.extend({ accountLevel: z.enum(['I', 'III', 'commercial']), verified: z.boolean() }),
});

export const queryAccountBalance = defineService({
  name: 'wallet/accountBalance/queryAccountBalance',
  audience: 'member',
  request: z.object({}),
  response: balances,
});

/** Who a mobile number belongs to, as the payer should see it before paying: the verified name, masked. */
export const queryPayee = defineService({
  name: 'wallet/transfer/queryPayee',
  audience: 'member',
  request: z.object({ mobile: nationalMobile }),
  response: z.object({ maskedName: z.string(), mobile: z.string() }),
});

/** Sends money to another member by mobile number; `payToken` comes from checkPayPwd with this payment as purpose. */
export const doTransfer = defineService({
  name: 'wallet/transfer/doTransfer',
  audience: 'member',
  request: z.object({ mobile: nationalMobile, amount: positiveCents, note: z.string().trim().max(60).default(''), payToken: z.string().min(20).max(128) }),
  response: z.object({ transferId: z.string(), amount: cents, available: cents, maskedName: z.string(), at: z.string() }),
});

/** Spec §9 shortcut codes: 1 yesterday, 2 this week, 3 last week, 4 this month, 5 last month, 6 last 7 days, 7 today, 8 last 30 days. */
export const dateShortcut = z.enum(['1', '2', '3', '4', '5', '6', '7', '8']);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const fundLine = z.object({
  id: z.string(),
  direction: z.enum(['income', 'expenditure']),
  tradeNo: z.string(),
  kind: z.string(),
  amount: cents,
  balanceBefore: cents,
  balanceAfter: cents,
  product: z.string(),
  counterparty: z.string().nullable(),
  at: z.string(),
});
export type FundLine = z.infer<typeof fundLine>;

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
  response: fundLine.extend({ voucherNo: z.string(), relatedAmount: cents, seller: z.string().nullable(), note: z.string().nullable() }),
});
