import { decodePersonalCode, namedSerial } from '../../services/emvco.ts';
import { INVITATION_PATH, invitationTokenIn } from '../../services/contract/values.ts';

/**
 * What a scanned (or typed) code is, and where the app takes it: one entry per kind of code the
 * wallet knows. The scanner only reads text; the scan screen (`/app/scan`) asks this table what
 * the text is: a collection code is paid right there (the scanToPay chart), any other kind opens
 * its own flow's page, and text of no kind is a code the wallet does not know. A new kind of QR (a
 * coupon, a group voucher, a share link) is one more entry here, never new states in the payment.
 * Pure: no router, no React; the screen does the navigating.
 */
export type ScanRoute =
  /** paid on the scan screen itself (the scanToPay chart) */
  | { to: 'pay' }
  /** another flow's page, opened in place of the scan screen */
  | { to: 'page'; path: string };

export interface ScanKind<Payload> {
  kind: string;
  /** What the text names when it is a code of this kind (a serial, a token…), else null. */
  recognise: (text: string) => Payload | null;
  route: (payload: Payload) => ScanRoute;
}

/** Keeps each entry's own payload type. */
const entry = <const K extends string, P>(kind: ScanKind<P> & { kind: K }) => kind;

/** A scanned code's text, as the contract takes it (`scannedCode`): 8 to 512 characters. */
const SCANNED_LENGTH = { min: 8, max: 512 };
/** A member's payment code: the 18 digits its QR code and barcode carry, or typed at a till. */
const PAYMENT_CODE = /^\d{18}$/;
/** A group-package voucher's code: `GV` and 20 digits (its QR, or typed with spaces or dashes). */
const GROUP_VOUCHER = /^GV\d{20}$/;
/** The voucher's code a text names, written as the server takes it, or null. */
export function groupVoucherCode(text: string): string | null {
  const code = text.trim().replace(/[\s-]/g, '').toUpperCase();
  return GROUP_VOUCHER.test(code) ? code : null;
}
/** Where a clerk validates a voucher at the till (`/app/cashier/voucher`), with the code read and the store when known. */
export function voucherRedeemPath(code: string | null, storeId?: string | null): string {
  const search = new URLSearchParams();
  if (storeId) search.set('storeId', storeId);
  if (code) search.set('code', code);
  const query = search.toString();
  return `/app/cashier/voucher${query ? `?${query}` : ''}`;
}

/** Where a member pays a person's receive code (the codeTransfer chart), by the code's token. */
export const codeTransferPath = (token: string) => `/app/sendbycode/${token}`;

export const SCAN_KINDS = [
  // a store's printed sticker or shown code, a cashier's one-time code (EMVCo), or the serial printed under it
  entry({
    kind: 'collectionCode',
    recognise: (text) => {
      const trimmed = text.trim();
      if (trimmed.length < SCANNED_LENGTH.min || trimmed.length > SCANNED_LENGTH.max) return null;
      // a voucher's code has a serial's shape (two letters, digits): it is the voucher's own kind
      if (groupVoucherCode(trimmed) !== null) return null;
      const named = namedSerial(trimmed);
      return named.ok ? { serial: named.serial, payloadKind: named.payloadKind } : null;
    },
    route: () => ({ to: 'pay' }),
  }),
  // a staff invitation's QR: the link of the invitation (issue 12)
  entry({
    kind: 'staffInvitation',
    recognise: (text) => {
      const token = invitationTokenIn(text);
      return token ? { token } : null;
    },
    route: ({ token }) => ({ to: 'page', path: `${INVITATION_PATH}${token}` }),
  }),
  // a member's payment code, shown to be charged: read at a store's till
  entry({
    kind: 'paymentCode',
    recognise: (text) => (PAYMENT_CODE.test(text.trim()) ? { code: text.trim() } : null),
    route: () => ({ to: 'page', path: '/app/cashier' }),
  }),
  // a group-package voucher the member shows at the till: validated there by the store's clerk
  entry({
    kind: 'groupVoucher',
    recognise: (text) => {
      const code = groupVoucherCode(text);
      return code ? { code } : null;
    },
    route: ({ code }) => ({ to: 'page', path: voucherRedeemPath(code) }),
  }),
  // a person's receive code (EMVCo, the P2P GUID): paid as a transfer on its own page, the masked name shown first
  entry({
    kind: 'personalCode',
    recognise: (text) => {
      const decoded = decodePersonalCode(text.trim());
      return decoded.ok ? { token: decoded.value.token } : null;
    },
    route: ({ token }) => ({ to: 'page', path: codeTransferPath(token) }),
  }),
] as const;

export type ScanKindName = (typeof SCAN_KINDS)[number]['kind'];

/** What a text read is: its kind, what it names and where it leads; or a code of no kind the wallet knows. */
export type ScanReading = { kind: ScanKindName; payload: unknown; route: ScanRoute } | { kind: 'unknown' };

/** The first kind that recognises the text (no text is two kinds: their shapes exclude each other). */
export function readScan(text: string): ScanReading {
  for (const kind of SCAN_KINDS as readonly ScanKind<unknown>[]) {
    const payload = kind.recognise(text);
    if (payload !== null) return { kind: kind.kind as ScanKindName, payload, route: kind.route(payload) };
  }
  return { kind: 'unknown' };
}

/** The page a code read opens in place of the scan screen; null for a code paid there, or none the wallet knows. */
export function pageOfScan(text: string): string | null {
  const reading = readScan(text);
  return reading.kind !== 'unknown' && reading.route.to === 'page' ? reading.route.path : null;
}
