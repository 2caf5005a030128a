import { MERCHANT_CODES, STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import type { MerchantSummary, Store } from '../../../services/contract/merchantShared.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { HandlerContext } from '../../handler.ts';
import { memberIdOf } from '../session/principal.ts';

/**
 * Who may act on a merchant, its sub-merchants and their stores (spec §6; DESIGN.md "Roles"). This
 * file is the one place that decides, and every merchant call goes through it:
 * - the owner (the enterprise member that opened the collection account) acts on everything:
 *   `merchantOf`, `ownedMerchant`, `ownedStore`;
 * - a clerk (an individual member who agreed to an invitation for one store) acts only at that
 *   store, only to collect and to read their own collections (or all the store's with the
 *   permission): `actingAt` for a store named in the call, `staffOf` for "my store";
 * - a removed clerk is refused at once with STF10009 on their next call; a clerk naming another
 *   store gets the same answer as for a store that does not exist (MCH10004), and a member on no
 *   staff the answer they had before clerks existed (MCH10003), so nothing leaks whose a store is;
 * - `ownerOnly` for the owner's calls (staff, refunds, withdrawals): STF10010 for a clerk.
 */

export interface MerchantRow {
  id: string;
  member_id: string;
  parent_id: string | null;
  name: string;
  nif: string | null;
  mcc: string;
  province_id: string | null;
  city: string | null;
  settlement_card_id: string | null;
  charge_rate_bp: number;
  charge_cap: string | null;
  settlement_shards: number;
  status: 'active' | 'closed';
}

export const MERCHANT_COLUMNS = `m.id::text, m.member_id::text, m.parent_id::text, m.name, m.nif, m.mcc, m.province_id, m.city,
  m.settlement_card_id::text, m.charge_rate_bp, m.charge_cap::text, m.settlement_shards, m.status`;

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

/** The caller (a member) acting as a merchant: the merchant the member owns, or MCH10003. */
export async function merchantOf(ctx: HandlerContext, db: Queryable = ctx.db): Promise<MerchantRow> {
  const memberId = memberIdOf(ctx);
  const { rows } = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL AND m.status = 'active'`, [memberId]);
  if (!rows[0]) throw new DomainError(MERCHANT_CODES.notAMerchant);
  return rows[0];
}

/** The merchant itself or one of its sub-merchants, by id; anything else (another's, none) is MCH10004. */
export async function ownedMerchant(db: Queryable, owner: MerchantRow, merchantId: string): Promise<MerchantRow> {
  if (merchantId === owner.id) return owner;
  const { rows } = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = $1 AND m.parent_id = $2`, [merchantId, owner.id]);
  if (!rows[0]) throw new DomainError(MERCHANT_CODES.notYours);
  return rows[0];
}

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

export interface StaffRow {
  id: string;
  merchant_id: string;
  store_id: string;
  member_id: string;
  all_records: boolean;
  contact_channel: 'mobile' | 'email' | 'qr';
  status: 'normal' | 'deleted';
  created_at: Date | string;
  removed_at: Date | string | null;
}

export const STAFF_COLUMNS = `st.id::text, st.merchant_id::text, st.store_id::text, st.member_id::text, st.all_records,
  st.contact_channel, st.status, st.created_at, st.removed_at`;

/** The caller's place at a store: as its owner, or as one of its clerks (with or without the all-records permission). */
export type StoreActor =
  | { role: 'owner'; memberId: string; merchant: MerchantRow; store: StoreRow & { merchant: MerchantRow } }
  | { role: 'clerk'; memberId: string; staff: StaffRow; merchant: MerchantRow; store: StoreRow & { merchant: MerchantRow } };

/**
 * The caller's active staff row (a clerk's one store), or null when they are on no staff. A clerk
 * removed since their last call gets STF10009 when `refuseRemoved` (a clerk screen's next call).
 */
export async function staffOf(ctx: HandlerContext, db: Queryable = ctx.db, options: { refuseRemoved?: boolean } = {}): Promise<StaffRow | null> {
  const memberId = memberIdOf(ctx);
  const { rows } = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM staff st WHERE st.member_id = $1 ORDER BY (st.status = 'normal') DESC, st.id DESC LIMIT 1`,
    [memberId],
  );
  const row = rows[0];
  if (row?.status === 'normal') return row;
  if (row && options.refuseRemoved) throw new DomainError(STAFF_CODES.staffRemoved);
  return null;
}

/**
 * The caller at a store named in a call: its owner, else its clerk, else MCH10004 — or STF10009 for a
 * clerk removed from it. `ownerOnly` refuses a clerk with STF10010 (refunds, withdrawals, staff).
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
    // on no staff at all: answered as before clerks existed (not a merchant), never naming the store
    const anyStaff = await db.query(`SELECT 1 FROM staff st WHERE st.member_id = $1 LIMIT 1`, [memberId]);
    throw new DomainError(anyStaff.rows[0] ? MERCHANT_CODES.notYours : MERCHANT_CODES.notAMerchant);
  }
  if (staff.status !== 'normal') throw new DomainError(STAFF_CODES.staffRemoved);
  if (options.ownerOnly) throw new DomainError(STAFF_CODES.ownerOnly);
  const merchantRows = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = $1`, [staff.merchant_id]);
  const merchant = merchantRows.rows[0]!;
  return { role: 'clerk', memberId, staff, merchant, store: await ownedStore(db, merchant, storeId, { lock: options.lock }) };
}

/** What the caller may read of a merchant's records (and whether they may refund): the owner everything, a clerk their store. */
export type RecordsScope =
  | { role: 'owner'; memberId: string; merchant: MerchantRow }
  | { role: 'clerk'; memberId: string; merchant: MerchantRow; staff: StaffRow };

/**
 * The caller's readable scope for calls that name no store (records, their export, a refund): the
 * merchant's owner, else an active clerk (a removed one is STF10009), else MCH10003. `ownerOnly`
 * refuses a clerk with STF10010. Which rows a clerk then sees (their own collections, or all their
 * store's with `all_records`) is the records domain's query, given this scope.
 */
export async function recordsScope(ctx: HandlerContext, db: Queryable = ctx.db, options: { ownerOnly?: boolean } = {}): Promise<RecordsScope> {
  const memberId = memberIdOf(ctx);
  const owned = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL AND m.status = 'active'`, [memberId]);
  if (owned.rows[0]) return { role: 'owner', memberId, merchant: owned.rows[0] };
  const staff = await staffOf(ctx, db, { refuseRemoved: true });
  if (!staff) throw new DomainError(MERCHANT_CODES.notAMerchant);
  if (options.ownerOnly) throw new DomainError(STAFF_CODES.ownerOnly);
  const merchantRows = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = $1`, [staff.merchant_id]);
  return { role: 'clerk', memberId, merchant: merchantRows.rows[0]!, staff };
}

/**
 * The caller as the merchant's owner, for the calls only the owner makes (staff, refunds,
 * withdrawals): a clerk gets STF10010, a removed clerk STF10009, anyone else MCH10003.
 */
export async function ownerOnly(ctx: HandlerContext, db: Queryable = ctx.db): Promise<MerchantRow> {
  try {
    return await merchantOf(ctx, db);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== MERCHANT_CODES.notAMerchant) throw error;
    if (await staffOf(ctx, db, { refuseRemoved: true })) throw new DomainError(STAFF_CODES.ownerOnly);
    throw error;
  }
}

export function toMerchantSummary(row: MerchantRow): MerchantSummary {
  return {
    merchantId: row.id,
    name: row.name,
    mcc: row.mcc,
    parentId: row.parent_id,
    province: row.province_id,
    city: row.city,
    nif: row.nif,
    chargeRateBp: row.charge_rate_bp,
    chargeCap: row.charge_cap === null ? null : Number(row.charge_cap),
    status: row.status,
  };
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
