import { STAFF_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import type { HandlerContext } from '../handler.ts';
import { memberIdOf } from '../auth/principal.ts';

/**
 * A merchant's staff: the clerks (individual members who agreed to one store's invitation). A
 * clerk acts only at that store, only to collect and to read their own collections (or all the
 * store's with the all-records permission); a removed clerk is refused at once with STF10009 on
 * their next call (roles.ts). Invitations: staffInvitations.ts.
 */

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

/** A caller who does not own an active merchant: an active clerk (their staff row), a removed clerk, or anyone else. */
export type NotOwner = { role: 'clerk'; staff: StaffRow } | { role: 'removedClerk' } | { role: 'anyoneElse' };

/** The caller's latest staff row, as a role: an active clerk, a removed clerk, or anyone else (on no staff). */
export async function notOwner(ctx: HandlerContext, db: Queryable): Promise<NotOwner> {
  const { rows } = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM staff st WHERE st.member_id = $1 ORDER BY (st.status = 'normal') DESC, st.id DESC LIMIT 1`,
    [memberIdOf(ctx)],
  );
  const row = rows[0];
  if (!row) return { role: 'anyoneElse' };
  return row.status === 'normal' ? { role: 'clerk', staff: row } : { role: 'removedClerk' };
}

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

