import { MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { merchantOf, type MerchantRow } from '../../entities/merchants.ts';
import { ownedStore } from '../../entities/stores.ts';
import { serialOfScanned, storeCodePayload } from '../../entities/collectionCodes.ts';

/**
 * A store's codes: its own static code, and the printed stickers bound to it. A sticker is bound
 * by scanning it (its EMVCo payload) or typing the serial printed under it, and unbound again.
 * Payments belong to the binding (code_bindings), not to the sticker: once unbound, that binding's
 * payments leave the merchant's records, and binding the sticker again starts a new binding.
 */

interface BindingRow { id: string; serial: string; store_id: string; bound_at: Date | string }
const toBinding = (row: BindingRow) => ({ bindingId: row.id, serial: row.serial, storeId: row.store_id, boundAt: new Date(row.bound_at).toISOString() });

/** The store's own static code (written when the store was created) as its payload says it today. */
async function storeCode(db: Queryable, store: { id: string; name: string; merchant: MerchantRow }) {
  const { rows } = await db.query<{ serial: string }>("SELECT serial FROM collection_codes WHERE store_id = $1 AND kind = 'store'", [store.id]);
  const serial = rows[0]!.serial;
  return { serial, payload: storeCodePayload({ serial, merchantName: store.merchant.name, mcc: store.merchant.mcc, city: store.merchant.city, storeName: store.name }) };
}

const queryStoreCodes: Handler<'merchant/code/list'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  const store = await ownedStore(ctx.db, owner, input.storeId);
  const { rows } = await ctx.db.query<BindingRow>(
    'SELECT id::text, serial, store_id::text, bound_at FROM code_bindings WHERE store_id = $1 AND unbound_at IS NULL ORDER BY bound_at, id',
    [store.id],
  );
  return { storeCode: await storeCode(ctx.db, store), stickers: rows.map(toBinding) };
};

/**
 * Binds a sticker to an open store of the caller's. The sticker's code row is locked first, so two
 * binds of one sticker at once give one binding (the other: MCH10010).
 */
const bindCode: Handler<'merchant/code/bind'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  const scanned = serialOfScanned(input.code);
  // a printed sticker is a static code; a dynamic payload naming a sticker's serial is not one we printed
  if (scanned.payloadKind === 'dynamic') throw new DomainError(MERCHANT_CODES.codeUnknown);
  return ctx.db.transaction(async (tx) => {
    const store = await ownedStore(tx, owner, input.storeId, { lock: true });
    if (store.status === 'closed') throw new DomainError(MERCHANT_CODES.storeClosed);
    const { rows: codes } = await tx.query<{ serial: string }>("SELECT serial FROM collection_codes WHERE serial = $1 AND kind = 'sticker' FOR UPDATE", [scanned.serial]);
    if (!codes[0]) throw new DomainError(MERCHANT_CODES.codeUnknown);
    const bound = await tx.query("SELECT 1 FROM code_bindings WHERE serial = $1 AND unbound_at IS NULL", [scanned.serial]);
    if (bound.rows.length > 0) throw new DomainError(MERCHANT_CODES.stickerAlreadyBound);
    const { rows } = await tx.query<BindingRow>(
      `INSERT INTO code_bindings (serial, store_id, merchant_id, bound_by) VALUES ($1, $2, $3, $4)
       RETURNING id::text, serial, store_id::text, bound_at`,
      [scanned.serial, store.id, owner.id, owner.member_id],
    );
    return { binding: toBinding(rows[0]!) };
  });
};

/**
 * Ends a binding of the caller's. Unbinding one already unbound answers the same (a retried call);
 * a binding of another merchant's, or none, is MCH10004 and changes nothing.
 */
const unbindCode: Handler<'merchant/code/unbind'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ store_id: string }>('SELECT store_id::text FROM code_bindings WHERE id = $1 FOR UPDATE', [input.bindingId]);
    if (!rows[0]) throw new DomainError(MERCHANT_CODES.notYours);
    await ownedStore(tx, owner, rows[0].store_id);
    await tx.query('UPDATE code_bindings SET unbound_at = now() WHERE id = $1 AND unbound_at IS NULL', [input.bindingId]);
    return { unbound: true as const };
  });
};

export const codeBindingHandlers = {
  'merchant/code/list': queryStoreCodes,
  'merchant/code/bind': bindCode,
  'merchant/code/unbind': unbindCode,
} satisfies FlowHandlers<'codeBinding'>;
