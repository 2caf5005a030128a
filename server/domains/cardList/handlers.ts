import { CARD_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { memberIdOf } from '../../entities/members.ts';
import { enabledChannels, rulesOf } from '../../entities/bankChannels.ts';
import { activeCards, toBoundCard } from '../../entities/cards.ts';

/** The member's bound cards (and unbinding one), and the banks the wallet serves with their limits. */

const getAllBankCard: Handler<'wallet/card/getAllBankCard'> = async (_input, ctx) => ({
  cards: (await activeCards(ctx.db, memberIdOf(ctx))).map(toBoundCard),
});

/** Unbinding stops new top-ups and withdrawals with the card; those already with the bank still settle. */
const removeBankCard: Handler<'wallet/card/removeBankCard'> = async (input, ctx) => {
  const { rows } = await ctx.db.query('UPDATE bank_cards SET removed_at = now() WHERE id = $1 AND member_id = $2 AND removed_at IS NULL RETURNING 1', [input.cardId, memberIdOf(ctx)]);
  if (rows.length === 0) throw new DomainError(CARD_CODES.cardNotFound);
  return { removed: true as const };
};

const getBankLimit: Handler<'common/setting/getBankLimit'> = async (input, ctx) => ({
  banks: (await enabledChannels(ctx.db, input.bankCode)).map(rulesOf),
});

const getSupportBankAndLimit: Handler<'cashier/merchantConf/getSupportBankAndLimit'> = async (_input, ctx) => ({
  banks: (await enabledChannels(ctx.db)).map((channel) => {
    const rules = rulesOf(channel);
    return { bankCode: rules.bankCode, bankShort: rules.bankShort, bankName: rules.bankName, cardTypes: ['debit' as const], singleLimit: rules.topup.perTransaction, dailyLimit: rules.topup.daily };
  }),
});

export const cardListHandlers = {
  'wallet/card/getAllBankCard': getAllBankCard,
  'wallet/card/removeBankCard': removeBankCard,
  'common/setting/getBankLimit': getBankLimit,
  'cashier/merchantConf/getSupportBankAndLimit': getSupportBankAndLimit,
} satisfies FlowHandlers<'cardList'>;
