import { STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import type { ClerkPlace } from '../../../services/contract/invitation.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler, HandlerContext } from '../../handler.ts';
import { staffOf } from '../../entities/staff.ts';
import { hashToken } from '../../auth/sessions.ts';
import { memberIdOf } from '../../auth/principal.ts';
import { INVITATION_SELECT, invitationById, refuseSettled, toReceivedInvitation, type InvitationRow } from '../../entities/staffInvitations.ts';

/**
 * The invited person's side (`/app/invitations`, `/app/invitation/<token>`, `/app/staffresult`):
 * their pending invitations, one invitation, and their answer. A mobile invitation is its
 * addressee's only (matched by the account's mobile, the number an individual signs up with); a QR
 * invitation is for whoever holds its token; an e-mail one for its addressee or whoever opened the
 * link that was mailed — individuals keep no e-mail address here, so the link is the proof that
 * the mail reached them. Anything a person may not see is STF10006, exactly as one that does not
 * exist. Agreeing inserts the staff row: the unique index on one active store per person decides
 * between two agreements racing (the loser gets STF10007, as a person already working elsewhere).
 */

interface Me { id: string; member_type: 'individual' | 'enterprise'; mobile: string | null; email: string | null }

async function me(ctx: HandlerContext, db: Queryable): Promise<Me> {
  const { rows } = await db.query<Me>('SELECT id::text, member_type, mobile, lower(email) AS email FROM members WHERE id = $1', [memberIdOf(ctx)]);
  return rows[0]!;
}

const addressedTo = (row: InvitationRow, person: Me) => row.contact !== null && (row.contact === person.mobile || row.contact === person.email);

async function tokenMatches(db: Queryable, invitationId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const { rows } = await db.query('SELECT 1 FROM staff_invitations WHERE id = $1 AND token_hash = $2', [invitationId, hashToken(token)]);
  return rows.length > 0;
}

export async function placeOf(db: Queryable, staffId: string): Promise<ClerkPlace> {
  const { rows } = await db.query<{ id: string; store_id: string; store_name: string; merchant_name: string; all_records: boolean }>(
    `SELECT st.id::text, st.store_id::text, s.name AS store_name, m.name AS merchant_name, st.all_records
       FROM staff st JOIN stores s ON s.id = st.store_id JOIN merchants m ON m.id = st.merchant_id WHERE st.id = $1`,
    [staffId],
  );
  const row = rows[0]!;
  return { staffId: row.id, storeId: row.store_id, storeName: row.store_name, merchantName: row.merchant_name, allRecords: row.all_records };
}

const pending: Handler<'staff/invitation/pending'> = async (_input, ctx) => {
  const person = await me(ctx, ctx.db);
  const { rows } = await ctx.db.query<InvitationRow>(
    `${INVITATION_SELECT} WHERE i.state = 'sent' AND i.expires_at > now() AND i.contact IN ($1, $2) ORDER BY i.created_at DESC, i.id DESC LIMIT 50`,
    [person.mobile ?? '', person.email ?? ''],
  );
  return { invitations: rows.map((row) => toReceivedInvitation(row, person.id)) };
};

const detail: Handler<'staff/invitation/detail'> = async (input, ctx) => {
  const person = await me(ctx, ctx.db);
  let row: InvitationRow | null;
  if ('token' in input) {
    const { rows } = await ctx.db.query<InvitationRow>(`${INVITATION_SELECT} WHERE i.token_hash = $1`, [hashToken(input.token)]);
    row = rows[0] ?? null;
    // a mobile invitation stays its addressee's even if the link is passed on; QR and e-mail ones are the link holder's
    if (row && row.channel === 'mobile' && !addressedTo(row, person)) row = null;
  } else {
    row = await invitationById(ctx.db, input.invitationId);
    if (row && !addressedTo(row, person) && row.answered_by !== person.id) row = null;
  }
  if (!row) throw new DomainError(STAFF_CODES.invitationUnknown);
  return { invitation: toReceivedInvitation(row, person.id) };
};

const UNIQUE_VIOLATION = '23505';

const respond: Handler<'staff/invitation/respond'> = async (input, ctx) => {
  try {
    return await ctx.db.transaction(async (tx) => {
      const person = await me(ctx, tx);
      const row = await invitationById(tx, input.invitationId, { lock: true });
      const allowed = row && (
        row.channel === 'qr' ? await tokenMatches(tx, row.id, input.token)
          : row.channel === 'email' ? addressedTo(row, person) || await tokenMatches(tx, row.id, input.token)
            : addressedTo(row, person));
      if (!row || !allowed) throw new DomainError(STAFF_CODES.invitationUnknown);
      if (input.answer === 'agree' && person.member_type !== 'individual') throw new DomainError(STAFF_CODES.notAnIndividual);
      refuseSettled(row);
      if (input.answer === 'reject') {
        await tx.query("UPDATE staff_invitations SET state = 'rejected', answered_by = $2, answered_at = now() WHERE id = $1", [row.id, person.id]);
        return { invitation: toReceivedInvitation((await invitationById(tx, row.id))!, person.id), place: null };
      }
      const working = await tx.query<{ store_id: string }>("SELECT store_id::text FROM staff WHERE member_id = $1 AND status = 'normal'", [person.id]);
      if (working.rows[0]) throw new DomainError(working.rows[0].store_id === row.store_id ? STAFF_CODES.alreadyStaff : STAFF_CODES.assignedElsewhere);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO staff (merchant_id, store_id, member_id, all_records, contact_channel) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
        [row.merchant_id, row.store_id, person.id, row.all_records, row.channel],
      );
      const staffId = rows[0]!.id;
      await tx.query("UPDATE staff_invitations SET state = 'agreed', answered_by = $2, answered_at = now(), staff_id = $3 WHERE id = $1", [row.id, person.id, staffId]);
      return { invitation: toReceivedInvitation((await invitationById(tx, row.id))!, person.id), place: await placeOf(tx, staffId) };
    });
  } catch (error) {
    // two agreements of one person racing: the index keeps one store per person (spec §5)
    const pgError = error as { code?: string; constraint?: string };
    if (pgError.code === UNIQUE_VIOLATION && pgError.constraint === 'staff_one_store_per_member') throw new DomainError(STAFF_CODES.assignedElsewhere);
    throw error;
  }
};

const summary: Handler<'staff/invitation/summary'> = async (_input, ctx) => {
  const person = await me(ctx, ctx.db);
  const staff = await staffOf(ctx);
  const { rows } = await ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM staff_invitations WHERE state = 'sent' AND expires_at > now() AND contact IN ($1, $2)",
    [person.mobile ?? '', person.email ?? ''],
  );
  return { place: staff ? await placeOf(ctx.db, staff.id) : null, pending: rows[0]!.n };
};

export const invitationHandlers = {
  'staff/invitation/pending': pending,
  'staff/invitation/detail': detail,
  'staff/invitation/respond': respond,
  'staff/invitation/summary': summary,
} satisfies FlowHandlers<'invitation'>;
