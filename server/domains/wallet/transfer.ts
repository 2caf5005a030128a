import { LEDGER_CODES } from '../../../services/contract/codes.ts';
import { DomainError } from '../../errors.ts';
import type { Handler } from '../../registry.ts';
import { memberAccount, post } from '../../ledger/ledger.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { consumePayAuthorization } from '../payPassword/authorizations.ts';
import { checkBalanceCeiling, spendOutgoingLimit } from './limits.ts';
import { maskName, memberIdOf, moneyMember, requireVerified, transferParties } from './members.ts';

const e164 = (national: string) => `+244${national}`;

/** The payee as the payer will see them: only a verified member, by their verified name, masked. */
const queryPayee: Handler<'wallet/transfer/queryPayee'> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  const payee = await moneyMember(ctx.db, { mobile: e164(input.mobile) });
  if (!payee?.verified || !payee.realName) throw new DomainError(LEDGER_CODES.payeeNotFound);
  if (payee.id === payerId) throw new DomainError(LEDGER_CODES.payeeIsSelf);
  return { maskedName: maskName(payee.realName), mobile: e164(input.mobile) };
};

/**
 * Member to member. One transaction: the requestNo claim, the pay-password authorisation for this
 * very payment, the payer's limits, the ledger posting (which refuses an overdraft under the
 * account locks) and the payee's balance ceiling.
 */
const doTransfer: Handler<'wallet/transfer/doTransfer'> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  return idempotentMoneyCall(ctx, payerId, 'wallet/transfer/doTransfer', input, async (tx) => {
    const amount = BigInt(input.amount);
    await consumePayAuthorization(tx, payerId, input.payToken, { service: 'wallet/transfer/doTransfer', amount: input.amount, counterparty: input.mobile });
    const parties = await transferParties(tx, payerId, e164(input.mobile));
    const payer = requireVerified(parties.payer);
    const payee = parties.payee;
    if (!payee?.verified || !payee.realName) throw new DomainError(LEDGER_CODES.payeeNotFound);
    if (payee.id === payer.id) throw new DomainError(LEDGER_CODES.payeeIsSelf);
    await spendOutgoingLimit(tx, payer.id, payer.level, amount);
    const posted = await post(tx, {
      key: `transfer:${payer.id}:${ctx.requestNo}`,
      kind: 'transfer',
      debit: payer.accountId ?? await memberAccount(tx, payer.id, 'available'),
      credit: payee.accountId ?? await memberAccount(tx, payee.id, 'available'),
      amount,
      reference: input.note || null,
    });
    checkBalanceCeiling(payee.maxBalance, posted.creditBalance!);
    return {
      transferId: posted.transferId,
      amount: input.amount,
      available: Number(posted.debitBalance),
      maskedName: maskName(payee.realName),
      at: new Date().toISOString(),
    };
  });
};

export const transferHandlers = {
  'wallet/transfer/queryPayee': queryPayee,
  'wallet/transfer/doTransfer': doTransfer,
};
