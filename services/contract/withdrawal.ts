import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { bankCode, boundCard, cardId } from './shared.ts';

const positiveCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const withdrawNo = z.string().regex(/^WD\d{12}$/);
export const branchCode = z.string().regex(/^\d{4}$/);

/** What the withdrawal screen starts from: the balances and the cards money can go to. */
export const queryWithdrawInfo = defineService({
  name: 'wallet/withdraw/queryWithdrawInfo',
  audience: 'member',
  request: z.object({}),
  response: z.object({ available: cents, frozen: cents, verified: z.boolean(), cards: z.array(boundCard) }),
});

/**
 * The limits that apply to a withdrawal to this card: the bank's (minimum, per withdrawal, per
 * day, with what the member already withdrew to that bank today) and the account level's (per
 * transaction, per day, per month, shared with transfers). `maxAmount` is the most that can be
 * withdrawn now: within every limit, with its charge, out of the available balance.
 */
export const queryLimits = defineService({
  name: 'wallet/withdraw/queryLimits',
  audience: 'member',
  request: z.object({ cardId }),
  response: z.object({
    bankCode,
    bank: z.object({ min: cents, perTransaction: cents.nullable(), daily: cents.nullable(), usedToday: cents }),
    level: z.object({ level: z.enum(['I', 'III', 'commercial']), perTransaction: cents.nullable(), daily: cents.nullable(), monthly: cents.nullable(), usedToday: cents }),
    available: cents,
    maxAmount: cents,
  }),
});

/** The service charge for withdrawing `amount` to this card, shown before confirming (sic: the catalogue's spelling). */
export const querySerivceCharge = defineService({
  name: 'wallet/withdraw/querySerivceCharge',
  audience: 'member',
  request: z.object({ cardId, amount: positiveCents }),
  response: z.object({ amount: cents, charge: cents, total: cents }),
});

/** The cards a withdrawal can go to (bound debit cards). */
export const queryCardInfoList = defineService({
  name: 'wallet/withdraw/queryCardInfoList',
  audience: 'member',
  request: z.object({}),
  response: z.object({ cards: z.array(boundCard) }),
});

export const queryNeedBankBranch = defineService({
  name: 'wallet/withdraw/queryNeedBankBranch',
  audience: 'member',
  request: z.object({ cardId }),
  response: z.object({ bankCode, needBranch: z.boolean() }),
});

/** Provinces and municipalities where the bank has branches, for the branch picker. */
export const queryWithdrawProvCities = defineService({
  name: 'fund/withdraw/queryAllProvCities',
  audience: 'member',
  request: z.object({ bankCode }),
  response: z.object({ provinces: z.array(z.object({ id: z.string(), name: z.string(), cities: z.array(z.string()) })) }),
});

export const branch = z.object({ branchCode, name: z.string(), address: z.string(), provinceId: z.string(), city: z.string() });

export const queryBranches = defineService({
  name: 'fund/withdraw/queryBranches',
  audience: 'member',
  request: z.object({ bankCode, provinceId: z.string().min(1).max(40), city: z.string().min(1).max(80).optional() }),
  response: z.object({ branches: z.array(branch) }),
});

/**
 * The withdrawal: `charge` is the one shown (querySerivceCharge); if it changed meanwhile the
 * answer is WDR10004 with the current charge, and nothing moves. `branchCode` when the bank needs
 * one (WDR10002/WDR10003). `payToken` from checkPayPwd with purpose `{service: <this service's
 * name>, amount, counterparty: cardId}`. A money call, idempotent on requestNo. Amount + charge
 * are held (frozen) at once; the bank settles later (queryWithdrawStatus).
 */
const withdrawRequest = z.object({ cardId, amount: positiveCents, charge: cents, branchCode: branchCode.optional(), payToken: z.string().min(20).max(128) });
const withdrawAnswer = z.object({ withdrawNo, state: z.literal('PENDING'), amount: cents, charge: cents, available: cents, frozen: cents, createdAt: z.string() });

export const applyWithdraw = defineService({ name: 'wallet/withdraw/applyWithdraw', audience: 'member', request: withdrawRequest, response: withdrawAnswer });
/** The same call under its newer catalogue name. */
export const newWithdrawApply = defineService({ name: 'wallet/withdraw/newWithdrawApply', audience: 'member', request: withdrawRequest, response: withdrawAnswer });

/**
 * Where a withdrawal stands: PENDING (held; the bank has not answered: a late arrival may be the
 * bank's processing), SUCCESS (paid out) or FAILED (the hold was released; `failReason` is the
 * bank's: DECLINED, LIMIT_EXCEEDED, BRANCH_REQUIRED, CARD_BLOCKED, CARD_UNKNOWN).
 */
export const queryWithdrawStatus = defineService({
  name: 'wallet/withdraw/queryWithdrawStatus',
  audience: 'member',
  request: z.object({ withdrawNo }),
  response: z.object({
    withdrawNo,
    state: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
    amount: cents,
    charge: cents,
    card: z.object({ cardId, bankShort: z.string(), maskedCardNo: z.string() }),
    branchCode: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    failReason: z.string().nullable(),
  }),
});
