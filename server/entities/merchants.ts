import type { CollectionAnalysis } from '../../services/contract/collectionAnalysis.ts';
import { MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import type { MerchantSummary } from '../../services/contract/merchantShared.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { HandlerContext } from '../handler.ts';
import { memberIdOf } from '../auth/principal.ts';
import { refused } from './roles.ts';
import { notOwner, type StaffRow } from './staff.ts';

/**
 * The merchants entity: a merchant (the enterprise's collection account) and its sub-merchants,
 * what it collected (totals over Luanda days, below), and who may act on it. Who may act on a
 * merchant, its sub-merchants and their stores (spec §6; DESIGN.md "Roles") is decided by these
 * entities (merchants.ts, stores.ts, staff.ts) and their table (roles.ts), and every merchant
 * call goes through them:
 * - the owner (the enterprise member that opened the collection account) acts on everything:
 *   `merchantOf`, `ownedMerchant`, `ownedStore` (stores.ts);
 * - a clerk (an individual member who agreed to an invitation for one store) acts only at that
 *   store, only to collect and to read their own collections (or all the store's with the
 *   permission): `actingAt` (stores.ts) for a store named in the call, `staffOf` (staff.ts) for "my store";
 * - a removed clerk is refused at once with STF10009 on their next call; a clerk naming another
 *   store gets the same answer as for a store that does not exist (MCH10004), and a member on no
 *   staff the answer they had before clerks existed (MCH10003), so nothing leaks whose a store is;
 * - `ownerOnly` for the owner's calls (staff, refunds, withdrawals): STF10010 for a clerk.
 *
 * Which refusal each of them gives is read from ROLE_RULES, the one table README's "Who may do
 * what" shows (tests/unit/readmeRoles.test.ts keeps the two equal; the authorisation matrix in
 * tests/server/staff.test.ts takes its expectations from it).
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

/**
 * What a merchant collected over a range of Luanda days, as one definition for every screen that
 * shows it (the analysis, the home's "today"): collected minus the charges, minus the refunds made
 * in the range, plus the charges those refunds returned — the money the settlement account gained,
 * so a day's figure and the settlement balance agree.
 */

/**
 * Luanda is UTC+1 all year (no daylight saving), so a Luanda day D is [D − 1 h, D + 23 h) in UTC
 * and a payment's Luanda time is its UTC time plus an hour: written out rather than with a zone
 * name so the engine's time-zone data (and the session's TimeZone) play no part.
 */
export const RANGE_CTE = `
  bounds AS (SELECT ($2::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC' AS lo,
                    ($3::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC' AS hi),
  pay AS (SELECT p.store_id, p.cashier_id, p.amount - p.discount AS amount, p.charge, (p.created_at AT TIME ZONE 'UTC') + interval '1 hour' AS local
            FROM merchant_payments p, bounds b
           WHERE p.merchant_id = $1 AND p.created_at >= b.lo AND p.created_at < b.hi AND ($4::bigint IS NULL OR p.store_id = $4::bigint)),
  ref AS (SELECT r.store_id, r.amount, r.charge_returned, (r.created_at AT TIME ZONE 'UTC') + interval '1 hour' AS local
            FROM merchant_refunds r, bounds b
           WHERE r.merchant_id = $1 AND r.created_at >= b.lo AND r.created_at < b.hi AND ($4::bigint IS NULL OR r.store_id = $4::bigint))`;

interface TotalsRow { collected: string; count: string; charges: string; refunds: string; returned: string }

/** The range's totals; params are [merchantId, fromDay, toDay, storeId | null]. */
export async function totalsOf(tx: Queryable, params: unknown[]): Promise<CollectionAnalysis['totals']> {
  const { rows } = await tx.query<TotalsRow>(
    `WITH ${RANGE_CTE}
     SELECT (SELECT coalesce(sum(amount), 0) FROM pay)::text AS collected, (SELECT count(*) FROM pay)::text AS count,
            (SELECT coalesce(sum(charge), 0) FROM pay)::text AS charges,
            (SELECT coalesce(sum(amount), 0) FROM ref)::text AS refunds, (SELECT coalesce(sum(charge_returned), 0) FROM ref)::text AS returned`,
    params,
  );
  const row = rows[0]!;
  const [collected, count, charges, refunds, returned] = [BigInt(row.collected), BigInt(row.count), BigInt(row.charges), BigInt(row.refunds), BigInt(row.returned)];
  return {
    collected: Number(collected),
    count: Number(count),
    // half a cêntimo up, in integers
    averageTicket: count === 0n ? 0 : Number((collected * 2n + count) / (count * 2n)),
    charges: Number(charges),
    refunds: Number(refunds),
    chargesReturned: Number(returned),
    net: Number(collected - charges - refunds + returned),
  };
}

