import type { Queryable } from '../../db/index.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { LUANDA_DAY } from '../../ledger/limits.ts';
import { settlementBalance } from '../../ledger/settlement.ts';
import { merchantOf, toMerchantSummary } from '../merchantOpening/merchants.ts';

/**
 * The merchant's side of the home hub: today's takings, the settlement balance (the sum of its
 * shards, read in one statement) and its stores. Today is Luanda's calendar day (UTC+1, no summer
 * time), from its midnight to the next. Takings count every payment into the merchant that day —
 * its sub-merchants' stores too, as they settle into the same account — because they are money
 * received (they add up with the settlement balance), not the records list that a sticker's
 * unbinding hides.
 */

/** Luanda's midnight starting today, as a point in time. */
const LUANDA_MIDNIGHT = `((${LUANDA_DAY})::timestamp - interval '1 hour') AT TIME ZONE 'UTC'`;

export async function takingsToday(db: Queryable, merchantId: string) {
  const { rows } = await db.query<{ amount: string; charge: string; net: string; count: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS amount, coalesce(sum(charge), 0)::text AS charge,
            coalesce(sum(amount - charge - refunded), 0)::text AS net, count(*)::text AS count
       FROM merchant_payments
      WHERE merchant_id = $1 AND created_at >= ${LUANDA_MIDNIGHT} AND created_at < ${LUANDA_MIDNIGHT} + interval '1 day'`,
    [merchantId],
  );
  const row = rows[0]!;
  return { amount: Number(row.amount), charge: Number(row.charge), net: Number(row.net), count: Number(row.count) };
}

const queryMerchantHome: Handler<'merchant/home/summary'> = async (_input, ctx) => {
  const owner = await merchantOf(ctx);
  const [today, settlement, stores] = [
    await takingsToday(ctx.db, owner.id),
    await settlementBalance(ctx.db, owner.member_id),
    (await ctx.db.query<{ id: string; name: string; status: 'open' | 'closed' }>(
      'SELECT s.id::text, s.name, s.status FROM stores s JOIN merchants m ON m.id = s.merchant_id WHERE m.id = $1 OR m.parent_id = $1 ORDER BY s.id',
      [owner.id],
    )).rows,
  ];
  return {
    merchant: toMerchantSummary(owner),
    today,
    settlement: { available: Number(settlement.available), frozen: Number(settlement.frozen) },
    stores: stores.map((s) => ({ storeId: s.id, name: s.name, status: s.status })),
  };
};

export const merchantHomeHandlers = {
  'merchant/home/summary': queryMerchantHome,
} satisfies FlowHandlers<'merchantHome'>;
