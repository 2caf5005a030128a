import { ACCOUNT_CODES, CARD_CODES } from '../../../services/contract/answerCodes.ts';
import type { Queryable } from '../../db/index.ts';
import { moneyMember } from '../../entities/members.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { consumeCode, issueCode } from '../../auth/oneTimeCodes.ts';
import { hashPassword, maskDestination, openTicket, useTicket, verifyPassword } from '../../entities/memberAccounts.ts';
import { issueKeypad, isWeakPin, readKeypadEntry } from './keypad.ts';
import { authorizePayment } from '../../ledger/payAuthorizations.ts';
import { memberIdOf } from '../../auth/principal.ts';

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

/**
 * The member's current pay password, typed on a one-time keypad: right, or a counted refusal
 * (five wrong ones lock paying). Runs inside `transactionKeepingCountedRefusals`, which keeps the count.
 */
async function verifyCurrentPin(tx: Queryable, memberId: string, entry: { randKey: string; cipher: string }): Promise<PayRow> {
  const row = await lockPayRow(tx, memberId);
  const pin = await readKeypadEntry(tx, memberId, entry);
  if (!row.pay_password_hash) throw new DomainError(ACCOUNT_CODES.payPasswordNotSet, 200, '', { commit: true });
  if (row.locked_seconds) throw new DomainError(ACCOUNT_CODES.payLocked, 200, String(Math.ceil(row.locked_seconds / 60)), { commit: true });
  if (await verifyPassword(row.pay_password_hash, pin)) {
    await tx.query('UPDATE members SET failed_pay_attempts = 0 WHERE id = $1', [memberId]);
    return row;
  }
  const failures = row.failed_pay_attempts + 1;
  if (failures >= PAY_LOCKOUT.maxFailures) {
    await tx.query('UPDATE members SET failed_pay_attempts = 0, pay_locked_until = now() + make_interval(mins => $2) WHERE id = $1', [memberId, PAY_LOCKOUT.minutes]);
    throw new DomainError(ACCOUNT_CODES.payLocked, 200, String(PAY_LOCKOUT.minutes), { commit: true });
  }
  await tx.query('UPDATE members SET failed_pay_attempts = $2 WHERE id = $1', [memberId, failures]);
  throw new DomainError(ACCOUNT_CODES.wrongPayPassword, 200, String(PAY_LOCKOUT.maxFailures - failures), { commit: true });
}

const checkPayPwd: Handler<'wallet/paypassword/checkPayPwd'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await verifyCurrentPin(tx, memberId, input);
    return input.purpose ? { valid: true as const, payToken: await authorizePayment(tx, memberId, input.purpose) } : { valid: true as const };
  });
};

/** The current pay password, then the new one (each on its own keypad): a wrong current one is counted. */
const setShortPayPwd: Handler<'wallet/paypassword/setShortPayPwd'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  if (input.current.randKey === input.entry.randKey) throw new DomainError(ACCOUNT_CODES.keypadExpired);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await verifyCurrentPin(tx, memberId, input.current);
    const pin = await readKeypadEntry(tx, memberId, input.entry);
    if (isWeakPin(pin)) throw new DomainError(ACCOUNT_CODES.weakPayPassword, 200, '', { commit: true });
    await tx.query('UPDATE members SET pay_password_hash = $2, failed_pay_attempts = 0 WHERE id = $1', [memberId, await hashPassword(pin)]);
    return { set: true as const };
  });
};

/**
 * One of the member's bound cards, by its whole number and the mobile the bank has for it.
 * Only the BIN, the last four digits and the length are kept, so the bank is asked too (on the
 * code's way out) whether the whole number is that card: its token must be the bound one's.
 */
async function boundCardFor(tx: Queryable, memberId: string, cardNo: string, mobile: string): Promise<{ card_token: string }> {
  const { rows } = await tx.query<{ card_token: string; holder_mobile: string }>(
    `SELECT card_token, holder_mobile FROM bank_cards
      WHERE member_id = $1 AND removed_at IS NULL AND bin = $2 AND last4 = $3 AND card_length = $4`,
    [memberId, cardNo.slice(0, 6), cardNo.slice(-4), cardNo.length],
  );
  if (rows.length === 0) throw new DomainError(CARD_CODES.cardNotFound);
  const card = rows.find((row) => row.holder_mobile === mobile);
  if (!card) throw new DomainError(CARD_CODES.mobileMismatch);
  return card;
}

const checkCardNoMobile: Handler<'wallet/paypassword/check-cardNo-mobile'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const mobile = `+244${input.mobile}`;
  if (input.step === 'sendCode') {
    const card = await boundCardFor(ctx.db, memberId, input.cardNo, mobile);
    const member = await moneyMember(ctx.db, { id: memberId });
    // the bank is asked outside any transaction of ours
    const verified = await ctx.adapters.bank.verifyCard({ cardNo: input.cardNo, holderName: member?.realName ?? '', mobile });
    if (verified.outcome === 'mobileMismatch') throw new DomainError(CARD_CODES.mobileMismatch);
    if (verified.outcome !== 'ok' || verified.token !== card.card_token) throw new DomainError(CARD_CODES.cardNotFound);
    return ctx.db.transaction(async (tx) => {
      const issued = await issueCode(tx, { channel: 'sms', destination: mobile, purpose: 'payPassword', memberId, clientIp: ctx.ip, language: ctx.language });
      return { sentTo: maskDestination(mobile), resendAfterSeconds: issued.resendAfterSeconds };
    });
  }
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await lockPayRow(tx, memberId);
    await boundCardFor(tx, memberId, input.cardNo, mobile);
    await consumeCode(tx, { destination: mobile, purpose: 'payPassword', code: input.code });
    return { resetTicket: await openTicket(tx, memberId, 'payPassword') };
  });
};

/** A member with a bound card resets with it (check-cardNo-mobile): the account's own mobile alone is not enough then. */
async function hasBoundCard(tx: Queryable, memberId: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM bank_cards WHERE member_id = $1 AND removed_at IS NULL LIMIT 1', [memberId])).rows.length > 0;
}

const validatePayPwd: Handler<'wallet/paypassword/validatePayPwd'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const pin = await readKeypadEntry(tx, memberId, input);
    if (isWeakPin(pin)) throw new DomainError(ACCOUNT_CODES.weakPayPassword, 200, '', { commit: true });
    return { acceptable: true as const };
  });
};

/** Without a bound card, a forgotten pay password is reset with an SMS (or e-mail) code to the account's own contact. */
const forgetPayPassword: Handler<'wallet/paypassword/forgetPayPassword'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  if (input.step === 'sendCode') {
    return ctx.db.transaction(async (tx) => {
      const row = await lockPayRow(tx, memberId);
      if (await hasBoundCard(tx, memberId)) throw new DomainError(ACCOUNT_CODES.payResetByCard);
      const destination = row.mobile ?? row.email!;
      await issueCode(tx, { channel: row.mobile ? 'sms' : 'email', destination, purpose: 'payPassword', memberId, clientIp: ctx.ip, language: ctx.language });
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
  'wallet/paypassword/setShortPayPwd': setShortPayPwd,
  'wallet/paypassword/check-cardNo-mobile': checkCardNoMobile,
} satisfies FlowHandlers<'payPassword'>;
