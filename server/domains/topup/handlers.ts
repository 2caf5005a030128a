import { CARD_CODES, LEDGER_CODES } from '../../../services/contract/answerCodes.ts';
import type { TopupStatus } from '../../../services/contract/topup.ts';
import type { Database, Queryable } from '../../db/index.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import type { BankOperationStatus } from '../../adapters/bank.ts';
import { memberAccount, moneyTransaction, post, systemAccount } from '../../ledger/ledger.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { consumeCode, issueCode } from '../../auth/oneTimeCodes.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { LUANDA_DAY } from '../../ledger/limits.ts';
import { memberIdOf, moneyMember, requireVerified } from '../../entities/members.ts';
import { bankLabel, channelOf } from '../../entities/bankChannels.ts';
import { earnDraws } from '../../entities/lotteryActivities.ts';
import { activeCard, maskCardNo, maskMobile } from '../../entities/cards.ts';

/**
 * Top-up from a bound card: applyTopup (limits; SMS code to the card's mobile) → verifyTopupCode
 * → confirmTopup (pay password; a money call, idempotent on requestNo; answers PENDING) → the
 * settlement job submits the debit to the bank and, when the bank confirms, credits the member's
 * available account from the bank's clearing account. A bank failure credits nothing.
 */

const ORDER_MINUTES = 15;
export const CONFIRM_SERVICE = 'wallet/topup/confirmTopup';

interface OrderRow {
  id: string;
  order_no: string;
  member_id: string;
  card_id: string;
  bank_code: string;
  card_token: string;
  holder_mobile: string;
  amount: string;
  state: TopupStatus['state'];
  expired: boolean;
  created_at: Date;
  confirmed_at: Date | null;
  finished_at: Date | null;
  bank_reason: string | null;
  bin: string;
  last4: string;
  card_length: number;
}

const ORDER_SELECT = `SELECT t.id::text, t.order_no, t.member_id::text, t.card_id::text, t.bank_code, t.card_token, t.holder_mobile, t.amount::text, t.state,
    t.expires_at <= now() AS expired, t.created_at, t.confirmed_at, t.finished_at, t.bank_reason, c.bin, c.last4, c.card_length
  FROM topups t JOIN bank_cards c ON c.id = t.card_id`;

async function orderOf(tx: Queryable, memberId: string, orderNo: string, lock = false): Promise<OrderRow> {
  const { rows } = await tx.query<OrderRow>(`${ORDER_SELECT} WHERE t.order_no = $1 AND t.member_id = $2${lock ? ' FOR UPDATE OF t' : ''}`, [orderNo, memberId]);
  if (!rows[0]) throw new DomainError(CARD_CODES.topupNotFound);
  return rows[0];
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function statusOf(order: OrderRow): TopupStatus {
  return {
    orderNo: order.order_no,
    state: order.state,
    amount: Number(order.amount),
    card: { cardId: order.card_id, bankShort: bankLabel(order.bank_code).bankShort, maskedCardNo: maskCardNo(order.bin, order.last4, order.card_length) },
    createdAt: new Date(order.created_at).toISOString(),
    confirmedAt: iso(order.confirmed_at),
    finishedAt: iso(order.finished_at),
    failReason: order.state === 'FAILED' ? order.bank_reason : null,
  };
}

/** The bank's top-up limits and the member's balance ceiling: when an order opens, and again when it is confirmed. */
async function checkTopupLimits(tx: Queryable, member: { id: string; level: string }, bankCode: string, amount: bigint): Promise<void> {
  const channel = await channelOf(tx, bankCode);
  if (channel.topupPerTransaction !== null && amount > channel.topupPerTransaction) throw new DomainError(CARD_CODES.bankLimit, 200, 'perTransaction');
  if (channel.topupDaily !== null) {
    const { rows } = await tx.query<{ total: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS total FROM topups
        WHERE member_id = $1 AND bank_code = $2 AND state IN ('PENDING', 'SUCCESS')
          AND (confirmed_at AT TIME ZONE 'UTC' + interval '1 hour')::date = ${LUANDA_DAY}`,
      [member.id, bankCode],
    );
    if (BigInt(rows[0]!.total) + amount > channel.topupDaily) throw new DomainError(CARD_CODES.bankLimit, 200, 'daily');
  }
  // what is already on its way counts too: the level's balance ceiling is not to be passed by waiting top-ups
  const { rows } = await tx.query<{ max_balance: string | null; available: string; waiting: string }>(
    `SELECT (SELECT max_balance FROM account_level_limits WHERE level = $2)::text AS max_balance,
            coalesce((SELECT balance FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'), 0)::text AS available,
            (SELECT coalesce(sum(amount), 0) FROM topups WHERE member_id = $1 AND state = 'PENDING')::text AS waiting`,
    [member.id, member.level],
  );
  const row = rows[0]!;
  if (row.max_balance !== null && BigInt(row.available) + BigInt(row.waiting) + amount > BigInt(row.max_balance)) {
    throw new DomainError(LEDGER_CODES.limitExceeded, 200, 'maxBalance');
  }
}

/** Opens an order (no code sent): the first half of applyTopup, and the load tests' way in with `codeVerified`. */
export async function openTopupOrder(tx: Queryable, memberId: string, cardId: string, amount: bigint, options: { codeVerified?: boolean } = {}): Promise<OrderRow> {
  const member = requireVerified(await moneyMember(tx, { id: memberId }));
  const card = await activeCard(tx, memberId, cardId);
  await checkTopupLimits(tx, member, card.bank_code, amount);
  const { rows } = await tx.query<{ order_no: string }>(
    `INSERT INTO topups (member_id, card_id, bank_code, card_token, holder_mobile, amount, state, expires_at, code_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8), CASE WHEN $9::boolean THEN now() END) RETURNING order_no`,
    [memberId, cardId, card.bank_code, card.card_token, card.holder_mobile, amount.toString(), options.codeVerified ? 'CODE_VERIFIED' : 'AWAITING_CODE', ORDER_MINUTES, options.codeVerified ?? false],
  );
  return orderOf(tx, memberId, rows[0]!.order_no);
}

/** Load tests and the benchmark: an order whose SMS code counts as given (then confirmTopup through the gateway). */
export async function topupOrderDirect(db: Database, memberId: string, cardId: string, amount: bigint): Promise<string> {
  return (await db.transaction((tx) => openTopupOrder(tx, memberId, cardId, amount, { codeVerified: true }))).order_no;
}

const applyTopup: Handler<'wallet/topup/applyTopup'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const order = await openTopupOrder(tx, memberId, input.cardId, BigInt(input.amount));
    const issued = await issueCode(tx, { channel: 'sms', destination: order.holder_mobile, purpose: 'topup', memberId, clientIp: ctx.ip, language: ctx.language });
    return { orderNo: order.order_no, state: 'AWAITING_CODE' as const, amount: input.amount, mobileMasked: maskMobile(order.holder_mobile), ...issued };
  });
};

async function awaitingCode(tx: Queryable, memberId: string, orderNo: string): Promise<OrderRow> {
  const order = await orderOf(tx, memberId, orderNo, true);
  if (order.expired && order.state === 'AWAITING_CODE') throw new DomainError(CARD_CODES.topupNotFound);
  return order;
}

const resendTopupCode: Handler<'wallet/topup/resendTopupCode'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const order = await awaitingCode(tx, memberId, input.orderNo);
    if (order.state !== 'AWAITING_CODE') throw new DomainError(CARD_CODES.topupAlreadyConfirmed);
    const issued = await issueCode(tx, { channel: 'sms', destination: order.holder_mobile, purpose: 'topup', memberId, clientIp: ctx.ip, language: ctx.language });
    return { mobileMasked: maskMobile(order.holder_mobile), ...issued };
  });
};

/** The code, in its own transaction so a wrong try stays counted (five void the code). */
const verifyTopupCode: Handler<'wallet/topup/verifyTopupCode'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const order = await awaitingCode(tx, memberId, input.orderNo);
    if (order.state === 'CODE_VERIFIED') return { orderNo: order.order_no, state: 'CODE_VERIFIED' as const };
    if (order.state !== 'AWAITING_CODE') throw new DomainError(CARD_CODES.topupAlreadyConfirmed);
    await consumeCode(tx, { destination: order.holder_mobile, purpose: 'topup', code: input.code });
    await tx.query("UPDATE topups SET state = 'CODE_VERIFIED', code_verified_at = now() WHERE id = $1", [order.id]);
    return { orderNo: order.order_no, state: 'CODE_VERIFIED' as const };
  });
};

const confirmTopup: Handler<'wallet/topup/confirmTopup'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return idempotentMoneyCall(ctx, memberId, CONFIRM_SERVICE, input, async (tx) => {
    const order = await orderOf(tx, memberId, input.orderNo, true);
    if (order.state === 'AWAITING_CODE') throw new DomainError(order.expired ? CARD_CODES.topupNotFound : CARD_CODES.topupCodeNeeded);
    if (order.state !== 'CODE_VERIFIED') throw new DomainError(CARD_CODES.topupAlreadyConfirmed);
    if (order.expired) throw new DomainError(CARD_CODES.topupNotFound);
    await consumePayAuthorization(tx, memberId, input.payToken, { service: CONFIRM_SERVICE, amount: Number(order.amount), counterparty: order.card_id });
    // one confirmation per member at a time, and the limits again: several orders opened under the
    // limits must not all be confirmed past them
    await tx.query('SELECT 1 FROM members WHERE id = $1 FOR NO KEY UPDATE', [memberId]);
    const member = requireVerified(await moneyMember(tx, { id: memberId }));
    await activeCard(tx, memberId, order.card_id);
    await checkTopupLimits(tx, member, order.bank_code, BigInt(order.amount));
    await tx.query("UPDATE topups SET state = 'PENDING', confirmed_at = now(), next_check_at = now() WHERE id = $1", [order.id]);
    return statusOf(await orderOf(tx, memberId, input.orderNo));
  });
};

const queryTopup: Handler<'wallet/topup/queryTopup'> = async (input, ctx) => statusOf(await orderOf(ctx.db, memberIdOf(ctx), input.orderNo));

export const topupHandlers = {
  'wallet/topup/applyTopup': applyTopup,
  'wallet/topup/resendTopupCode': resendTopupCode,
  'wallet/topup/verifyTopupCode': verifyTopupCode,
  'wallet/topup/confirmTopup': confirmTopup,
  'wallet/topup/queryTopup': queryTopup,
} satisfies FlowHandlers<'topup'>;

/**
 * The bank's final answer on a top-up, applied once: the order leaves PENDING in the same
 * transaction as the credit (bank clearing → member available), so a second answer finds nothing
 * to do. Answers whether this call resolved it.
 */
export async function resolveTopup(db: Database, id: string, outcome: BankOperationStatus): Promise<boolean> {
  if (outcome.state === 'PENDING') return false;
  return moneyTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ member_id: string; bank_code: string; amount: string; order_no: string }>(
      `UPDATE topups SET state = $2, finished_at = now(), bank_reason = $3 WHERE id = $1 AND state = 'PENDING'
        RETURNING member_id::text, bank_code, amount::text, order_no`,
      [id, outcome.state === 'SUCCEEDED' ? 'SUCCESS' : 'FAILED', outcome.reason],
    );
    const order = rows[0];
    if (!order) return false;
    if (outcome.state === 'SUCCEEDED') {
      const posted = await post(tx, {
        key: `topup:${id}`,
        kind: 'topup',
        debit: await systemAccount(tx, { kind: 'bank_clearing', bankCode: order.bank_code }),
        credit: await memberAccount(tx, order.member_id, 'available'),
        amount: BigInt(order.amount),
        reference: order.order_no,
      });
      await tx.query('UPDATE topups SET transfer_id = $2 WHERE id = $1', [id, posted.transferId]);
      // the lottery's draws a top-up earns (README "Lottery"), once: the order leaves PENDING once
      await earnDraws(tx, { memberId: order.member_id, source: 'topup', sourceId: id, amount: BigInt(order.amount) });
    }
    return true;
  });
}
