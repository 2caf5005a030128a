import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { SentInvitation } from '../services/contract/staffInvitation.ts';
import type { StaffChannel } from '../services/contract/merchantShared.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';

/**
 * The merchant invites staff (`/app/addstaff`; the chart the product owner named). Its open stores
 * and its invitations load first (a member who is not the merchant's owner is told so). Editing:
 * a store, the channel — a mobile (SMS), an e-mail, or a QR code shown here — the contact, and
 * whether the clerk may view all the store's payment records → sending → sent (the QR of the link
 * for a QR invitation) | already exists (STF10001: on the staff, or invited and pending) | sending
 * too much at once (STF10002, the hourly limit) | another refusal | failed (no answer: retry,
 * which may find the first one sent — STF10001 — or edit). The invitations list shows each one's
 * state (sent, agreed, rejected, expired, withdrawn); a pending one can be withdrawn after a
 * confirmation. While a QR invitation's code is shown, the invitation is asked about every 2 s in
 * the background (`checkInvitation`) until someone accepts it (accepted) or it is answered no,
 * expires or is withdrawn (settled); a missed answer is asked again.
 */
export interface InviteStore {
  storeId: string;
  name: string;
  merchantName: string;
}
export interface InvitationsLoaded {
  stores: InviteStore[];
  invitations: SentInvitation[];
}
export interface InviteResult {
  invitation: SentInvitation;
  /** The link to show as a QR code (QR invitations only). */
  link: string | null;
}
export type InviteRequest =
  | { channel: 'mobile'; storeId: string; mobile: string; allRecords: boolean }
  | { channel: 'email'; storeId: string; email: string; allRecords: boolean }
  | { channel: 'qr'; storeId: string; allRecords: boolean };

export type InviteProblem = 'store' | 'mobile' | 'email';

export interface StaffInvitationContext {
  stores: InviteStore[];
  invitations: SentInvitation[];
  storeId: string;
  channel: StaffChannel;
  contact: string;
  allRecords: boolean;
  problem: InviteProblem | null;
  sent: InviteResult | null;
  /** The invitation being withdrawn. */
  withdrawId: string | null;
  errorCode: string | null;
  /** STF10001's subMsg: 'staff' (already on the staff) or 'invited' (a pending invitation). */
  errorDetail: string | null;
}

export type StaffInvitationEvent =
  | { type: 'load.retry' }
  | { type: 'list.refresh' }
  | { type: 'store.chosen'; storeId: string }
  | { type: 'channel.chosen'; channel: StaffChannel }
  | { type: 'contact.changed'; value: string }
  | { type: 'allRecords.changed'; value: boolean }
  | { type: 'invite.submitted' }
  | { type: 'invite.retry' }
  | { type: 'invite.edit' }
  | { type: 'invite.another' }
  | { type: 'invitation.withdraw'; invitationId: string }
  | { type: 'withdraw.confirmed' }
  | { type: 'withdraw.cancelled' };

const MOBILE = /^9[1-79]\d{7}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the form, first problem only (one field at a time on a phone). */
export function inviteProblem(c: Pick<StaffInvitationContext, 'stores' | 'storeId' | 'channel' | 'contact'>): InviteProblem | null {
  if (!c.stores.some((s) => s.storeId === c.storeId)) return 'store';
  if (c.channel === 'mobile' && !MOBILE.test(c.contact)) return 'mobile';
  if (c.channel === 'email' && !EMAIL.test(c.contact.trim())) return 'email';
  return null;
}

export function inviteRequest(c: StaffInvitationContext): InviteRequest {
  const base = { storeId: c.storeId, allRecords: c.allRecords };
  if (c.channel === 'mobile') return { ...base, channel: 'mobile', mobile: c.contact };
  if (c.channel === 'email') return { ...base, channel: 'email', email: c.contact.trim() };
  return { ...base, channel: 'qr' };
}

const checkedState = (event: unknown) => answerData<{ invitation: SentInvitation }>(event).invitation.state;

export const staffInvitationMachine = setup({
  types: { context: {} as StaffInvitationContext, events: {} as StaffInvitationEvent | AnswerEvent },
  actors: {
    load: provided<Outcome<InvitationsLoaded>>('load'),
    invite: provided<Outcome<InviteResult>, InviteRequest>('invite'),
    withdraw: provided<Outcome<{ invitation: SentInvitation }>, { invitationId: string }>('withdraw'),
    checkInvitation: provided<Outcome<{ invitation: SentInvitation }>, { invitationId: string }>('checkInvitation'),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
  guards: {
    invalid: ({ context }) => inviteProblem(context) !== null,
    // a QR invitation's code is on screen: someone may be reading it now
    sentAsQr: ({ context }) => context.sent?.link != null,
    invitationAgreed: ({ event }) => checkedState(event) === 'agreed',
    // rejected, expired or withdrawn (elsewhere): the code on screen lets no one in any more
    invitationSettled: ({ event }) => ['rejected', 'expired', 'withdrawn'].includes(checkedState(event)),
    // only a pending invitation of the list can be withdrawn
    pending: ({ context, event }) => event.type === 'invitation.withdraw' && context.invitations.some((i) => i.invitationId === event.invitationId && i.state === 'sent'),
  },
  actions: {
    announceAnswer: announceAnswer<StaffInvitationContext, StaffInvitationEvent | AnswerEvent>(),
    keepLoaded: assign(({ context, event }) => {
      const loaded = answerData<InvitationsLoaded>(event);
      const storeId = loaded.stores.some((s) => s.storeId === context.storeId) ? context.storeId : loaded.stores.length === 1 ? loaded.stores[0]!.storeId : '';
      return { stores: loaded.stores, invitations: loaded.invitations, storeId, errorCode: null };
    }),
    chooseStore: assign({ storeId: ({ context, event }) => (event.type === 'store.chosen' ? event.storeId : context.storeId), problem: null }),
    chooseChannel: assign(({ context, event }) => (event.type === 'channel.chosen' && event.channel !== context.channel ? { channel: event.channel, contact: '', problem: null } : {})),
    setContact: assign({
      contact: ({ context, event }) => {
        if (event.type !== 'contact.changed') return context.contact;
        return context.channel === 'mobile' ? event.value.replace(/\D/g, '').slice(0, 9) : event.value.slice(0, 254);
      },
      problem: null,
    }),
    setAllRecords: assign({ allRecords: ({ context, event }) => (event.type === 'allRecords.changed' ? event.value : context.allRecords) }),
    markProblem: assign({ problem: ({ context }) => inviteProblem(context) }),
    keepSent: assign(({ context, event }) => {
      const sent = answerData<InviteResult>(event);
      return { sent, invitations: [sent.invitation, ...context.invitations], errorCode: null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event), errorDetail: ({ event }) => answerDetail(event) }),
    forgetRefusal: assign({ errorCode: null, errorDetail: null }),
    startAnother: assign({ contact: '', sent: null, problem: null, errorCode: null, errorDetail: null }),
    keepChecked: assign(({ context, event }) => {
      const checked = answerData<{ invitation: SentInvitation }>(event).invitation;
      if (!context.sent) return {};
      return {
        sent: { ...context.sent, invitation: checked },
        invitations: context.invitations.map((i) => (i.invitationId === checked.invitationId ? checked : i)),
      };
    }),
    keepWithdrawId: assign({ withdrawId: ({ context, event }) => (event.type === 'invitation.withdraw' ? event.invitationId : context.withdrawId) }),
    keepWithdrawn: assign(({ context, event }) => {
      const withdrawn = answerData<{ invitation: SentInvitation }>(event).invitation;
      return { invitations: context.invitations.map((i) => (i.invitationId === withdrawn.invitationId ? withdrawn : i)), withdrawId: null, errorCode: null };
    }),
  },
}).createMachine({
  id: 'staffInvitation',
  context: { stores: [], invitations: [], storeId: '', channel: 'mobile', contact: '', allRecords: false, problem: null, sent: null, withdrawId: null, errorCode: null, errorDetail: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'load.ok': { target: 'editing', actions: 'keepLoaded' },
        // a member (no collection account) or a clerk
        'load.refused.MCH10003': { target: 'notOwner', actions: 'keepRefusal' },
        'load.refused.STF10010': { target: 'notOwner', actions: 'keepRefusal' },
        'load.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: { tags: ['error'], on: { 'load.retry': { target: 'loading' } } },
    // not the merchant's owner (a member: open an account; a clerk: only the merchant invites)
    notOwner: {},
    editing: {
      initial: 'idle',
      on: {
        'store.chosen': { target: '.idle', actions: 'chooseStore' },
        'channel.chosen': { target: '.idle', actions: 'chooseChannel' },
        'contact.changed': { target: '.idle', actions: 'setContact' },
        'allRecords.changed': { target: '.idle', actions: 'setAllRecords' },
        'invite.submitted': [
          { guard: 'invalid', target: '.invalid', actions: 'markProblem' },
          { target: 'sending' },
        ],
        'invitation.withdraw': { guard: 'pending', target: 'confirmingWithdrawal', actions: 'keepWithdrawId' },
        'list.refresh': { target: 'loading' },
      },
      states: {
        idle: {},
        invalid: { tags: ['error'] },
        // STF10001: already on the staff, or invited and pending
        alreadyExists: { tags: ['error'] },
        // STF10002: the merchant's hourly limit
        sendingTooMuch: { tags: ['error'] },
        refused: { tags: ['error'] },
        // the withdrawal was refused (answered or expired meanwhile) or got no answer
        withdrawRefused: { tags: ['error'] },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => inviteRequest(context),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'invite.ok': { target: 'sent', actions: 'keepSent' },
        'invite.refused.STF10001': { target: 'editing.alreadyExists', actions: 'keepRefusal' },
        'invite.refused.STF10002': { target: 'editing.sendingTooMuch', actions: 'keepRefusal' },
        'invite.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    // no answer: it may or may not have gone out; retrying a mobile or e-mail one finds it (STF10001)
    failed: { tags: ['error'], on: { 'invite.retry': { target: 'sending' }, 'invite.edit': { target: 'editing' } } },
    // sent: "sent to …", or the QR code of the link for the person to scan, followed until answered
    sent: {
      initial: 'deciding',
      on: {
        'invite.another': { target: 'editing', actions: 'startAnother' },
        'invitation.withdraw': { guard: 'pending', target: 'confirmingWithdrawal', actions: 'keepWithdrawId' },
      },
      states: {
        deciding: { always: [{ guard: 'sentAsQr', target: 'waiting' }, { target: 'delivered' }] },
        // by SMS or e-mail: the person answers from the message, later
        delivered: {},
        waiting: { after: { pollInterval: { target: 'checking' } } },
        checking: {
          invoke: {
            id: 'checkInvitation',
            src: 'checkInvitation',
            input: ({ context }) => ({ invitationId: context.sent!.invitation.invitationId }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'trouble' },
          },
          on: {
            'checkInvitation.ok': [
              { guard: 'invitationAgreed', target: 'accepted', actions: 'keepChecked' },
              { guard: 'invitationSettled', target: 'settled', actions: 'keepChecked' },
              { target: 'waiting' },
            ],
            'checkInvitation.refused.*': { target: 'trouble' },
          },
        },
        // a missed answer says nothing about the invitation: asked again
        trouble: { tags: ['error'], after: { pollInterval: { target: 'checking' } } },
        // the person agreed: a new clerk of the store
        accepted: {},
        // rejected, expired or withdrawn: the code is spent
        settled: {},
      },
    },
    confirmingWithdrawal: {
      on: { 'withdraw.confirmed': { target: 'withdrawing' }, 'withdraw.cancelled': { target: 'editing' } },
    },
    withdrawing: {
      tags: ['busy'],
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ invitationId: context.withdrawId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'editing.withdrawRefused', actions: 'forgetRefusal' },
      },
      on: {
        'withdraw.ok': { target: 'editing', actions: 'keepWithdrawn' },
        'withdraw.refused.*': { target: 'editing.withdrawRefused', actions: 'keepRefusal' },
      },
    },
  },
});
