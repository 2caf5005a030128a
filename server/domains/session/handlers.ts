import { CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { Handler, HandlerContext, FlowHandlers } from '../../handler.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { revokeSessionDevices } from '../../merchantPayment/offlineCodes.ts';
import { PROFILE_COLUMNS, profileOf, type MemberRow } from '../../entities/memberAccounts.ts';

function memberOf(ctx: HandlerContext) {
  if (ctx.principal?.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  return ctx.principal;
}

const checkAuthToken: Handler<'common/authLogin/checkAuthToken'> = async (_input, ctx) => {
  const { memberId } = memberOf(ctx);
  const { rows } = await ctx.db.query<MemberRow>(`SELECT ${PROFILE_COLUMNS} FROM members WHERE id = $1`, [memberId]);
  const member = rows[0];
  if (!member) throw new DomainError(CODES.sessionLost);
  return profileOf(member);
};

/** Logging out also revokes the offline payment codes this session turned on (the phone wipes its secret too). */
const logout: Handler<'common/logout'> = async (_input, ctx) => {
  const { sessionId } = memberOf(ctx);
  await revokeSession(ctx.db, sessionId);
  await revokeSessionDevices(ctx.db, sessionId);
  return { loggedOut: true };
};

export const sessionHandlers = {
  'common/authLogin/checkAuthToken': checkAuthToken,
  'common/logout': logout,
} satisfies FlowHandlers<'session'>;
