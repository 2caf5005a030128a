import { STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { recordsScope } from '../../entities/merchants.ts';
import { stateOf, visibleRows } from '../../entities/merchantRecords.ts';
import { REFUNDABLE_COLUMNS, refundLockedPayment, type RefundablePayment } from '../../merchantPayment/refund.ts';

export { chargeReturnedUpTo } from '../../merchantPayment/refund.ts';

const SERVICE = 'merchant/refund/apply';

/**
 * A refund (server/ledger/README.md, "Refunds"): the money-call pattern under the merchant
 * owner's requestNo. In order: the pay confirmation for this refund; the payment's row, among those
 * the owner may see (FOR UPDATE: two refunds of one payment take turns here, and the second sees the
 * first's total); then the payment module's refund (server/merchantPayment/refund.ts, the one the
 * group vouchers' expiry job uses too): the fee income shard that earned its charge, the settlement
 * shards gathered into shard 0, the postings, the running total, the refund's row, the clawback and
 * the payer's SMS.
 */
const applyRefund: Handler<'merchant/refund/apply'> = async (input, ctx) => {
  // a clerk never refunds (STF10010), a removed one is STF10009: decided before anything is claimed
  const scope = await recordsScope(ctx, ctx.db, { ownerOnly: true });
  const ownerMember = scope.memberId;
  return idempotentMoneyCall(ctx, ownerMember, SERVICE, input, async (tx) => {
    await consumePayAuthorization(tx, ownerMember, input.payToken, { service: SERVICE, amount: input.amount, counterparty: input.recordId });
    const { where, params } = await visibleRows(tx, scope, {}, 2);
    const { rows } = await tx.query<RefundablePayment>(
      `SELECT ${REFUNDABLE_COLUMNS}
         FROM merchant_payments p LEFT JOIN code_bindings b ON b.id = p.binding_id
        WHERE p.id = $1 AND ${where.join(' AND ')} FOR UPDATE OF p`,
      [input.recordId, ...params],
    );
    const payment = rows[0];
    if (!payment) throw new DomainError(STAFF_CODES.recordUnknown);
    const done = await refundLockedPayment(tx, payment, {
      amount: BigInt(input.amount), ownerMember, merchant: scope.merchant, refundedBy: ownerMember, requestNo: ctx.requestNo,
    });
    return {
      refundId: done.refundId,
      refundNo: done.refundNo,
      recordId: payment.id,
      amount: input.amount,
      chargeReturned: Number(done.chargeReturned),
      refunded: Number(done.refunded),
      state: stateOf(done.paid, done.refunded),
      at: done.at.toISOString(),
    };
  });
};

export const refundHandlers = {
  'merchant/refund/apply': applyRefund,
} satisfies FlowHandlers<'refund'>;
