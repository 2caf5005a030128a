import { CODES, MERCHANT_CODES, STAFF_CODES } from '../../services/contract/answerCodes.ts';
import type { MerchantRecord, RecordState, RecordsFilter, RefundLine } from '../../services/contract/records.ts';
import { LONGEST_RANGE_DAYS } from '../../services/contract/dateRanges.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { shortcutRange } from '../ledger/fundLines.ts';
import { maskName } from './members.ts';
import type { RecordsScope } from './merchants.ts';
import { tradeNumber } from '../ledger/numbers.ts';

/**
 * The records a caller may read, as one SQL condition built from their scope (recordsScope in
 * merchants.ts decides who they are; this decides which rows that means):
 * - the owner: every payment whose merchant_id is theirs, narrowed by the filters they chose;
 * - a clerk: their store's payments they collected themselves (cashier_id), or all their store's
 *   with the all-records permission; filters by clerk or binding are the owner's (STF10010);
 * - everyone: a payment through a code binding since unbound is no longer anyone's record (issue
 *   11: records belong to the binding, not to the sticker; binding it again does not bring them back).
 * Every read walks merchant_payments_merchant_time (merchant_id, created_at DESC, id DESC) for the
 * Luanda days asked; store, clerk and binding are filters on that walk (migration 021 dropped the
 * store index on purpose: every payment pays for every index).
 */


export interface RecordRow {
  id: string;
  voucher_no: string;
  transfer_id: string;
  store_id: string;
  store_name: string;
  serial: string | null;
  method: MerchantRecord['method'];
  amount: string;
  charge: string;
  refunded: string;
  charge_returned: string;
  created_at: Date;
  cursor_at: string;
  payer_name: string;
  clerk_name: string | null;
}

export const RECORD_SELECT = `
  SELECT p.id::text, p.voucher_no, p.transfer_id::text, p.store_id::text, st.name AS store_name, p.serial, p.method,
         (p.amount - p.discount)::text AS amount, p.charge::text, p.refunded::text, p.created_at,
         to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at,
         coalesce((SELECT sum(r.charge_returned) FROM merchant_refunds r WHERE r.payment_id = p.id), 0)::text AS charge_returned,
         coalesce(payer.real_name, payer.display_name) AS payer_name,
         coalesce(cashier.real_name, cashier.display_name) AS clerk_name
    FROM merchant_payments p
    JOIN stores st ON st.id = p.store_id
    JOIN members payer ON payer.id = p.payer_id
    LEFT JOIN members cashier ON cashier.id = p.cashier_id
    LEFT JOIN code_bindings b ON b.id = p.binding_id`;

/** A payment's state from what was refunded of it. */
export function stateOf(amount: bigint, refunded: bigint): RecordState {
  if (refunded === 0n) return 'paid';
  return refunded >= amount ? 'refunded' : 'partlyRefunded';
}

export function toRecord(row: RecordRow): MerchantRecord {
  const [amount, charge, refunded, chargeReturned] = [BigInt(row.amount), BigInt(row.charge), BigInt(row.refunded), BigInt(row.charge_returned)];
  const at = new Date(row.created_at);
  return {
    recordId: row.id,
    voucherNo: row.voucher_no,
    // the trade number the payer's fund detail shows for the same movement (ledger/numbers.ts)
    tradeNo: tradeNumber(at, row.transfer_id),
    amount: Number(amount),
    charge: Number(charge),
    net: Number(amount - charge - (refunded - chargeReturned)),
    refunded: Number(refunded),
    state: stateOf(amount, refunded),
    payerMasked: maskName(row.payer_name),
    storeId: row.store_id,
    storeName: row.store_name,
    // who collected is one of the merchant's own people (its staff list names them), not a stranger: not masked
    clerkName: row.clerk_name,
    serial: row.serial,
    method: row.method,
    at: at.toISOString(),
  };
}

/** The Luanda days asked: a shortcut (spec §9), or from/to, or the latest 30 days; at most a year and a day. */
export function rangeOf(filter: Pick<RecordsFilter, 'shortcut' | 'from' | 'to'>, now = Date.now()): { from: string; to: string } {
  const range = filter.from && filter.to ? { from: filter.from, to: filter.to } : shortcutRange(filter.shortcut ?? '8', now);
  const [from, to] = [Date.parse(`${range.from}T00:00:00Z`), Date.parse(`${range.to}T00:00:00Z`)];
  // a date that does not exist ('2026-02-31', which Date.parse moves to 3 March) is refused, not sent to SQL
  const real = (ms: number, text: string) => !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
  if (!real(from, range.from) || !real(to, range.to) || from > to) throw new DomainError(CODES.invalidParameters, 200, 'from');
  if ((to - from) / 86_400_000 >= LONGEST_RANGE_DAYS) throw new DomainError(CODES.invalidParameters, 200, 'range');
  return range;
}

/** SQL conditions and their parameters (numbered from `first`) for the rows `scope` may read with `filter`. */
export async function visibleRows(db: Queryable, scope: RecordsScope, filter: RecordsFilter, first = 1): Promise<{ where: string[]; params: unknown[] }> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${first + params.push(value) - 1}`;
  const where = [`p.merchant_id = ${param(scope.merchant.id)}`, '(p.binding_id IS NULL OR b.unbound_at IS NULL)'];
  if (scope.role === 'clerk') {
    if (filter.clerkId || filter.bindingId) throw new DomainError(STAFF_CODES.ownerOnly);
    if (filter.storeId && filter.storeId !== scope.staff.store_id) throw new DomainError(MERCHANT_CODES.notYours);
    where.push(`p.store_id = ${param(scope.staff.store_id)}`);
    if (!scope.staff.all_records) where.push(`p.cashier_id = ${param(scope.memberId)}`);
    return { where, params };
  }
  if (filter.storeId) {
    const { rows } = await db.query(
      'SELECT 1 FROM stores s JOIN merchants m ON m.id = s.merchant_id WHERE s.id = $1 AND (m.id = $2 OR m.parent_id = $2)',
      [filter.storeId, scope.merchant.id],
    );
    if (!rows[0]) throw new DomainError(MERCHANT_CODES.notYours);
    where.push(`p.store_id = ${param(filter.storeId)}`);
  }
  if (filter.clerkId) {
    // a clerk's collections are at the store they were staff of, under that staff row
    const { rows } = await db.query<{ member_id: string; store_id: string }>('SELECT member_id::text, store_id::text FROM staff WHERE id = $1 AND merchant_id = $2', [filter.clerkId, scope.merchant.id]);
    if (!rows[0]) throw new DomainError(MERCHANT_CODES.notYours);
    where.push(`p.cashier_id = ${param(rows[0].member_id)}`, `p.store_id = ${param(rows[0].store_id)}`);
  }
  if (filter.bindingId) {
    const { rows } = await db.query(
      `SELECT 1 FROM code_bindings cb JOIN stores s ON s.id = cb.store_id JOIN merchants m ON m.id = s.merchant_id
        WHERE cb.id = $1 AND cb.unbound_at IS NULL AND (m.id = $2 OR m.parent_id = $2)`,
      [filter.bindingId, scope.merchant.id],
    );
    if (!rows[0]) throw new DomainError(MERCHANT_CODES.notYours);
    where.push(`p.binding_id = ${param(filter.bindingId)}`);
  }
  return { where, params };
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})_(\d{1,18})$/;

/** One page of records, newest first; the cursor is the last row's (time to the microsecond, id). */
export async function recordsPage(db: Queryable, scope: RecordsScope, filter: RecordsFilter, page: { cursor?: string; pageSize: number }): Promise<{ rows: RecordRow[]; nextCursor: string | null; from: string; to: string }> {
  const range = rangeOf(filter);
  const { where, params } = await visibleRows(db, scope, filter, 4);
  const all: unknown[] = [range.from, range.to, page.pageSize + 1, ...params];
  const cursor = page.cursor ? CURSOR.exec(page.cursor) : null;
  if (page.cursor && !cursor) throw new DomainError(CODES.invalidParameters, 200, 'cursor');
  if (cursor) {
    all.push(cursor[1], cursor[2]);
    where.push(`(p.created_at, p.id) < ($${all.length - 1}::timestamp AT TIME ZONE 'UTC', $${all.length}::bigint)`);
  }
  // Luanda is UTC+1 all year: its day D is [D − 1 h, D + 1 day − 1 h) in UTC
  const { rows } = await db.query<RecordRow>(
    `${RECORD_SELECT}
      WHERE ${where.join(' AND ')}
        AND p.created_at >= ($1::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC'
        AND p.created_at < ($2::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC'
      ORDER BY p.created_at DESC, p.id DESC LIMIT $3`,
    all,
  );
  const pageRows = rows.slice(0, page.pageSize);
  const last = pageRows.at(-1);
  return { rows: pageRows, nextCursor: rows.length > page.pageSize && last ? `${last.cursor_at}_${last.id}` : null, ...range };
}

/** One record the scope may read, or STF10013 (another's, unbound, or none: answered alike). */
export async function visibleRecord(db: Queryable, scope: RecordsScope, recordId: string): Promise<RecordRow> {
  const { where, params } = await visibleRows(db, scope, {}, 2);
  const { rows } = await db.query<RecordRow>(`${RECORD_SELECT} WHERE p.id = $1 AND ${where.join(' AND ')}`, [recordId, ...params]);
  if (!rows[0]) throw new DomainError(STAFF_CODES.recordUnknown);
  return rows[0];
}

export async function refundsOf(db: Queryable, paymentId: string): Promise<RefundLine[]> {
  const { rows } = await db.query<{ id: string; amount: string; charge_returned: string; created_at: Date }>(
    'SELECT id::text, amount::text, charge_returned::text, created_at FROM merchant_refunds WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
  return rows.map((r) => ({ refundId: r.id, amount: Number(r.amount), chargeReturned: Number(r.charge_returned), at: new Date(r.created_at).toISOString() }));
}
