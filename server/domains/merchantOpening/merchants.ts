import { MERCHANT_CODES, STAFF_CODES, type Code } from '../../../services/contract/answerCodes.ts';
import type { ServiceName } from '../../../services/contract/index.ts';
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
 *
 * Which refusal each of them gives is read from ROLE_RULES, the one table README's "Who may do
 * what" shows (tests/unit/readmeRoles.test.ts keeps the two equal; the authorisation matrix in
 * tests/server/staff.test.ts takes its expectations from it).
 */

/** Who a caller is to a merchant's calls: README's columns. */
export type MerchantRole = 'owner' | 'clerk' | 'removedClerk' | 'anyoneElse';

export const ROLE_COLUMNS: Readonly<Record<MerchantRole, string>> = {
  owner: 'owner (the enterprise that opened the account)',
  clerk: "clerk (an individual who agreed to one store's invitation)",
  removedClerk: 'removed clerk',
  anyoneElse: 'anyone else',
};

/**
 * A role's answer to a family of calls: what it may do, in README's words, or the codes it is
 * refused with — the first is the one the role gets; for `anyoneElse` the first is a member on no
 * merchant's side, the others a member of another merchant naming this one's store.
 */
export type RoleAnswer = string | readonly [Code, ...Code[]];

export interface RoleRule extends Readonly<Record<MerchantRole, RoleAnswer>> {
  /** README's name for the family (the row's first cell). */
  calls: string;
  /** The gateway services of the family (the CSV export is records' `GET /merchant/records/export`, owner only). */
  services: readonly ServiceName[];
}

const { staffRemoved, ownerOnly: ownerOnlyCode, assignedElsewhere, notAnIndividual } = STAFF_CODES;
const { notAMerchant, notYours } = MERCHANT_CODES;

/** Who may do what (spec §6; DESIGN.md "Roles"), by family of calls, in README's order. */
export const ROLE_RULES = {
  cashier: {
    calls: 'cashier: dynamic code, charge a payment code',
    services: ['merchant/cashier/stores', 'merchant/cashier/createDynamicCode', 'merchant/cashier/queryDynamicCode', 'merchant/cashier/chargePaymentCode', 'merchant/cashier/queryCharge'],
    owner: "all its and its sub-merchants' stores",
    clerk: 'their store only',
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant, notYours],
  },
  records: {
    calls: 'records',
    services: ['merchant/records/query', 'merchant/records/detail'],
    owner: 'all stores, by store, clerk or code binding; CSV',
    clerk: "their own collections, or all their store's with the all-records permission; no CSV",
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant],
  },
  alerts: {
    calls: 'live alerts',
    services: ['merchant/alerts/wait'],
    owner: 'all its stores',
    clerk: 'as records',
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant],
  },
  ownerOnly: {
    calls: 'refunds, analysis, settlement, staff, stores, codes and stickers, sub-merchants, merchant home and list',
    services: [
      'merchant/refund/apply', 'merchant/analysis/query', 'merchant/analysis/fundDetails',
      'merchant/staff/invitations', 'merchant/staff/invitationDetail', 'merchant/staff/invite', 'merchant/staff/withdrawInvitation', 'merchant/staff/list', 'merchant/staff/detail', 'merchant/staff/update', 'merchant/staff/remove',
      'merchant/store/save', 'merchant/store/detail', 'merchant/store/close',
      'merchant/code/list', 'merchant/code/bind', 'merchant/code/unbind',
      'subMerchant/register/apply', 'merchant/home/summary', 'merchant/list/query',
    ],
    owner: 'yes',
    clerk: [ownerOnlyCode],
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant],
  },
  invitation: {
    calls: 'answer an invitation',
    services: ['staff/invitation/pending', 'staff/invitation/summary', 'staff/invitation/detail', 'staff/invitation/respond'],
    owner: '—',
    clerk: `one store at a time (\`${assignedElsewhere}\`)`,
    removedClerk: 'may be invited again',
    anyoneElse: `individuals only (\`${notAnIndividual}\`)`,
  },
} as const satisfies Record<string, RoleRule>;

export type RoleFamily = keyof typeof ROLE_RULES;

/** The refusal a family's table row gives a caller who is not let in. */
function refused(family: RoleFamily, role: Exclude<MerchantRole, 'owner'>): DomainError {
  const answer: RoleAnswer = ROLE_RULES[family][role];
  // a programming error: the caller was let in by the table and refused by the code
  if (typeof answer === 'string') throw new Error(`ROLE_RULES.${family}: a ${role} is not refused`);
  return new DomainError(answer[0]);
}

/** A caller who does not own an active merchant: an active clerk (their staff row), a removed clerk, or anyone else. */
type NotOwner = { role: 'clerk'; staff: StaffRow } | { role: 'removedClerk' } | { role: 'anyoneElse' };

async function notOwner(ctx: HandlerContext, db: Queryable): Promise<NotOwner> {
  const { rows } = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM staff st WHERE st.member_id = $1 ORDER BY (st.status = 'normal') DESC, st.id DESC LIMIT 1`,
    [memberIdOf(ctx)],
  );
  const row = rows[0];
  if (!row) return { role: 'anyoneElse' };
  return row.status === 'normal' ? { role: 'clerk', staff: row } : { role: 'removedClerk' };
}

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

/**
 * The caller (a member) acting as a merchant, for the owner's calls: the merchant the member owns;
 * else, by ROLE_RULES.ownerOnly, a clerk STF10010, a removed clerk STF10009, anyone else MCH10003.
 */
export async function merchantOf(ctx: HandlerContext, db: Queryable = ctx.db): Promise<MerchantRow> {
  const memberId = memberIdOf(ctx);
  const { rows } = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL AND m.status = 'active'`, [memberId]);
  if (rows[0]) return rows[0];
  throw refused('ownerOnly', (await notOwner(ctx, db)).role);
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
  const caller = await notOwner(ctx, db);
  if (caller.role === 'clerk') return caller.staff;
  if (caller.role === 'removedClerk' && options.refuseRemoved) throw new DomainError(STAFF_CODES.staffRemoved);
  return null;
}

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

/** What the caller may read of a merchant's records (and whether they may refund): the owner everything, a clerk their store. */
export type RecordsScope =
  | { role: 'owner'; memberId: string; merchant: MerchantRow }
  | { role: 'clerk'; memberId: string; merchant: MerchantRow; staff: StaffRow };

/**
 * The caller's readable scope for calls that name no store (records, their export, a refund, the
 * alerts, the analysis): the merchant's owner, else an active clerk; a removed clerk and anyone
 * else are refused as the family's row of ROLE_RULES says (STF10009, MCH10003). `ownerOnly` (the
 * ownerOnly row) refuses a clerk too, with STF10010. Which rows a clerk then sees (their own
 * collections, or all their store's with `all_records`) is the records domain's query, given this scope.
 */
export async function recordsScope(ctx: HandlerContext, db: Queryable = ctx.db, options: { ownerOnly?: boolean; family?: 'records' | 'alerts' } = {}): Promise<RecordsScope> {
  const memberId = memberIdOf(ctx);
  const owned = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL AND m.status = 'active'`, [memberId]);
  if (owned.rows[0]) return { role: 'owner', memberId, merchant: owned.rows[0] };
  const caller = await notOwner(ctx, db);
  const family = options.ownerOnly ? 'ownerOnly' : (options.family ?? 'records');
  if (caller.role !== 'clerk' || family === 'ownerOnly') throw refused(family, caller.role);
  const merchantRows = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = $1`, [caller.staff.merchant_id]);
  return { role: 'clerk', memberId, merchant: merchantRows.rows[0]!, staff: caller.staff };
}

/**
 * The caller as the merchant's owner, for the calls only the owner makes (staff, refunds,
 * withdrawals): `merchantOf`, named for what it checks (a clerk STF10010, a removed clerk STF10009,
 * anyone else MCH10003).
 */
export const ownerOnly = merchantOf;

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
