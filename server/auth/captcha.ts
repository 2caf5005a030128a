import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { ACCOUNT_CODES } from '../../services/contract/answerCodes.ts';
import { hashToken } from './sessions.ts';
import { PUBLIC_PURPOSES_SQL } from './oneTimeCodes.ts';

/**
 * When an address looks like it is guessing (failures in the last 15 minutes) or spraying codes
 * (many sent in the last hour), its next log-in or code request needs a solved image captcha.
 */
export const CAPTCHA_POLICY = { failuresIn15Minutes: 3, codesPerHour: 5, lifetimeSeconds: 300 } as const;

export async function recordFailure(tx: Queryable, clientIp: string, kind: 'loginFailure' | 'codeFailure' | 'captchaFailure') {
  await tx.query('INSERT INTO security_events (client_ip, kind) VALUES ($1, $2)', [clientIp, kind]);
}

export async function isCaptchaRequired(db: Queryable, clientIp: string): Promise<boolean> {
  const { rows } = await db.query<{ failures: string; codes: string }>(
    `SELECT (SELECT count(*) FROM security_events WHERE client_ip = $1 AND kind <> 'accountLookup' AND created_at > now() - interval '15 minutes')::text AS failures,
            (SELECT count(*) FROM verification_codes WHERE client_ip = $1 AND purpose IN (${PUBLIC_PURPOSES_SQL}) AND created_at > now() - interval '1 hour')::text AS codes`,
    [clientIp],
  );
  return Number(rows[0]!.failures) >= CAPTCHA_POLICY.failuresIn15Minutes || Number(rows[0]!.codes) >= CAPTCHA_POLICY.codesPerHour;
}

/**
 * A call's captcha token, spent at most once however many of the call's checks ask for one (an
 * account look-up's count and a code's spray rule in the same call): one image solved, one call.
 */
export class CaptchaPass {
  private spent = false;
  constructor(private readonly clientIp: string, private readonly token: string | undefined) {}

  /** Spends the token, the first time it is asked for, or refuses with CAP10001. */
  async spend(tx: Queryable): Promise<void> {
    if (this.spent) return;
    await spendCaptchaToken(tx, this.clientIp, this.token);
    this.spent = true;
  }
}

/** Refuses with CAP10001 unless the address is trusted or the call brings an unused token it earned. */
export async function requireCaptchaIfSuspicious(tx: Queryable, clientIp: string, pass: CaptchaPass) {
  if (!(await isCaptchaRequired(tx, clientIp))) return;
  await pass.spend(tx);
}

/** Spends a solved captcha's one-time token of this address, or refuses with CAP10001. */
export async function spendCaptchaToken(tx: Queryable, clientIp: string, token: string | undefined) {
  if (!token) throw new DomainError(ACCOUNT_CODES.captchaRequired);
  const { rows } = await tx.query(
    `UPDATE captchas SET token_used_at = now()
      WHERE token_hash = $1 AND client_ip = $2 AND token_used_at IS NULL AND answered_at > now() - make_interval(secs => $3)
      RETURNING id`,
    [hashToken(token), clientIp, CAPTCHA_POLICY.lifetimeSeconds],
  );
  if (rows.length === 0) throw new DomainError(ACCOUNT_CODES.captchaRequired);
}

const normalise = (answer: string) => answer.trim().toLowerCase();

export async function newCaptcha(tx: Queryable, clientIp: string) {
  const captcha = svgCaptcha.create({ size: 5, noise: 3, color: true, ignoreChars: '0oO1iIlL', background: '#f2f3f5', width: 180, height: 60 });
  const id = crypto.randomUUID();
  await tx.query(
    'INSERT INTO captchas (id, client_ip, answer, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))',
    [id, clientIp, normalise(captcha.text), CAPTCHA_POLICY.lifetimeSeconds],
  );
  return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** One answer per image. Right: a token for the next protected call. Wrong: the image is spent. */
export async function answerCaptcha(tx: Queryable, clientIp: string, captchaId: string, answer: string): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  const { rows } = await tx.query<{ right: boolean }>(
    `UPDATE captchas SET answered_at = now(), token_hash = CASE WHEN answer = $3 THEN $4 END
      WHERE id = $1 AND client_ip = $2 AND answered_at IS NULL AND expires_at > now()
      RETURNING token_hash IS NOT NULL AS right`,
    [captchaId, clientIp, normalise(answer), hashToken(token)],
  );
  if (!rows[0]?.right) {
    await recordFailure(tx, clientIp, 'captchaFailure');
    throw new DomainError(ACCOUNT_CODES.captchaWrong, 200, '', { commit: true });
  }
  return token;
}
