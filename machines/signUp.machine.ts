import { setup, assign, fromPromise } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { LoginResult } from '../services/contract/session.ts';
import { isOk, outputOf, refusalCode, refusalDetail, refusedWith } from './outcome.ts';

/**
 * Sign-up. An individual gives a 9-digit Angolan mobile, an enterprise an e-mail address; with the
 * agreements accepted a 6-digit code is sent there. While the person types the code, the resend
 * control cools down (60 s) in a parallel region. A right code gives a ticket; a login password
 * (8–16, letters and digits) then activates the account and signs it in.
 * Every refusal the server can give is its own state: already registered, resend too soon, sending
 * too much, wrong code (tries left), expired code, too many tries, step expired.
 */
export interface SignUpInput {
  memberType: 'individual' | 'enterprise';
}

export interface SignUpContext {
  memberType: 'individual' | 'enterprise';
  identity: string;
  agreed: boolean;
  code: string;
  password: string;
  ticket: string | null;
  sentTo: string;
  resendAfterMs: number;
  triesLeft: string | null;
  waitSeconds: string | null;
  errorCode: string | null;
  login: LoginResult | null;
  captchaToken: string | null;
}

export type SignUpEvent =
  | { type: 'identity.changed'; value: string }
  | { type: 'agreement.toggled' }
  | { type: 'code.requested' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'code.resendRequested' }
  | { type: 'identity.edit' }
  | { type: 'password.changed'; value: string }
  | { type: 'password.submitted' }
  | { type: 'signup.restarted' }
  | { type: 'captcha.solved'; token: string | null };

type CodeSent = { sentTo: string; expiresInSeconds: number; resendAfterSeconds: number };

export const MOBILE = /^9[1-79]\d{7}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isStrongPassword = (password: string) => /^[\x21-\x7e]{8,16}$/.test(password) && /\d/.test(password) && /[A-Za-z]/.test(password);

export const signUpMachine = setup({
  types: {
    input: {} as SignUpInput,
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    sendCode: fromPromise<Outcome<CodeSent>, { memberType: SignUpInput['memberType']; identity: string; captchaToken: string | null }>(async () => {
      throw new Error('sendCode is provided by the screen');
    }),
    verifyCode: fromPromise<Outcome<{ ticket: string }>, { memberType: SignUpInput['memberType']; identity: string; code: string }>(async () => {
      throw new Error('verifyCode is provided by the screen');
    }),
    activate: fromPromise<Outcome<LoginResult>, { ticket: string; password: string }>(async () => {
      throw new Error('activate is provided by the screen');
    }),
  },
  guards: {
    canRequestCode: ({ context }) => context.agreed && (context.memberType === 'individual' ? MOBILE.test(context.identity) : EMAIL.test(context.identity)),
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    passwordStrong: ({ context }) => isStrongPassword(context.password),
    isOk,
    refusedWith,
  },
  actions: {
    setIdentity: assign({ identity: ({ event }) => (event.type === 'identity.changed' ? event.value.trim() : '') }),
    toggleAgreement: assign({ agreed: ({ context }) => !context.agreed }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? event.value.replace(/\D/g, '').slice(0, 6) : context.code) }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    keepCodeSent: assign(({ event }) => {
      const output = outputOf<CodeSent>(event);
      return output.ok ? { sentTo: output.data.sentTo, resendAfterMs: output.data.resendAfterSeconds * 1000, code: '', errorCode: null } : {};
    }),
    keepTicket: assign({ ticket: ({ event }) => { const o = outputOf<{ ticket: string }>(event); return o.ok ? o.data.ticket : null; } }),
    keepLogin: assign({ login: ({ event }) => { const o = outputOf<LoginResult>(event); return o.ok ? o.data : null; } }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    keepWait: assign({ waitSeconds: ({ event }) => refusalDetail(event) }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    forgetCaptchaToken: assign({ captchaToken: null }),
    forgetProgress: assign({ code: '', password: '', ticket: null, triesLeft: null, errorCode: null }),
    // provided by the screen: where the new session goes and what opens next
    startSession: () => {},
    goHome: () => {},
  },
  delays: {
    resendCooldown: ({ context }) => context.resendAfterMs,
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    memberType: input.memberType, identity: '', agreed: false, code: '', password: '', ticket: null, sentTo: '',
    resendAfterMs: 60_000, triesLeft: null, waitSeconds: null, errorCode: null, login: null, captchaToken: null,
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
        // the server saw suspicious attempts from this address: solve the captcha, then it sends
        captchaNeeded: {
          on: { 'captcha.solved': { target: '#signUp.sendingCode', actions: 'keepCaptchaToken' } },
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      exit: 'forgetCaptchaToken',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ memberType: context.memberType, identity: context.identity, captchaToken: context.captchaToken }),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepCodeSent' },
          { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'editingIdentity.captchaNeeded' },
          { guard: { type: 'refusedWith', params: { code: 'REG10001' } }, target: 'editingIdentity.alreadyRegistered' },
          { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'editingIdentity.coolingDown', actions: 'keepWait' },
          { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'editingIdentity.sendLimited' },
          { target: 'editingIdentity.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'editingIdentity.unreachable' },
      },
    },
    enteringCode: {
      type: 'parallel',
      on: {
        'code.changed': { actions: 'setCode' },
        'identity.edit': { target: 'editingIdentity', actions: 'forgetProgress' },
      },
      states: {
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: { target: 'available' } } },
            available: { on: { 'code.resendRequested': { target: 'resending' } } },
            resending: {
              tags: ['busy'],
              exit: 'forgetCaptchaToken',
              invoke: {
                id: 'resendCode',
                src: 'sendCode',
                input: ({ context }) => ({ memberType: context.memberType, identity: context.identity, captchaToken: context.captchaToken }),
                onDone: [
                  { guard: 'isOk', target: ['coolingDown', '#signUp.enteringCode.entry.typing'], actions: 'keepCodeSent' },
                  { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'captchaNeeded' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'limited' },
                  { target: 'available', actions: 'keepRefusal' },
                ],
                onError: { target: 'available' },
              },
            },
            // the hourly limit is reached: no more codes for now
            limited: { tags: ['error'] },
            captchaNeeded: {
              on: { 'captcha.solved': { target: 'resending', actions: 'keepCaptchaToken' } },
            },
          },
        },
        entry: {
          initial: 'typing',
          states: {
            typing: { on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ memberType: context.memberType, identity: context.identity, code: context.code }),
                onDone: [
                  { guard: 'isOk', target: '#signUp.choosingPassword', actions: 'keepTicket' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'wrongCode', actions: 'keepTriesLeft' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'expired' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'tooManyTries' },
                  { guard: { type: 'refusedWith', params: { code: 'REG10001' } }, target: '#signUp.editingIdentity.alreadyRegistered' },
                  { target: 'unreachable', actions: 'keepRefusal' },
                ],
                onError: { target: 'unreachable' },
              },
            },
            wrongCode: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            // expired or voided: only a new code helps (the resend region)
            expired: { tags: ['error'] },
            tooManyTries: { tags: ['error'] },
            unreachable: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
          },
        },
      },
    },
    choosingPassword: {
      initial: 'typing',
      on: {
        'password.changed': { target: '.typing', actions: 'setPassword' },
        'password.submitted': [{ guard: 'passwordStrong', target: 'activating' }, { target: '.weak' }],
      },
      states: {
        typing: {},
        weak: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    activating: {
      tags: ['busy'],
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ ticket: context.ticket ?? '', password: context.password }),
        onDone: [
          { guard: 'isOk', target: 'signedUp', actions: 'keepLogin' },
          { guard: { type: 'refusedWith', params: { code: 'PWD10001' } }, target: 'choosingPassword.weak' },
          { guard: { type: 'refusedWith', params: { code: 'REG10002' } }, target: 'stepExpired' },
          { target: 'choosingPassword.unreachable', actions: 'keepRefusal' },
        ],
        onError: { target: 'choosingPassword.unreachable' },
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
