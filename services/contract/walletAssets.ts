import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';

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
