import { z } from 'zod';
import { cents } from './shared.ts';

/** Schemas the merchant flows share: merchants, stores, codes and payments as their owners see them. */

export const merchantCategoryCode = z.string().regex(/^\d{4}$/);
export const merchantId = z.string().regex(/^\d{1,18}$/);
export const storeId = z.string().regex(/^\d{1,18}$/);
/** A collection code's serial: a printed sticker's (`KW` + 10 digits), a store's own (`ST…`) or a one-time dynamic code's (`DY…`). */
export const codeSerial = z.string().regex(/^[A-Z]{2}[0-9A-Z]{6,30}$/);
/** What a person scans or types to name a code: the EMVCo payload itself, or the serial printed under it. */
export const scannedCode = z.string().trim().min(8).max(512);
export const positiveAmount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** "08:30": opening and closing times in Luanda. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** ISO weekdays the store opens, 1 = Monday … 7 = Sunday (spec §3: Mon–Sun, Mon–Fri, or single days). */
export const businessDays = z.array(z.number().int().min(1).max(7)).min(1).max(7).refine((days) => new Set(days).size === days.length, 'repeated day');

export const merchantSummary = z.object({
  merchantId,
  name: z.string(),
  mcc: merchantCategoryCode,
  /** null: the merchant itself; else the merchant this sub-merchant belongs to. */
  parentId: merchantId.nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  nif: z.string().nullable(),
  /** Service charge in basis points of each payment (50 = 0.5 %), at most `chargeCap` cêntimos. The customer pays nothing. */
  chargeRateBp: z.number().int(),
  chargeCap: cents.nullable(),
  status: z.enum(['active', 'closed']),
});
export type MerchantSummary = z.infer<typeof merchantSummary>;

export const storeSchema = z.object({
  storeId,
  merchantId,
  name: z.string(),
  address: z.string(),
  description: z.string(),
  businessDays,
  opensAt: clockTime,
  closesAt: clockTime,
  /** An uploaded photo (common/file/uploadFile, bizType store), or none. */
  photoFileId: z.string().uuid().nullable(),
  status: z.enum(['open', 'closed']),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/** A payment as the merchant's records show it; the payer masked. */
export const merchantPaymentSchema = z.object({
  paymentId: z.string(),
  voucherNo: z.string(),
  tradeNo: z.string(),
  storeId,
  storeName: z.string(),
  serial: codeSerial.nullable(),
  method: z.enum(['static', 'dynamic', 'paymentCode', 'groupPackage']),
  amount: cents,
  charge: cents,
  net: cents,
  payerMasked: z.string(),
  at: z.string(),
});
export type MerchantPayment = z.infer<typeof merchantPaymentSchema>;

/**
 * What the staff flows share (issue 12): the invitation token carried by the SMS / e-mail link and
 * the QR (`/app/invitation/<token>`), and the invitation as its two sides see it.
 */

/** 32 random bytes in base64url: what the link and the QR carry (only its hash is stored). */
export const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const invitationId = z.string().regex(/^\d{1,18}$/);
export const staffId = z.string().regex(/^\d{1,18}$/);
export const staffChannel = z.enum(['mobile', 'email', 'qr']);
export type StaffChannel = z.infer<typeof staffChannel>;

/** 'expired' is a 'sent' invitation past its time (computed on every read). */
export const invitationState = z.enum(['sent', 'agreed', 'rejected', 'expired', 'withdrawn']);
export type InvitationState = z.infer<typeof invitationState>;

