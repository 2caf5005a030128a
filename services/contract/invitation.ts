import { z } from 'zod';
import { defineService } from './define.ts';
import { invitationId, invitationState, invitationToken, staffChannel, storeId } from './merchantShared.ts';

/** An invitation as the invited person sees it: who invites them, to which store, with what permission. */
export const receivedInvitation = z.object({
  invitationId,
  /** The merchant's verified name. */
  merchantName: z.string(),
  storeId,
  storeName: z.string(),
  storeAddress: z.string(),
  channel: staffChannel,
  allRecords: z.boolean(),
  state: invitationState,
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
  /** Whether the one asking answered it (the outcome page says "you agreed", else "already answered"). */
  answeredByYou: z.boolean(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitation>;

/** Where a clerk works. */
export const clerkPlace = z.object({
  staffId: z.string(),
  storeId,
  storeName: z.string(),
  merchantName: z.string(),
  allRecords: z.boolean(),
});
export type ClerkPlace = z.infer<typeof clerkPlace>;

/** The signed-in person's pending invitations, matched by their mobile or e-mail (not expired). */
export const pendingInvitations = defineService({
  name: 'staff/invitation/pending',
  audience: 'member',
  request: z.object({}),
  response: z.object({ invitations: z.array(receivedInvitation) }),
});

/**
 * One invitation: by its token (the link or the QR: a QR invitation is anyone's who holds it, a
 * mobile or e-mail one only its addressee's) or by its id (the addressee's, or the one who answered
 * it). Anything else is STF10006, as for one that does not exist. Expired, withdrawn and answered
 * ones are answered with their state, so the page can say so.
 */
export const invitationDetail = defineService({
  name: 'staff/invitation/detail',
  audience: 'member',
  request: z.union([z.object({ token: invitationToken }), z.object({ invitationId })]),
  response: z.object({ invitation: receivedInvitation }),
});

/**
 * Agrees to or rejects an invitation (the token is needed for a QR one). Refusals: STF10011 only
 * individuals work at a store, STF10003 expired, STF10004 withdrawn, STF10005 already answered,
 * STF10006 unknown or not theirs, STF10007 already working at another store (removed first: spec
 * §5), STF10001 already working at this store. Agreeing makes them a clerk of the store at once.
 */
export const respondInvitation = defineService({
  name: 'staff/invitation/respond',
  audience: 'member',
  request: z.object({ invitationId, token: invitationToken.optional(), answer: z.enum(['agree', 'reject']) }),
  response: z.object({ invitation: receivedInvitation, place: clerkPlace.nullable() }),
});

/** The home hub's staff corner: where the person works as a clerk (or null) and how many invitations wait. */
export const staffSummary = defineService({
  name: 'staff/invitation/summary',
  audience: 'member',
  request: z.object({}),
  response: z.object({ place: clerkPlace.nullable(), pending: z.number().int().min(0) }),
});
