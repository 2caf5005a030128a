import type { CollectionAnalysis } from '../../../services/contract/collectionAnalysis.ts';
import type { Queryable } from '../../db/index.ts';

/**
 * What a merchant collected over a range of Luanda days, as one definition for every screen that
 * shows it (the analysis, the home's "today"): collected minus the charges, minus the refunds made
 * in the range, plus the charges those refunds returned — the money the settlement account gained,
 * so a day's figure and the settlement balance agree.
 */

/**
 * Luanda is UTC+1 all year (no daylight saving), so a Luanda day D is [D − 1 h, D + 23 h) in UTC
 * and a payment's Luanda time is its UTC time plus an hour: written out rather than with a zone
 * name so the engine's time-zone data (and the session's TimeZone) play no part.
 */
export const RANGE_CTE = `
  bounds AS (SELECT ($2::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC' AS lo,
                    ($3::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC' AS hi),
  pay AS (SELECT p.store_id, p.cashier_id, p.amount, p.charge, (p.created_at AT TIME ZONE 'UTC') + interval '1 hour' AS local
            FROM merchant_payments p, bounds b
           WHERE p.merchant_id = $1 AND p.created_at >= b.lo AND p.created_at < b.hi AND ($4::bigint IS NULL OR p.store_id = $4::bigint)),
  ref AS (SELECT r.store_id, r.amount, r.charge_returned, (r.created_at AT TIME ZONE 'UTC') + interval '1 hour' AS local
            FROM merchant_refunds r, bounds b
           WHERE r.merchant_id = $1 AND r.created_at >= b.lo AND r.created_at < b.hi AND ($4::bigint IS NULL OR r.store_id = $4::bigint))`;

interface TotalsRow { collected: string; count: string; charges: string; refunds: string; returned: string }

/** The range's totals; params are [merchantId, fromDay, toDay, storeId | null]. */
export async function totalsOf(tx: Queryable, params: unknown[]): Promise<CollectionAnalysis['totals']> {
  const { rows } = await tx.query<TotalsRow>(
    `WITH ${RANGE_CTE}
     SELECT (SELECT coalesce(sum(amount), 0) FROM pay)::text AS collected, (SELECT count(*) FROM pay)::text AS count,
            (SELECT coalesce(sum(charge), 0) FROM pay)::text AS charges,
            (SELECT coalesce(sum(amount), 0) FROM ref)::text AS refunds, (SELECT coalesce(sum(charge_returned), 0) FROM ref)::text AS returned`,
    params,
  );
  const row = rows[0]!;
  const [collected, count, charges, refunds, returned] = [BigInt(row.collected), BigInt(row.count), BigInt(row.charges), BigInt(row.refunds), BigInt(row.returned)];
  return {
    collected: Number(collected),
    count: Number(count),
    // half a cêntimo up, in integers
    averageTicket: count === 0n ? 0 : Number((collected * 2n + count) / (count * 2n)),
    charges: Number(charges),
    refunds: Number(refunds),
    chargesReturned: Number(returned),
    net: Number(collected - charges - refunds + returned),
  };
}

