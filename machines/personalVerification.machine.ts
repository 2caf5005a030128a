import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';

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
    events: {} as PersonalVerificationEvent | AnswerEvent,
  },
  actors: {
    loadStatus: provided<Outcome<Status>>('loadStatus'),
    checkNif: provided<Outcome<{ checkId: string; nifMasked: string }>, { nif: string }>('checkNif'),
    checkName: provided<Outcome<{ realName: string }>, { checkId: string; fullName: string }>('checkName'),
  },
  guards: {
    // a company verifies with the enterprise form, never with a B.I.
    enterpriseMember: ({ event }) => answerData<Status>(event).profile.memberType === 'enterprise',
    alreadyVerified: ({ event }) => answerData<Status>(event).verificationStatus === 'verified',
    nifWellFormed: ({ context }) => NIF_SHAPE.test(context.nif),
    nameGiven: ({ context }) => context.fullName.trim().split(/\s+/).length >= 2,
  },
  actions: {
    announceAnswer: announceAnswer<PersonalVerificationContext, PersonalVerificationEvent | AnswerEvent>(),
    setNif: assign({ nif: ({ event, context }) => (event.type === 'nif.changed' ? event.value.replace(/\s+/g, '').toUpperCase().slice(0, 14) : context.nif) }),
    setName: assign({ fullName: ({ event, context }) => (event.type === 'name.changed' ? event.value.slice(0, 120) : context.fullName) }),
    keepCheck: assign(({ event }) => {
      const check = answerData<{ checkId: string; nifMasked: string }>(event);
      return { checkId: check.checkId, nifMasked: check.nifMasked };
    }),
    keepRealName: assign({ realName: ({ event }) => answerData<{ realName: string }>(event).realName }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => answerDetail(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepPayPasswordState: assign({ payPasswordSet: ({ event }) => answerData<Status>(event).payPasswordSet }),
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unavailable' },
      },
      on: {
        'loadStatus.ok': [
          { guard: 'enterpriseMember', target: 'notIndividual' },
          { guard: 'alreadyVerified', target: 'verified', actions: 'keepPayPasswordState' },
          { target: 'enteringNif', actions: 'keepPayPasswordState' },
        ],
        'loadStatus.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringNif.unreachable' },
      },
      on: {
        'checkNif.ok': { target: 'enteringName', actions: 'keepCheck' },
        'checkNif.refused.VER10001': { target: 'enteringNif.notFound' },
        'checkNif.refused.VER10002': { target: 'enteringNif.taken' },
        'checkNif.refused.VER10003': { target: 'enteringNif.documentExpired' },
        'checkNif.refused.VER10006': { target: 'verified' },
        'checkNif.refused.VER10007': { target: 'notIndividual' },
        'checkNif.refused.*': { target: 'enteringNif.refused', actions: 'keepRefusal' },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringName.unreachable' },
      },
      on: {
        'checkName.ok': { target: 'verified', actions: ['keepRealName', 'rememberRealName'] },
        'checkName.refused.VER10004': { target: 'enteringName.mismatch', actions: 'keepTriesLeft' },
        'checkName.refused.VER10005': { target: 'failed' },
        'checkName.refused.REG10002': { target: 'failed' },
        'checkName.refused.*': { target: 'enteringName.unreachable', actions: 'keepRefusal' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'verification.restarted': { target: 'enteringNif', actions: 'forgetAttempt' } },
    },
    verified: { type: 'final' },
  },
});
