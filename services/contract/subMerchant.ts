import { z } from 'zod';
import { defineService } from './define.ts';
import { merchantSummary } from './merchantShared.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A merchant registers a sub-merchant: an outlet or franchise with its own name, NIF optional,
 * province and city (from `subMerchant/register/queryAllProvCities`). It collects through its own
 * stores into the merchant's settlement account and shows under the merchant in `/app/merchantlist`.
 * Refusals: MCH10003 the caller is not a merchant, MCH10017 a province or city that does not exist.
 */
export const registerSubMerchant = defineService({
  name: 'subMerchant/register/apply',
  audience: 'member',
  request: z.object({
    name: text(60),
    nif: z.string().regex(/^\d{10}$/).optional(),
    provinceId: z.string().min(1).max(40),
    city: text(80),
  }),
  response: z.object({ merchant: merchantSummary }),
});
