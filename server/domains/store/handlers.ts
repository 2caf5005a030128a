import { CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { insertCodes } from '../../entities/collectionCodes.ts';
import { STORE_COLUMNS, ownedStore, toStore, type StoreRow } from '../../entities/stores.ts';
import { merchantOf, ownedMerchant } from '../../entities/merchants.ts';
import { requireOwnImage } from '../../entities/files.ts';

/**
 * Stores (spec §3): name, address, description, business days, opening hours and a photo, for the
 * merchant or one of its sub-merchants. Creating one also gives it its own static collection code
 * (serial ST…), in the same transaction. A closed store keeps its records and codes but takes no
 * payments and no changes. The photo must be the owner's own image (requireOwnImage, entities/files.ts).
 */

const sortedDays = (days: number[]) => [...days].sort((a, b) => a - b);

const saveStore: Handler<'merchant/store/save'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const merchant = await ownedMerchant(tx, owner, input.merchantId);
    await requireOwnImage(tx, owner.member_id, input.photoFileId);
    const values = [input.name, input.address, input.description, sortedDays(input.businessDays), input.opensAt, input.closesAt, input.photoFileId];
    if (input.storeId === undefined) {
      const { rows } = await tx.query<StoreRow>(
        `INSERT INTO stores AS s (merchant_id, name, address, description, business_days, opens_at, closes_at, photo_file_id)
         VALUES ($1, $2, $3, $4, $5::smallint[], $6::time, $7::time, $8::uuid) RETURNING ${STORE_COLUMNS}`,
        [merchant.id, ...values],
      );
      const store = rows[0]!;
      await insertCodes(tx, 'store', 1, { storeId: store.id, createdBy: owner.member_id });
      return { store: toStore(store) };
    }
    const current = await ownedStore(tx, owner, input.storeId, { lock: true });
    if (current.status === 'closed') throw new DomainError(MERCHANT_CODES.storeClosed);
    // a store stays with the merchant it was opened for: its code and records name that merchant
    if (current.merchant_id !== merchant.id) throw new DomainError(CODES.invalidParameters, 200, 'merchantId');
    const { rows } = await tx.query<StoreRow>(
      `UPDATE stores AS s SET name = $2, address = $3, description = $4, business_days = $5::smallint[], opens_at = $6::time, closes_at = $7::time,
              photo_file_id = $8::uuid, updated_at = now()
        WHERE s.id = $1 RETURNING ${STORE_COLUMNS}`,
      [current.id, ...values],
    );
    return { store: toStore(rows[0]!) };
  });
};

const queryStore: Handler<'merchant/store/detail'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  return { store: toStore(await ownedStore(ctx.db, owner, input.storeId)) };
};

/** Closing twice answers the closed store again (a retried call changes nothing). */
const closeStore: Handler<'merchant/store/close'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const current = await ownedStore(tx, owner, input.storeId, { lock: true });
    if (current.status === 'closed') return { store: toStore(current) };
    const { rows } = await tx.query<StoreRow>(`UPDATE stores AS s SET status = 'closed', updated_at = now() WHERE s.id = $1 RETURNING ${STORE_COLUMNS}`, [current.id]);
    return { store: toStore(rows[0]!) };
  });
};

export const storeHandlers = {
  'merchant/store/save': saveStore,
  'merchant/store/detail': queryStore,
  'merchant/store/close': closeStore,
} satisfies FlowHandlers<'store'>;
