import type { Handler, FlowHandlers } from '../../handler.ts';
import { memberBalances } from '../../ledger/ledger.ts';
import { memberIdOf, moneyMember } from '../../entities/members.ts';

/**
 * Cashback ever received: the sum of the cashback postings and the lottery's prizes (README "Lottery")
 * to the member's cashback account (not the refunds that give back a part of a payment paid with
 * cashback, migration 030: that is their own cashback coming back, not cashback received).
 */
async function cashbackTotal(ctx: Parameters<Handler<'wallet/member/getUserAssets'>>[1], memberId: string): Promise<bigint> {
  const { rows } = await ctx.db.query<{ total: string }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.member_id = $1 AND a.kind = 'cashback' AND e.amount > 0 AND t.kind IN ('cashback', 'lottery_prize')`,
    [memberId],
  );
  return BigInt(rows[0]!.total);
}

const balancesOf = async (ctx: Parameters<Handler<'wallet/member/getUserAssets'>>[1], memberId: string) => {
  const balances = await memberBalances(ctx.db, memberId);
  return { available: Number(balances.available), frozen: Number(balances.frozen), cashbackTotal: Number(await cashbackTotal(ctx, memberId)) };
};

const getUserAssets: Handler<'wallet/member/getUserAssets'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  const member = (await moneyMember(ctx.db, { id: memberId }))!;
  return { ...(await balancesOf(ctx, memberId)), accountLevel: member.level, verified: member.verified };
};

const queryAccountBalance: Handler<'wallet/accountBalance/queryAccountBalance'> = async (_input, ctx) => balancesOf(ctx, memberIdOf(ctx));

export const walletAssetsHandlers = {
  'wallet/member/getUserAssets': getUserAssets,
  'wallet/accountBalance/queryAccountBalance': queryAccountBalance,
} satisfies FlowHandlers<'walletAssets'>;
