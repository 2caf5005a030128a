import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { codeSerial, merchantPaymentSchema, positiveAmount, storeId } from './merchantShared.ts';

/**
 * The cashier's one-time code for an amount: paid once (a second payment is MCH10009), expired
 * after `expiresAt` (MCH10008). Refusals: MCH10004 not the caller's store, MCH10005 a closed store.
 */
export const createDynamicCode = defineService({
  name: 'merchant/cashier/createDynamicCode',
  audience: 'member',
  request: z.object({ storeId, amount: positiveAmount }),
  response: z.object({ serial: codeSerial, payload: z.string(), amount: cents, expiresAt: z.string() }),
});

/** Whether a dynamic code was paid: the cashier's screen asks until it is paid or expired. */
export const queryDynamicCode = defineService({
  name: 'merchant/cashier/queryDynamicCode',
  audience: 'member',
  request: z.object({ serial: codeSerial }),
  response: z.object({ state: z.enum(['waiting', 'paid', 'expired']), payment: merchantPaymentSchema.nullable() }),
});

const chargeSchema = z.object({
  chargeId: z.string(),
  state: z.enum(['paid', 'awaitingConfirmation', 'refused', 'expired']),
  amount: cents,
  payment: merchantPaymentSchema.nullable(),
  /** Why the member's side refused (FND10001, FND10003, PAY10002…), for the cashier to say. */
  refusalCode: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;

/**
 * Charges a member's payment code (scanned from their screen): up to the member's password-free
 * limit it is paid at once; above it the member confirms on their phone (`awaitingConfirmation`,
 * then queryCharge). A money call, idempotent on requestNo. Refusals: MCH10008 an expired, spent
 * or unknown code, MCH10004/MCH10005 the store, and the member's own: FND10001, FND10003, FND10004.
 */
export const chargePaymentCode = defineService({
  name: 'merchant/cashier/chargePaymentCode',
  audience: 'member',
  request: z.object({ storeId, code: z.string().regex(/^\d{18}$/), amount: positiveAmount }),
  response: chargeSchema,
});

export const queryCharge = defineService({
  name: 'merchant/cashier/queryCharge',
  audience: 'member',
  request: z.object({ chargeId: z.string().regex(/^\d{1,18}$/) }),
  response: chargeSchema,
});

/**
 * The stores the caller may collect at: a merchant's open stores (its own and its sub-merchants'),
 * or a clerk's one store (spec §6). `role` says which. MCH10003 for anyone else, STF10009 for a
 * clerk removed since.
 */
export const cashierStores = defineService({
  name: 'merchant/cashier/stores',
  audience: 'member',
  request: z.object({}),
  response: z.object({
    role: z.enum(['owner', 'clerk']),
    stores: z.array(z.object({ storeId, name: z.string(), merchantName: z.string() })),
  }),
});
