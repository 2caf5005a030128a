import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { businessDays, clockTime, storeId } from './merchantShared.ts';
import { couponTerms } from './myCoupons.ts';

/**
 * The share pages (README "Share pages"): what a link sent in WhatsApp shows to anyone, signed in or
 * not — a store, one of its group packages, a coupon. Public reads of what the merchant offers to
 * everyone, nothing of anyone's account. Whatever cannot be offered now — an unknown id, a closed
 * store or merchant, a package ended, paused, sold out or past its end (or of another store), a
 * coupon paused, ended, expired, out of stock or given only by payments — is one refusal, SHR10001
 * (spec §8: the information shared has expired), which the pages answer with `/s/error`.
 */
const id = z.string().regex(/^\d{1,18}$/);

/** The image a share page shows and its preview carries: the photo, else the app's own picture (a path on this server). */
const image = z.string();

export const sharedPackageSummary = z.object({
  packageId: id,
  name: z.string(),
  groupPrice: cents,
  normalPrice: cents,
  endsAt: z.string(),
  image,
});

export const sharedStore = z.object({
  storeId,
  name: z.string(),
  merchantName: z.string(),
  address: z.string(),
  description: z.string(),
  businessDays,
  opensAt: clockTime,
  closesAt: clockTime,
  image,
  /** Coupons anyone may claim now. */
  coupons: z.array(couponTerms.extend({ couponId: id, name: z.string() })),
  packages: z.array(sharedPackageSummary),
});
export type SharedStore = z.infer<typeof sharedStore>;

export const getSharedStore = defineService({
  name: 'share/store/get',
  audience: 'public',
  request: z.object({ storeId }).strict(),
  response: sharedStore,
});

export const sharedPackage = sharedPackageSummary.extend({
  content: z.array(z.string()),
  /** Left in stock. */
  left: z.number().int(),
  storeId,
  storeName: z.string(),
  storeAddress: z.string(),
  merchantName: z.string(),
});
export type SharedPackage = z.infer<typeof sharedPackage>;

export const getSharedPackage = defineService({
  name: 'share/group/get',
  audience: 'public',
  request: z.object({ storeId, packageId: id }).strict(),
  response: sharedPackage,
});

export const sharedCoupon = couponTerms.extend({
  couponId: id,
  name: z.string(),
  merchantName: z.string(),
  /** An open store of the coupon's merchant, where it is claimed (`/app/coupons/claim/:storeId/:couponId`). */
  storeId,
  storeName: z.string(),
  stockLeft: z.number().int(),
  image,
});
export type SharedCoupon = z.infer<typeof sharedCoupon>;

export const getSharedCoupon = defineService({
  name: 'share/coupon/get',
  audience: 'public',
  request: z.object({ couponId: id }).strict(),
  response: sharedCoupon,
});

