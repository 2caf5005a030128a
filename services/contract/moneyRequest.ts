import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, nationalMobile, positiveCents } from './shared.ts';

/**
 * Asking another member for money (README "Money requests"). The requester names the payer by
 * number (checked first with wallet/transfer/queryPayee, which shows the masked name), an amount
 * and a reason; the payer pays it with the pay password, declines it, or blocks the requester.
 */

/** Why the money is asked: shown to the payer and kept as the transfer's note (its limit). */
export const REASON_MAX = 60;
export const requestReason = z.string().trim().min(1).max(REASON_MAX);
const requestId = z.string().regex(/^\d{1,18}$/);

/** open (waiting for the payer), paid, declined, cancelled by the requester, expired (48 h passed while open). */
export const requestStatus = z.enum(['open', 'paid', 'declined', 'cancelled', 'expired']);
export type RequestStatus = z.infer<typeof requestStatus>;

/**
 * A request as one side sees it: `role` says which side the caller is; `other` is the other side,
 * the verified name masked and the number masked. `transferId` (paid) opens the receipt.
 * `requesterBlocked` (the payer's view only) says whether the payer blocks this requester now.
 */
export const moneyRequestView = z.object({
  id: z.string(),
  role: z.enum(['requester', 'payer']),
  status: requestStatus,
  amount: cents,
  reason: z.string(),
  other: z.object({ maskedName: z.string(), maskedMobile: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  closedAt: z.string().nullable(),
  transferId: z.string().nullable(),
  requesterBlocked: z.boolean(),
});
export type MoneyRequestView = z.infer<typeof moneyRequestView>;

/** Asks a member (by national number) for an amount; the same requestNo again answers the same request. */
export const createRequest = defineService({
  name: 'wallet/moneyRequest/create',
  audience: 'member',
  request: z.object({ mobile: nationalMobile, amount: positiveCents, reason: requestReason }),
  response: moneyRequestView,
});

/** One request of the caller's, as requester or payer (anyone else's is not found). */
export const getRequest = defineService({
  name: 'wallet/moneyRequest/get',
  audience: 'member',
  request: z.object({ id: requestId }),
  response: moneyRequestView,
});

/** The caller's latest requests, sent and received (50 of each), newest first. */
export const listRequests = defineService({
  name: 'wallet/moneyRequest/list',
  audience: 'member',
  request: z.object({}),
  response: z.object({ sent: z.array(moneyRequestView), received: z.array(moneyRequestView) }),
});

/**
 * Pays a received request: `amount` must be the request's (it is what the pay password confirmed:
 * the purpose is this service, the amount and the request id); idempotent on the requestNo.
 */
export const payRequest = defineService({
  name: 'wallet/moneyRequest/pay',
  audience: 'member',
  request: z.object({ id: requestId, amount: positiveCents, payToken: z.string().min(20).max(128) }),
  response: z.object({ transferId: z.string(), amount: cents, available: cents, maskedName: z.string(), at: z.string() }),
});

/** The payer declines an open request; the requester is told. */
export const declineRequest = defineService({
  name: 'wallet/moneyRequest/decline',
  audience: 'member',
  request: z.object({ id: requestId }),
  response: moneyRequestView,
});

/** The requester cancels their open request. */
export const cancelRequest = defineService({
  name: 'wallet/moneyRequest/cancel',
  audience: 'member',
  request: z.object({ id: requestId }),
  response: moneyRequestView,
});

/**
 * The payer blocks (or unblocks) the requester of this request: an open request is declined with
 * it; later requests from them are never shown (the requester is not told, see the README).
 */
export const blockRequester = defineService({
  name: 'wallet/moneyRequest/block',
  audience: 'member',
  request: z.object({ id: requestId, blocked: z.boolean() }),
  response: moneyRequestView,
});
