import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { merchantReceipt } from './scanToPay.ts';
import { positiveAmount } from './merchantShared.ts';

/** The 18 digits a cashier scans (QR code and Code 128 barcode of the same digits). */
export const paymentCodeDigits = z.string().regex(/^\d{18}$/);

/**
 * A fresh payment code for this member and device; the one shown before is spent at once (a
 * screenshot of it pays nothing). It lasts `expiresAt` (two minutes, spec §4), then the screen
 * asks for the next. FND10004 for a member who is not verified, PAY10006 without a pay password.
 */
/** An offline enrolment's number (9 digits, drawn by the server) and until when it works without the network. */
const offlineDeviceNo = z.string().regex(/^\d{9}$/);
const offlineEnrolment = z.object({ deviceNo: offlineDeviceNo, validUntil: z.string() });

const pendingCharge = z.object({ chargeId: z.string(), amount: cents, merchantName: z.string(), storeName: z.string() });

/**
 * With `offlineDeviceNo` (this phone's offline enrolment, README "Payment code without signal") the
 * enrolment's offline life starts again; `offline` says until when, or null when it is no longer valid
 * (revoked, run out, not this member's: the phone forgets its secret). `waitingCharge`: a charge of
 * this member still waiting for their pay password (one made on an offline code while the phone had
 * no network), to confirm now.
 */
export const issuePaymentCode = defineService({
  name: 'pay/paymentCode/issue',
  audience: 'member',
  request: z.object({ deviceId: z.string().min(1).max(128), offlineDeviceNo: offlineDeviceNo.optional() }),
  response: z.object({
    code: paymentCodeDigits, expiresAt: z.string(), passwordFreeLimit: cents,
    offline: offlineEnrolment.nullable().optional(), waitingCharge: pendingCharge.nullable().optional(),
    // the server's clock: the phone derives its offline codes on it (a phone's own clock may be minutes off)
    serverTime: z.string().optional(),
  }),
});

/**
 * Turns the offline code on for this phone: a 256-bit secret (`secret`, base64url) bound to this
 * member and a new device number, shown once; the phone keeps it (non-extractable where the platform
 * allows) and derives the codes itself. `replaces`: the enrolment this phone held before, revoked.
 * FND10004 not verified, PAY10006 no pay password.
 */
export const enrolOfflineCode = defineService({
  name: 'pay/paymentCode/enrolOffline',
  audience: 'member',
  request: z.object({ deviceId: z.string().min(1).max(128), replaces: offlineDeviceNo.optional() }),
  response: offlineEnrolment.extend({ secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/), stepSeconds: z.number().int().positive(), serverTime: z.string() }),
});

/** Turns the offline code off for this phone (the phone wipes its secret first). MCH12003: not enrolled (any more). */
export const turnOffOfflineCode = defineService({
  name: 'pay/paymentCode/turnOffOffline',
  audience: 'member',
  request: z.object({ deviceNo: offlineDeviceNo }),
  response: z.object({ turnedOff: z.literal(true) }),
});

/**
 * What happened to a code: still waiting, charged (with the receipt), waiting for this member's
 * confirmation (a charge above the password-free limit), or over (used, expired, replaced).
 */
export const queryPaymentCode = defineService({
  name: 'pay/paymentCode/status',
  audience: 'member',
  request: z.object({ code: paymentCodeDigits }),
  response: z.object({
    state: z.enum(['active', 'awaitingConfirmation', 'paid', 'refused', 'expired', 'replaced']),
    charge: pendingCharge.nullable(),
    receipt: merchantReceipt.nullable(),
    refusalCode: z.string().nullable(),
  }),
});

/**
 * Confirms a charge above the password-free limit with the pay password: `payToken` from
 * checkPayPwd with purpose `{service: 'pay/paymentCode/confirm', amount, counterparty: chargeId}`.
 * A money call, idempotent on requestNo. Refusals: MCH10013 no such charge waiting, MCH10008 it
 * expired, and the payment's own (FND10001, FND10003, FND10008, and the promotions' PRM10001–
 * PRM10006 as pay/merchant/pay's: `payable`, `cashback` and
 * `cashbackPaid` — absent: 0 — are what the quote showed).
 */
export const confirmCharge = defineService({
  name: 'pay/paymentCode/confirm',
  audience: 'member',
  request: z.object({ chargeId: z.string().regex(/^\d{1,18}$/), payToken: z.string().min(20).max(128), payable: positiveAmount.optional(), cashback: cents.optional(), cashbackPaid: cents.optional() }),
  response: merchantReceipt,
});

/** The member declines a charge they do not recognise: the cashier sees it refused. */
export const declineCharge = defineService({
  name: 'pay/paymentCode/decline',
  audience: 'member',
  request: z.object({ chargeId: z.string().regex(/^\d{1,18}$/) }),
  response: z.object({ declined: z.literal(true) }),
});
