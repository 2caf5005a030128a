import { setup, assign } from 'xstate';
import type { LoginResult } from '../services/contract/session.ts';
import { isOk, outputOf, refusedWith, unreachable } from './outcome.ts';
import { sendCodeMachine, sendsCodeActions, type SendsCode } from './sendCode.machine.ts';
import { codeEntryMachine } from './codeEntry.machine.ts';
import { newPasswordMachine } from './newPassword.machine.ts';

/**
 * Sign-up. An individual gives a 9-digit Angolan mobile, an enterprise an e-mail address; with the
 * agreements accepted a 6-digit code is sent there (the send-a-code child chart, captcha included).
 * The code is typed in the shared code entry, whose resend control cools down (60 s) beside it. A
 * right code gives a ticket; the login password chosen next (the shared new-password chart)
 * activates the account and signs it in. Every refusal the server can give is its own state, here or in the child charts:
 * already registered, resend too soon, sending too much, wrong code (tries left), expired code, too
 * many tries, step expired.
 */
export interface SignUpInput {
  memberType: 'individual' | 'enterprise';
}

export interface SignUpContext extends SendsCode {
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
  | { type: 'identity.edit' }
  | { type: 'signup.restarted' };

export const MOBILE = /^9[1-79]\d{7}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Where the sign-up code goes and what it is checked against, the first time and every resend. */
export type SignUpCodeRequest = { memberType: SignUpInput['memberType']; identity: string };
const signUpCodeRequest = (context: SignUpContext): SignUpCodeRequest => ({ memberType: context.memberType, identity: context.identity });

export const signUpMachine = setup({
  types: {
    input: {} as SignUpInput,
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    sendCode: sendCodeMachine,
    codeEntry: codeEntryMachine,
    newPassword: newPasswordMachine,
  },
  guards: {
    canRequestCode: ({ context }) => context.agreed && (context.memberType === 'individual' ? MOBILE.test(context.identity) : EMAIL.test(context.identity)),
    isOk,
    refusedWith,
    unreachable,
  },
  actions: {
    setIdentity: assign({ identity: ({ event }) => (event.type === 'identity.changed' ? event.value.trim() : '') }),
    toggleAgreement: assign({ agreed: ({ context }) => !context.agreed }),
    ...sendsCodeActions<SignUpContext, SignUpEvent>(),
    keepTicket: assign({ ticket: ({ event }) => { const o = outputOf<{ ticket: string }>(event); return o.ok ? o.data.ticket : null; } }),
    keepLogin: assign({ login: ({ event }) => { const o = outputOf<LoginResult>(event); return o.ok ? o.data : null; } }),
    forgetProgress: assign({ sent: null, ticket: null, errorCode: null }),
    // provided by the screen: where the new session goes and what opens next
    startSession: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    memberType: input.memberType, identity: '', agreed: false, sent: null, ticket: null, waitSeconds: null, errorCode: null, login: null,
  }),
  initial: 'editingIdentity',
  states: {
    editingIdentity: {
      initial: 'idle',
      on: {
        'identity.changed': { target: '.idle', actions: 'setIdentity' },
        'agreement.toggled': { target: '.idle', actions: 'toggleAgreement' },
        'code.requested': [{ guard: 'canRequestCode', target: 'sendingCode' }, { target: '.incomplete' }],
      },
      states: {
        idle: {},
        // the number/address is malformed or the agreements are not accepted
        incomplete: { tags: ['error'] },
        alreadyRegistered: { tags: ['error'] },
        coolingDown: { tags: ['error'] },
        sendLimited: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    sendingCode: {
      // a new number or address drops this send (and the captcha it may be waiting for)
      on: { 'identity.changed': { target: 'editingIdentity', actions: 'setIdentity' } },
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ request: signUpCodeRequest(context) }),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepCodeSent' },
          { guard: { type: 'refusedWith', params: { code: 'REG10001' } }, target: 'editingIdentity.alreadyRegistered' },
          { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'editingIdentity.coolingDown', actions: 'keepWait' },
          { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'editingIdentity.sendLimited' },
          { guard: 'unreachable', target: 'editingIdentity.unreachable' },
          { target: 'editingIdentity.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'editingIdentity.unreachable' },
      },
    },
    enteringCode: {
      on: { 'identity.edit': { target: 'editingIdentity', actions: 'forgetProgress' } },
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }) => ({ request: signUpCodeRequest(context), sent: context.sent!, handOver: ['REG10001'] }),
        onDone: [
          { guard: 'isOk', target: 'choosingPassword', actions: 'keepTicket' },
          // registered meanwhile (another device, the same code twice): log in instead
          { guard: { type: 'refusedWith', params: { code: 'REG10001' } }, target: 'editingIdentity.alreadyRegistered' },
        ],
        onError: { target: 'editingIdentity.unreachable' },
      },
    },
    // the login password that activates the account (newPassword child)
    choosingPassword: {
      invoke: {
        id: 'newPassword',
        src: 'newPassword',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: [
          { guard: 'isOk', target: 'signedUp', actions: 'keepLogin' },
          // REG10002, the one refusal it ends with
          { target: 'stepExpired' },
        ],
        onError: { target: 'editingIdentity.unreachable' },
      },
    },
    // the ticket between code and password lapsed (15 min): start again
    stepExpired: {
      tags: ['error'],
      on: { 'signup.restarted': { target: 'editingIdentity', actions: 'forgetProgress' } },
    },
    signedUp: {
      type: 'final',
      entry: ['startSession', 'goHome'],
    },
  },
});
