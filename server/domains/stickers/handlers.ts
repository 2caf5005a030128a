import type { Queryable } from '../../db/index.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { writeAudit } from '../../entities/audit.ts';
import { operatorIdOf } from '../../auth/principal.ts';
import { insertCodes } from '../../entities/collectionCodes.ts';

/**
 * Operators issue batches of unbound collection-code stickers (serials `KW` + 10 random digits) in
 * the platform area and download them print-ready (`GET /platform/stickers/<batchId>.pdf`,
 * download.ts). Issuing is audited in the same transaction as the batch, like every operator decision.
 */

const PAGE_SIZE = 20;

interface BatchRow { id: string; count: number; first_serial: string; last_serial: string; issued_by: string; created_at: Date | string; bound: number }

const BATCH_SELECT = `SELECT b.id::text, b.count, o.name AS issued_by, b.created_at,
    (SELECT min(serial) FROM collection_codes c WHERE c.batch_id = b.id) AS first_serial,
    (SELECT max(serial) FROM collection_codes c WHERE c.batch_id = b.id) AS last_serial,
    (SELECT count(*)::int FROM code_bindings k JOIN collection_codes c ON c.serial = k.serial WHERE c.batch_id = b.id AND k.unbound_at IS NULL) AS bound
  FROM sticker_batches b JOIN operators o ON o.id = b.operator_id`;

const toBatch = (row: BatchRow) => ({
  batchId: row.id,
  count: row.count,
  firstSerial: row.first_serial,
  lastSerial: row.last_serial,
  issuedBy: row.issued_by,
  issuedAt: new Date(row.created_at).toISOString(),
  bound: Number(row.bound),
});

/** A batch's serials in the order they are printed (ascending). */
export async function batchSerials(db: Queryable, batchId: string): Promise<string[]> {
  const { rows } = await db.query<{ serial: string }>("SELECT serial FROM collection_codes WHERE batch_id = $1 AND kind = 'sticker' ORDER BY serial", [batchId]);
  return rows.map((r) => r.serial);
}

const issueStickers: Handler<'platform/stickers/issue'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO sticker_batches (operator_id, count) VALUES ($1, $2) RETURNING id::text', [operatorId, input.count]);
    const batchId = rows[0]!.id;
    await insertCodes(tx, 'sticker', input.count, { batchId });
    const batch = toBatch((await tx.query<BatchRow>(`${BATCH_SELECT} WHERE b.id = $1`, [batchId])).rows[0]!);
    await writeAudit(tx, {
      operatorId,
      action: 'stickers.issue',
      subjectType: 'sticker_batch',
      subjectId: batchId,
      after: { count: batch.count, firstSerial: batch.firstSerial, lastSerial: batch.lastSerial },
    });
    return { batch };
  });
};

/** Newest first, 20 a page (the per-batch figures are computed for the page's batches only). */
const queryStickerBatches: Handler<'platform/stickers/batches'> = async (input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<BatchRow>(
    `${BATCH_SELECT} WHERE b.id IN (SELECT id FROM sticker_batches ORDER BY id DESC LIMIT $1 OFFSET $2) ORDER BY b.id DESC`,
    [PAGE_SIZE, (input.page - 1) * PAGE_SIZE],
  );
  const { rows: counted } = await ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM sticker_batches');
  return { batches: rows.map(toBatch), total: Number(counted[0]!.n) };
};

export const stickersHandlers = {
  'platform/stickers/issue': issueStickers,
  'platform/stickers/batches': queryStickerBatches,
} satisfies FlowHandlers<'stickers'>;
