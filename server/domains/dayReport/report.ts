import { CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import type { DayClerkLine, DayFigures, DayReport, DayReportRequest, DayStoreLine } from '../../../services/contract/dayReport.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { HandlerContext } from '../../handler.ts';
import { recordsScope } from '../../entities/merchants.ts';
import { ownedStore } from '../../entities/stores.ts';
import { shortcutRange } from '../../ledger/fundLines.ts';

/**
 * The end-of-day report (README "Day report"): ONE query, which the screen's call and the PDF both
 * read, so the paper a clerk shows the owner and the screen never differ.
 *
 * Who sees what is the records' scope (recordsScope: the owner, else an active clerk; a removed
 * clerk STF10009, anyone else MCH10003): the owner every store of its own and its sub-merchants'
 * (or the one it names, MCH10004 when not its own); a clerk their own till only — the payments they
 * collected at their store and the refunds of those payments — whatever their records permission.
 *
 * The figures are those the analysis and the settlement use (entities/merchants.ts, totalsOf): a
 * payment's amount is what the payer's money and the promotions brought (amount − discount), its
 * charge the wallet's; a refund counts on the day it is made, in the store of its payment and under
 * the clerk who collected that payment, and gives back part of the charge; net = payments − refunds
 * − (charges − charges returned): what the day added to the settlement.
 */

interface LineRow {
  store_id: string; store_name: string; cashier_id: string | null; clerk_name: string | null;
  pay_n: string; pay_sum: string; charges: string; ref_n: string; ref_sum: string; returned: string;
}

const DAY_LINES = `
  WITH bounds AS (SELECT ($2::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC' AS lo,
                         ($2::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC' AS hi),
    pay AS (SELECT p.store_id, p.cashier_id, p.amount - p.discount AS amount, p.charge
              FROM merchant_payments p, bounds b
             WHERE p.merchant_id = $1 AND p.created_at >= b.lo AND p.created_at < b.hi
               AND ($3::bigint IS NULL OR p.store_id = $3::bigint) AND ($4::bigint IS NULL OR p.cashier_id = $4::bigint)),
    ref AS (SELECT r.store_id, p.cashier_id, r.amount, r.charge_returned
              FROM merchant_refunds r JOIN merchant_payments p ON p.id = r.payment_id, bounds b
             WHERE r.merchant_id = $1 AND r.created_at >= b.lo AND r.created_at < b.hi
               AND ($3::bigint IS NULL OR r.store_id = $3::bigint) AND ($4::bigint IS NULL OR p.cashier_id = $4::bigint)),
    lines AS (
      SELECT store_id, cashier_id, count(*) AS pay_n, sum(amount) AS pay_sum, sum(charge) AS charges, 0 AS ref_n, 0 AS ref_sum, 0 AS returned FROM pay GROUP BY 1, 2
      UNION ALL
      SELECT store_id, cashier_id, 0, 0, 0, count(*), sum(amount), sum(charge_returned) FROM ref GROUP BY 1, 2)
  SELECT l.store_id::text, s.name AS store_name, l.cashier_id::text, coalesce(m.real_name, m.display_name) AS clerk_name,
         sum(l.pay_n)::text AS pay_n, sum(l.pay_sum)::text AS pay_sum, sum(l.charges)::text AS charges,
         sum(l.ref_n)::text AS ref_n, sum(l.ref_sum)::text AS ref_sum, sum(l.returned)::text AS returned
    FROM lines l JOIN stores s ON s.id = l.store_id LEFT JOIN members m ON m.id = l.cashier_id
   GROUP BY l.store_id, s.name, l.cashier_id, m.real_name, m.display_name
   ORDER BY s.name, l.store_id, l.cashier_id NULLS LAST`;

interface Sums { payN: bigint; paySum: bigint; charges: bigint; refN: bigint; refSum: bigint; returned: bigint }
const ZERO: Sums = { payN: 0n, paySum: 0n, charges: 0n, refN: 0n, refSum: 0n, returned: 0n };

const add = (a: Sums, b: Sums): Sums => ({
  payN: a.payN + b.payN, paySum: a.paySum + b.paySum, charges: a.charges + b.charges, refN: a.refN + b.refN, refSum: a.refSum + b.refSum, returned: a.returned + b.returned,
});

function figuresOf(s: Sums): DayFigures {
  const charges = s.charges - s.returned;
  return {
    payments: { count: Number(s.payN), sum: Number(s.paySum) },
    refunds: { count: Number(s.refN), sum: Number(s.refSum) },
    charges: Number(charges),
    net: Number(s.paySum - s.refSum - charges),
  };
}

/** A real Luanda day, not after today: else AGW10003 (subMsg `day`). */
export function reportDay(day: string, now = Date.now()): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day || day > shortcutRange('7', now).from) {
    throw new DomainError(CODES.invalidParameters, 200, 'day');
  }
  return day;
}

/** The day's report the caller may see (the screen's call and the PDF). */
export async function dayReportFor(ctx: HandlerContext, request: DayReportRequest, db: Queryable = ctx.db): Promise<DayReport> {
  const day = reportDay(request.day);
  const scope = await recordsScope(ctx, db);
  const merchantId = scope.merchant.id;
  let storeId: string | null;
  let cashier: string | null = null;
  let tillOf: string | null = null;
  let stores: DayReport['stores'];
  if (scope.role === 'clerk') {
    // a clerk's own till: their store, their collections; naming another store is answered as one that does not exist
    if (request.storeId && request.storeId !== scope.staff.store_id) throw new DomainError(MERCHANT_CODES.notYours);
    storeId = scope.staff.store_id;
    cashier = scope.memberId;
    const { rows } = await db.query<{ storeId: string; name: string }>('SELECT id::text AS "storeId", name FROM stores WHERE id = $1', [storeId]);
    stores = rows;
    const { rows: [me] } = await db.query<{ name: string }>('SELECT coalesce(real_name, display_name) AS name FROM members WHERE id = $1', [scope.memberId]);
    tillOf = me?.name ?? '';
  } else {
    storeId = request.storeId ? (await ownedStore(db, scope.merchant, request.storeId)).id : null;
    const { rows } = await db.query<{ storeId: string; name: string }>(
      `SELECT s.id::text AS "storeId", s.name FROM stores s JOIN merchants m ON m.id = s.merchant_id
        WHERE m.id = $1 OR m.parent_id = $1 ORDER BY s.name, s.id`,
      [merchantId],
    );
    stores = rows;
  }
  const { rows } = await db.query<LineRow>(DAY_LINES, [merchantId, day, storeId, cashier]);
  const byStore = new Map<string, { name: string; sums: Sums }>();
  const byClerk: DayClerkLine[] = [];
  let total = ZERO;
  for (const row of rows) {
    const sums: Sums = { payN: BigInt(row.pay_n), paySum: BigInt(row.pay_sum), charges: BigInt(row.charges), refN: BigInt(row.ref_n), refSum: BigInt(row.ref_sum), returned: BigInt(row.returned) };
    total = add(total, sums);
    const store = byStore.get(row.store_id) ?? { name: row.store_name, sums: ZERO };
    byStore.set(row.store_id, { name: store.name, sums: add(store.sums, sums) });
    byClerk.push({ clerkId: row.cashier_id ?? 'none', name: row.clerk_name ?? '', storeId: row.store_id, storeName: row.store_name, ...figuresOf(sums) });
  }
  const storeLines: DayStoreLine[] = [...byStore.entries()].map(([id, s]) => ({ storeId: id, name: s.name, ...figuresOf(s.sums) }));
  return {
    day,
    merchantName: scope.merchant.name,
    role: scope.role,
    tillOf,
    storeId,
    stores,
    totals: figuresOf(total),
    byStore: storeLines,
    byClerk,
    at: new Date().toISOString(),
  };
}
