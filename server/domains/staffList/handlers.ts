import { STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import type { StaffMember } from '../../../services/contract/staffList.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { ownerOnly, type MerchantRow } from '../../entities/merchants.ts';

/**
 * The merchant's staff (`/app/stafflist`, `/app/staffdetail`): name, phone (in full: the owner's own
 * staff, whom it invited), contact method, status, store, the all-records permission (editable),
 * removal. The owner only (STF10010 for a clerk). Removing sets the row 'deleted' and keeps it: the
 * clerk's past collections still name them, and `actingAt` / `staffOf` answer their next call with
 * STF10009. Another merchant's staff member is STF10008, as one that does not exist.
 */

interface StaffListRow {
  id: string; name: string; mobile: string | null; contact_channel: StaffMember['contactChannel']; status: StaffMember['status'];
  store_id: string; store_name: string; all_records: boolean; created_at: Date | string; removed_at: Date | string | null;
}

const SELECT = `SELECT st.id::text, coalesce(mb.real_name, mb.display_name) AS name, mb.mobile, st.contact_channel, st.status,
    st.store_id::text, s.name AS store_name, st.all_records, st.created_at, st.removed_at
  FROM staff st JOIN members mb ON mb.id = st.member_id JOIN stores s ON s.id = st.store_id`;

const toStaffMember = (row: StaffListRow): StaffMember => ({
  staffId: row.id,
  name: row.name,
  mobile: row.mobile,
  contactChannel: row.contact_channel,
  status: row.status,
  storeId: row.store_id,
  storeName: row.store_name,
  allRecords: row.all_records,
  joinedAt: new Date(row.created_at).toISOString(),
  removedAt: row.removed_at ? new Date(row.removed_at).toISOString() : null,
});

async function staffMemberOf(db: Queryable, merchant: MerchantRow, staffId: string, options: { lock?: boolean } = {}): Promise<StaffListRow> {
  const { rows } = await db.query<StaffListRow>(`${SELECT} WHERE st.id = $1 AND st.merchant_id = $2${options.lock ? ' FOR UPDATE OF st' : ''}`, [staffId, merchant.id]);
  if (!rows[0]) throw new DomainError(STAFF_CODES.notStaffHere);
  return rows[0];
}

const list: Handler<'merchant/staff/list'> = async (_input, ctx) => {
  const merchant = await ownerOnly(ctx);
  const { rows } = await ctx.db.query<StaffListRow>(`${SELECT} WHERE st.merchant_id = $1 ORDER BY (st.status = 'normal') DESC, st.created_at DESC, st.id DESC`, [merchant.id]);
  return { staff: rows.map(toStaffMember) };
};

const detail: Handler<'merchant/staff/detail'> = async (input, ctx) => ({ staff: toStaffMember(await staffMemberOf(ctx.db, await ownerOnly(ctx), input.staffId)) });

const update: Handler<'merchant/staff/update'> = async (input, ctx) =>
  ctx.db.transaction(async (tx) => {
    const merchant = await ownerOnly(ctx, tx);
    const row = await staffMemberOf(tx, merchant, input.staffId, { lock: true });
    if (row.status !== 'normal') throw new DomainError(STAFF_CODES.staffRemoved);
    await tx.query('UPDATE staff SET all_records = $2 WHERE id = $1', [row.id, input.allRecords]);
    return { staff: toStaffMember(await staffMemberOf(tx, merchant, row.id)) };
  });

const remove: Handler<'merchant/staff/remove'> = async (input, ctx) =>
  ctx.db.transaction(async (tx) => {
    const merchant = await ownerOnly(ctx, tx);
    const row = await staffMemberOf(tx, merchant, input.staffId, { lock: true });
    if (row.status !== 'normal') throw new DomainError(STAFF_CODES.staffRemoved);
    await tx.query("UPDATE staff SET status = 'deleted', removed_at = now() WHERE id = $1", [row.id]);
    return { staff: toStaffMember(await staffMemberOf(tx, merchant, row.id)) };
  });

export const staffListHandlers = {
  'merchant/staff/list': list,
  'merchant/staff/detail': detail,
  'merchant/staff/update': update,
  'merchant/staff/remove': remove,
} satisfies FlowHandlers<'staffList'>;
