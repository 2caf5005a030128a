import type { FlowHandlers, Handler } from '../../handler.ts';
import { LUANDA_DAY } from '../../ledger/limits.ts';
import { settlementBalance } from '../../ledger/settlement.ts';
import { merchantOf, toMerchantSummary } from '../../entities/merchants.ts';
import { totalsOf } from '../../entities/merchants.ts';

/**
 * The merchant's side of the home hub: today's takings, the settlement balance (the sum of its
 * shards, read in one statement) and its stores. Today is Luanda's calendar day, and its figures
 * are the analysis's for that day (entities/merchants.ts, `totalsOf`): every payment into the merchant —
 * its sub-merchants' stores too, as they settle into the same account — less the charges, the
 * refunds made today and plus the charges they returned, so "today, after charges" is what the
 * settlement account gained today.
 */
const queryMerchantHome: Handler<'merchant/home/summary'> = async (_input, ctx) => {
  const owner = await merchantOf(ctx);
  const { rows: days } = await ctx.db.query<{ day: string }>(`SELECT (${LUANDA_DAY})::text AS day`);
  const day = days[0]!.day;
  const [today, settlement, stores] = [
    await totalsOf(ctx.db, [owner.id, day, day, null]),
    await settlementBalance(ctx.db, owner.member_id),
    (await ctx.db.query<{ id: string; name: string; status: 'open' | 'closed' }>(
      'SELECT s.id::text, s.name, s.status FROM stores s JOIN merchants m ON m.id = s.merchant_id WHERE m.id = $1 OR m.parent_id = $1 ORDER BY s.id',
      [owner.id],
    )).rows,
  ];
  return {
    merchant: toMerchantSummary(owner),
    today: { amount: today.collected, charge: today.charges - today.chargesReturned, refunds: today.refunds, net: today.net, count: today.count },
    settlement: { available: Number(settlement.available), frozen: Number(settlement.frozen) },
    stores: stores.map((s) => ({ storeId: s.id, name: s.name, status: s.status })),
  };
};

export const merchantHomeHandlers = {
  'merchant/home/summary': queryMerchantHome,
} satisfies FlowHandlers<'merchantHome'>;
