import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import type { MemberProfile } from '../../services/contract/session.ts';
import type { LoginResult } from '../../services/contract/session.ts';
import { openMemberSession, hashToken } from '../auth/sessions.ts';
import { ACCOUNT_CODES } from '../../services/contract/answerCodes.ts';
import { DomainError } from '../errors.ts';

export interface MemberRow {
  id: string;
  member_type: 'individual' | 'enterprise';
  display_name: string;
  /** The name the member gave (givenNameSql), or null. */
  given_name: string | null;
  mobile: string | null;
  email: string | null;
  language: string;
  status: 'pending' | 'active' | 'locked' | 'closed';
  login_password_hash: string | null;
  failed_logins: number;
  locked_until_seconds: number | null;
}

/**
 * The name a member gave, as SQL over the members row `m` (a table name or alias), or NULL: a
 * person's verified name; a company's trade name (its merchant's), else the short name of its
 * latest enterprise verification. `display_name` is read too, but only when it is not what
 * sign-up wrote there for want of a name (the mobile as "923 456 789", the e-mail's first part):
 * those are a number and an address, never a name, and were shown as one (issue 21).
 */
export const givenNameSql = (m: string) => `CASE WHEN ${m}.member_type = 'individual'
    THEN coalesce(${m}.real_name, CASE WHEN ${m}.display_name !~ '^[0-9]{3} [0-9]{3} [0-9]{3}$' THEN ${m}.display_name END)
    ELSE coalesce(
      (SELECT mc.name FROM merchants mc WHERE mc.member_id = ${m}.id AND mc.parent_id IS NULL),
      (SELECT nullif(btrim(v.form->'company'->>'shortName'), '') FROM enterprise_verifications v WHERE v.member_id = ${m}.id ORDER BY v.submitted_at DESC LIMIT 1),
      nullif(${m}.display_name, left(split_part(${m}.email, '@', 1), 120)))
  END`;

/** The profile's columns of the `members` row (unaliased), for profileOf. */
export const PROFILE_COLUMNS = `id, member_type, display_name, ${givenNameSql('members')} AS given_name, mobile, email, language`;

/**
 * A password's lock-out, on a member's row or on a login no account has (`unknown_login_failures`,
 * answered alike so that the answer tells nobody who has an account): its wrong tries so far and,
 * while it is locked, the seconds left.
 */
export type PasswordFailures = { failed_logins: number; locked_until_seconds: number | null };
export const PASSWORD_FAILURES = `failed_logins,
  CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END AS locked_until_seconds`;

const MEMBER_COLUMNS = `${PROFILE_COLUMNS}, status, login_password_hash, ${PASSWORD_FAILURES}`;

/** The answer while locked. (A transaction begun before the lock's own sees a little more than its minutes left: never more than them.) */
export function lockedOut(seconds: number): DomainError {
  return new DomainError(ACCOUNT_CODES.accountLocked, 200, String(Math.min(LOCKOUT.minutes, Math.ceil(seconds / 60))));
}

/** A wrong password, counted on its row (locked `FOR UPDATE` by the caller): the tries left, and at the last one the lock. */
export async function countWrongPassword(tx: Queryable, row: { table: 'members'; id: string } | { table: 'unknown_login_failures'; login: string }, failedBefore: number): Promise<never> {
  const [where, key] = row.table === 'members' ? ['id', row.id] : ['login', row.login];
  const failures = failedBefore + 1;
  if (failures >= LOCKOUT.maxFailures) {
    await tx.query(`UPDATE ${row.table} SET failed_logins = 0, locked_until = now() + make_interval(mins => $2) WHERE ${where} = $1`, [key, LOCKOUT.minutes]);
    throw new DomainError(ACCOUNT_CODES.accountLocked, 200, String(LOCKOUT.minutes), { commit: true });
  }
  await tx.query(`UPDATE ${row.table} SET failed_logins = $2 WHERE ${where} = $1`, [key, failures]);
  throw new DomainError(ACCOUNT_CODES.wrongCredentials, 200, String(LOCKOUT.maxFailures - failures), { commit: true });
}

/** A login is a mobile (9 digits, or with +244) or an e-mail address. */
export function loginKey(login: string): { column: 'mobile' | 'email'; value: string } | null {
  const trimmed = login.trim();
  if (trimmed.includes('@')) return { column: 'email', value: trimmed.toLowerCase() };
  const digits = trimmed.replace(/[\s-]/g, '').replace(/^(\+244|00244)/, '');
  return /^9[1-79]\d{7}$/.test(digits) ? { column: 'mobile', value: `+244${digits}` } : null;
}

export async function findMember(tx: Queryable, key: { column: 'mobile' | 'email'; value: string }, forUpdate = false): Promise<MemberRow | null> {
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE ${key.column === 'mobile' ? 'mobile' : 'email'} = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [key.value],
  );
  return rows[0] ?? null;
}

/** Five wrong passwords in a row lock password log-in for 15 minutes (log-in, the login password's change, the number's change). */
export const LOCKOUT = { maxFailures: 5, minutes: 15 } as const;

/** decisions.md: 8–16 characters with both digits and letters (printable ASCII, no spaces). */
export function isStrongPassword(password: string): boolean {
  return /^[\x21-\x7e]{8,16}$/.test(password) && /\d/.test(password) && /[A-Za-z]/.test(password);
}

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);

/** Spent on unknown logins too, so the answer time does not tell which accounts exist. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomBytes(12).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

export function profileOf(row: Pick<MemberRow, 'id' | 'member_type' | 'given_name' | 'mobile' | 'email' | 'language'>): MemberProfile {
  return {
    memberId: String(row.id),
    memberType: row.member_type,
    displayName: row.given_name,
    mobile: row.mobile,
    email: row.email,
    language: row.language,
  };
}

export async function signIn(tx: Queryable, member: MemberRow, config: ServerConfig): Promise<LoginResult> {
  const loginToken = await openMemberSession(tx, member.id, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
  return { loginToken, profile: profileOf(member) };
}

/** One-time ticket between two steps of a flow (code verified → password chosen), 15 minutes. */
export type TicketPurpose = 'register' | 'recover' | 'payPassword' | 'rebind';

export async function openTicket(tx: Queryable, memberId: string, purpose: TicketPurpose): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  await tx.query(
    "INSERT INTO flow_tickets (token_hash, purpose, member_id, expires_at) VALUES ($1, $2, $3, now() + interval '15 minutes')",
    [hashToken(ticket), purpose, memberId],
  );
  return ticket;
}

/** Uses a ticket once; null when unknown, used or expired. */
export async function useTicket(tx: Queryable, ticket: string, purpose: TicketPurpose): Promise<string | null> {
  const { rows } = await tx.query<{ member_id: string }>(
    `UPDATE flow_tickets SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING member_id`,
    [hashToken(ticket), purpose],
  );
  return rows[0]?.member_id ?? null;
}

/** "+244 9** *** 456" / "a***@empresa.ao": where a code went, without showing it whole. */
export function maskDestination(destination: string): string {
  if (destination.includes('@')) {
    const [local = '', domain = ''] = destination.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  const national = destination.replace(/^\+244/, '');
  return `+244 ${national.slice(0, 1)}** *** ${national.slice(-3)}`;
}
