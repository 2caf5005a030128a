import crypto from 'node:crypto';
import { MERCHANT_CODES, STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import { INVITATION_PATH } from '../../../services/contract/values.ts';
import { enqueueMessage } from '../../adapters/messages.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { messageText, normaliseLanguage } from '../../i18n.ts';
import { ownedStore } from '../../entities/stores.ts';
import { ownerOnly } from '../../entities/merchants.ts';
import { hashToken } from '../../auth/sessions.ts';
import { INVITATION_SELECT, invitationById, refuseSettled, toSentInvitation, type InvitationRow } from '../../entities/staffInvitations.ts';
import { addNotice } from '../../entities/memberNotices.ts';

/**
 * The merchant invites staff (`/app/addstaff`, the staffInvitation chart): by SMS, by e-mail or by
 * a QR code, for one of its stores, with or without the all-records permission; sees its
 * invitations (the contact it typed in full), follows one (a QR invitation while its code is
 * shown) and withdraws a pending one. The owner only (ownerOnly: STF10010 for a clerk).
 *
 * The hourly limit (STF10002) is counted under the merchant's row lock, so two invitations sent at
 * once cannot both be the last one allowed; `FOR NO KEY UPDATE` leaves payments (which only take
 * the key share of the merchant through their foreign key) running.
 */

/** The limit's window and the contact's shape as stored: +2449XXXXXXXX, or the e-mail in lower case. */
const contactOf = (input: { channel: 'mobile'; mobile: string } | { channel: 'email'; email: string } | { channel: 'qr' }): string | null =>
  input.channel === 'mobile' ? `+244${input.mobile}` : input.channel === 'email' ? input.email.trim().toLowerCase() : null;

const invite: Handler<'merchant/staff/invite'> = async (input, ctx) =>
  ctx.db.transaction(async (tx) => {
    const merchant = await ownerOnly(ctx, tx);
    await tx.query('SELECT id FROM merchants WHERE id = $1 FOR NO KEY UPDATE', [merchant.id]);
    const store = await ownedStore(tx, merchant, input.storeId);
    if (store.status !== 'open' || store.merchant.status !== 'active') throw new DomainError(MERCHANT_CODES.storeClosed);
    const contact = contactOf(input);
    if (contact) {
      const staff = await tx.query(
        `SELECT 1 FROM staff st JOIN members mb ON mb.id = st.member_id
          WHERE st.merchant_id = $1 AND st.status = 'normal' AND (mb.mobile = $2 OR lower(mb.email) = $2)`,
        [merchant.id, contact],
      );
      if (staff.rows[0]) throw new DomainError(STAFF_CODES.alreadyStaff, 200, 'staff');
      const pending = await tx.query(
        "SELECT 1 FROM staff_invitations WHERE merchant_id = $1 AND contact = $2 AND state = 'sent' AND expires_at > now()",
        [merchant.id, contact],
      );
      if (pending.rows[0]) throw new DomainError(STAFF_CODES.alreadyStaff, 200, 'invited');
    }
    const { rows: sent } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_invitations WHERE merchant_id = $1 AND created_at > now() - interval '1 hour'",
      [merchant.id],
    );
    if (sent[0]!.n >= ctx.config.staff.invitationsPerHour) throw new DomainError(STAFF_CODES.sendingTooMuch);
    const token = crypto.randomBytes(32).toString('base64url');
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO staff_invitations (merchant_id, store_id, invited_by, channel, contact, token_hash, all_records, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(hours => $8)) RETURNING id::text`,
      [merchant.id, store.id, merchant.member_id, input.channel, contact, hashToken(token), input.allRecords, ctx.config.staff.invitationHours],
    );
    const invitation = (await invitationById(tx, rows[0]!.id))!;
    const link = `${ctx.config.publicUrl}${INVITATION_PATH}${token}`;
    if (contact) {
      // in the invited person's language when they already have an account, else in the merchant's
      const known = await tx.query<{ id: string; language: string; member_type: string }>('SELECT id::text, language, member_type FROM members WHERE mobile = $1 OR lower(email) = $1', [contact]);
      const language = normaliseLanguage(known.rows[0]?.language ?? ctx.language);
      // an individual with an account finds it in their inbox too, opening the invitation by its id (README "Notices inbox");
      // a QR invitation has no addressee, and only individuals work at a store
      const invitee = known.rows.find((row) => row.member_type === 'individual');
      if (invitee) {
        await addNotice(tx, { memberId: invitee.id, kind: 'staffInvitation', ref: invitation.id, params: { counterpart: invitation.merchant_name, store: invitation.store_name } });
      }
      await enqueueMessage(tx, {
        channel: input.channel === 'mobile' ? 'sms' : 'email',
        destination: contact,
        language,
        body: messageText(language, 'messages.staff.invitation', {
          merchant: invitation.merchant_name, store: invitation.store_name, link, hours: String(ctx.config.staff.invitationHours),
        }),
      });
    }
    return { invitation: toSentInvitation(invitation), link: input.channel === 'qr' ? link : null };
  });

const listInvitations: Handler<'merchant/staff/invitations'> = async (_input, ctx) => {
  const merchant = await ownerOnly(ctx);
  const { rows } = await ctx.db.query<InvitationRow>(`${INVITATION_SELECT} WHERE i.merchant_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT 100`, [merchant.id]);
  return { invitations: rows.map(toSentInvitation) };
};

/** The owner's own invitation; another merchant's (or none) is STF10006, as for withdrawing. */
const invitationDetail: Handler<'merchant/staff/invitationDetail'> = async (input, ctx) => {
  const merchant = await ownerOnly(ctx);
  const row = await invitationById(ctx.db, input.invitationId);
  if (!row || row.merchant_id !== merchant.id) throw new DomainError(STAFF_CODES.invitationUnknown);
  return { invitation: toSentInvitation(row) };
};

const withdrawInvitation: Handler<'merchant/staff/withdrawInvitation'> = async (input, ctx) =>
  ctx.db.transaction(async (tx) => {
    const merchant = await ownerOnly(ctx, tx);
    const row = await invitationById(tx, input.invitationId, { lock: true });
    if (!row || row.merchant_id !== merchant.id) throw new DomainError(STAFF_CODES.invitationUnknown);
    refuseSettled(row);
    await tx.query("UPDATE staff_invitations SET state = 'withdrawn', answered_at = now() WHERE id = $1", [row.id]);
    return { invitation: toSentInvitation((await invitationById(tx, row.id))!) };
  });

export const staffInvitationHandlers = {
  'merchant/staff/invite': invite,
  'merchant/staff/invitations': listInvitations,
  'merchant/staff/invitationDetail': invitationDetail,
  'merchant/staff/withdrawInvitation': withdrawInvitation,
} satisfies FlowHandlers<'staffInvitation'>;
