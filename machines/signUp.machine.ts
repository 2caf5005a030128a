import { setup, assign } from 'xstate';
import type { LoginResult } from '../services/contract/session.ts';
import { isNationalMobile } from '../src/lib/phone.ts';
import { announceAnswer, answerData, type AnswerEvent } from './outcome.ts';
import { codeEntryMachine, type CodeEntryInput } from './codeEntry.machine.ts';
import { newPasswordMachine } from './newPassword.machine.ts';

/**
 * Sign-up. An individual gives a 9-digit Angolan mobile, an enterprise an e-mail address; with the
 * agreements accepted a 6-digit code is sent there and typed (the code entry child chart: the
 * captcha, the cool-down before another code, the hourly limit, the send's other refusals, no
 * answer, the wrong-code tries and the resends live there). A right code gives a ticket; the login
 * password chosen next (the new-password chart, where a ticket lapsed meanwhile is told and sign-up
 * starts again) activates the account and signs it in. Already registered (before the code or
 * meanwhile) is sign-up's own refusal.
 */
export interface SignUpInput {
  memberType: 'individual' | 'enterprise';
}

export interface SignUpContext {
  memberType: 'individual' | 'enterprise';
  identity: string;
  agreed: boolean;
  ticket: string | null;
  login: LoginResult | null;
}

export type SignUpEvent =
  | { type: 'identity.changed'; value: string }
  | { type: 'agreement.toggled' }
  | { type: 'code.requested' }
  | { type: 'identity.edit' };

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Where the sign-up code goes and what it is checked against, the first time and every resend. */
export type SignUpCodeRequest = { memberType: SignUpInput['memberType']; identity: string };
const signUpCodeRequest = (context: SignUpContext): SignUpCodeRequest => ({ memberType: context.memberType, identity: context.identity });

export const signUpMachine = setup({
  types: {
    input: {} as SignUpInput,
    context: {} as SignUpContext,
    events: {} as SignUpEvent | AnswerEvent,
  },
  actors: {
    codeEntry: codeEntryMachine,
    newPassword: newPasswordMachine,
  },
  guards: {
    canRequestCode: ({ context }) => context.agreed && (context.memberType === 'individual' ? isNationalMobile(context.identity) : EMAIL.test(context.identity)),
  },
  actions: {
    announceAnswer: announceAnswer<SignUpContext, SignUpEvent | AnswerEvent>(),
    setIdentity: assign({ identity: ({ event }) => (event.type === 'identity.changed' ? event.value.trim() : '') }),
    toggleAgreement: assign({ agreed: ({ context }) => !context.agreed }),
    keepTicket: assign({ ticket: ({ event }) => answerData<{ ticket: string }>(event).ticket }),
    keepLogin: assign({ login: ({ event }) => answerData<LoginResult>(event) }),
    forgetProgress: assign({ ticket: null }),
    // provided by the screen: where the new session goes and what opens next
    startSession: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    memberType: input.memberType, identity: '', agreed: false, ticket: null, login: null,
  }),
  initial: 'editingIdentity',
  states: {
    editingIdentity: {
      initial: 'idle',
      on: {
        'identity.changed': { target: '.idle', actions: 'setIdentity' },
        'agreement.toggled': { target: '.idle', actions: 'toggleAgreement' },
        'code.requested': [{ guard: 'canRequestCode', target: 'verifyingByCode' }, { target: '.incomplete' }],
      },
      states: {
        idle: {},
        // the number/address is malformed or the agreements are not accepted
        incomplete: { tags: ['error'] },
        alreadyRegistered: { tags: ['error'] },
      },
    },
    // the code sent to the number or address, then typed (codeEntry child)
    verifyingByCode: {
      on: {
        // a new number or address, or the agreements withdrawn, drops this code (and the captcha it may be waiting for)
        'identity.changed': { target: 'editingIdentity', actions: 'setIdentity' },
        'agreement.toggled': { target: 'editingIdentity', actions: 'toggleAgreement' },
        'identity.edit': { target: 'editingIdentity', actions: 'forgetProgress' },
        'codeEntry.ok': { target: 'choosingPassword', actions: 'keepTicket' },
        // registered before, or meanwhile (another device, the same code twice): log in instead
        'codeEntry.refused.REG10001': { target: 'editingIdentity.alreadyRegistered' },
        // never: it hands over only what handOver lists, and keeps "no answer" to itself
        'codeEntry.refused.*': { target: 'editingIdentity' },
        'codeEntry.unreachable': { target: 'editingIdentity' },
      },
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }): CodeEntryInput => ({ request: signUpCodeRequest(context), handOver: ['REG10001'] }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed (never an answer of the server): the number is asked again
        onError: { target: 'editingIdentity' },
      },
    },
    // the login password that activates the account (newPassword child)
    choosingPassword: {
      invoke: {
        id: 'newPassword',
        src: 'newPassword',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed: sign-up starts again
        onError: { target: 'editingIdentity', actions: 'forgetProgress' },
      },
      on: {
        'newPassword.ok': { target: 'signedUp', actions: 'keepLogin' },
        // REG10002, the one refusal it ends with: the ticket lapsed (15 min), the person starts again
        'newPassword.refused.*': { target: 'editingIdentity', actions: 'forgetProgress' },
        // never: the child keeps "no answer" to itself
        'newPassword.unreachable': { target: 'editingIdentity', actions: 'forgetProgress' },
      },
    },
    signedUp: {
      type: 'final',
      entry: ['startSession', 'goHome'],
    },
  },
});
