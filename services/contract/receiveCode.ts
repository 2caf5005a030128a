import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, positiveCents } from './shared.ts';
import { RECEIVE_NOTE_MAX } from './values.ts';

/**
 * A person's receive code (issue 26, part 1; README "Receive code"): a verified individual shows or
 * prints a QR code (an EMVCo payload of kind P2P, services/emvco.ts `encodePersonalCode`) that any
 * member scans to send them money, as a transfer, without charge. The code names a random token;
 * the server alone knows whose it is.
 */

/** A code's token: 22 base64url characters (128 random bits). */
export const receiveToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
/** How long a one-time code (with an amount) can be paid, from when it is made. */
export const ONE_TIME_CODE_HOURS = 24;

/** A code as its owner shows it: the token, the EMVCo payload the QR code carries, the owner's masked name under it. */
const shownCode = z.object({ token: receiveToken, payload: z.string(), maskedName: z.string() });
export type ShownReceiveCode = z.infer<typeof shownCode>;
const oneTimeCode = shownCode.extend({ amount: positiveCents, note: z.string().nullable(), expiresAt: z.string() });
export type OneTimeReceiveCode = z.infer<typeof oneTimeCode>;

/** The member's standing code (made on first ask): verified individuals only (RCV10001 not verified, RCV10002 a company). */
export const myCode = defineService({
  name: 'wallet/receiveCode/myCode',
  audience: 'member',
  request: z.object({}),
  response: shownCode,
});

/** A new standing code in place of the old, which stops working at once (a photo of it went round, a sticker was lost). */
export const renewCode = defineService({
  name: 'wallet/receiveCode/renewCode',
  audience: 'member',
  request: z.object({}),
  response: shownCode,
});

/** A code for one payment of this amount, with the receiver's words, payable for 24 hours (RCV10007 too many open). */
export const makeOneTimeCode = defineService({
  name: 'wallet/receiveCode/makeOneTimeCode',
  audience: 'member',
  request: z.object({ amount: positiveCents, note: z.string().trim().max(RECEIVE_NOTE_MAX).default('') }),
  response: oneTimeCode,
});

/** Whom a scanned code pays, as the payer should see it before paying (counted as a payee look-up): the masked name, and a one-time code's amount and note. */
export const resolveCode = defineService({
  name: 'wallet/receiveCode/resolveCode',
  audience: 'member',
  request: z.object({ token: receiveToken }),
  response: z.object({ maskedName: z.string(), kind: z.enum(['standing', 'oneTime']), amount: positiveCents.nullable(), note: z.string().nullable() }),
});
export type ResolvedCode = z.infer<typeof resolveCode.response>;

/** Pays a code: a transfer to its owner; `payToken` comes from checkPayPwd with this payment (service, amount, the token) as purpose. */
export const payByCode = defineService({
  name: 'wallet/receiveCode/payByCode',
  audience: 'member',
  request: z.object({ token: receiveToken, amount: positiveCents, note: z.string().trim().max(RECEIVE_NOTE_MAX).default(''), payToken: z.string().min(20).max(128) }),
  response: z.object({ transferId: z.string(), amount: cents, available: cents, maskedName: z.string(), at: z.string() }),
});
