import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { consumeCode, issueCode } from '../oneTimeCodes/oneTimeCodes.ts';
import { hashPassword, maskDestination, openTicket, useTicket, verifyPassword } from '../members/accounts.ts';
import { issueKeypad, isWeakPin, readKeypadEntry } from './keypad.ts';
import { authorizePayment } from './authorizations.ts';
import { memberIdOf } from '../session/principal.ts';

/** Five wrong pay passwords lock paying for 30 minutes. */
export const PAY_LOCKOUT = { maxFailures: 5, minutes: 30 } as const;

interface PayRow {
  pay_password_hash: string | null;
  failed_pay_attempts: number;
  locked_seconds: number | null;
  mobile: string | null;
  email: string | null;
}
const lockPayRow = async (tx: Parameters<typeof readKeypadEntry>[0], memberId: string) =>
  (await tx.query<PayRow>(
    `SELECT pay_password_hash, failed_pay_attempts, mobile, email,
            CASE WHEN pay_locked_until > now() THEN ceil(extract(epoch FROM pay_locked_until - now()))::int END AS locked_seconds
       FROM members WHERE id = $1 FOR UPDATE`,
    [memberId],
  )).rows[0]!;

const getRandomKey: Handler<'common/getRandomKey'> = async (_input, ctx) => issueKeypad(ctx.db, memberIdOf(ctx));

const setPayPwd: Handler<'wallet/password/setPayPwd'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await lockPayRow(tx, memberId);
    const pin = await readKeypadEntry(tx, memberId, input);
    if (input.resetTicket) {
      if ((await useTicket(tx, input.resetTicket, 'payPassword')) !== memberId) throw new DomainError(ACCOUNT_CODES.ticketExpired);
    } else if (row.pay_password_hash) {
      throw new DomainError(ACCOUNT_CODES.payPasswordAlreadySet);
    }
    if (isWeakPin(pin)) throw new DomainError(ACCOUNT_CODES.weakPayPassword);
    await tx.query('UPDATE members SET pay_password_hash = $2, failed_pay_attempts = 0, pay_locked_until = NULL WHERE id = $1', [memberId, await hashPassword(pin)]);
    return { set: true as const };
  });
};

const checkPayPwd: Handler<'wallet/paypassword/checkPayPwd'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const row = await lockPayRow(tx, memberId);
    const pin = await readKeypadEntry(tx, memberId, input);
    if (!row.pay_password_hash) throw new DomainError(ACCOUNT_CODES.payPasswordNotSet, 200, '', { commit: true });
    if (row.locked_seconds) throw new DomainError(ACCOUNT_CODES.payLocked, 200, String(Math.ceil(row.locked_seconds / 60)), { commit: true });
    if (await verifyPassword(row.pay_password_hash, pin)) {
      await tx.query('UPDATE members SET failed_pay_attempts = 0 WHERE id = $1', [memberId]);
      return input.purpose ? { valid: true as const, payToken: await authorizePayment(tx, memberId, input.purpose) } : { valid: true as const };
    }
    const failures = row.failed_pay_attempts + 1;
    if (failures >= PAY_LOCKOUT.maxFailures) {
      await tx.query('UPDATE members SET failed_pay_attempts = 0, pay_locked_until = now() + make_interval(mins => $2) WHERE id = $1', [memberId, PAY_LOCKOUT.minutes]);
      throw new DomainError(ACCOUNT_CODES.payLocked, 200, String(PAY_LOCKOUT.minutes), { commit: true });
    }
    await tx.query('UPDATE members SET failed_pay_attempts = $2 WHERE id = $1', [memberId, failures]);
    throw new DomainError(ACCOUNT_CODES.wrongPayPassword, 200, String(PAY_LOCKOUT.maxFailures - failures), { commit: true });
  });
};

const validatePayPwd: Handler<'wallet/paypassword/validatePayPwd'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const pin = await readKeypadEntry(tx, memberId, input);
    if (isWeakPin(pin)) throw new DomainError(ACCOUNT_CODES.weakPayPassword, 200, '', { commit: true });
    return { acceptable: true as const };
  });
};

/** Until bank cards exist, a forgotten pay password is reset with an SMS (or e-mail) code to the account's own contact. */
const forgetPayPassword: Handler<'wallet/paypassword/forgetPayPassword'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  if (input.step === 'sendCode') {
    return ctx.db.transaction(async (tx) => {
      const row = await lockPayRow(tx, memberId);
      const destination = row.mobile ?? row.email!;
      await issueCode(tx, { channel: row.mobile ? 'sms' : 'email', destination, purpose: 'payPassword', clientIp: ctx.ip, language: ctx.language });
      return { sentTo: maskDestination(destination) };
    });
  }
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const row = await lockPayRow(tx, memberId);
    await consumeCode(tx, { destination: row.mobile ?? row.email!, purpose: 'payPassword', code: input.code });
    return { resetTicket: await openTicket(tx, memberId, 'payPassword') };
  });
};

export const payPasswordHandlers = {
  'common/getRandomKey': getRandomKey,
  'wallet/password/setPayPwd': setPayPwd,
  'wallet/paypassword/checkPayPwd': checkPayPwd,
  'wallet/paypassword/validatePayPwd': validatePayPwd,
  'wallet/paypassword/forgetPayPassword': forgetPayPassword,
} satisfies FlowHandlers<'payPassword'>;
