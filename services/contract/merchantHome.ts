import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { merchantSummary } from './merchantShared.ts';

/**
 * The merchant's side of the home hub: today's takings (Luanda day) and the settlement balance
 * (sum of its shards, exact when read), its stores and codes at a glance. MCH10003 for a non-merchant.
 * `today` is the analysis's figure for the day: `charge` what charges cost after refunds returned
 * their share, `refunds` the refunds made today, `net` = amount − charge − refunds.
 */
export const queryMerchantHome = defineService({
  name: 'merchant/home/summary',
  audience: 'member',
  request: z.object({}),
  response: z.object({
    merchant: merchantSummary,
    today: z.object({ amount: cents, charge: cents, refunds: cents, net: z.number().int(), count: z.number().int() }),
    settlement: z.object({ available: cents, frozen: cents }),
    stores: z.array(z.object({ storeId: z.string(), name: z.string(), status: z.enum(['open', 'closed']) })),
  }),
});
