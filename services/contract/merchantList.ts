import { z } from 'zod';
import { defineService } from './define.ts';
import { merchantSummary, storeSchema } from './merchantShared.ts';

const withStores = merchantSummary.extend({ stores: z.array(storeSchema) });

/** `/app/merchantlist`: the merchant and its sub-merchants, each with its stores (closed ones too). MCH10003 for a non-merchant. */
export const queryMerchantList = defineService({
  name: 'merchant/list/query',
  audience: 'member',
  request: z.object({}),
  response: z.object({ merchant: withStores, subMerchants: z.array(withStores) }),
});
