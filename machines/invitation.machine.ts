import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ClerkPlace, ReceivedInvitation } from '../services/contract/invitation.ts';
import { dataOf, isOk, provided, refusalCode } from './outcome.ts';

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

/** The answers that mean the invitation changed meanwhile: read it again to show its state. */
const SETTLED = ['STF10003', 'STF10004', 'STF10005'];
const stateOf = (event: unknown) => dataOf<{ invitation: ReceivedInvitation }>(event)?.invitation.state;

export const invitationMachine = setup({
  types: { input: {} as InvitationInput, context: {} as InvitationContext, events: {} as InvitationEvent },
  actors: {
    loadPending: provided<Outcome<{ invitations: ReceivedInvitation[] }>>('loadPending'),
    loadOne: provided<Outcome<{ invitation: ReceivedInvitation }>, InvitationKey>('loadOne'),
    respond: provided<Outcome<InvitationAnswer>, { invitationId: string; token?: string; answer: 'agree' | 'reject' }>('respond'),
  },
  guards: {
    isOk,
    named: ({ context }) => context.invitationId !== null || context.token !== null,
    isPending: ({ event }) => stateOf(event) === 'sent',
    isAnswered: ({ event }) => stateOf(event) === 'agreed' || stateOf(event) === 'rejected',
    settledMeanwhile: ({ event }) => SETTLED.includes(refusalCode(event) ?? ''),
    refusedAgreeing: ({ event }) => ['STF10001', 'STF10007', 'STF10011'].includes(refusalCode(event) ?? ''),
  },
  actions: {
    keepList: assign({ invitations: ({ event }) => dataOf<{ invitations: ReceivedInvitation[] }>(event)?.invitations ?? [], errorCode: null }),
    open: assign({ invitationId: ({ context, event }) => (event.type === 'invitation.open' ? event.invitationId : context.invitationId), token: null }),
    keepInvitation: assign({ invitation: ({ event }) => dataOf<{ invitation: ReceivedInvitation }>(event)?.invitation ?? null, errorCode: null }),
    keepAnswer: assign(({ event }) => {
      const answer = dataOf<InvitationAnswer>(event);
      return answer ? { invitation: answer.invitation, place: answer.place, errorCode: null } : {};
    }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
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
        onDone: [{ guard: 'isOk', target: 'list', actions: 'keepList' }, { target: 'listFailed', actions: 'keepRefusal' }],
        onError: { target: 'listFailed', actions: 'forgetRefusal' },
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
        onDone: [
          { guard: 'isPending', target: 'viewing', actions: 'keepInvitation' },
          { guard: 'isAnswered', target: 'answered', actions: 'keepInvitation' },
          { guard: 'isOk', target: 'closed', actions: 'keepInvitation' },
          // STF10006: unknown, or another person's
          { target: 'unknown', actions: 'keepRefusal' },
        ],
        onError: { target: 'oneFailed', actions: 'forgetRefusal' },
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
        onDone: [
          { guard: 'isOk', target: 'answered', actions: ['keepAnswer', 'showResult'] },
          { guard: 'refusedAgreeing', target: 'viewing.refusedAgreeing', actions: 'keepRefusal' },
          { guard: 'settledMeanwhile', target: 'loadingOne' },
          { target: 'viewing.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'viewing.unreachable', actions: 'forgetRefusal' },
      },
    },
    rejecting: {
      tags: ['busy'],
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => ({ invitationId: context.invitation!.invitationId, ...(context.token ? { token: context.token } : {}), answer: 'reject' as const }),
        onDone: [
          { guard: 'isOk', target: 'answered', actions: ['keepAnswer', 'showResult'] },
          { guard: 'settledMeanwhile', target: 'loadingOne' },
          { target: 'viewing.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'viewing.unreachable', actions: 'forgetRefusal' },
      },
    },
    // agreed (a clerk of the store now) or rejected
    answered: {},
    // expired or withdrawn: nothing to answer
    closed: {},
    unknown: {},
  },
});
