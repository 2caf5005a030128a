import type { RecordsFilter } from './records.ts';

/**
 * Plain values of several contracts that the app reads at run time: limits, lists of states, paths.
 * They live here, without zod, as LONGEST_RANGE_DAYS does in dateRanges.ts: a screen or chart that
 * needs one loads these few bytes and not zod (≈ 24 KB gzipped), which the contract modules, each
 * importing its own from here, build their schemas with.
 */

/** receiveCode.ts: the longest note a receive code or a payment to it carries. */
export const RECEIVE_NOTE_MAX = 60;

/** paymentAlerts.ts: the longest a wait is held by the server; the client's time-out is longer. */
export const ALERT_WAIT_SECONDS = 25;

/** myCoupons.ts: a member's coupon is usable, used by a payment, or expired. */
export const COUPON_STATES = ['usable', 'used', 'expired'] as const;

/** groupPackages.ts: unused (good at the till until expiresAt), redeemed, expired (unused past its end, its refund to come), refunded. */
export const VOUCHER_STATES = ['unused', 'redeemed', 'expired', 'refunded'] as const;

/** merchantShared.ts: the path a staff invitation's link and QR open; the server prefixes PUBLIC_URL. */
export const INVITATION_PATH = '/app/invitation/';
/** A link (or a bare path) to an invitation, as a scanner reads it from the QR: its token, or null. */
export function invitationTokenIn(text: string): string | null {
  const match = /^(?:https?:\/\/[^/\s]+)?\/app\/invitation\/([A-Za-z0-9_-]{43})\/?$/.exec(text.trim());
  return match ? match[1]! : null;
}

/** records.ts: where the owner's CSV export is served (header `login-token`, like an upload): the filters as query parameters. */
export function recordsCsvPath(filter: RecordsFilter): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return `/merchant/records.csv${text ? `?${text}` : ''}`;
}
