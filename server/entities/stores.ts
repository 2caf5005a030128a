import type { Store } from '../../services/contract/merchantShared.ts';
import { MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { HandlerContext } from '../handler.ts';
import { memberIdOf } from '../auth/principal.ts';
import { MERCHANT_COLUMNS, merchantOf, type MerchantRow } from './merchants.ts';
import { refused } from './roles.ts';
import { STAFF_COLUMNS, notOwner, type StaffRow } from './staff.ts';

/**
 * A merchant's (or sub-merchant's) stores, and the caller at one of them: its owner, or one of its
 * clerks (`actingAt`, the one place that decides; spec §6).
 */

export interface StoreRow {
  id: string;
  merchant_id: string;
  name: string;
  address: string;
  description: string;
  business_days: number[];
  opens_at: string;
  closes_at: string;
  photo_file_id: string | null;
  status: 'open' | 'closed';
  updated_at: Date | string;
}

export const STORE_COLUMNS = `s.id::text, s.merchant_id::text, s.name, s.address, s.description, s.business_days,
  to_char(s.opens_at, 'HH24:MI') AS opens_at, to_char(s.closes_at, 'HH24:MI') AS closes_at, s.photo_file_id::text, s.status, s.updated_at`;

/**
 * A store of the merchant or of one of its sub-merchants, or MCH10004 (another merchant's store
 * is answered exactly as a store that does not exist). `lock` takes the store's row for a change.
 */
export async function ownedStore(db: Queryable, owner: MerchantRow, storeId: string, options: { lock?: boolean } = {}): Promise<StoreRow & { merchant: MerchantRow }> {
  const { rows } = await db.query<StoreRow & { merchant: MerchantRow }>(
    `SELECT ${STORE_COLUMNS}, (SELECT row_to_json(x) FROM (SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = s.merchant_id) x) AS merchant
       FROM stores s JOIN merchants owner_of ON owner_of.id = s.merchant_id
      WHERE s.id = $1 AND (owner_of.id = $2 OR owner_of.parent_id = $2)${options.lock ? ' FOR UPDATE OF s' : ''}`,
    [storeId, owner.id],
  );
  if (!rows[0]) throw new DomainError(MERCHANT_CODES.notYours);
  return rows[0];
}

/** The caller's place at a store: as its owner, or as one of its clerks (with or without the all-records permission). */
export type StoreActor =
  | { role: 'owner'; memberId: string; merchant: MerchantRow; store: StoreRow & { merchant: MerchantRow } }
  | { role: 'clerk'; memberId: string; staff: StaffRow; merchant: MerchantRow; store: StoreRow & { merchant: MerchantRow } };

/**
 * The caller at a store named in a call (ROLE_RULES.cashier): its owner, else its clerk; a clerk
 * removed from it, or removed and at no store now, STF10009; a clerk of another store (this
 * merchant's or another's) MCH10004, as for a store that does not exist; anyone else MCH10003.
 * `ownerOnly` refuses a clerk with STF10010.
 */
export async function actingAt(ctx: HandlerContext, storeId: string, db: Queryable = ctx.db, options: { ownerOnly?: boolean; lock?: boolean } = {}): Promise<StoreActor> {
  const memberId = memberIdOf(ctx);
  const owned = await db.query<{ id: string }>(`SELECT m.id::text FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL AND m.status = 'active'`, [memberId]);
  if (owned.rows[0]) {
    const merchant = await merchantOf(ctx, db);
    return { role: 'owner', memberId, merchant, store: await ownedStore(db, merchant, storeId, { lock: options.lock }) };
  }
  const { rows } = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM staff st WHERE st.member_id = $1 AND st.store_id = $2 ORDER BY (st.status = 'normal') DESC, st.id DESC LIMIT 1`,
    [memberId, storeId],
  );
  const staff = rows[0];
  if (!staff) {
    // never at this store: a clerk elsewhere is told nothing of it; on no staff at all, answered as before clerks existed
    const caller = await notOwner(ctx, db);
    if (caller.role === 'clerk') throw new DomainError(MERCHANT_CODES.notYours);
    throw refused('cashier', caller.role);
  }
  if (staff.status !== 'normal') throw refused('cashier', 'removedClerk');
  if (options.ownerOnly) throw refused('ownerOnly', 'clerk');
  const merchantRows = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = $1`, [staff.merchant_id]);
  const merchant = merchantRows.rows[0]!;
  return { role: 'clerk', memberId, staff, merchant, store: await ownedStore(db, merchant, storeId, { lock: options.lock }) };
}

export function toStore(row: StoreRow): Store {
  return {
    storeId: row.id,
    merchantId: row.merchant_id,
    name: row.name,
    address: row.address,
    description: row.description,
    businessDays: row.business_days.map(Number),
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    photoFileId: row.photo_file_id,
    status: row.status,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

