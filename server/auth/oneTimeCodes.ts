import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { enqueueMessage } from '../adapters/messages.ts';
import { messageText, type Language } from '../i18n.ts';
import { ACCOUNT_CODES } from '../../services/contract/answerCodes.ts';

/**
 * decisions.md: 6 digits, valid 5 minutes, 5 wrong tries void it, resend after 60 s, hourly limits:
 * per destination and purpose; the public flows' codes per address (anyone may ask, so the address
 * is all there is to count); a signed-in member's own codes per member (so strangers behind the
 * same address, a café's or a carrier's, cannot use up the member's top-ups).
 */
export const CODE_RULES = {
  digits: 6,
  lifetimeSeconds: 5 * 60,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  perDestinationPerHour: 5,
  perAddressPerHour: 20,
  perMemberPerHour: 20,
} as const;

/** Codes anyone may ask for, before signing in: counted per address. */
export const PUBLIC_CODE_PURPOSES = ['register', 'login', 'recover'] as const;
/** Codes a signed-in member asks for: counted per member. */
export const MEMBER_CODE_PURPOSES = ['rebind', 'payPassword', 'bindCard', 'topup'] as const;

export type CodePurpose = (typeof PUBLIC_CODE_PURPOSES)[number] | (typeof MEMBER_CODE_PURPOSES)[number];

/** Who asks for a code: nobody yet (a public flow, its address), or a signed-in member. */
type CodeRequester =
  | { purpose: (typeof PUBLIC_CODE_PURPOSES)[number]; memberId?: undefined }
  | { purpose: (typeof MEMBER_CODE_PURPOSES)[number]; memberId: string };

/** The SQL list of the public purposes, for counts by address. */
export const PUBLIC_PURPOSES_SQL = PUBLIC_CODE_PURPOSES.map((purpose) => `'${purpose}'`).join(', ');

const hashCode = (id: string, code: string) => crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');

export interface IssuedCode {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/**
 * Issues a new code for (destination, purpose) and queues its message in the same transaction.
 * Serialised per destination so two quick taps cannot both pass the resend check.
 */
export async function issueCode(
  tx: Queryable,
  request: { channel: 'sms' | 'email'; destination: string; clientIp: string; language: Language } & CodeRequester,
): Promise<IssuedCode> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code:${request.destination}`]);
  const { rows: recent } = await tx.query<{ last_seconds: number | null; per_destination: string }>(
    `SELECT extract(epoch FROM now() - max(created_at))::float8 AS last_seconds,
            count(*) FILTER (WHERE created_at > now() - interval '1 hour')::text AS per_destination
       FROM verification_codes WHERE destination = $1 AND purpose = $2`,
    [request.destination, request.purpose],
  );
  const lastSeconds = recent[0]?.last_seconds;
  if (lastSeconds != null && lastSeconds < CODE_RULES.resendAfterSeconds) {
    throw new DomainError(ACCOUNT_CODES.resendTooSoon, 200, String(Math.ceil(CODE_RULES.resendAfterSeconds - lastSeconds)));
  }
  if (Number(recent[0]?.per_destination ?? 0) >= CODE_RULES.perDestinationPerHour) throw new DomainError(ACCOUNT_CODES.sendingTooMuch);
  if (request.memberId === undefined) {
    // one address's public codes queue here (the lock above is per destination): parallel requests
    // from one address to different numbers cannot all pass the count
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code-ip:${request.clientIp}`]);
    const { rows } = await tx.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM verification_codes
        WHERE client_ip = $1 AND purpose IN (${PUBLIC_PURPOSES_SQL}) AND created_at > now() - interval '1 hour'`,
      [request.clientIp],
    );
    if (Number(rows[0]!.n) >= CODE_RULES.perAddressPerHour) throw new DomainError(ACCOUNT_CODES.sendingTooMuch);
  } else {
    // one member's codes queue here, so parallel requests cannot all pass the count
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code-member:${request.memberId}`]);
    const { rows } = await tx.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM verification_codes WHERE member_id = $1 AND created_at > now() - interval '1 hour'",
      [request.memberId],
    );
    if (Number(rows[0]!.n) >= CODE_RULES.perMemberPerHour) throw new DomainError(ACCOUNT_CODES.sendingTooMuch);
  }

  await tx.query(
    'UPDATE verification_codes SET voided_at = now() WHERE destination = $1 AND purpose = $2 AND consumed_at IS NULL AND voided_at IS NULL',
    [request.destination, request.purpose],
  );
  const code = String(crypto.randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO verification_codes (channel, destination, purpose, code_hash, client_ip, member_id, expires_at)
     VALUES ($1, $2, $3, '', $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
    [request.channel, request.destination, request.purpose, request.clientIp, request.memberId ?? null, CODE_RULES.lifetimeSeconds],
  );
  const id = rows[0]!.id;
  await tx.query('UPDATE verification_codes SET code_hash = $2 WHERE id = $1', [id, hashCode(id, code)]);
  await enqueueMessage(tx, {
    channel: request.channel,
    destination: request.destination,
    language: request.language,
    body: messageText(request.language, `messages.code.${request.purpose}`, { code, minutes: String(CODE_RULES.lifetimeSeconds / 60) }),
  });
  return { expiresInSeconds: CODE_RULES.lifetimeSeconds, resendAfterSeconds: CODE_RULES.resendAfterSeconds };
}

/**
 * Checks a code. A wrong one counts a try (the fifth voids it); a right one is consumed so it can
 * never be replayed. Refusals: wrong code (detail = tries left), expired or void, too many tries.
 */
export async function consumeCode(tx: Queryable, request: { destination: string; purpose: CodePurpose; code: string }): Promise<void> {
  const { rows } = await tx.query<{ id: string; code_hash: string; attempts: number; expired: boolean }>(
    `SELECT id, code_hash, attempts, expires_at <= now() AS expired FROM verification_codes
      WHERE destination = $1 AND purpose = $2 AND consumed_at IS NULL AND voided_at IS NULL
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [request.destination, request.purpose],
  );
  const active = rows[0];
  if (!active || active.expired) throw new DomainError(ACCOUNT_CODES.codeExpired);
  const given = Buffer.from(hashCode(active.id, request.code));
  if (crypto.timingSafeEqual(given, Buffer.from(active.code_hash))) {
    await tx.query('UPDATE verification_codes SET consumed_at = now() WHERE id = $1', [active.id]);
    return;
  }
  const attempts = active.attempts + 1;
  if (attempts >= CODE_RULES.maxAttempts) {
    await tx.query('UPDATE verification_codes SET attempts = $2, voided_at = now() WHERE id = $1', [active.id, attempts]);
    throw new DomainError(ACCOUNT_CODES.codeTriesExhausted, 200, '', { commit: true });
  }
  await tx.query('UPDATE verification_codes SET attempts = $2 WHERE id = $1', [active.id, attempts]);
  throw new DomainError(ACCOUNT_CODES.wrongCode, 200, String(CODE_RULES.maxAttempts - attempts), { commit: true });
}
