import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, nationalMobile, positiveCents } from './shared.ts';

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
