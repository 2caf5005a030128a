import crypto from 'node:crypto';
import { GROUP_CODES, MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import type { GroupVoucher, VoucherState } from '../../services/contract/groupPackages.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { requireOwnImage } from './files.ts';
import type { MerchantRow } from './merchants.ts';
import { maskName } from './members.ts';
import { ownedStore } from './stores.ts';

/**
 * Group packages and their vouchers as the calls see them (README "Group purchases"; migration 029):
 * a package made, paused, resumed and ended by its merchant's owner, a member's vouchers, a voucher
 * redeemed at the till. Buying one is a merchant payment and lives in the payment module
 * (server/merchantPayment/: quoteGroupPackage, payGroupPackage); refunding an expired one is the
 * job's (server/jobs/groupVoucherExpiry.ts). What is checked here is the input, with coded
 * refusals before anything is written; the stock is opened in slices in the package's transaction.
 */

/** The largest stock a package may have (the column is an integer; no shop sells more at once). */
export const MAX_PACKAGE_STOCK = 1_000_000;

/** A voucher's code: `GV` and 20 digits from a CSPRNG (crypto.randomInt: no modulo bias), about 66 bits: not guessable at a till. */
export function newVoucherCode(): string {
  let digits = '';
  for (let i = 0; i < 20; i++) digits += String(crypto.randomInt(10));
  return `GV${digits}`;
}

/** What a scanner read or a clerk typed, as a voucher code (spaces and dashes dropped, upper case), or null when it cannot be one. */
export function voucherCodeIn(text: string): string | null {
  const code = text.replace(/[\s-]+/g, '').toUpperCase();
  return /^GV\d{20}$/.test(code) ? code : null;
}

export interface GroupPackageInput {
  storeId: string;
  name: string;
  content: string[];
  groupPrice: number;
  normalPrice: number;
  stock: number;
  startsAt?: Date;
  endsAt: Date;
  photoFileId: string | null;
}

const refuse = (code: string, detail?: string): never => {
  throw new DomainError(code, 200, detail);
};

/**
 * A package of one of the owner's stores (its own or a sub-merchant's; another merchant's store
 * MCH10004, a closed one MCH10005), its stock opened in slices. Refusals, in this order, nothing
 * written: GRP10004 a name or a content line empty (no lines at all too), GRP10001 a price not a
 * positive whole amount or a group price not below the normal price, GRP10002 a stock not a whole
 * number from 1 to MAX_PACKAGE_STOCK, GRP10003 an end not after the start or not in the future,
 * UPL10001 / UPL10002 a photo not the owner's own image.
 */
export async function createGroupPackage(db: Queryable, owner: MerchantRow, by: string, input: GroupPackageInput): Promise<string> {
  const store = await ownedStore(db, owner, input.storeId);
  if (store.status !== 'open') refuse(MERCHANT_CODES.storeClosed);
  const name = input.name.trim();
  const content = input.content.map((line) => line.trim());
  if (!name) refuse(GROUP_CODES.contentInvalid, 'name');
  if (content.length === 0 || content.some((line) => !line)) refuse(GROUP_CODES.contentInvalid, 'content');
  for (const [field, value] of [['groupPrice', input.groupPrice], ['normalPrice', input.normalPrice]] as const) {
    if (!(Number.isSafeInteger(value) && value > 0)) refuse(GROUP_CODES.priceNotBelowNormal, field);
  }
  if (input.groupPrice >= input.normalPrice) refuse(GROUP_CODES.priceNotBelowNormal, 'groupPrice');
  if (!(Number.isSafeInteger(input.stock) && input.stock > 0 && input.stock <= MAX_PACKAGE_STOCK)) refuse(GROUP_CODES.stockInvalid, 'stock');
  const now = Date.now();
  if (input.endsAt.getTime() <= (input.startsAt ?? new Date(now)).getTime() || input.endsAt.getTime() <= now) refuse(GROUP_CODES.validityInvalid, 'endsAt');
  await requireOwnImage(db, owner.member_id, input.photoFileId);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO group_packages (merchant_id, store_id, name, content, group_price, normal_price, stock, starts_at, ends_at, photo_file_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()), $9, $10, $11) RETURNING id::text`,
    [owner.id, store.id, name, content, input.groupPrice, input.normalPrice, input.stock, input.startsAt ?? null, input.endsAt, input.photoFileId, `member:${by}`],
  );
  const id = rows[0]!.id;
  await db.query('SELECT promotion_open_slices($1, $2, $3, $4)', ['groupPackage', id, null, input.stock]);
  return id;
}

/**
 * Pauses, resumes or ends one of the merchant's packages (another merchant's, or none, MCH10004; an
 * ended one does not change, GRP10005). Ending is final and stops the sales only: vouchers sold stay
 * good until their end (they were paid for), then the expiry job refunds the unused ones.
 */
export async function setGroupPackageStatus(db: Queryable, merchantId: string, packageId: string, status: 'active' | 'paused' | 'ended'): Promise<void> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM group_packages WHERE id = $1 AND merchant_id = $2 FOR UPDATE', [packageId, merchantId]);
  if (!rows[0]) refuse(MERCHANT_CODES.notYours);
  if (rows[0]!.status === 'ended') refuse(GROUP_CODES.packageEnded);
  await db.query('UPDATE group_packages SET status = $2 WHERE id = $1', [packageId, status]);
}

export interface MerchantPackageRow {
  packageId: string;
  storeId: string;
  storeName: string;
  name: string;
  content: string[];
  groupPrice: number;
  normalPrice: number;
  stock: number;
  left: number;
  sold: number;
  redeemed: number;
  refunded: number;
  startsAt: string;
  endsAt: string;
  photoFileId: string | null;
  status: 'active' | 'paused' | 'ended';
}

/** The merchant's packages (of one of its stores: another's MCH10004), newest first, with what they sold, have left, and what was redeemed and refunded. */
export async function merchantPackages(db: Queryable, owner: MerchantRow, storeId?: string): Promise<MerchantPackageRow[]> {
  if (storeId !== undefined) await ownedStore(db, owner, storeId);
  const { rows } = await db.query<{
    id: string; store_id: string; store_name: string; name: string; content: string[]; group_price: string; normal_price: string; stock: number; left_: string;
    sold: string; redeemed: string; refunded: string; starts_at: Date; ends_at: Date; photo_file_id: string | null; status: MerchantPackageRow['status'];
  }>(
    `SELECT g.id::text, g.store_id::text, st.name AS store_name, g.name, g.content, g.group_price::text, g.normal_price::text, g.stock,
            (SELECT coalesce(sum(s.count_left), 0) FROM promotion_slices s WHERE s.kind = 'groupPackage' AND s.policy_id = g.id)::text AS left_,
            v.sold::text, v.redeemed::text, v.refunded::text, g.starts_at, g.ends_at, g.photo_file_id::text, g.status
       FROM group_packages g
       JOIN stores st ON st.id = g.store_id
       LEFT JOIN LATERAL (SELECT count(*) AS sold, count(*) FILTER (WHERE x.state = 'redeemed') AS redeemed, count(*) FILTER (WHERE x.state = 'refunded') AS refunded
                            FROM group_vouchers x WHERE x.package_id = g.id) v ON true
      WHERE g.merchant_id = $1 AND ($2::bigint IS NULL OR g.store_id = $2::bigint)
      ORDER BY g.created_at DESC, g.id DESC LIMIT 200`,
    [owner.id, storeId ?? null],
  );
  return rows.map((row) => ({
    packageId: row.id, storeId: row.store_id, storeName: row.store_name, name: row.name, content: row.content, groupPrice: Number(row.group_price),
    normalPrice: Number(row.normal_price), stock: row.stock, left: Number(row.left_), sold: Number(row.sold), redeemed: Number(row.redeemed),
    refunded: Number(row.refunded), startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString(), photoFileId: row.photo_file_id,
    status: row.status,
  }));
}

/** An unused voucher past its end is expired, whatever its row says until the expiry job refunds it. */
const SHOWN_STATE = "CASE WHEN v.state = 'unused' AND v.expires_at <= now() THEN 'expired' ELSE v.state END";

/**
 * Vouchers as their member sees them (newest first, at most 200; `state` filters on the state
 * shown), or one voucher by its id. The code only while the voucher can be used.
 */
/**
 * What a merchant owner's settlement must keep for the vouchers of its packages not used yet
 * (unused, or expired and owed): each one's whole refund takes from the settlement what is left of
 * what the member paid less the charge fee income still gives back (README "Group purchases"). A
 * withdrawal may not take it (GRP10016): the voucher's money stays until the voucher is used or
 * refunded. Read after the settlement's shards are locked, it cannot change under a withdrawal: a
 * purchase credits a shard (waiting for the lock) and a redemption only lowers it.
 */
export async function heldForVouchers(db: Queryable, ownerMemberId: string): Promise<bigint> {
  const { rows } = await db.query<{ held: string }>(
    `SELECT coalesce(sum(p.amount - p.discount - p.refunded - (p.charge - coalesce(r.returned, 0))), 0)::text AS held
       FROM group_vouchers v
       JOIN merchant_payments p ON p.id = v.payment_id
       JOIN merchants m ON m.id = p.merchant_id
       LEFT JOIN LATERAL (SELECT sum(charge_returned) AS returned FROM merchant_refunds WHERE payment_id = p.id) r ON true
      WHERE m.member_id = $1 AND v.state IN ('unused', 'expired')`,
    [ownerMemberId],
  );
  const held = BigInt(rows[0]!.held);
  return held > 0n ? held : 0n;
}

export async function readVouchers(db: Queryable, which: { memberId: string; state?: VoucherState } | { voucherId: string }): Promise<GroupVoucher[]> {
  const byMember = 'memberId' in which;
  const { rows } = await db.query<{
    voucher_id: string; code: string; state: VoucherState; package_id: string; package_name: string; content: string[]; store_id: string; store_name: string;
    merchant_name: string; group_price: string; normal_price: string; paid: string; payment_id: string; voucher_no: string; bought_at: Date; expires_at: Date;
    redeemed_at: Date | null; redeemed_store_name: string | null;
  }>(
    `SELECT v.id::text AS voucher_id, v.code, ${SHOWN_STATE} AS state, g.id::text AS package_id, g.name AS package_name, g.content, g.store_id::text,
            st.name AS store_name, m.name AS merchant_name, g.group_price::text, g.normal_price::text, (p.amount - p.discount)::text AS paid,
            p.id::text AS payment_id, p.voucher_no, v.created_at AS bought_at, v.expires_at, v.redeemed_at, rs.name AS redeemed_store_name
       FROM group_vouchers v
       JOIN group_packages g ON g.id = v.package_id
       JOIN stores st ON st.id = g.store_id
       JOIN merchants m ON m.id = st.merchant_id
       JOIN merchant_payments p ON p.id = v.payment_id
       LEFT JOIN stores rs ON rs.id = v.redeemed_store_id
      WHERE ${byMember ? `v.member_id = $1 AND ($2::text IS NULL OR ${SHOWN_STATE} = $2::text)` : 'v.id = $1'}
      ORDER BY v.id DESC LIMIT 200`,
    byMember ? [which.memberId, which.state ?? null] : [which.voucherId],
  );
  return rows.map((row) => ({
    voucherId: row.voucher_id, code: row.state === 'unused' ? row.code : null, state: row.state, packageId: row.package_id, packageName: row.package_name,
    content: row.content, storeId: row.store_id, storeName: row.store_name, merchantName: row.merchant_name, groupPrice: Number(row.group_price),
    normalPrice: Number(row.normal_price), paid: Number(row.paid), paymentId: row.payment_id, voucherNo: row.voucher_no,
    boughtAt: new Date(row.bought_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString(),
    redeemedAt: row.redeemed_at ? new Date(row.redeemed_at).toISOString() : null, redeemedStoreName: row.redeemed_store_name,
  }));
}

/**
 * The voucher a till scanned, if it can be redeemed there now: `at` is the store where the caller (a
 * clerk there, or the owner) stands, already checked by actingAt (ROLE_RULES cashier). `lock` takes
 * the voucher's row (FOR UPDATE: two tills scanning it at once take turns, the second finds it
 * redeemed; the expiry job's refund takes the same lock). Refusals, in this order: GRP10010 no such
 * voucher (or not a voucher code), GRP10011 another merchant's (the package's owning merchant is not
 * the store's), GRP10012 redeemed already, GRP10013 refunded, GRP10014 past its end.
 */
async function voucherAtTill(db: Queryable, at: { storeId: string }, scanned: string, lock: boolean): Promise<{ id: string; payerMasked: string }> {
  const code = voucherCodeIn(scanned);
  if (!code) refuse(GROUP_CODES.voucherUnknown);
  const { rows } = await db.query<{ id: string; state: string; past: boolean; merchant_id: string; payer_name: string }>(
    `SELECT v.id::text, v.state, v.expires_at <= now() AS past, g.merchant_id::text, coalesce(mem.real_name, mem.display_name) AS payer_name
       FROM group_vouchers v JOIN group_packages g ON g.id = v.package_id JOIN members mem ON mem.id = v.member_id
      WHERE v.code = $1${lock ? ' FOR UPDATE OF v' : ''}`,
    [code],
  );
  const voucher = rows[0];
  if (!voucher) return refuse(GROUP_CODES.voucherUnknown);
  const { rows: [store] } = await db.query<{ owner_id: string }>(
    'SELECT coalesce(m.parent_id, m.id)::text AS owner_id FROM stores s JOIN merchants m ON m.id = s.merchant_id WHERE s.id = $1',
    [at.storeId],
  );
  if (store?.owner_id !== voucher.merchant_id) refuse(GROUP_CODES.voucherOtherMerchant);
  if (voucher.state === 'redeemed') refuse(GROUP_CODES.voucherRedeemed);
  if (voucher.state === 'refunded') refuse(GROUP_CODES.voucherRefunded);
  if (voucher.state === 'expired' || voucher.past) refuse(GROUP_CODES.voucherExpired);
  return { id: voucher.id, payerMasked: maskName(voucher.payer_name) };
}

/** What a scanned voucher is, before redeeming it: voucherAtTill's refusals, nothing written. */
export async function lookUpVoucher(db: Queryable, at: { storeId: string }, scanned: string): Promise<{ voucher: GroupVoucher; payerMasked: string }> {
  const found = await voucherAtTill(db, at, scanned, false);
  return { voucher: (await readVouchers(db, { voucherId: found.id }))[0]!, payerMasked: found.payerMasked };
}

/**
 * Redeems a voucher at the till, once, in the caller's transaction: voucherAtTill with the row
 * locked, then marked redeemed with who (`at.memberId`) and where (`at.storeId`).
 */
export async function redeemVoucher(tx: Queryable, at: { memberId: string; storeId: string }, scanned: string): Promise<{ voucher: GroupVoucher; payerMasked: string }> {
  const found = await voucherAtTill(tx, at, scanned, true);
  await tx.query(
    "UPDATE group_vouchers SET state = 'redeemed', redeemed_at = now(), redeemed_by = $2, redeemed_store_id = $3 WHERE id = $1",
    [found.id, at.memberId, at.storeId],
  );
  return { voucher: (await readVouchers(tx, { voucherId: found.id }))[0]!, payerMasked: found.payerMasked };
}
