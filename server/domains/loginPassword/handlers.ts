import { ACCOUNT_CODES, CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { PASSWORD_FAILURES, countWrongPassword, hashPassword, isStrongPassword, lockedOut, verifyPassword, type PasswordFailures } from '../../entities/memberAccounts.ts';

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
    const { rows } = await tx.query<PasswordFailures & { login_password_hash: string | null }>(
      `SELECT login_password_hash, ${PASSWORD_FAILURES} FROM members WHERE id = $1 FOR UPDATE`,
      [memberId],
    );
    const row = rows[0];
    if (!row?.login_password_hash) throw new DomainError(CODES.sessionLost);
    if (row.locked_until_seconds) throw lockedOut(row.locked_until_seconds);
    if (!(await verifyPassword(row.login_password_hash, input.oldPassword))) return countWrongPassword(tx, { table: 'members', id: memberId }, row.failed_logins);
    await tx.query('UPDATE members SET login_password_hash = $2, failed_logins = 0 WHERE id = $1', [memberId, passwordHash]);
    const ended = await tx.query('UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL AND id <> $2 RETURNING id', [memberId, sessionId]);
    return { changed: true as const, otherSessionsEnded: ended.rows.length };
  });
};

export const loginPasswordHandlers = { 'wallet/password/setPwd': setPwd } satisfies FlowHandlers<'loginPassword'>;
