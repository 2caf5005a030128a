import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export interface SessionPolicy {
  idleMs: number;
  lifetimeMs: number;
}

export type Principal =
  | { audience: 'member'; memberId: string; sessionId: string }
  | { audience: 'operator'; operatorId: string; sessionId: string };

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Opens a session and returns the token: 32 random bytes the database never sees in clear. */
export async function openMemberSession(db: Queryable, memberId: string, policy: SessionPolicy): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, audience, member_id, expires_at)
     VALUES ($1, 'member', $2, now() + make_interval(secs => $3))`,
    [hashToken(token), memberId, policy.lifetimeMs / 1000],
  );
  return token;
}

/** How stale `last_seen_at` may get before a call refreshes it: a write on every call would cost a commit each. */
const LAST_SEEN_GRANULARITY_SECONDS = 60;

/** The arguments of `session_principal` (migration 012) for a token; null for one that cannot be ours. */
export interface SessionCheck {
  tokenHash: string;
  idleSeconds: number;
  granularitySeconds: number;
}

/**
 * `slides`: a call the person made slides the idle window; a background one (a long poll) does
 * not, its granularity being the session's whole lifetime, which no valid session outlives.
 */
export function sessionCheck(token: string, policy: SessionPolicy, slides = true): SessionCheck | null {
  if (!token || token.length > 256) return null;
  return { tokenHash: hashToken(token), idleSeconds: policy.idleMs / 1000, granularitySeconds: slides ? LAST_SEEN_GRANULARITY_SECONDS : policy.lifetimeMs / 1000 };
}

/**
 * The principal behind a token, or null when it is unknown, revoked, past its lifetime or idle
 * too long. A valid use the person made slides the idle window (to the minute: most calls only read).
 */
export async function authenticate(db: Queryable, token: string, policy: SessionPolicy, slides = true): Promise<Principal | null> {
  const check = sessionCheck(token, policy, slides);
  if (!check) return null;
  const { rows } = await db.query<{ id: string; audience: 'member' | 'operator'; member_id: string | null; operator_id: string | null }>(
    'SELECT * FROM session_principal($1, $2, $3)',
    [check.tokenHash, check.idleSeconds, check.granularitySeconds],
    { prepareAs: 'session_principal' },
  );
  const row = rows[0];
  if (!row) return null;
  return row.audience === 'member'
    ? { audience: 'member', memberId: String(row.member_id), sessionId: String(row.id) }
    : { audience: 'operator', operatorId: String(row.operator_id), sessionId: String(row.id) };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeAllMemberSessions(db: Queryable, memberId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL', [memberId]);
}
