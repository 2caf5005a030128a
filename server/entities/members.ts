import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { memberIdOf } from '../auth/principal.ts';

/**
 * The members entity: a member as the money calls see them (level, verification, names), the one
 * rule that masks a person's name, and the member's password-free setting. Their log-in
 * credentials, tickets and profile are memberAccounts.ts.
 */

export { memberIdOf };

export interface MoneyMember {
  id: string;
  level: 'I' | 'III' | 'commercial';
  verified: boolean;
  displayName: string;
  realName: string | null;
  mobile: string | null;
}

export async function moneyMember(tx: Queryable, where: { id: string } | { mobile: string }): Promise<MoneyMember | null> {
  const byId = 'id' in where;
  const { rows } = await tx.query<{ id: string; account_level: MoneyMember['level']; verification_status: string; display_name: string; real_name: string | null; mobile: string | null }>(
    `SELECT id::text, account_level, verification_status, display_name, real_name, mobile FROM members
      WHERE ${byId ? 'id = $1' : 'mobile = $1'} AND status = 'active'`,
    [byId ? where.id : where.mobile],
  );
  const row = rows[0];
  return row ? { id: row.id, level: row.account_level, verified: row.verification_status === 'verified', displayName: row.display_name, realName: row.real_name, mobile: row.mobile } : null;
}

/** Only verified members move money out (spec: real name before transfer and withdrawal). */
export function requireVerified<M extends MoneyMember>(member: M | null): M {
  if (!member?.verified) throw new DomainError(LEDGER_CODES.verificationNeeded);
  return member;
}

/**
 * THE masking rule for a person's name, wherever the wallet shows one to someone who may not be
 * that person, in two degrees by who is asking:
 * - `maskName`, to a signed-in member who deals with that person (a payee before a transfer, a
 *   payer in a merchant's records, a counterparty in the fund detail, a card holder): the first
 *   name whole, every other part its initial and three stars, always three (the length tells
 *   nothing) — enough to recognise the person one means ("Ana Maria Demo" → "Ana M*** D***"). The
 *   transfer's one-statement path has the same rule in SQL (`mask_name`, migration 014);
 *   tests/server/transfer.test.ts keeps the two equal.
 * - `maskNameForAnyone`, at the doors without a session (the account a number or e-mail finds at
 *   log-in and at password recovery): every part its initial and three stars ("A*** M*** D***"), so
 *   a number alone never tells a stranger's first name.
 */
export function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map(initialOnly)].join(' ');
}

export function maskNameForAnyone(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).map(initialOnly).join(' ');
}

const initialOnly = (part: string) => `${part.slice(0, 1)}***`;

export interface PasswordFree {
  enabled: boolean;
  /** What the member set (kept while switched off, so switching on again offers it). */
  limit: bigint;
  /** What a payment-code charge may be without the pay password: 0 when off, never above today's cap. */
  effectiveLimit: bigint;
}

/**
 * A member's password-free setting (`agreement/nopwd`): off until switched on. The cap is read at
 * each charge, so lowering PASSWORD_FREE_CAP_KZ lowers every member's effective limit at once.
 */
export async function passwordFreeOf(db: Queryable, memberId: string, cap: number): Promise<PasswordFree> {
  const { rows } = await db.query<{ enabled: boolean; limit_amount: string }>('SELECT enabled, limit_amount::text FROM password_free_settings WHERE member_id = $1', [memberId]);
  const row = rows[0];
  const limit = BigInt(row?.limit_amount ?? '0');
  const capped = limit < BigInt(cap) ? limit : BigInt(cap);
  return { enabled: row?.enabled ?? false, limit, effectiveLimit: row?.enabled ? capped : 0n };
}
