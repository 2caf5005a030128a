import { SHARE_CODES } from '../../services/contract/answerCodes.ts';
import type { SharedCoupon, SharedPackage, SharedStore } from '../../services/contract/sharePages.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { COUPON_TERMS_SELECT, couponTerms, type CouponTermsRow } from './couponTerms.ts';

/**
 * What the share pages show (README "Share pages"), read for anyone: the share calls
 * (server/domains/sharePages) and the server's render of the pages with their preview tags
 * (server/ssr.ts) both read here. Only what the merchant offers to everyone; anything that cannot be
 * offered now is SHR10001.
 */

const expired = () => new DomainError(SHARE_CODES.shareExpired);

/** The picture of a store or a package as the pages and previews name it (server/transport/shareImages.ts serves it, or the app's own). */
export const storeImagePath = (storeId: string) => `/s/image/store/${storeId}`;
export const packageImagePath = (storeId: string, packageId: string) => `/s/image/group/${storeId}/${packageId}`;

/** An open store of an active merchant whose parent, if any, is active too. */
const OPEN_STORE = `st.status = 'open' AND m.status = 'active' AND coalesce(pm.status, 'active') = 'active'`;
/** A package on sale now with stock left. */
const ON_SALE = `g.status = 'active' AND g.starts_at <= now() AND g.ends_at > now()
  AND (SELECT coalesce(sum(sl.count_left), 0) FROM promotion_slices sl WHERE sl.kind = 'groupPackage' AND sl.policy_id = g.id) > 0`;
/** A coupon anyone may claim now: not one payments give, live, with uses left. */
const CLAIMABLE = `c.auto_threshold IS NULL AND c.status = 'active' AND c.starts_at <= now() AND (c.ends_at IS NULL OR c.ends_at > now())
  AND (SELECT coalesce(sum(sl.count_left), 0) FROM promotion_slices sl WHERE sl.kind = 'coupon' AND sl.policy_id = c.id) > 0`;

const hhmm = (time: string) => time.slice(0, 5);

export async function sharedStore(db: Queryable, storeId: string): Promise<SharedStore> {
  const { rows } = await db.query<{ name: string; merchant_name: string; address: string; description: string; business_days: number[]; opens_at: string; closes_at: string; merchant_id: string }>(
    `SELECT st.name, coalesce(pm.name, m.name) AS merchant_name, st.address, st.description, st.business_days, st.opens_at::text, st.closes_at::text,
            coalesce(m.parent_id, m.id)::text AS merchant_id
       FROM stores st JOIN merchants m ON m.id = st.merchant_id LEFT JOIN merchants pm ON pm.id = m.parent_id
      WHERE st.id = $1 AND ${OPEN_STORE}`,
    [storeId],
  );
  const store = rows[0];
  if (!store) throw expired();
  const coupons = await db.query<CouponTermsRow & { id: string; name: string }>(
    `SELECT c.id::text, c.name, ${COUPON_TERMS_SELECT} FROM coupons c WHERE c.merchant_id = $1 AND ${CLAIMABLE} ORDER BY c.id DESC LIMIT 20`,
    [store.merchant_id],
  );
  const packages = await db.query<{ id: string; name: string; group_price: string; normal_price: string; ends_at: Date }>(
    `SELECT g.id::text, g.name, g.group_price::text, g.normal_price::text, g.ends_at FROM group_packages g WHERE g.store_id = $1 AND ${ON_SALE} ORDER BY g.id DESC LIMIT 20`,
    [storeId],
  );
  return {
    storeId, name: store.name, merchantName: store.merchant_name, address: store.address, description: store.description,
    businessDays: store.business_days, opensAt: hhmm(store.opens_at), closesAt: hhmm(store.closes_at), image: storeImagePath(storeId),
    coupons: coupons.rows.map((row) => ({ couponId: row.id, name: row.name, ...couponTerms(row) })),
    packages: packages.rows.map((row) => ({
      packageId: row.id, name: row.name, groupPrice: Number(row.group_price), normalPrice: Number(row.normal_price),
      endsAt: new Date(row.ends_at).toISOString(), image: packageImagePath(storeId, row.id),
    })),
  };
}

export async function sharedPackage(db: Queryable, storeId: string, packageId: string): Promise<SharedPackage> {
  const { rows } = await db.query<{ name: string; content: string[]; group_price: string; normal_price: string; ends_at: Date; left_: string; store_name: string; address: string; merchant_name: string }>(
    `SELECT g.name, g.content, g.group_price::text, g.normal_price::text, g.ends_at,
            (SELECT coalesce(sum(sl.count_left), 0) FROM promotion_slices sl WHERE sl.kind = 'groupPackage' AND sl.policy_id = g.id)::text AS left_,
            st.name AS store_name, st.address, coalesce(pm.name, m.name) AS merchant_name
       FROM group_packages g JOIN stores st ON st.id = g.store_id JOIN merchants m ON m.id = st.merchant_id LEFT JOIN merchants pm ON pm.id = m.parent_id
      WHERE g.id = $2 AND g.store_id = $1 AND ${ON_SALE} AND ${OPEN_STORE}`,
    [storeId, packageId],
  );
  const row = rows[0];
  if (!row) throw expired();
  return {
    packageId, name: row.name, content: row.content, groupPrice: Number(row.group_price), normalPrice: Number(row.normal_price),
    endsAt: new Date(row.ends_at).toISOString(), left: Number(row.left_), image: packageImagePath(storeId, packageId),
    storeId, storeName: row.store_name, storeAddress: row.address, merchantName: row.merchant_name,
  };
}

export async function sharedCoupon(db: Queryable, couponId: string): Promise<SharedCoupon> {
  const { rows } = await db.query<CouponTermsRow & { name: string; merchant_name: string; store_id: string; store_name: string; stock_left: string }>(
    `SELECT c.name, cm.name AS merchant_name, ${COUPON_TERMS_SELECT},
            (SELECT coalesce(sum(sl.count_left), 0) FROM promotion_slices sl WHERE sl.kind = 'coupon' AND sl.policy_id = c.id)::text AS stock_left,
            st.id::text AS store_id, st.name AS store_name
       FROM coupons c
       JOIN merchants cm ON cm.id = c.merchant_id AND cm.status = 'active'
       JOIN LATERAL (SELECT st.id, st.name FROM stores st JOIN merchants m ON m.id = st.merchant_id LEFT JOIN merchants pm ON pm.id = m.parent_id
                      WHERE coalesce(m.parent_id, m.id) = c.merchant_id AND ${OPEN_STORE} ORDER BY (m.parent_id IS NULL) DESC, st.id LIMIT 1) st ON true
      WHERE c.id = $1 AND ${CLAIMABLE}`,
    [couponId],
  );
  const row = rows[0];
  if (!row) throw expired();
  return {
    couponId, name: row.name, merchantName: row.merchant_name, storeId: row.store_id, storeName: row.store_name,
    stockLeft: Number(row.stock_left), image: storeImagePath(row.store_id), ...couponTerms(row),
  };
}

/** The photo file of a store or a package a share page may show (null: none, or not shareable now: the app's own picture then). */
export async function sharedPhoto(db: Queryable, which: { storeId: string; packageId?: string }): Promise<{ storageKey: string; contentType: string } | null> {
  const { rows } = which.packageId
    ? await db.query<{ storage_key: string; content_type: string }>(
        `SELECT f.storage_key, f.content_type FROM group_packages g JOIN stores st ON st.id = g.store_id JOIN merchants m ON m.id = st.merchant_id
           LEFT JOIN merchants pm ON pm.id = m.parent_id JOIN uploaded_files f ON f.id = coalesce(g.photo_file_id, st.photo_file_id)
          WHERE g.id = $2 AND g.store_id = $1 AND ${OPEN_STORE} AND f.content_type LIKE 'image/%'`,
        [which.storeId, which.packageId],
      )
    : await db.query<{ storage_key: string; content_type: string }>(
        `SELECT f.storage_key, f.content_type FROM stores st JOIN merchants m ON m.id = st.merchant_id LEFT JOIN merchants pm ON pm.id = m.parent_id
           JOIN uploaded_files f ON f.id = st.photo_file_id WHERE st.id = $1 AND ${OPEN_STORE} AND f.content_type LIKE 'image/%'`,
        [which.storeId],
      );
  return rows[0] ? { storageKey: rows[0].storage_key, contentType: rows[0].content_type } : null;
}
