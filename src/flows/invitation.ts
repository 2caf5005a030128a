import { fromPromise } from 'xstate';
import { invitationMachine, type InvitationKey } from '../../machines/invitation.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The invited person's pending invitations, one invitation (by the link's token or by id), the answer. */
export const invitationActors = {
  loadPending: fromPromise(() => requestGateway('staff/invitation/pending', {}, { quiet: true })),
  loadOne: fromPromise(({ input }: { input: InvitationKey }) => requestGateway('staff/invitation/detail', input, { quiet: true })),
  respond: fromPromise(({ input }: { input: { invitationId: string; token?: string; answer: 'agree' | 'reject' } }) => requestGateway('staff/invitation/respond', input)),
} satisfies ActorsOf<typeof invitationMachine>;

export const invitationFlow = invitationMachine.provide({ actors: invitationActors });
