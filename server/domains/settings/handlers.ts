import { CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { PROFILE_COLUMNS, profileOf, type MemberRow } from '../../entities/memberAccounts.ts';

const settingMain: Handler<'common/setting/main'> = async (_input, ctx) => {
  if (ctx.principal?.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  const { rows } = await ctx.db.query<MemberRow & { pay_set: boolean; pay_locked_seconds: number | null; verification_status: 'unverified' | 'pending' | 'verified' | 'failed'; account_level: 'I' | 'III' | 'commercial' }>(
    `SELECT ${PROFILE_COLUMNS}, pay_password_hash IS NOT NULL AS pay_set, verification_status, account_level,
            CASE WHEN pay_locked_until > now() THEN ceil(extract(epoch FROM pay_locked_until - now()))::int END AS pay_locked_seconds
       FROM members WHERE id = $1`,
    [ctx.principal.memberId],
  );
  const row = rows[0];
  if (!row) throw new DomainError(CODES.sessionLost);
  return {
    profile: profileOf(row),
    payPasswordSet: row.pay_set,
    payLockedMinutes: row.pay_locked_seconds ? Math.ceil(row.pay_locked_seconds / 60) : null,
    verificationStatus: row.verification_status,
    accountLevel: row.account_level,
  };
};

export const settingsHandlers = { 'common/setting/main': settingMain } satisfies FlowHandlers<'settings'>;
