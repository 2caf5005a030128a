import { z } from 'zod';
import { defineService } from './define.ts';
import { businessDays, clockTime, merchantId, storeId, storeSchema } from './merchantShared.ts';

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/**
 * Creates a store (no `storeId`) for the merchant or one of its sub-merchants, or edits one.
 * Refusals: MCH10003 not a merchant, MCH10004 a store or sub-merchant that is not the caller's,
 * MCH10005 editing a closed store, UPL… a photo that is not the caller's upload.
 */
export const saveStore = defineService({
  name: 'merchant/store/save',
  audience: 'member',
  request: z.object({
    storeId: storeId.optional(),
    merchantId,
    name: text(1, 60),
    address: text(1, 200),
    description: text(0, 500).default(''),
    businessDays,
    opensAt: clockTime,
    closesAt: clockTime,
    photoFileId: z.string().uuid().nullable().default(null),
  }),
  response: z.object({ store: storeSchema }),
});

export const queryStore = defineService({
  name: 'merchant/store/detail',
  audience: 'member',
  request: z.object({ storeId }),
  response: z.object({ store: storeSchema }),
});

/** Closes a store: its codes stop taking payments (MCH10005); its records stay. */
export const closeStore = defineService({
  name: 'merchant/store/close',
  audience: 'member',
  request: z.object({ storeId }),
  response: z.object({ store: storeSchema }),
});
