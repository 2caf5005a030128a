import { z } from 'zod';
import { defineService } from './define.ts';
import { smsCode } from './shared.ts';
import { cents } from './shared.ts';
import { cardId } from './shared.ts';

const positiveCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const topupOrderNo = z.string().regex(/^TP\d{12}$/);

/**
 * A top-up order. AWAITING_CODE: the SMS code went to the card's mobile; CODE_VERIFIED: waiting
 * for the pay password; PENDING: the bank is debiting the card; SUCCESS: credited to the available
 * balance; FAILED: the bank refused, nothing was credited (`failReason` is the bank's reason:
 * INSUFFICIENT_FUNDS, DECLINED, LIMIT_EXCEEDED, CARD_BLOCKED, CARD_UNKNOWN).
 */
export const topupState = z.enum(['AWAITING_CODE', 'CODE_VERIFIED', 'PENDING', 'SUCCESS', 'FAILED']);
export const topupStatus = z.object({
  orderNo: topupOrderNo,
  state: topupState,
  amount: cents,
  card: z.object({ cardId, bankShort: z.string(), maskedCardNo: z.string() }),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  failReason: z.string().nullable(),
});
export type TopupStatus = z.infer<typeof topupStatus>;

/**
 * Step 1: amount and card. Checks the bank's top-up limits (CRD10010) and the member's balance
 * ceiling (FND10003), opens the order and sends the SMS code to the card's mobile (the help text
 * requires it for bank-card payment).
 */
export const applyTopup = defineService({
  name: 'wallet/topup/applyTopup',
  audience: 'member',
  request: z.object({ cardId, amount: positiveCents }),
  response: z.object({ orderNo: topupOrderNo, state: z.literal('AWAITING_CODE'), amount: cents, mobileMasked: z.string(), expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});

/** A new code for an order still waiting for one (resend rules: COD10004/COD10005). */
export const resendTopupCode = defineService({
  name: 'wallet/topup/resendTopupCode',
  audience: 'member',
  request: z.object({ orderNo: topupOrderNo }),
  response: z.object({ mobileMasked: z.string(), expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});

/** Step 2: the SMS code (five tries). */
export const verifyTopupCode = defineService({
  name: 'wallet/topup/verifyTopupCode',
  audience: 'member',
  request: z.object({ orderNo: topupOrderNo, code: smsCode }),
  response: z.object({ orderNo: topupOrderNo, state: z.literal('CODE_VERIFIED') }),
});

/**
 * Step 3: the pay password, as a `payToken` from checkPayPwd with purpose
 * `{service: 'wallet/topup/confirmTopup', amount, counterparty: cardId}`. A money call: idempotent
 * on requestNo. Answers PENDING: the member is credited only when the bank confirms (queryTopup).
 */
export const confirmTopup = defineService({
  name: 'wallet/topup/confirmTopup',
  audience: 'member',
  request: z.object({ orderNo: topupOrderNo, payToken: z.string().min(20).max(128) }),
  response: topupStatus,
});

export const queryTopup = defineService({
  name: 'wallet/topup/queryTopup',
  audience: 'member',
  request: z.object({ orderNo: topupOrderNo }),
  response: topupStatus,
});
