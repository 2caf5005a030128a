import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';

/**
 * Real-name verification of an individual: the B.I. number (NIF) first, then the full name as it is
 * on the B.I., which the member confirms before it is checked. A match verifies the account (level
 * III) and offers the pay password next; three wrong names fail the attempt, and the member can
 * verify again. A company's account is sent to the enterprise verification instead.
 */
export interface PersonalVerificationContext {
  nif: string;
  fullName: string;
  checkId: string | null;
  nifMasked: string;
  realName: string;
  triesLeft: string | null;
  errorCode: string | null;
  /** Whether the next step (the pay password) is still to do. */
  payPasswordSet: boolean;
}

export type PersonalVerificationEvent =
  | { type: 'nif.changed'; value: string }
  | { type: 'nif.submitted' }
  | { type: 'name.changed'; value: string }
  | { type: 'name.submitted' }
  | { type: 'name.edit' }
  | { type: 'name.confirmed' }
  | { type: 'verification.restarted' };

export type Status = { verificationStatus: 'unverified' | 'pending' | 'verified' | 'failed'; payPasswordSet: boolean; profile: { memberType: 'individual' | 'enterprise' } };

export const NIF_SHAPE = /^\d{9}[A-Z]{2}\d{3}$/;

export const personalVerificationMachine = setup({
  types: {
    context: {} as PersonalVerificationContext,
    events: {} as PersonalVerificationEvent,
  },
  actors: {
    loadStatus: provided<Outcome<Status>>('loadStatus'),
    checkNif: provided<Outcome<{ checkId: string; nifMasked: string }>, { nif: string }>('checkNif'),
    checkName: provided<Outcome<{ realName: string }>, { checkId: string; fullName: string }>('checkName'),
  },
  guards: {
    isOk,
    refusedWith,
    // a company verifies with the enterprise form, never with a B.I.
    enterpriseMember: ({ event }) => { const o = outputOf<Status>(event); return o.ok && o.data.profile.memberType === 'enterprise'; },
    alreadyVerified: ({ event }) => { const o = outputOf<Status>(event); return o.ok && o.data.verificationStatus === 'verified'; },
    nifWellFormed: ({ context }) => NIF_SHAPE.test(context.nif),
    nameGiven: ({ context }) => context.fullName.trim().split(/\s+/).length >= 2,
  },
  actions: {
    setNif: assign({ nif: ({ event, context }) => (event.type === 'nif.changed' ? event.value.replace(/\s+/g, '').toUpperCase().slice(0, 14) : context.nif) }),
    setName: assign({ fullName: ({ event, context }) => (event.type === 'name.changed' ? event.value.slice(0, 120) : context.fullName) }),
    keepCheck: assign(({ event }) => {
      const o = outputOf<{ checkId: string; nifMasked: string }>(event);
      return o.ok ? { checkId: o.data.checkId, nifMasked: o.data.nifMasked } : {};
    }),
    keepRealName: assign({ realName: ({ event }) => { const o = outputOf<{ realName: string }>(event); return o.ok ? o.data.realName : ''; } }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    keepPayPasswordState: assign({ payPasswordSet: ({ event }) => { const o = outputOf<Status>(event); return o.ok && o.data.payPasswordSet; } }),
    forgetAttempt: assign({ checkId: null, fullName: '', triesLeft: null, errorCode: null }),
    // provided by the screen: the verified name is the member's name from now on (the hub greets them by it)
    rememberRealName: () => {},
  },
}).createMachine({
  id: 'personalVerification',
  context: { nif: '', fullName: '', checkId: null, nifMasked: '', realName: '', triesLeft: null, errorCode: null, payPasswordSet: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: 'enterpriseMember', target: 'notIndividual' },
          { guard: 'alreadyVerified', target: 'verified', actions: 'keepPayPasswordState' },
          { guard: 'isOk', target: 'enteringNif', actions: 'keepPayPasswordState' },
          { target: 'unavailable', actions: 'keepRefusal' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: { tags: ['error'] },
    // a company's account: the screen leads to the enterprise verification instead
    notIndividual: {},
    enteringNif: {
      initial: 'typing',
      on: {
        'nif.changed': { target: '.typing', actions: 'setNif' },
        'nif.submitted': [{ guard: 'nifWellFormed', target: 'checkingNif' }, { target: '.malformed' }],
      },
      states: {
        typing: {},
        malformed: { tags: ['error'] },
        notFound: { tags: ['error'] },
        taken: { tags: ['error'] },
        documentExpired: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    checkingNif: {
      tags: ['busy'],
      invoke: {
        id: 'checkNif',
        src: 'checkNif',
        input: ({ context }) => ({ nif: context.nif }),
        onDone: [
          { guard: 'isOk', target: 'enteringName', actions: 'keepCheck' },
          { guard: { type: 'refusedWith', params: { code: 'VER10001' } }, target: 'enteringNif.notFound' },
          { guard: { type: 'refusedWith', params: { code: 'VER10002' } }, target: 'enteringNif.taken' },
          { guard: { type: 'refusedWith', params: { code: 'VER10003' } }, target: 'enteringNif.documentExpired' },
          { guard: { type: 'refusedWith', params: { code: 'VER10006' } }, target: 'verified' },
          { guard: { type: 'refusedWith', params: { code: 'VER10007' } }, target: 'notIndividual' },
          { target: 'enteringNif.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringNif.unreachable' },
      },
    },
    enteringName: {
      initial: 'typing',
      on: {
        'name.changed': { target: '.typing', actions: 'setName' },
        'name.submitted': [{ guard: 'nameGiven', target: 'confirmingName' }, { target: '.incomplete' }],
      },
      states: {
        typing: {},
        incomplete: { tags: ['error'] },
        mismatch: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    // the member reads the NIF and the name once more before they are checked
    confirmingName: {
      on: {
        'name.confirmed': { target: 'checkingName' },
        'name.edit': { target: 'enteringName' },
      },
    },
    checkingName: {
      tags: ['busy'],
      invoke: {
        id: 'checkName',
        src: 'checkName',
        input: ({ context }) => ({ checkId: context.checkId ?? '', fullName: context.fullName.trim() }),
        onDone: [
          { guard: 'isOk', target: 'verified', actions: ['keepRealName', 'rememberRealName'] },
          { guard: { type: 'refusedWith', params: { code: 'VER10004' } }, target: 'enteringName.mismatch', actions: 'keepTriesLeft' },
          { guard: { type: 'refusedWith', params: { code: 'VER10005' } }, target: 'failed' },
          { guard: { type: 'refusedWith', params: { code: 'REG10002' } }, target: 'failed' },
          { target: 'enteringName.unreachable', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringName.unreachable' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'verification.restarted': { target: 'enteringNif', actions: 'forgetAttempt' } },
    },
    verified: { type: 'final' },
  },
});
