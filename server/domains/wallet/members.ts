import { CODES, LEDGER_CODES } from '../../../services/contract/codes.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { HandlerContext } from '../../registry.ts';

export function memberIdOf(ctx: HandlerContext): string {
  if (ctx.principal?.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  return ctx.principal.memberId;
}

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
 * A name as a payer may see it before paying: enough to recognise the person they mean, not
 * enough to learn a stranger's full name from a number ("Ana Maria Demo" → "Ana M*** D***").
 */
export function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((part) => `${part.slice(0, 1)}***`)].join(' ');
}

export interface TransferParty extends MoneyMember {
  /** The member's available account, if it exists yet. */
  accountId: string | null;
  /** The ceiling of the member's level, in cêntimos (null: none). */
  maxBalance: string | null;
}

/** Payer and payee of a transfer in one read: who they are, their accounts and their level's ceiling. */
export async function transferParties(tx: Queryable, payerId: string, payeeMobile: string): Promise<{ payer: TransferParty | null; payee: TransferParty | null }> {
  const { rows } = await tx.query<{ id: string; account_level: MoneyMember['level']; verification_status: string; display_name: string; real_name: string | null; mobile: string | null; account_id: string | null; max_balance: string | null }>(
    `SELECT m.id::text, m.account_level, m.verification_status, m.display_name, m.real_name, m.mobile, a.id::text AS account_id, l.max_balance::text
       FROM members m
       LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'available'
       LEFT JOIN account_level_limits l ON l.level = m.account_level
      WHERE (m.id = $1 OR m.mobile = $2) AND m.status = 'active'`,
    [payerId, payeeMobile],
  );
  const party = (row: (typeof rows)[number] | undefined): TransferParty | null => row ? {
    id: row.id, level: row.account_level, verified: row.verification_status === 'verified', displayName: row.display_name,
    realName: row.real_name, mobile: row.mobile, accountId: row.account_id, maxBalance: row.max_balance,
  } : null;
  return { payer: party(rows.find((r) => r.id === payerId)), payee: party(rows.find((r) => r.mobile === payeeMobile && r.id !== payerId) ?? rows.find((r) => r.mobile === payeeMobile)) };
}
