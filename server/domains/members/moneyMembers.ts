import { LEDGER_CODES } from '../../../services/contract/answerCodes.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { memberIdOf } from '../session/principal.ts';

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
 * A name as a payer may see it before paying: enough to recognise the person they mean, not
 * enough to learn a stranger's full name from a number ("Ana Maria Demo" → "Ana M*** D***").
 */
export function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((part) => `${part.slice(0, 1)}***`)].join(' ');
}

