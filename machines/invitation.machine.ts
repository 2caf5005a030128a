import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ClerkPlace, ReceivedInvitation } from '../services/contract/invitation.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The invited person's side. Without an invitation named: their pending invitations
 * (`/app/invitations`), each opened from the list. With one (`/app/invitation/<token>` from the
 * SMS, the e-mail or the QR; `/app/invitation/<id>` from the list; `/app/staffresult?invitationId=`)
 * it is loaded and routed by its state: pending → who invites them to which store, with which
 * permission → agree, or reject after a confirmation; agreed or rejected → the outcome; expired,
 * withdrawn, or not theirs → said so. Agreeing is refused by code: STF10007 working at another
 * store (the merchant there removes them first), STF10011 only individuals, STF10001 already at
 * this store; an invitation settled meanwhile (STF10003/4/5) is loaded again to show its state.
 * The answer's outcome opens `/app/staffresult` (the `showResult` action the screen provides).
 */
export interface InvitationInput {
  invitationId?: string | null;
  token?: string | null;
}
export interface InvitationAnswer {
  invitation: ReceivedInvitation;
  place: ClerkPlace | null;
}
export type InvitationKey = { token: string } | { invitationId: string };

export interface InvitationContext {
  invitationId: string | null;
  token: string | null;
  invitations: ReceivedInvitation[];
  invitation: ReceivedInvitation | null;
  place: ClerkPlace | null;
  errorCode: string | null;
}

export type InvitationEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'invitation.open'; invitationId: string }
  | { type: 'one.retry' }
  | { type: 'invitation.agree' }
  | { type: 'invitation.reject' }
  | { type: 'reject.confirmed' }
  | { type: 'reject.cancelled' };

const stateOf = (event: unknown) => answerData<{ invitation: ReceivedInvitation }>(event).invitation.state;

export const invitationMachine = setup({
  types: { input: {} as InvitationInput, context: {} as InvitationContext, events: {} as InvitationEvent | AnswerEvent },
  actors: {
    loadPending: provided<Outcome<{ invitations: ReceivedInvitation[] }>>('loadPending'),
    loadOne: provided<Outcome<{ invitation: ReceivedInvitation }>, InvitationKey>('loadOne'),
    respond: provided<Outcome<InvitationAnswer>, { invitationId: string; token?: string; answer: 'agree' | 'reject' }>('respond'),
  },
  guards: {
    named: ({ context }) => context.invitationId !== null || context.token !== null,
    isPending: ({ event }) => stateOf(event) === 'sent',
    isAnswered: ({ event }) => stateOf(event) === 'agreed' || stateOf(event) === 'rejected',
  },
  actions: {
    announceAnswer: announceAnswer<InvitationContext, InvitationEvent | AnswerEvent>(),
    keepList: assign({ invitations: ({ event }) => answerData<{ invitations: ReceivedInvitation[] }>(event).invitations, errorCode: null }),
    open: assign({ invitationId: ({ context, event }) => (event.type === 'invitation.open' ? event.invitationId : context.invitationId), token: null }),
    keepInvitation: assign({ invitation: ({ event }) => answerData<{ invitation: ReceivedInvitation }>(event).invitation, errorCode: null }),
    keepAnswer: assign(({ event }) => {
      const answer = answerData<InvitationAnswer>(event);
      return { invitation: answer.invitation, place: answer.place, errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // provided by the screen: open `/app/staffresult?invitationId=` for the outcome
    showResult: () => {},
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ invitationId: input.invitationId ?? null, token: input.token ?? null, invitations: [], invitation: null, place: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'named', target: 'loadingOne' }, { target: 'loadingList' }] },
    loadingList: {
      tags: ['busy'],
      invoke: {
        id: 'loadPending',
        src: 'loadPending',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'listFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadPending.ok': { target: 'list', actions: 'keepList' },
        'loadPending.refused.*': { target: 'listFailed', actions: 'keepRefusal' },
      },
    },
    listFailed: { tags: ['error'], on: { 'list.retry': { target: 'loadingList' } } },
    list: { on: { 'invitation.open': { target: 'loadingOne', actions: 'open' }, 'list.refresh': { target: 'loadingList' } } },
    loadingOne: {
      tags: ['busy'],
      invoke: {
        id: 'loadOne',
        src: 'loadOne',
        input: ({ context }) => (context.token ? { token: context.token } : { invitationId: context.invitationId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'oneFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadOne.ok': [
          { guard: 'isPending', target: 'viewing', actions: 'keepInvitation' },
          { guard: 'isAnswered', target: 'answered', actions: 'keepInvitation' },
          { target: 'closed', actions: 'keepInvitation' },
        ],
        // STF10006: unknown, or another person's
        'loadOne.refused.*': { target: 'unknown', actions: 'keepRefusal' },
      },
    },
    oneFailed: { tags: ['error'], on: { 'one.retry': { target: 'loadingOne' } } },
    viewing: {
      initial: 'idle',
      on: { 'invitation.agree': { target: 'agreeing' }, 'invitation.reject': { target: 'confirmingRejection' } },
      states: {
        idle: {},
        // STF10007 / STF10011 / STF10001: said on the invitation, which stays open
        refusedAgreeing: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    confirmingRejection: { on: { 'reject.confirmed': { target: 'rejecting' }, 'reject.cancelled': { target: 'viewing' } } },
    agreeing: {
      tags: ['busy'],
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => ({ invitationId: context.invitation!.invitationId, ...(context.token ? { token: context.token } : {}), answer: 'agree' as const }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'viewing.unreachable', actions: 'forgetRefusal' },
      },
      on: {
        'respond.ok': { target: 'answered', actions: ['keepAnswer', 'showResult'] },
        // working at another store, not an individual, already at this store: said on the invitation
        'respond.refused.STF10007': { target: 'viewing.refusedAgreeing', actions: 'keepRefusal' },
        'respond.refused.STF10011': { target: 'viewing.refusedAgreeing', actions: 'keepRefusal' },
        'respond.refused.STF10001': { target: 'viewing.refusedAgreeing', actions: 'keepRefusal' },
        // answered, expired or withdrawn meanwhile: read again to show its state
        'respond.refused.STF10003': { target: 'loadingOne' },
        'respond.refused.STF10004': { target: 'loadingOne' },
        'respond.refused.STF10005': { target: 'loadingOne' },
        'respond.refused.*': { target: 'viewing.refused', actions: 'keepRefusal' },
      },
    },
    rejecting: {
      tags: ['busy'],
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => ({ invitationId: context.invitation!.invitationId, ...(context.token ? { token: context.token } : {}), answer: 'reject' as const }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'viewing.unreachable', actions: 'forgetRefusal' },
      },
      on: {
        'respond.ok': { target: 'answered', actions: ['keepAnswer', 'showResult'] },
        // answered, expired or withdrawn meanwhile: read again to show its state
        'respond.refused.STF10003': { target: 'loadingOne' },
        'respond.refused.STF10004': { target: 'loadingOne' },
        'respond.refused.STF10005': { target: 'loadingOne' },
        'respond.refused.*': { target: 'viewing.refused', actions: 'keepRefusal' },
      },
    },
    // agreed (a clerk of the store now) or rejected
    answered: {},
    // expired or withdrawn: nothing to answer
    closed: {},
    unknown: {},
  },
});
