import { setup, assign, fromPromise } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { LoginResult } from '../services/contract/session.ts';
import { isOk, outputOf, refusalCode, refusalDetail, refusedWith } from './outcome.ts';

/**
 * Log-in, by password (mobile or e-mail with the login password) or by an SMS code sent to a
 * registered mobile. Wrong passwords say how many tries are left; the fifth locks password log-in
 * for a while (the SMS way still works). Each refusal is its own state with its message.
 */
export interface LoginContext {
  login: string;
  password: string;
  mobile: string;
  code: string;
  sentTo: string;
  triesLeft: string | null;
  waitDetail: string | null;
  errorCode: string | null;
  result: LoginResult | null;
  captchaToken: string | null;
}

export type LoginEvent =
  | { type: 'method.password' }
  | { type: 'method.sms' }
  | { type: 'login.changed'; value: string }
  | { type: 'password.changed'; value: string }
  | { type: 'password.submitted' }
  | { type: 'mobile.changed'; value: string }
  | { type: 'code.requested' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'captcha.solved'; token: string | null };

type CodeSent = { sentTo: string; expiresInSeconds: number; resendAfterSeconds: number };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    passwordLogin: fromPromise<Outcome<LoginResult>, { login: string; password: string; captchaToken: string | null }>(async () => {
      throw new Error('passwordLogin is provided by the screen');
    }),
    sendLoginCode: fromPromise<Outcome<CodeSent>, { mobile: string; captchaToken: string | null }>(async () => {
      throw new Error('sendLoginCode is provided by the screen');
    }),
    smsLogin: fromPromise<Outcome<LoginResult>, { mobile: string; code: string }>(async () => {
      throw new Error('smsLogin is provided by the screen');
    }),
  },
  guards: {
    credentialsFilled: ({ context }) => context.login.trim().length >= 3 && context.password.length > 0,
    mobileValid: ({ context }) => /^9[1-79]\d{7}$/.test(context.mobile),
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    isOk,
    refusedWith,
  },
  actions: {
    setLogin: assign({ login: ({ event, context }) => (event.type === 'login.changed' ? event.value : context.login) }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    setMobile: assign({ mobile: ({ event, context }) => (event.type === 'mobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.mobile) }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? event.value.replace(/\D/g, '').slice(0, 6) : context.code) }),
    keepCodeSent: assign({ sentTo: ({ event }) => { const o = outputOf<CodeSent>(event); return o.ok ? o.data.sentTo : ''; }, code: '' }),
    keepResult: assign({ result: ({ event }) => { const o = outputOf<LoginResult>(event); return o.ok ? o.data : null; } }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), password: '', code: '' }),
    keepWait: assign({ waitDetail: ({ event }) => refusalDetail(event), password: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    forgetCaptchaToken: assign({ captchaToken: null }),
    // provided by the screen
    startSession: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'login',
  context: { login: '', password: '', mobile: '', code: '', sentTo: '', triesLeft: null, waitDetail: null, errorCode: null, result: null, captchaToken: null },
  initial: 'byPassword',
  states: {
    byPassword: {
      initial: 'editing',
      on: {
        'login.changed': { target: '.editing', actions: 'setLogin' },
        'password.changed': { target: '.editing', actions: 'setPassword' },
        'password.submitted': [{ guard: 'credentialsFilled', target: 'checkingPassword' }, { target: '.incomplete' }],
        'method.sms': { target: 'bySms' },
      },
      states: {
        editing: {},
        incomplete: { tags: ['error'] },
        wrongCredentials: { tags: ['error'] },
        locked: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
        captchaNeeded: {
          on: { 'captcha.solved': { target: '#login.checkingPassword', actions: 'keepCaptchaToken' } },
        },
      },
    },
    checkingPassword: {
      tags: ['busy'],
      exit: 'forgetCaptchaToken',
      invoke: {
        id: 'passwordLogin',
        src: 'passwordLogin',
        input: ({ context }) => ({ login: context.login.trim(), password: context.password, captchaToken: context.captchaToken }),
        onDone: [
          { guard: 'isOk', target: 'signedIn', actions: 'keepResult' },
          { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'byPassword.captchaNeeded' },
          { guard: { type: 'refusedWith', params: { code: 'LGN10001' } }, target: 'byPassword.wrongCredentials', actions: 'keepTriesLeft' },
          { guard: { type: 'refusedWith', params: { code: 'LGN10002' } }, target: 'byPassword.locked', actions: 'keepWait' },
          { target: 'byPassword.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'byPassword.unreachable' },
      },
    },
    bySms: {
      initial: 'editingMobile',
      on: {
        'mobile.changed': { target: '.editingMobile', actions: 'setMobile' },
        'code.requested': [{ guard: 'mobileValid', target: '.sendingCode' }, { target: '.incomplete' }],
        'method.password': { target: 'byPassword' },
      },
      states: {
        editingMobile: {},
        incomplete: { tags: ['error'] },
        notRegistered: { tags: ['error'] },
        coolingDown: { tags: ['error'] },
        sendLimited: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
        captchaNeeded: {
          on: { 'captcha.solved': { target: 'sendingCode', actions: 'keepCaptchaToken' } },
        },
        sendingCode: {
          tags: ['busy'],
          exit: 'forgetCaptchaToken',
          invoke: {
            id: 'sendLoginCode',
            src: 'sendLoginCode',
            input: ({ context }) => ({ mobile: context.mobile, captchaToken: context.captchaToken }),
            onDone: [
              { guard: 'isOk', target: 'codeSent', actions: 'keepCodeSent' },
              { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'captchaNeeded' },
              { guard: { type: 'refusedWith', params: { code: 'ACC10001' } }, target: 'notRegistered' },
              { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'coolingDown', actions: 'keepWait' },
              { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'sendLimited' },
              { target: 'refused', actions: 'keepRefusal' },
            ],
            onError: { target: 'unreachable' },
          },
        },
        codeSent: {
          initial: 'typing',
          on: {
            'code.changed': { actions: 'setCode' },
            'code.submitted': { guard: 'codeComplete', target: '#login.checkingCode' },
          },
          states: {
            typing: {},
            wrongCode: { tags: ['error'] },
            // expired, voided or too many tries: a new code is needed (code.requested)
            expired: { tags: ['error'] },
            tooManyTries: { tags: ['error'] },
            refused: { tags: ['error'] },
            unreachable: { tags: ['error'] },
          },
        },
      },
    },
    checkingCode: {
      tags: ['busy'],
      invoke: {
        id: 'smsLogin',
        src: 'smsLogin',
        input: ({ context }) => ({ mobile: context.mobile, code: context.code }),
        onDone: [
          { guard: 'isOk', target: 'signedIn', actions: 'keepResult' },
          { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'bySms.codeSent.wrongCode', actions: 'keepTriesLeft' },
          { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'bySms.codeSent.expired' },
          { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'bySms.codeSent.tooManyTries' },
          { target: 'bySms.codeSent.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'bySms.codeSent.unreachable' },
      },
    },
    signedIn: {
      type: 'final',
      entry: ['startSession', 'goHome'],
    },
  },
});
