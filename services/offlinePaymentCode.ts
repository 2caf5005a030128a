/**
 * The offline payment code's format, one definition for the phone (Web Crypto) and the server (node
 * crypto); each side computes the HMAC itself and hands the bytes to `truncatedDigits`.
 *
 *   9 DDDDDDDDD OOOOOOOO   (18 digits, as the server-issued codes)
 *   │ │         └ 8 digits: HOTP (RFC 4226 dynamic truncation) over HMAC-SHA-256(secret, counter),
 *   │ │           counter = floor(unix seconds / 30) as 8 bytes big-endian, mod 10^8
 *   │ └ the device's enrolment number, drawn by the server (9 digits, zero-padded)
 *   └ 9: an offline code; the server-issued random codes never start with 9
 */
export const OFFLINE_CODE_PREFIX = '9';
/** One code per 30 s step (TOTP's usual step). */
export const OFFLINE_STEP_SECONDS = 30;
export const OFFLINE_OTP_DIGITS = 8;
export const DEVICE_NO_DIGITS = 9;

/** The TOTP counter of an instant. */
export const counterAt = (epochMs: number): number => Math.floor(epochMs / 1000 / OFFLINE_STEP_SECONDS);
/** When the step of an instant ends: the phone shows the next code then. */
export const stepEndsAt = (epochMs: number): number => (counterAt(epochMs) + 1) * OFFLINE_STEP_SECONDS * 1000;

/** The HMAC's message: the counter as 8 bytes, big-endian (RFC 4226 §5.2). */
export function counterBytes(counter: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(8);
  let rest = counter;
  for (let i = 7; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** RFC 4226 §5.3 dynamic truncation of an HMAC, as OFFLINE_OTP_DIGITS digits. */
export function truncatedDigits(hmac: Uint8Array): string {
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = ((hmac[offset]! & 0x7f) << 24) | (hmac[offset + 1]! << 16) | (hmac[offset + 2]! << 8) | hmac[offset + 3]!;
  return String(binary % 10 ** OFFLINE_OTP_DIGITS).padStart(OFFLINE_OTP_DIGITS, '0');
}

export const composeOfflineCode = (deviceNo: string, otp: string): string => `${OFFLINE_CODE_PREFIX}${deviceNo}${otp}`;

/** The parts of an offline code, or null for a server-issued one. */
export function parseOfflineCode(code: string): { deviceNo: string; otp: string } | null {
  if (code.length !== 1 + DEVICE_NO_DIGITS + OFFLINE_OTP_DIGITS || !code.startsWith(OFFLINE_CODE_PREFIX)) return null;
  return { deviceNo: code.slice(1, 1 + DEVICE_NO_DIGITS), otp: code.slice(1 + DEVICE_NO_DIGITS) };
}
