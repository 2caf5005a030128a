import provinces from '../../../services/data/angola/provinces.json' with { type: 'json' };
import { CARD_CODES, GROUP_CODES } from '../../../services/contract/answerCodes.ts';
import type { Database, Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { Handler, HandlerContext, FlowHandlers } from '../../handler.ts';
import type { BankOperationStatus } from '../../adapters/bank.ts';
import { memberAccount, memberBalances, moneyTransaction, post, systemAccount } from '../../ledger/ledger.ts';
import { gatherSettlement, ownMerchant, settlementBalance } from '../../ledger/settlement.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { LUANDA_DAY, spendOutgoingLimit } from '../../ledger/limits.ts';
import { memberIdOf, moneyMember, requireVerified } from '../../entities/members.ts';
import { bankLabel, channelOf, serviceCharge, type Channel } from '../../entities/bankChannels.ts';
import { activeCard, activeCards, maskCardNo, toBoundCard, type CardRow } from '../../entities/cards.ts';
import { heldForVouchers } from '../../entities/groupPackages.ts';

/**
 * Withdrawal to a bound debit card (spec §5: amount ≤ available, the bank's limits per
 * withdrawal). The call holds amount + charge (available → frozen) and records the withdrawal
 * PENDING, in one transaction with the requestNo claim, the pay-password authorisation and the
 * level limits. The settlement job sends the payout to the bank; its answer resolves the hold
 * once (`UPDATE … WHERE state = 'PENDING'` with the postings): success pays out (frozen → bank
 * clearing) and earns the charge (frozen → fee income); failure releases everything (frozen →
 * available) and gives the level's daily usage back.
 *
 * A member who owns a merchant withdraws the merchant's settlement instead (issue 11): the shards
 * are locked in ascending id order and gathered into shard 0, the hold is taken from there, and a
 * failed withdrawal gives the money back to shard 0 (`withdrawals.source` says where it came from).
 * What the merchant's group vouchers not used yet may have to pay back stays (heldForVouchers,
 * GRP10016): the withdrawable balance shows the rest.
 */

type Member = NonNullable<Awaited<ReturnType<typeof moneyMember>>>;

/** Where the member's withdrawals come from, and what is there: the merchant's settlement (its owner), else the available account. */
async function withdrawable(db: Queryable, memberId: string): Promise<{ source: 'available' | 'settlement'; available: bigint; frozen: bigint }> {
  if (await ownMerchant(db, memberId)) {
    // what its vouchers not used yet may have to pay back is not the merchant's to withdraw
    const [settlement, held] = [await settlementBalance(db, memberId), await heldForVouchers(db, memberId)];
    return { source: 'settlement', available: settlement.available > held ? settlement.available - held : 0n, frozen: settlement.frozen };
  }
  const balances = await memberBalances(db, memberId);
  return { source: 'available', available: balances.available, frozen: balances.frozen };
}

/** What the member withdrew to this bank on this Luanda day (failed ones do not count). */
async function bankUsedToday(db: Queryable, memberId: string, bankCode: string): Promise<bigint> {
  const { rows } = await db.query<{ total: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS total FROM withdrawals
      WHERE member_id = $1 AND bank_code = $2 AND limit_day = ${LUANDA_DAY} AND state <> 'FAILED'`,
    [memberId, bankCode],
  );
  return BigInt(rows[0]!.total);
}

const queryWithdrawInfo: Handler<'wallet/withdraw/queryWithdrawInfo'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  const [member, balances, cards] = [await moneyMember(ctx.db, { id: memberId }), await withdrawable(ctx.db, memberId), await activeCards(ctx.db, memberId)];
  return { available: Number(balances.available), frozen: Number(balances.frozen), verified: member?.verified ?? false, cards: cards.map(toBoundCard) };
};

async function cardAndChannel(db: Queryable, memberId: string, cardId: string) {
  const card = await activeCard(db, memberId, cardId);
  return { card, channel: await channelOf(db, card.bank_code) };
}

/** The largest amount whose amount + charge fits `funds`, at most `cap` (the charge only grows with the amount). */
export function largestWithdrawal(channel: Channel, funds: bigint, cap: bigint): bigint {
  let [low, high] = [0n, cap < funds ? cap : funds];
  while (low < high) {
    const mid = (low + high + 1n) / 2n;
    if (mid + serviceCharge(channel, mid) <= funds) low = mid;
    else high = mid - 1n;
  }
  return low < channel.withdrawMin ? 0n : low;
}

interface LevelRow { per_transaction: string | null; daily: string | null; monthly: string | null; today: string; month: string }

/**
 * What the member may withdraw to this card now: the withdrawable balance, the bank's and the
 * level's limits as they stand today, and the largest amount whose amount + charge fits them all
 * (0 under the bank's minimum). The withdrawal screen shows it; the daily payout pays it.
 */
export async function withdrawalCap(db: Queryable, memberId: string, member: Pick<Member, 'level'>, card: { bank_code: string }, channel: Channel) {
  const { rows } = await db.query<LevelRow>(
    `SELECT l.per_transaction::text, l.daily::text, l.monthly::text,
            coalesce((SELECT amount FROM member_outgoing_usage WHERE member_id = $1 AND day = ${LUANDA_DAY}), 0)::text AS today,
            (SELECT coalesce(sum(amount), 0) FROM member_outgoing_usage WHERE member_id = $1 AND day >= date_trunc('month', ${LUANDA_DAY})::date)::text AS month
       FROM account_level_limits l WHERE l.level = $2`,
    [memberId, member.level],
  );
  const level = rows[0];
  const big = (v: string | null | undefined) => (v == null ? null : BigInt(v));
  const usedBank = await bankUsedToday(db, memberId, card.bank_code);
  const available = (await withdrawable(db, memberId)).available;
  const caps = [
    channel.withdrawPerTransaction,
    channel.withdrawDaily === null ? null : channel.withdrawDaily - usedBank,
    big(level?.per_transaction),
    level?.daily == null ? null : BigInt(level.daily) - BigInt(level.today),
    level?.monthly == null ? null : BigInt(level.monthly) - BigInt(level.month),
  ].filter((v): v is bigint => v !== null);
  const cap = caps.reduce((a, b) => (b < a ? b : a), available);
  return { level, usedBank, available, maxAmount: cap > 0n ? largestWithdrawal(channel, available, cap) : 0n };
}

const queryLimits: Handler<'wallet/withdraw/queryLimits'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const member = (await moneyMember(ctx.db, { id: memberId }))!;
  const { card, channel } = await cardAndChannel(ctx.db, memberId, input.cardId);
  const { level, usedBank, available, maxAmount } = await withdrawalCap(ctx.db, memberId, member, card, channel);
  const num = (v: bigint | null) => (v === null ? null : Number(v));
  const big = (v: string | null | undefined) => (v == null ? null : BigInt(v));
  return {
    bankCode: card.bank_code,
    bank: { min: Number(channel.withdrawMin), perTransaction: num(channel.withdrawPerTransaction), daily: num(channel.withdrawDaily), usedToday: Number(usedBank) },
    level: { level: member.level, perTransaction: num(big(level?.per_transaction)), daily: num(big(level?.daily)), monthly: num(big(level?.monthly)), usedToday: Number(level?.today ?? 0) },
    available: Number(available),
    maxAmount: Number(maxAmount),
  };
};

const querySerivceCharge: Handler<'wallet/withdraw/querySerivceCharge'> = async (input, ctx) => {
  const { channel } = await cardAndChannel(ctx.db, memberIdOf(ctx), input.cardId);
  const charge = serviceCharge(channel, BigInt(input.amount));
  return { amount: input.amount, charge: Number(charge), total: input.amount + Number(charge) };
};

const queryCardInfoList: Handler<'wallet/withdraw/queryCardInfoList'> = async (_input, ctx) => ({
  cards: (await activeCards(ctx.db, memberIdOf(ctx))).map(toBoundCard),
});

const queryNeedBankBranch: Handler<'wallet/withdraw/queryNeedBankBranch'> = async (input, ctx) => {
  const { card, channel } = await cardAndChannel(ctx.db, memberIdOf(ctx), input.cardId);
  return { bankCode: card.bank_code, needBranch: channel.needsBranch };
};

const provinceNames = new Map(provinces.provinces.map((p) => [p.id, p.name]));
const provinceOrder = new Map(provinces.provinces.map((p, i) => [p.id, i]));

const queryWithdrawProvCities: Handler<'fund/withdraw/queryAllProvCities'> = async (input, ctx) => {
  const branches = await ctx.adapters.bank.branches(input.bankCode);
  const byProvince = new Map<string, Set<string>>();
  for (const b of branches) byProvince.set(b.provinceId, (byProvince.get(b.provinceId) ?? new Set()).add(b.city));
  return {
    provinces: [...byProvince.entries()]
      .sort(([a], [b]) => (provinceOrder.get(a) ?? 99) - (provinceOrder.get(b) ?? 99))
      .map(([id, cities]) => ({ id, name: provinceNames.get(id) ?? id, cities: [...cities] })),
  };
};

const queryBranches: Handler<'fund/withdraw/queryBranches'> = async (input, ctx) => ({
  branches: (await ctx.adapters.bank.branches(input.bankCode, { provinceId: input.provinceId, city: input.city }))
    .map(({ branchCode, name, address, provinceId, city }) => ({ branchCode, name, address, provinceId, city })),
});

type WithdrawService = 'wallet/withdraw/applyWithdraw' | 'wallet/withdraw/newWithdrawApply';

function applyUnder(service: WithdrawService): Handler<WithdrawService> {
  return async (input, ctx) => {
    const memberId = memberIdOf(ctx);
    // the branch list is the bank's: asked before the transaction (never inside it), judged inside
    const branchKnown = input.branchCode ? await isKnownBranch(ctx, memberId, input.cardId, input.branchCode) : false;
    return idempotentMoneyCall(ctx, memberId, service, input, async (tx) => {
      const member: Member = requireVerified(await moneyMember(tx, { id: memberId }));
      const amount = BigInt(input.amount);
      await consumePayAuthorization(tx, memberId, input.payToken, { service, amount: input.amount, counterparty: input.cardId });
      const { card, channel } = await cardAndChannel(tx, memberId, input.cardId);
      if (channel.needsBranch && !input.branchCode) throw new DomainError(CARD_CODES.branchRequired);
      if (channel.needsBranch && !branchKnown) throw new DomainError(CARD_CODES.branchUnknown);
      const { withdrawalId: _id, ...started } = await startWithdrawal(tx, memberId, member, { card, channel, amount, expectedCharge: BigInt(input.charge), branchCode: channel.needsBranch ? input.branchCode ?? null : null });
      return started;
    });
  };
}

/**
 * A withdrawal started, in the caller's transaction (a money call's: the requestNo claimed, the pay
 * password or the daily payout's own row already taken): the bank's limits, the charge (refused with
 * WDR10004 when it is not the one the member was shown), the level's day, the bank's day, the row
 * PENDING and amount + charge held from the available account or the merchant's settlement. The
 * manual withdrawal and the merchant's daily payout (server/jobs/dailyPayout.ts) both start here, so
 * a payout is charged and settled exactly as a withdrawal the owner makes by hand.
 */
export async function startWithdrawal(
  tx: Queryable,
  memberId: string,
  member: Pick<Member, 'level'>,
  { card, channel, amount, expectedCharge, branchCode }: { card: CardRow; channel: Channel; amount: bigint; expectedCharge?: bigint; branchCode: string | null },
) {
  if (amount < channel.withdrawMin) throw new DomainError(CARD_CODES.bankLimit, 200, 'min');
  if (channel.withdrawPerTransaction !== null && amount > channel.withdrawPerTransaction) throw new DomainError(CARD_CODES.bankLimit, 200, 'perTransaction');
  const charge = serviceCharge(channel, amount);
  if (expectedCharge !== undefined && charge !== expectedCharge) throw new DomainError(CARD_CODES.chargeChanged, 200, String(charge));
  // the usage row is this member's lock: their withdrawals count against the bank's day one at a time
  await spendOutgoingLimit(tx, memberId, member.level, amount);
  if (channel.withdrawDaily !== null && (await bankUsedToday(tx, memberId, card.bank_code)) + amount > channel.withdrawDaily) {
    throw new DomainError(CARD_CODES.bankLimit, 200, 'daily');
  }
  const source = (await ownMerchant(tx, memberId)) ? 'settlement' : 'available';
  const { rows } = await tx.query<{ id: string; withdraw_no: string; created_at: Date }>(
    `INSERT INTO withdrawals (member_id, card_id, bank_code, card_token, branch_code, amount, charge, limit_day, state, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${LUANDA_DAY}, 'PENDING', $8) RETURNING id::text, withdraw_no, created_at`,
    [memberId, card.id, card.bank_code, card.card_token, branchCode, amount.toString(), charge.toString(), source],
  );
  const withdrawal = rows[0]!;
  const frozen = await memberAccount(tx, memberId, 'frozen');
  // a merchant's settlement is in shards: gathered into shard 0 under their locks, then held from there
  let from: string;
  if (source === 'settlement') {
    const { shard0, total } = await gatherSettlement(tx, memberId, `withdraw:${withdrawal.id}`);
    const held = await heldForVouchers(tx, memberId);
    if (total >= amount + charge && total - held < amount + charge) throw new DomainError(GROUP_CODES.heldForVouchers, 200, String(total > held ? total - held : 0n));
    from = shard0;
  } else {
    from = await memberAccount(tx, memberId, 'available');
  }
  const held = await post(tx, {
    key: `withdraw:${withdrawal.id}:hold`,
    kind: 'withdraw_hold',
    debit: from,
    credit: frozen,
    amount: amount + charge,
    reference: withdrawal.withdraw_no,
  });
  return {
    withdrawalId: withdrawal.id,
    withdrawNo: withdrawal.withdraw_no,
    state: 'PENDING' as const,
    amount: Number(amount),
    charge: Number(charge),
    available: Number(held.debitBalance),
    frozen: Number(held.creditBalance),
    createdAt: new Date(withdrawal.created_at).toISOString(),
  };
}

async function isKnownBranch(ctx: HandlerContext, memberId: string, cardId: string, branchCode: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ bank_code: string }>('SELECT bank_code FROM bank_cards WHERE id = $1 AND member_id = $2', [cardId, memberId]);
  if (!rows[0]) return false;
  return (await ctx.adapters.bank.branches(rows[0].bank_code, { branchCode })).length > 0;
}

const queryWithdrawStatus: Handler<'wallet/withdraw/queryWithdrawStatus'> = async (input, ctx) => {
  const { rows } = await ctx.db.query<{
    withdraw_no: string; state: 'PENDING' | 'SUCCESS' | 'FAILED'; amount: string; charge: string; card_id: string; bank_code: string; bin: string; last4: string; card_length: number;
    branch_code: string | null; created_at: Date; finished_at: Date | null; bank_reason: string | null;
  }>(
    `SELECT w.withdraw_no, w.state, w.amount::text, w.charge::text, w.card_id::text, w.bank_code, c.bin, c.last4, c.card_length, w.branch_code, w.created_at, w.finished_at, w.bank_reason
       FROM withdrawals w JOIN bank_cards c ON c.id = w.card_id WHERE w.withdraw_no = $1 AND w.member_id = $2`,
    [input.withdrawNo, memberIdOf(ctx)],
  );
  const w = rows[0];
  if (!w) throw new DomainError(CARD_CODES.withdrawalNotFound);
  return {
    withdrawNo: w.withdraw_no,
    state: w.state,
    amount: Number(w.amount),
    charge: Number(w.charge),
    card: { cardId: w.card_id, bankShort: bankLabel(w.bank_code).bankShort, maskedCardNo: maskCardNo(w.bin, w.last4, w.card_length) },
    branchCode: w.branch_code,
    createdAt: new Date(w.created_at).toISOString(),
    finishedAt: w.finished_at ? new Date(w.finished_at).toISOString() : null,
    failReason: w.state === 'FAILED' ? w.bank_reason : null,
  };
};

export const withdrawalHandlers = {
  'wallet/withdraw/queryWithdrawInfo': queryWithdrawInfo,
  'wallet/withdraw/queryLimits': queryLimits,
  'wallet/withdraw/querySerivceCharge': querySerivceCharge,
  'wallet/withdraw/queryCardInfoList': queryCardInfoList,
  'wallet/withdraw/queryNeedBankBranch': queryNeedBankBranch,
  'fund/withdraw/queryAllProvCities': queryWithdrawProvCities,
  'fund/withdraw/queryBranches': queryBranches,
  'wallet/withdraw/applyWithdraw': applyUnder('wallet/withdraw/applyWithdraw'),
  'wallet/withdraw/newWithdrawApply': applyUnder('wallet/withdraw/newWithdrawApply'),
  'wallet/withdraw/queryWithdrawStatus': queryWithdrawStatus,
} satisfies FlowHandlers<'withdrawal'>;

/** Locks accounts in ascending id order in one statement (the ledger's lock order, server/ledger/README.md). */
async function lockAccounts(tx: Queryable, ids: string[]): Promise<void> {
  await tx.query('SELECT 1 FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE', [ids]);
}

/**
 * The bank's final answer on a withdrawal, applied once: the row leaves PENDING in the same
 * transaction as the postings. Success: frozen → bank clearing (amount) and frozen → fee income
 * (charge). Failure: frozen → available (amount + charge), and the day's level usage is given back
 * (before the postings: the same lock order as applyWithdraw, usage row then accounts).
 */
export async function resolveWithdrawal(db: Database, id: string, outcome: BankOperationStatus): Promise<boolean> {
  if (outcome.state === 'PENDING') return false;
  return moneyTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ member_id: string; bank_code: string; amount: string; charge: string; withdraw_no: string; limit_day: string; source: 'available' | 'settlement' }>(
      `UPDATE withdrawals SET state = $2, finished_at = now(), bank_reason = $3 WHERE id = $1 AND state = 'PENDING'
        RETURNING member_id::text, bank_code, amount::text, charge::text, withdraw_no, limit_day::text, source`,
      [id, outcome.state === 'SUCCEEDED' ? 'SUCCESS' : 'FAILED', outcome.reason],
    );
    const w = rows[0];
    if (!w) return false;
    const [amount, charge] = [BigInt(w.amount), BigInt(w.charge)];
    const frozen = await memberAccount(tx, w.member_id, 'frozen');
    if (outcome.state === 'SUCCEEDED') {
      const [clearing, feeIncome] = [await systemAccount(tx, { kind: 'bank_clearing', bankCode: w.bank_code }), await systemAccount(tx, { kind: 'fee_income' })];
      // all three locked at once in id order, never one then another: a payment holds fee income shard 0 with other accounts
      await lockAccounts(tx, [frozen, clearing, feeIncome]);
      await post(tx, { key: `withdraw:${id}:payout`, kind: 'withdraw', debit: frozen, credit: clearing, amount, reference: w.withdraw_no });
      if (charge > 0n) await post(tx, { key: `withdraw:${id}:charge`, kind: 'withdraw_fee', debit: frozen, credit: feeIncome, amount: charge, reference: w.withdraw_no });
    } else {
      await tx.query('UPDATE member_outgoing_usage SET amount = greatest(amount - $3, 0) WHERE member_id = $1 AND day = $2::date', [w.member_id, w.limit_day, amount.toString()]);
      // back where it came from: the available account, or shard 0 of the merchant's settlement
      const back = await memberAccount(tx, w.member_id, w.source === 'settlement' ? 'settlement' : 'available');
      await post(tx, { key: `withdraw:${id}:release`, kind: 'withdraw_release', debit: frozen, credit: back, amount: amount + charge, reference: w.withdraw_no });
    }
    return true;
  });
}
