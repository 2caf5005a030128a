import { ACCOUNT_CODES, LEDGER_CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { moneyTransaction } from '../../ledger/ledger.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { payCharge, quoteCharge, requireQuoted } from '../../merchantPayment/index.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { memberIdOf, moneyMember, requireVerified, passwordFreeOf } from '../../entities/members.ts';
import { PAYMENT_CODE_SECONDS, expireOverdueCharge, hashPaymentCode, newPaymentCode, receiptOf } from '../../merchantPayment/paymentCodes.ts';
import { enrolDevice, refreshEnrolment, turnOffDevice } from '../../merchantPayment/offlineCodes.ts';
import { OFFLINE_STEP_SECONDS } from '../../../services/offlinePaymentCode.ts';
import type { Queryable } from '../../db/index.ts';

const CONFIRM = 'pay/paymentCode/confirm';

/** Payment codes (online and offline) only for a verified member with a pay password: FND10004, PAY10006. */
async function requireCodeHolder(db: Queryable, memberId: string): Promise<void> {
  const member = requireVerified(await moneyMember(db, { id: memberId }));
  const { rows } = await db.query<{ set: boolean }>('SELECT pay_password_hash IS NOT NULL AS set FROM members WHERE id = $1', [member.id]);
  if (!rows[0]?.set) throw new DomainError(ACCOUNT_CODES.payPasswordNotSet);
}

/** The member's newest charge still waiting for their pay password (made on an offline code, or elsewhere), if any. */
async function waitingChargeOf(db: Queryable, memberId: string) {
  const { rows } = await db.query<{ id: string; amount: string; store_name: string; merchant_name: string }>(
    `SELECT ch.id::text, ch.amount::text, st.name AS store_name, m.name AS merchant_name
       FROM payment_code_charges ch JOIN stores st ON st.id = ch.store_id JOIN merchants m ON m.id = st.merchant_id
      WHERE ch.member_id = $1 AND ch.state = 'awaitingConfirmation' AND ch.expires_at > now()
      ORDER BY ch.created_at DESC LIMIT 1`,
    [memberId],
  );
  const row = rows[0];
  return row ? { chargeId: row.id, amount: Number(row.amount), merchantName: row.merchant_name, storeName: row.store_name } : null;
}

/**
 * A new payment code for this member and device. The member's earlier code is spent in the same
 * transaction (`replaced`); the unique index on a member's active code makes two issues at once
 * end with one active code (the second is retried and replaces the first). The phone's offline
 * enrolment, if it names one, is refreshed (its offline life starts again) or reported gone.
 */
const issue: Handler<'pay/paymentCode/issue'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  await requireCodeHolder(ctx.db, memberId);
  let code = '';
  const issued = await moneyTransaction(ctx.db, async (tx) => {
    code = newPaymentCode(); // drawn again on a retry, should the digits ever be taken
    await tx.query("UPDATE payment_codes SET state = 'replaced' WHERE member_id = $1 AND state = 'active'", [memberId]);
    const inserted = await tx.query<{ expires_at: Date }>(
      `INSERT INTO payment_codes (token_hash, member_id, device_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       RETURNING expires_at`,
      [hashPaymentCode(code), memberId, input.deviceId, PAYMENT_CODE_SECONDS],
    );
    return inserted.rows[0]!;
  });
  const passwordFree = await passwordFreeOf(ctx.db, memberId, ctx.config.merchant.passwordFreeCap);
  return {
    code, expiresAt: new Date(issued.expires_at).toISOString(), passwordFreeLimit: Number(passwordFree.effectiveLimit),
    offline: input.offlineDeviceNo ? await refreshEnrolment(ctx.db, memberId, input.offlineDeviceNo) : null,
    waitingCharge: await waitingChargeOf(ctx.db, memberId),
    serverTime: new Date().toISOString(),
  };
};

/**
 * Turns the offline code on for this phone (README "Payment code without signal"): the secret
 * leaves the server this once, over the authenticated session, and is kept sealed.
 */
const enrolOffline: Handler<'pay/paymentCode/enrolOffline'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  await requireCodeHolder(ctx.db, memberId);
  const sessionId = ctx.principal?.audience === 'member' ? ctx.principal.sessionId : null;
  const enrolled = await ctx.db.transaction((tx) => enrolDevice(tx, ctx.config.merchant.offlineCodeKey, { memberId, sessionId, deviceId: input.deviceId, replaces: input.replaces }));
  return { deviceNo: enrolled.deviceNo, validUntil: enrolled.validUntil, secret: enrolled.secret.toString('base64url'), stepSeconds: OFFLINE_STEP_SECONDS, serverTime: new Date().toISOString() };
};

/** Turns the offline code off for this phone: its codes pay nothing from now on (MCH12003 if it was not on). */
const turnOffOffline: Handler<'pay/paymentCode/turnOffOffline'> = async (input, ctx) => {
  await turnOffDevice(ctx.db, memberIdOf(ctx), input.deviceNo);
  return { turnedOff: true as const };
};

/** What happened to one of the member's codes: the payment-code screen asks every few seconds. */
const status: Handler<'pay/paymentCode/status'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const find = () => ctx.db.query<{
    state: 'active' | 'used' | 'replaced'; expired: boolean; charge_id: string | null; charge_state: 'awaitingConfirmation' | 'paid' | 'refused' | 'expired' | null;
    charge_overdue: boolean | null; amount: string | null; refusal_code: string | null; payment_id: string | null; store_name: string | null; merchant_name: string | null;
  }>(
    `SELECT pc.state, pc.expires_at <= now() AS expired, ch.id::text AS charge_id, ch.state AS charge_state, ch.expires_at <= now() AS charge_overdue,
            ch.amount::text, ch.refusal_code, ch.payment_id::text, st.name AS store_name, m.name AS merchant_name
       FROM payment_codes pc
       LEFT JOIN payment_code_charges ch ON ch.token_hash = pc.token_hash
       LEFT JOIN stores st ON st.id = ch.store_id
       LEFT JOIN merchants m ON m.id = st.merchant_id
      WHERE pc.token_hash = $1 AND pc.member_id = $2`,
    [hashPaymentCode(input.code), memberId],
  );
  let row = (await find()).rows[0];
  if (!row) throw new DomainError(MERCHANT_CODES.codeExpired);
  if (row.charge_id && row.charge_state === 'awaitingConfirmation' && row.charge_overdue) {
    await expireOverdueCharge(ctx.db, row.charge_id);
    row = (await find()).rows[0]!;
  }
  if (row.charge_id) {
    return {
      state: row.charge_state!,
      charge: { chargeId: row.charge_id, amount: Number(row.amount), merchantName: row.merchant_name!, storeName: row.store_name! },
      receipt: row.payment_id ? await receiptOf(ctx.db, row.payment_id) : null,
      refusalCode: row.refusal_code,
    };
  }
  const state = row.state === 'replaced' ? 'replaced' : row.state === 'active' && !row.expired ? 'active' : 'expired';
  return { state, charge: null, receipt: null, refusalCode: null };
};

/** Refusals that end a waiting charge for the cashier too: the member cannot make them right within the window. */
const ENDS_THE_CHARGE = new Set<string>([LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, MERCHANT_CODES.payingOwnStore]);

/**
 * The member confirms a charge above their password-free limit with the pay password: a money call
 * (idempotent on the member's requestNo) that locks and quotes the charge (the payment module's
 * quoteCharge: MCH10013 not waiting, MCH10008 past its window), spends the confirmation given for
 * {service, amount, counterparty: chargeId} and pays exactly that quote (payCharge), like every
 * merchant payment. A wrong or stale confirmation (FND10008) leaves the charge waiting; a refusal the member
 * cannot make right (not enough money, a limit) also ends the charge as refused with that code, so
 * the cashier's screen says why at once.
 */
const confirm: Handler<typeof CONFIRM> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  try {
    return await idempotentMoneyCall(ctx, memberId, CONFIRM, input, async (tx) => {
      const quoted = await quoteCharge(tx, memberId, input.chargeId, { lock: true });
      await consumePayAuthorization(tx, memberId, input.payToken, { service: CONFIRM, amount: Number(quoted.figures.amount), counterparty: quoted.chargeId });
      requireQuoted(quoted.figures, input);
      const paid = await payCharge(tx, quoted);
      return receiptOf(tx, paid.paymentId);
    });
  } catch (error) {
    if (error instanceof DomainError && ENDS_THE_CHARGE.has(error.code)) {
      await ctx.db.query(
        "UPDATE payment_code_charges SET state = 'refused', refusal_code = $3 WHERE id = $1 AND member_id = $2 AND state = 'awaitingConfirmation'",
        [input.chargeId, memberId, error.code],
      );
    }
    throw error;
  }
};

/** The member refuses a charge they do not recognise: the cashier sees it refused with MCH10018, the customer said no. */
const decline: Handler<'pay/paymentCode/decline'> = async (input, ctx) => {
  const { rows } = await ctx.db.query(
    `UPDATE payment_code_charges SET state = 'refused', refusal_code = $3
      WHERE id = $1 AND member_id = $2 AND state = 'awaitingConfirmation' AND expires_at > now() RETURNING id`,
    [input.chargeId, memberIdOf(ctx), MERCHANT_CODES.customerDeclined],
  );
  if (!rows[0]) throw new DomainError(MERCHANT_CODES.chargeNotFound);
  return { declined: true as const };
};

export const paymentCodeHandlers = {
  'pay/paymentCode/issue': issue,
  'pay/paymentCode/status': status,
  [CONFIRM]: confirm,
  'pay/paymentCode/decline': decline,
  'pay/paymentCode/enrolOffline': enrolOffline,
  'pay/paymentCode/turnOffOffline': turnOffOffline,
} satisfies FlowHandlers<'paymentCode'>;
