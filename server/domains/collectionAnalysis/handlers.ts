import { CODES } from '../../../services/contract/answerCodes.ts';
import type { AnalysisBucket, AnalysisShare, CollectionAnalysis } from '../../../services/contract/collectionAnalysis.ts';
import { LONGEST_RANGE_DAYS } from '../../../services/contract/dateRanges.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { settlementBalance } from '../../ledger/settlement.ts';
import { RANGE_CTE, totalsOf } from '../../entities/merchants.ts';
import { line, shortcutRange, type LineRow } from '../../ledger/fundLines.ts';
import { ownedStore } from '../../entities/stores.ts';
import { recordsScope } from '../../entities/merchants.ts';

/**
 * The merchant's income analysis: every figure is an aggregate computed by PostgreSQL over the
 * payments of the range, read through merchant_payments_merchant_time (merchant_id, created_at),
 * and the refunds through merchant_refunds_merchant_time; no payment row reaches Node. The
 * statements run in one REPEATABLE READ transaction, so the totals, the series, the breakdowns
 * and the balances describe the same instant.
 */

const DAY_MS = 86_400_000;

interface BucketRow { key: string; collected: string; count: string; net: string }
interface ShareRow { id: string | null; name: string | null; collected: string; count: string }

/** Every day of the range (or every hour of a one-day range), zero-filled by the LEFT JOINs. */
async function seriesOf(tx: Queryable, params: unknown[], hourly: boolean): Promise<AnalysisBucket[]> {
  const [unit, step, format] = hourly ? ['hour', '1 hour', 'HH24'] : ['day', '1 day', 'YYYY-MM-DD'];
  const { rows } = await tx.query<BucketRow>(
    `WITH ${RANGE_CTE},
       buckets AS (SELECT generate_series($2::date::timestamp, $3::date::timestamp + interval '1 day' - interval '${step}', interval '${step}') AS k),
       paid AS (SELECT date_trunc('${unit}', local) AS k, sum(amount) AS collected, count(*) AS n, sum(amount - charge) AS net FROM pay GROUP BY 1),
       back AS (SELECT date_trunc('${unit}', local) AS k, sum(charge_returned - amount) AS net FROM ref GROUP BY 1)
     SELECT to_char(b.k, '${format}') AS key, coalesce(paid.collected, 0)::text AS collected, coalesce(paid.n, 0)::text AS count,
            (coalesce(paid.net, 0) + coalesce(back.net, 0))::text AS net
       FROM buckets b LEFT JOIN paid ON paid.k = b.k LEFT JOIN back ON back.k = b.k
      ORDER BY b.k`,
    params,
  );
  return rows.map((row) => ({ key: row.key, collected: Number(row.collected), count: Number(row.count), net: Number(row.net) }));
}

const shares = (rows: ShareRow[]): AnalysisShare[] =>
  rows.map((row) => ({ id: row.id ?? 'none', name: row.name ?? '', collected: Number(row.collected), count: Number(row.count) }));

async function byStoreOf(tx: Queryable, params: unknown[]): Promise<AnalysisShare[]> {
  const { rows } = await tx.query<ShareRow>(
    `WITH ${RANGE_CTE},
       per AS (SELECT store_id, sum(amount) AS collected, count(*) AS n FROM pay GROUP BY store_id)
     SELECT per.store_id::text AS id, s.name, per.collected::text, per.n::text AS count
       FROM per JOIN stores s ON s.id = per.store_id ORDER BY per.collected DESC, per.store_id`,
    params,
  );
  return shares(rows);
}

async function byClerkOf(tx: Queryable, params: unknown[]): Promise<AnalysisShare[]> {
  const { rows } = await tx.query<ShareRow>(
    `WITH ${RANGE_CTE},
       per AS (SELECT cashier_id, sum(amount) AS collected, count(*) AS n FROM pay GROUP BY cashier_id)
     SELECT per.cashier_id::text AS id, coalesce(m.real_name, m.display_name) AS name, per.collected::text, per.n::text AS count
       FROM per LEFT JOIN members m ON m.id = per.cashier_id ORDER BY per.collected DESC, per.cashier_id NULLS LAST`,
    params,
  );
  return shares(rows);
}

/** The range asked for as Luanda days: a shortcut (today by default) or a valid from ≤ to, at most a year long. */
function rangeOf(input: { shortcut?: string; from?: string; to?: string }): { from: string; to: string } {
  if (!input.from !== !input.to) throw new DomainError(CODES.invalidParameters, 200, input.from ? 'to' : 'from');
  const range = input.from && input.to ? { from: input.from, to: input.to } : shortcutRange(input.shortcut ?? '7');
  const [from, to] = [Date.parse(`${range.from}T00:00:00Z`), Date.parse(`${range.to}T00:00:00Z`)];
  if (Number.isNaN(from) || new Date(from).toISOString().slice(0, 10) !== range.from) throw new DomainError(CODES.invalidParameters, 200, 'from');
  if (Number.isNaN(to) || new Date(to).toISOString().slice(0, 10) !== range.to) throw new DomainError(CODES.invalidParameters, 200, 'to');
  if (from > to || (to - from) / DAY_MS >= LONGEST_RANGE_DAYS) throw new DomainError(CODES.invalidParameters, 200, 'from');
  return range;
}

const queryAnalysis: Handler<'merchant/analysis/query'> = async (input, ctx) => {
  const range = rangeOf(input);
  return ctx.db.transaction(async (tx) => {
    // one snapshot for every statement below (the first statement of the transaction)
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const scope = await recordsScope(ctx, tx, { ownerOnly: true });
    if (input.storeId) await ownedStore(tx, scope.merchant, input.storeId);
    const params = [scope.merchant.id, range.from, range.to, input.storeId ?? null];
    const hourly = range.from === range.to;
    const totals = await totalsOf(tx, params);
    const series = await seriesOf(tx, params, hourly);
    const byStore = await byStoreOf(tx, params);
    const byClerk = await byClerkOf(tx, params);
    const balance = await settlementBalance(tx, scope.merchant.member_id);
    return {
      ...range,
      granularity: hourly ? 'hour' : 'day',
      totals,
      series,
      byStore,
      byClerk,
      balances: { available: Number(balance.available), frozen: Number(balance.frozen) },
    } satisfies CollectionAnalysis;
  });
};

/**
 * The settlement's movements, newest first, a page at a time (the cursor is the last entry's id).
 * A line's balance after is the settlement's total now less every settlement entry after it (its
 * shards' entries from the page's oldest on, summed by a window), so a recent page reads few rows.
 */
const querySettlementFunds: Handler<'merchant/analysis/fundDetails'> = async (input, ctx) => {
  const range = rangeOf({ shortcut: input.shortcut ?? (input.from || input.to ? undefined : '8'), from: input.from, to: input.to });
  return ctx.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const scope = await recordsScope(ctx, tx, { ownerOnly: true });
    const { rows } = await tx.query<LineRow>(
      `WITH acc AS (SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement'),
         page AS (
           SELECT e.id, e.transfer_id, e.account_id, e.amount, e.created_at, t.kind, t.reference, t.debit_account_id, t.credit_account_id
             FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
            WHERE e.account_id IN (SELECT id FROM acc) AND t.kind <> 'settlement_gather'
              AND e.created_at >= ($2::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC'
              AND e.created_at < ($3::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC'
              AND ($4::bigint IS NULL OR e.id < $4::bigint)
            ORDER BY e.id DESC LIMIT $5),
         later AS (
           SELECT e.id, coalesce(sum(e.amount) OVER (ORDER BY e.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS after_it
             FROM ledger_entries e WHERE e.account_id IN (SELECT id FROM acc) AND e.id >= (SELECT min(id) FROM page))
       SELECT p.id::text AS entry_id, p.transfer_id::text, p.amount::text,
              ((SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE id IN (SELECT id FROM acc)) - later.after_it)::text AS balance_after,
              p.kind, p.reference, p.created_at, coalesce(om.real_name, om.display_name) AS counterparty,
              (SELECT w.charge::text FROM withdrawals w WHERE p.kind IN ('withdraw_hold', 'withdraw_release') AND w.withdraw_no = p.reference) AS charge
         FROM page p JOIN later ON later.id = p.id
         JOIN ledger_accounts other ON other.id = CASE WHEN p.debit_account_id = p.account_id THEN p.credit_account_id ELSE p.debit_account_id END
         LEFT JOIN members om ON om.id = other.member_id AND other.member_id <> $1
        ORDER BY p.id DESC`,
      [scope.memberId, range.from, range.to, input.cursor && /^\d{1,18}$/.test(input.cursor) ? input.cursor : null, input.pageSize + 1],
    );
    const page = rows.slice(0, input.pageSize);
    return { items: page.map(line), nextCursor: rows.length > input.pageSize ? page.at(-1)!.entry_id : null, ...range };
  });
};

export const collectionAnalysisHandlers = {
  'merchant/analysis/query': queryAnalysis,
  'merchant/analysis/fundDetails': querySettlementFunds,
} satisfies FlowHandlers<'collectionAnalysis'>;
