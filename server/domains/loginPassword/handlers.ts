import { ACCOUNT_CODES, CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { LOCKOUT, hashPassword, isStrongPassword, verifyPassword } from '../../entities/memberAccounts.ts';

/**
 * The signed-in member's new login password, given the current one. A wrong current password
 * counts towards the same lock-out as log-in (so a borrowed unlocked phone cannot guess it), and
 * the new one ends every other session of the member: whoever knew the old one is signed out.
 */
const setPwd: Handler<'wallet/password/setPwd'> = async (input, ctx) => {
  if (ctx.principal?.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  const { memberId, sessionId } = ctx.principal;
  if (!isStrongPassword(input.password)) throw new DomainError(ACCOUNT_CODES.weakPassword);
  if (input.password === input.oldPassword) throw new DomainError(ACCOUNT_CODES.samePassword);
  const passwordHash = await hashPassword(input.password);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ login_password_hash: string | null; failed_logins: number; locked_seconds: number | null }>(
      `SELECT login_password_hash, failed_logins,
              CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END AS locked_seconds
         FROM members WHERE id = $1 FOR UPDATE`,
      [memberId],
    );
    const row = rows[0];
    if (!row?.login_password_hash) throw new DomainError(CODES.sessionLost);
    if (row.locked_seconds) throw new DomainError(ACCOUNT_CODES.accountLocked, 200, String(Math.ceil(row.locked_seconds / 60)));
    if (!(await verifyPassword(row.login_password_hash, input.oldPassword))) {
      const failures = row.failed_logins + 1;
      if (failures >= LOCKOUT.maxFailures) {
        await tx.query('UPDATE members SET failed_logins = 0, locked_until = now() + make_interval(mins => $2) WHERE id = $1', [memberId, LOCKOUT.minutes]);
        throw new DomainError(ACCOUNT_CODES.accountLocked, 200, String(LOCKOUT.minutes), { commit: true });
      }
      await tx.query('UPDATE members SET failed_logins = $2 WHERE id = $1', [memberId, failures]);
      throw new DomainError(ACCOUNT_CODES.wrongCredentials, 200, String(LOCKOUT.maxFailures - failures), { commit: true });
    }
    await tx.query('UPDATE members SET login_password_hash = $2, failed_logins = 0 WHERE id = $1', [memberId, passwordHash]);
    const ended = await tx.query('UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL AND id <> $2 RETURNING id', [memberId, sessionId]);
    return { changed: true as const, otherSessionsEnded: ended.rows.length };
  });
};

export const loginPasswordHandlers = { 'wallet/password/setPwd': setPwd } satisfies FlowHandlers<'loginPassword'>;
