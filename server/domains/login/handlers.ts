import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers, HandlerContext } from '../../handler.ts';
import { consumeCode, issueCode } from '../../auth/oneTimeCodes.ts';
import { CaptchaPass, recordFailure, requireCaptchaIfSuspicious } from '../../auth/captcha.ts';
import { countAccountLookup } from '../../auth/lookups.ts';
import { maskNameForAnyone } from '../../entities/members.ts';
import { PASSWORD_FAILURES, burnPasswordCheck, countWrongPassword, findMember, lockedOut, loginKey, maskDestination, signIn, verifyPassword, type PasswordFailures } from '../../entities/memberAccounts.ts';

const passwordLogin: Handler<'oauth/passwordLogin'> = async (input, ctx) => {
  const key = loginKey(input.login);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await requireCaptchaIfSuspicious(tx, ctx.ip, new CaptchaPass(ctx.ip, input.captchaToken));
    const member = key ? await findMember(tx, key, true) : null;
    if (!member || member.status !== 'active' || !member.login_password_hash) {
      // answered as an account would be: the same count, the same lock, the same work
      const login = key?.value ?? input.login.trim().toLowerCase();
      // (one statement, as the account's row is read: its row made or locked, and read)
      const { rows: [unknown] } = await tx.query<PasswordFailures>(
        `INSERT INTO unknown_login_failures (login) VALUES ($1) ON CONFLICT (login) DO UPDATE SET login = EXCLUDED.login RETURNING ${PASSWORD_FAILURES}`,
        [login],
      );
      if (unknown!.locked_until_seconds) throw lockedOut(unknown!.locked_until_seconds);
      await burnPasswordCheck(input.password);
      await recordFailure(tx, ctx.ip, 'loginFailure');
      return countWrongPassword(tx, { table: 'unknown_login_failures', login }, unknown!.failed_logins);
    }
    if (member.locked_until_seconds) throw lockedOut(member.locked_until_seconds);
    if (!(await verifyPassword(member.login_password_hash, input.password))) {
      await recordFailure(tx, ctx.ip, 'loginFailure');
      return countWrongPassword(tx, { table: 'members', id: member.id }, member.failed_logins);
    }
    await tx.query('UPDATE members SET failed_logins = 0, locked_until = NULL WHERE id = $1', [member.id]);
    return signIn(tx, member, ctx.config);
  });
};

/**
 * A code to a registered, active member's mobile (SMS log-in or password recovery). ACC10001 tells
 * an unregistered number from a registered one, so the call is an account look-up too.
 */
const sendSMS: Handler<'fund/sms/sendSMS'> = async (input, ctx) => sendMemberCode(input, ctx, 'ifSuspicious');

/** The same code, for a client that has shown the captcha already: its token is spent in any case. */
const sendSMSCaptcha: Handler<'fund/sms/sendSMSCaptcha'> = async (input, ctx) => sendMemberCode(input, ctx, 'always');

async function sendMemberCode(input: { mobile: string; purpose: 'login' | 'recover'; captchaToken?: string | undefined }, ctx: HandlerContext, captcha: 'ifSuspicious' | 'always') {
  const destination = `+244${input.mobile}`;
  const pass = new CaptchaPass(ctx.ip, input.captchaToken);
  if (captcha === 'always') await ctx.db.transaction((tx) => pass.spend(tx));
  await countAccountLookup(ctx.db, ctx.ip, destination, pass);
  return ctx.db.transaction(async (tx) => {
    await requireCaptchaIfSuspicious(tx, ctx.ip, pass);
    const member = await findMember(tx, { column: 'mobile', value: destination });
    if (!member || member.status !== 'active') throw new DomainError(ACCOUNT_CODES.accountNotFound);
    const issued = await issueCode(tx, { channel: 'sms', destination, purpose: input.purpose, clientIp: ctx.ip, language: ctx.language });
    return { sentTo: maskDestination(destination), ...issued };
  });
}

/** SMS log-in: the code proves the phone; it also clears a password lock-out's count. */
const authSmsLoginAdvance: Handler<'oauth/authSmsLoginAdvance'> = async (input, ctx) => {
  const destination = `+244${input.mobile}`;
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await consumeCode(tx, { destination, purpose: 'login', code: input.code }).catch(async (error) => {
      await recordFailure(tx, ctx.ip, 'codeFailure');
      throw error;
    });
    const member = await findMember(tx, { column: 'mobile', value: destination }, true);
    if (!member || member.status !== 'active') throw new DomainError(ACCOUNT_CODES.accountNotFound);
    await tx.query('UPDATE members SET failed_logins = 0 WHERE id = $1', [member.id]);
    return signIn(tx, member, ctx.config);
  });
};

/**
 * The login's own account; staff logins under merchants join this list when stores and staff exist.
 * Unknown logins answer an empty list, as an unknown login's password check would fail anyway.
 */
const getMemberTypeAndOperators: Handler<'wechat/login/getMemberTypeAndOperators'> = async (input, ctx) => {
  const key = loginKey(input.login);
  await countAccountLookup(ctx.db, ctx.ip, key ? key.value : input.login.trim().toLowerCase(), new CaptchaPass(ctx.ip, input.captchaToken));
  const member = key ? await findMember(ctx.db, key) : null;
  if (!member || member.status !== 'active') return { accounts: [] };
  return { accounts: [{ memberType: member.member_type, operatorId: null, maskedName: maskNameForAnyone(member.display_name) }] };
};

export const loginHandlers = {
  'wechat/login/getMemberTypeAndOperators': getMemberTypeAndOperators,
  'oauth/passwordLogin': passwordLogin,
  'fund/sms/sendSMS': sendSMS,
  'fund/sms/sendSMSCaptcha': sendSMSCaptcha,
  'oauth/authSmsLoginAdvance': authSmsLoginAdvance,
} satisfies FlowHandlers<'login'>;
