import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { consumeCode } from '../../auth/oneTimeCodes.ts';
import { countAccountLookup } from '../../auth/lookups.ts';
import { CaptchaPass } from '../../auth/captcha.ts';
import { revokeAllMemberSessions } from '../../auth/sessions.ts';
import { revokeMemberDevices } from '../../merchantPayment/offlineCodes.ts';
import { findMember, hashPassword, isStrongPassword, openTicket, useTicket } from '../../entities/memberAccounts.ts';
import { maskNameForAnyone } from '../../entities/members.ts';

const checkAccount4FindPassword: Handler<'fund/member/checkAccount4FindPassword'> = async (input, ctx) => {
  await countAccountLookup(ctx.db, ctx.ip, `+244${input.mobile}`, new CaptchaPass(ctx.ip, input.captchaToken));
  const member = await findMember(ctx.db, { column: 'mobile', value: `+244${input.mobile}` });
  if (!member || member.status !== 'active') throw new DomainError(ACCOUNT_CODES.accountNotFound);
  return { maskedName: maskNameForAnyone(member.display_name) };
};

const checkVerifyCode: Handler<'fund/sms/checkVerifyCode'> = async (input, ctx) => {
  const destination = `+244${input.mobile}`;
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await consumeCode(tx, { destination, purpose: 'recover', code: input.code });
    const member = await findMember(tx, { column: 'mobile', value: destination });
    if (!member || member.status !== 'active') throw new DomainError(ACCOUNT_CODES.accountNotFound);
    return { ticket: await openTicket(tx, member.id, 'recover') };
  });
};

/** A new login password ends every session of the member (and their offline payment codes) and lifts a password lock-out. */
const findLoginPassword: Handler<'fund/password/find-loginPassword'> = async (input, ctx) => {
  if (!isStrongPassword(input.password)) throw new DomainError(ACCOUNT_CODES.weakPassword);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const memberId = await useTicket(tx, input.ticket, 'recover');
    if (!memberId) throw new DomainError(ACCOUNT_CODES.ticketExpired);
    await tx.query('UPDATE members SET login_password_hash = $2, failed_logins = 0, locked_until = NULL WHERE id = $1', [memberId, passwordHash]);
    await revokeAllMemberSessions(tx, memberId);
    await revokeMemberDevices(tx, memberId); // a lost phone's offline payment code ends with its sessions
    return { reset: true as const };
  });
};

export const recoverPasswordHandlers = {
  'fund/member/checkAccount4FindPassword': checkAccount4FindPassword,
  'fund/sms/checkVerifyCode': checkVerifyCode,
  'fund/password/find-loginPassword': findLoginPassword,
} satisfies FlowHandlers<'recoverPassword'>;
