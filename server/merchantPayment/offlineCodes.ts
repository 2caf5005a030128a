import crypto from 'node:crypto';
import { MERCHANT_CODES, OFFLINE_CODE_CODES } from '../../services/contract/answerCodes.ts';
import {
  DEVICE_NO_DIGITS, OFFLINE_STEP_SECONDS, composeOfflineCode, counterBytes, parseOfflineCode, truncatedDigits,
} from '../../services/offlinePaymentCode.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { hashPaymentCode, type LockedPaymentCode } from './paymentCodes.ts';

/**
 * Offline payment codes (README "Payment code without signal"): a phone that turned the offline code
 * on holds a 256-bit secret of its own enrolment (payment_code_devices) and shows
 * `9 + device number + HOTP-SHA-256(secret, 30 s step)`; the till's charge verifies it here.
 */

/** How long an enrolment lives without the phone coming online (each online code pushes it on). */
export const OFFLINE_LIFE_HOURS = 72;
/** Live enrolments a member keeps (phones, reinstalls); a newer one revokes the oldest beyond. */
export const DEVICES_PER_MEMBER = 5;
/** Wrong codes in a row against one enrolment before it is revoked: a till guessing gets 5 tries in 10^8 × 3, not more. */
export const WRONG_GUESSES_ALLOWED = 5;
/** Steps accepted either side of the server's: a phone's clock a little off (±30 s) still pays. */
export const DRIFT_STEPS = 1;

/** HOTP-SHA-256 of one step, as 8 digits (the phone does the same with Web Crypto). */
export const otpOf = (secret: Buffer, counter: number): string => truncatedDigits(crypto.createHmac('sha256', secret).update(counterBytes(counter)).digest());

/** The offline code a device shows at a step: what the phone computes, for tests and the README's vector. */
export const offlineCodeAt = (deviceNo: string, secret: Buffer, counter: number): string => composeOfflineCode(deviceNo, otpOf(secret, counter));

const sealingContext = (deviceNo: string, memberId: string) => Buffer.from(`payment-code-device:${deviceNo}:${memberId}`);

/**
 * The secret sealed at rest (AES-256-GCM, the row's device and member as associated data: a sealed
 * secret copied to another row does not open). Verification needs the secret itself, so it cannot be
 * a one-way hash; the key is OFFLINE_CODE_KEY, outside the database.
 */
export function sealSecret(key: Buffer, deviceNo: string, memberId: string, secret: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(sealingContext(deviceNo, memberId));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function openSecret(key: Buffer, deviceNo: string, memberId: string, text: string): Buffer {
  const [version, iv, tag, sealed] = text.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('payment_code_devices: unknown sealing');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(sealingContext(deviceNo, memberId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
}

export interface Enrolment {
  deviceNo: string;
  secret: Buffer;
  validUntil: string;
}

/**
 * Enrols this phone: a fresh secret and a random device number (random, not counted up: a till
 * cannot aim guesses at members' devices by counting). The enrolment this phone held before
 * (`replaces`, if the member's) is revoked, and beyond DEVICES_PER_MEMBER the oldest too.
 */
export async function enrolDevice(
  tx: Queryable,
  key: Buffer,
  who: { memberId: string; sessionId: string | null; deviceId: string; replaces?: string | undefined },
): Promise<Enrolment> {
  if (who.replaces) {
    await tx.query(
      "UPDATE payment_code_devices SET revoked_at = now(), revoked_reason = 'replaced' WHERE device_no = $1 AND member_id = $2 AND revoked_at IS NULL",
      [who.replaces, who.memberId],
    );
  }
  const secret = crypto.randomBytes(32);
  for (;;) {
    const deviceNo = String(crypto.randomInt(10 ** DEVICE_NO_DIGITS)).padStart(DEVICE_NO_DIGITS, '0');
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO payment_code_devices (device_no, member_id, session_id, device_id, secret_sealed, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))
       ON CONFLICT (device_no) DO NOTHING RETURNING expires_at`,
      [deviceNo, who.memberId, who.sessionId, who.deviceId, sealSecret(key, deviceNo, who.memberId, secret), OFFLINE_LIFE_HOURS],
    );
    if (!rows[0]) continue; // the number is taken (1 in 10^9 × devices): draw again
    await tx.query(
      `UPDATE payment_code_devices SET revoked_at = now(), revoked_reason = 'tooMany'
        WHERE member_id = $1 AND revoked_at IS NULL
          AND device_no NOT IN (SELECT device_no FROM payment_code_devices WHERE member_id = $1 AND revoked_at IS NULL ORDER BY enrolled_at DESC, device_no LIMIT $2)`,
      [who.memberId, DEVICES_PER_MEMBER],
    );
    return { deviceNo, secret, validUntil: new Date(rows[0].expires_at).toISOString() };
  }
}

/**
 * The phone came online with its enrolment: its offline life starts again (OFFLINE_LIFE_HOURS from
 * now). Null when it is not this member's, was revoked or ran out: the phone forgets its secret.
 */
export async function refreshEnrolment(db: Queryable, memberId: string, deviceNo: string): Promise<{ deviceNo: string; validUntil: string } | null> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `UPDATE payment_code_devices SET expires_at = now() + make_interval(hours => $3)
      WHERE device_no = $1 AND member_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING expires_at`,
    [deviceNo, memberId, OFFLINE_LIFE_HOURS],
  );
  return rows[0] ? { deviceNo, validUntil: new Date(rows[0].expires_at).toISOString() } : null;
}

/** The member turned the offline code off on a phone: MCH12003 when it is not theirs or already revoked. */
export async function turnOffDevice(db: Queryable, memberId: string, deviceNo: string): Promise<void> {
  const { rows } = await db.query(
    "UPDATE payment_code_devices SET revoked_at = now(), revoked_reason = 'turnedOff' WHERE device_no = $1 AND member_id = $2 AND revoked_at IS NULL RETURNING device_no",
    [deviceNo, memberId],
  );
  if (!rows[0]) throw new DomainError(OFFLINE_CODE_CODES.deviceNotEnrolled);
}

/** Logging out revokes what that session enrolled. */
export async function revokeSessionDevices(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE payment_code_devices SET revoked_at = now(), revoked_reason = 'loggedOut' WHERE session_id = $1 AND revoked_at IS NULL", [sessionId]);
}

/** A new login password (recovered: the phone may be lost) revokes every phone's offline code of the member. */
export async function revokeMemberDevices(db: Queryable, memberId: string): Promise<void> {
  await db.query("UPDATE payment_code_devices SET revoked_at = now(), revoked_reason = 'loggedOut' WHERE member_id = $1 AND revoked_at IS NULL", [memberId]);
}

/**
 * A wrong offline code against a live enrolment: the till learns only MCH10008, like any unusable
 * code; the charge handler counts it (after its transaction, which a refusal rolls back).
 */
export class WrongOfflineCode extends DomainError {
  constructor(readonly deviceNo: string) {
    super(MERCHANT_CODES.codeExpired);
  }
}

/** Counts a wrong guess; the WRONG_GUESSES_ALLOWED-th revokes the enrolment (the phone enrols again when online). */
export async function countWrongGuess(db: Queryable, deviceNo: string): Promise<void> {
  await db.query(
    `UPDATE payment_code_devices SET wrong_guesses = wrong_guesses + 1,
            revoked_at = CASE WHEN wrong_guesses + 1 >= $2 THEN now() END,
            revoked_reason = CASE WHEN wrong_guesses + 1 >= $2 THEN 'guessed' END
      WHERE device_no = $1 AND revoked_at IS NULL`,
    [deviceNo, WRONG_GUESSES_ALLOWED],
  );
}

/**
 * An offline code at the till, verified and spent in the charge's transaction. The enrolment's row is
 * locked (FOR UPDATE): two tills charging one code at once queue here and the second finds its step
 * spent. Accepted: a live enrolment, the server's step ±DRIFT_STEPS, above the highest step already
 * charged (which it becomes). The code is then recorded as a used payment code, so the charge and the
 * member's status read it like any other. Refused with MCH10008 whatever the reason (unknown device,
 * revoked, out of its window, used, wrong): a till learns nothing about a member's devices.
 */
export async function lockOfflineCode(tx: Queryable, key: Buffer, code: string): Promise<LockedPaymentCode> {
  const parts = parseOfflineCode(code);
  if (!parts) throw new DomainError(MERCHANT_CODES.codeExpired);
  const { rows } = await tx.query<{ member_id: string; secret_sealed: string; last_counter: string; live: boolean; now_counter: string }>(
    `SELECT d.member_id::text, d.secret_sealed, d.last_counter::text,
            -- the session that turned it on must not have been ended (logged out, or ended by a password
            -- change elsewhere); its idling out does not count: a phone offline for hours still pays
            d.revoked_at IS NULL AND d.expires_at > now() AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = d.session_id AND s.revoked_at IS NOT NULL) AS live,
            floor(extract(epoch FROM now()) / $2)::bigint::text AS now_counter
       FROM payment_code_devices d WHERE d.device_no = $1 FOR UPDATE OF d`,
    [parts.deviceNo, OFFLINE_STEP_SECONDS],
  );
  const device = rows[0];
  if (!device?.live) throw new DomainError(MERCHANT_CODES.codeExpired);
  const secret = openSecret(key, parts.deviceNo, device.member_id, device.secret_sealed);
  const now = Number(device.now_counter);
  let step: number | null = null;
  for (let counter = now - DRIFT_STEPS; counter <= now + DRIFT_STEPS; counter++) {
    if (crypto.timingSafeEqual(Buffer.from(otpOf(secret, counter)), Buffer.from(parts.otp))) step = counter;
  }
  if (step === null) throw new WrongOfflineCode(parts.deviceNo);
  // at or below the highest step charged: this code (or an older one, or a screenshot of it) paid already
  if (step <= Number(device.last_counter)) throw new DomainError(MERCHANT_CODES.codeExpired);
  await tx.query('UPDATE payment_code_devices SET last_counter = $2, wrong_guesses = 0 WHERE device_no = $1', [parts.deviceNo, step]);
  const tokenHash = hashPaymentCode(code);
  await tx.query(
    `INSERT INTO payment_codes (token_hash, member_id, device_id, issued_at, expires_at, state)
     VALUES ($1, $2, $3, to_timestamp($4::bigint * $6), to_timestamp(($4::bigint + 1 + $5) * $6), 'used')`,
    [tokenHash, device.member_id, `offline:${parts.deviceNo}`, step, DRIFT_STEPS, OFFLINE_STEP_SECONDS],
  );
  return { tokenHash, memberId: device.member_id };
}
