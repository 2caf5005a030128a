import { z } from 'zod';
import { defineService } from './define.ts';
import { bankCode, bankRules, boundCard, cardId, limitOrNone } from './shared.ts';

export const getAllBankCard = defineService({
  name: 'wallet/card/getAllBankCard',
  audience: 'member',
  request: z.object({}),
  response: z.object({ cards: z.array(boundCard) }),
});

export const removeBankCard = defineService({
  name: 'wallet/card/removeBankCard',
  audience: 'member',
  request: z.object({ cardId }),
  response: z.object({ removed: z.literal(true) }),
});

export const getBankLimit = defineService({
  name: 'common/setting/getBankLimit',
  audience: 'member',
  request: z.object({ bankCode: bankCode.optional() }),
  response: z.object({ banks: z.array(bankRules) }),
});

/** The banks whose debit cards can pay (top up) in the cashier, with the single and daily limits. */
export const getSupportBankAndLimit = defineService({
  name: 'cashier/merchantConf/getSupportBankAndLimit',
  audience: 'public',
  request: z.object({}),
  response: z.object({
    banks: z.array(z.object({ bankCode, bankShort: z.string(), bankName: z.string(), cardTypes: z.array(z.literal('debit')), singleLimit: limitOrNone, dailyLimit: limitOrNone })),
  }),
});
