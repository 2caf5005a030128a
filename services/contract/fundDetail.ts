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
