import { z } from 'zod';
import { defineService } from './define.ts';
import { codeSerial, scannedCode, storeId } from './merchantShared.ts';

export const bindingSchema = z.object({ bindingId: z.string(), serial: codeSerial, storeId, boundAt: z.string() });

/**
 * A store's codes: its own static code (EMVCo payload, to show or download) and the printed
 * stickers bound to it now. MCH10004 for a store that is not the caller's.
 */
export const queryStoreCodes = defineService({
  name: 'merchant/code/list',
  audience: 'member',
  request: z.object({ storeId }),
  response: z.object({
    storeCode: z.object({ serial: codeSerial, payload: z.string() }),
    stickers: z.array(bindingSchema),
  }),
});

/**
 * Binds a printed sticker to a store, named by its scanned payload or the serial printed under it.
 * Refusals: MCH10006 no such sticker, MCH10010 already bound (to this or another store), MCH10004
 * not the caller's store, MCH10005 a closed store.
 */
export const bindCode = defineService({
  name: 'merchant/code/bind',
  audience: 'member',
  request: z.object({ storeId, code: scannedCode }),
  response: z.object({ binding: bindingSchema }),
});

/**
 * Unbinds a sticker. The payments made through this binding leave the merchant's records with it,
 * and binding the sticker again starts a new binding that does not bring them back (spec §4).
 */
export const unbindCode = defineService({
  name: 'merchant/code/unbind',
  audience: 'member',
  request: z.object({ bindingId: z.string().regex(/^\d{1,18}$/) }),
  response: z.object({ unbound: z.literal(true) }),
});
