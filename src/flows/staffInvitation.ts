import { fromPromise } from 'xstate';
import { staffInvitationMachine, type InviteRequest, type InvitationsLoaded } from '../../machines/staffInvitation.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The stores to invite to (the till's: a merchant's open stores) and the merchant's invitations. */
async function load(): Promise<Outcome<InvitationsLoaded>> {
  const stores = await requestGateway('merchant/cashier/stores', {}, { quiet: true });
  if (!stores.ok) return stores;
  // a clerk collects at a store but never invites: the same answer the server gives their invitation
  if (stores.data.role !== 'owner') return { ok: false, code: 'STF10010', message: '', detail: '' };
  const invitations = await requestGateway('merchant/staff/invitations', {}, { quiet: true });
  if (!invitations.ok) return invitations;
  return { ok: true, data: { stores: stores.data.stores, invitations: invitations.data.invitations } };
}

export const staffInvitationActors = {
  load: fromPromise(() => load()),
  invite: fromPromise(({ input }: { input: InviteRequest }) => requestGateway('merchant/staff/invite', input)),
  withdraw: fromPromise(({ input }: { input: { invitationId: string } }) => requestGateway('merchant/staff/withdrawInvitation', input)),
  // while the QR is shown: no cover, no toast, and not activity for the session (README SESSION_IDLE_MINUTES)
  checkInvitation: fromPromise(({ input }: { input: { invitationId: string } }) => requestGateway('merchant/staff/invitationDetail', input, { quiet: true, silent: true, background: true })),
} satisfies ActorsOf<typeof staffInvitationMachine>;

export const staffInvitationFlow = staffInvitationMachine.provide({ actors: staffInvitationActors });
