import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { consumeCode, issueCode } from '../../auth/oneTimeCodes.ts';
import { CaptchaPass, requireCaptchaIfSuspicious, recordFailure } from '../../auth/captcha.ts';
import { countAccountLookup } from '../../auth/lookups.ts';
import { findMember, hashPassword, isStrongPassword, maskDestination, openTicket, PROFILE_COLUMNS, signIn, useTicket, type MemberRow } from '../../entities/memberAccounts.ts';

type Identity = { memberType: 'individual'; mobile: string } | { memberType: 'enterprise'; email: string };

const keyOf = (identity: Identity) =>
  identity.memberType === 'individual'
    ? { column: 'mobile' as const, value: `+244${identity.mobile}`, channel: 'sms' as const }
    : { column: 'email' as const, value: identity.email.trim().toLowerCase(), channel: 'email' as const };

/**
 * Sign-up step 1: refuse a number or address that already has an account, then send a code. The
 * refusal tells a registered account from a free one, so the call is an account look-up too.
 */
const sendAuthCode: Handler<'register/sendAuthCode'> = async (input, ctx) => {
  const key = keyOf(input);
  const pass = new CaptchaPass(ctx.ip, input.captchaToken);
  await countAccountLookup(ctx.db, ctx.ip, key.value, pass);
  return ctx.db.transaction(async (tx) => {
    await requireCaptchaIfSuspicious(tx, ctx.ip, pass);
    const existing = await findMember(tx, key);
    if (existing && existing.status !== 'pending') throw new DomainError(ACCOUNT_CODES.alreadyRegistered);
    const issued = await issueCode(tx, { channel: key.channel, destination: key.value, purpose: 'register', clientIp: ctx.ip, language: ctx.language });
    return { sentTo: maskDestination(key.value), ...issued };
  });
};

/** Sign-up step 2: a right code creates (or resumes) the pending account and answers a ticket. */
const doRegister: Handler<'register/doRegister'> = async (input, ctx) => {
  const key = keyOf(input);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await consumeCode(tx, { destination: key.value, purpose: 'register', code: input.code }).catch(async (error) => {
      await recordFailure(tx, ctx.ip, 'codeFailure');
      throw error;
    });
    const existing = await findMember(tx, key, true);
    if (existing && existing.status !== 'pending') throw new DomainError(ACCOUNT_CODES.alreadyRegistered);
    let memberId = existing?.id;
    if (!memberId) {
      const displayName = key.column === 'mobile' ? key.value.replace(/^\+244(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3') : key.value.split('@')[0]!.slice(0, 120);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO members (member_type, mobile, email, display_name, language, status)
         VALUES ($1, $2, $3, $4, $5, 'pending') RETURNING id`,
        [input.memberType, key.column === 'mobile' ? key.value : null, key.column === 'email' ? key.value : null, displayName, ctx.language],
      );
      memberId = rows[0]!.id;
    }
    return { ticket: await openTicket(tx, memberId, 'register') };
  });
};

/** Sign-up step 3: a strong password activates the account and signs it in. */
const setLoginPwdAndActive: Handler<'register/setLoginPwdAndActive'> = async (input, ctx) => {
  if (!isStrongPassword(input.password)) throw new DomainError(ACCOUNT_CODES.weakPassword);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const memberId = await useTicket(tx, input.ticket, 'register');
    if (!memberId) throw new DomainError(ACCOUNT_CODES.ticketExpired);
    const { rows } = await tx.query<MemberRow>(
      `UPDATE members SET login_password_hash = $2, status = 'active', activated_at = now(), failed_logins = 0
        WHERE id = $1 AND status = 'pending'
        RETURNING ${PROFILE_COLUMNS}, status, login_password_hash, failed_logins, NULL::int AS locked_until_seconds`,
      [memberId, passwordHash],
    );
    const member = rows[0];
    if (!member) throw new DomainError(ACCOUNT_CODES.alreadyRegistered);
    return signIn(tx, member, ctx.config);
  });
};

export const signUpHandlers = {
  'register/sendAuthCode': sendAuthCode,
  'register/doRegister': doRegister,
  'register/setLoginPwdAndActive': setLoginPwdAndActive,
} satisfies FlowHandlers<'signUp'>;
