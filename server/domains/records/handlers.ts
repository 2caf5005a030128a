import type { Queryable } from '../../db/index.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { recordsScope, type RecordsScope } from '../../entities/merchants.ts';
import { recordsPage, refundsOf, toRecord, visibleRecord } from '../../entities/merchantRecords.ts';

/**
 * Transaction records (issue 12): who reads what is decided once (recordsScope, then visibleRows
 * in query.ts); the handlers only shape the answers. The CSV export is csv.ts (a GET route).
 */

/** What the owner may filter by: its stores and its sub-merchants', its clerks (removed ones too: their records stay), its bound codes. */
async function choicesFor(db: Queryable, scope: RecordsScope) {
  if (scope.role === 'clerk') return { stores: [], clerks: [], bindings: [] };
  const owner = scope.merchant.id;
  const stores = await db.query<{ id: string; name: string }>(
    'SELECT s.id::text, s.name FROM stores s JOIN merchants m ON m.id = s.merchant_id WHERE m.id = $1 OR m.parent_id = $1 ORDER BY s.id',
    [owner],
  );
  const clerks = await db.query<{ id: string; name: string; status: string }>(
    `SELECT st.id::text, coalesce(mb.real_name, mb.display_name) AS name, st.status FROM staff st JOIN members mb ON mb.id = st.member_id
      WHERE st.merchant_id = $1 ORDER BY st.status, st.id`,
    [owner],
  );
  const bindings = await db.query<{ id: string; serial: string; store_name: string }>(
    `SELECT cb.id::text, cb.serial, s.name AS store_name FROM code_bindings cb JOIN stores s ON s.id = cb.store_id JOIN merchants m ON m.id = s.merchant_id
      WHERE cb.unbound_at IS NULL AND (m.id = $1 OR m.parent_id = $1) ORDER BY cb.id`,
    [owner],
  );
  return {
    stores: stores.rows,
    clerks: clerks.rows.map((r) => ({ id: r.id, name: r.name })),
    bindings: bindings.rows.map((r) => ({ id: r.id, name: `${r.serial} · ${r.store_name}` })),
  };
}

const queryRecords: Handler<'merchant/records/query'> = async (input, ctx) => {
  const scope = await recordsScope(ctx);
  const page = await recordsPage(ctx.db, scope, input, { cursor: input.cursor, pageSize: input.pageSize });
  return {
    items: page.rows.map(toRecord),
    nextCursor: page.nextCursor,
    from: page.from,
    to: page.to,
    role: scope.role,
    reach: scope.role === 'owner' ? 'all' : scope.staff.all_records ? 'store' : 'own',
    // the pickers are the first page's; later pages do not ask again
    choices: input.cursor ? { stores: [], clerks: [], bindings: [] } : await choicesFor(ctx.db, scope),
  };
};

const recordDetail: Handler<'merchant/records/detail'> = async (input, ctx) => {
  const scope = await recordsScope(ctx);
  const record = toRecord(await visibleRecord(ctx.db, scope, input.recordId));
  return { ...record, refunds: await refundsOf(ctx.db, record.recordId), refundable: record.amount - record.refunded, role: scope.role };
};

export const recordsHandlers = {
  'merchant/records/query': queryRecords,
  'merchant/records/detail': recordDetail,
} satisfies FlowHandlers<'records'>;
