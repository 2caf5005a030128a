import { ACCOUNT_CODES, LEDGER_CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { moneyTransaction } from '../../ledger/ledger.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { payCharge, quoteCharge, requireQuoted } from '../../merchantPayment/index.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { memberIdOf, moneyMember, requireVerified, passwordFreeOf } from '../../entities/members.ts';
import { PAYMENT_CODE_SECONDS, expireOverdueCharge, hashPaymentCode, newPaymentCode, receiptOf } from '../../merchantPayment/paymentCodes.ts';

const CONFIRM = 'pay/paymentCode/confirm';

/**
 * A new payment code for this member and device. The member's earlier code is spent in the same
 * transaction (`replaced`); the unique index on a member's active code makes two issues at once
 * end with one active code (the second is retried and replaces the first).
 */
const issue: Handler<'pay/paymentCode/issue'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const member = requireVerified(await moneyMember(ctx.db, { id: memberId }));
  const { rows } = await ctx.db.query<{ set: boolean }>('SELECT pay_password_hash IS NOT NULL AS set FROM members WHERE id = $1', [member.id]);
  if (!rows[0]?.set) throw new DomainError(ACCOUNT_CODES.payPasswordNotSet);
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
  return { code, expiresAt: new Date(issued.expires_at).toISOString(), passwordFreeLimit: Number(passwordFree.effectiveLimit) };
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
} satisfies FlowHandlers<'paymentCode'>;
