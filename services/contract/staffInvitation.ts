import { z } from 'zod';
import { defineService } from './define.ts';
import { emailAddress, nationalMobile } from './shared.ts';
import { invitationId, invitationState, staffChannel, storeId } from './merchantShared.ts';

/** An invitation as the merchant sees it: to whom, for which store, in which state. */
export const sentInvitation = z.object({
  invitationId,
  storeId,
  storeName: z.string(),
  channel: staffChannel,
  /**
   * The mobile (+2449XXXXXXXX) or e-mail the merchant typed, in full: only the inviting merchant's
   * owner reads its invitations. Null for a QR invitation (whoever scans it).
   */
  contact: z.string().nullable(),
  allRecords: z.boolean(),
  state: invitationState,
  createdAt: z.string(),
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type SentInvitation = z.infer<typeof sentInvitation>;

/**
 * The merchant invites a person to one of its stores (the owner only: a clerk gets STF10010): by
 * SMS to a mobile or by e-mail (the message carries a link to `/app/invitation/<token>`), or by a
 * QR code of that link shown on the merchant's phone (`link` answered only then). Refusals:
 * STF10001 already on the staff or already invited and pending, STF10002 over the hourly limit,
 * MCH10004 not the merchant's store, MCH10005 a closed store, MCH10003 not a merchant.
 */
export const inviteStaff = defineService({
  name: 'merchant/staff/invite',
  audience: 'member',
  request: z.discriminatedUnion('channel', [
    z.object({ channel: z.literal('mobile'), storeId, mobile: nationalMobile, allRecords: z.boolean() }),
    z.object({ channel: z.literal('email'), storeId, email: emailAddress, allRecords: z.boolean() }),
    z.object({ channel: z.literal('qr'), storeId, allRecords: z.boolean() }),
  ]),
  response: z.object({ invitation: sentInvitation, link: z.string().nullable() }),
});

/** The merchant's invitations, newest first (the latest 100), each in its state. */
export const listInvitations = defineService({
  name: 'merchant/staff/invitations',
  audience: 'member',
  request: z.object({}),
  response: z.object({ invitations: z.array(sentInvitation) }),
});

/**
 * One of the merchant's invitations, as the list has it: what the QR invitation's screen asks in the
 * background while the code is shown, to say when it is accepted. STF10006 for another's or none.
 */
export const invitationDetail = defineService({
  name: 'merchant/staff/invitationDetail',
  audience: 'member',
  request: z.object({ invitationId }),
  response: z.object({ invitation: sentInvitation }),
});

/** Withdraws a pending invitation: STF10003 expired, STF10005 answered, STF10004 already withdrawn, STF10006 not the merchant's. */
export const withdrawInvitation = defineService({
  name: 'merchant/staff/withdrawInvitation',
  audience: 'member',
  request: z.object({ invitationId }),
  response: z.object({ invitation: sentInvitation }),
});
