import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { LoginResult } from '../services/contract/session.ts';
import { isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith, unreachable } from './outcome.ts';
import { sendCodeMachine, type CodeSent } from './sendCode.machine.ts';
import { codeEntryMachine } from './codeEntry.machine.ts';

/**
 * Log-in, by password (mobile or e-mail with the login password) or by an SMS code sent to a
 * registered mobile. Wrong passwords say how many tries are left; the fifth locks password log-in
 * for a while (the SMS way still works). Each refusal is its own state with its message. The SMS
 * way sends through the send-a-code chart and takes the code in the shared code entry (child
 * charts: the captcha a send may need, the wrong-code tries and the resend cool-down live there).
 */
export interface LoginContext {
  login: string;
  password: string;
  mobile: string;
  sent: CodeSent | null;
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
  | { type: 'captcha.solved'; token: string | null };

/** What the SMS code is sent for and checked against, the first time and every resend. */
export type SmsCodeRequest = { mobile: string };
const smsCodeRequest = (context: LoginContext): SmsCodeRequest => ({ mobile: context.mobile });

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    passwordLogin: provided<Outcome<LoginResult>, { login: string; password: string; captchaToken: string | null }>('passwordLogin'),
    sendCode: sendCodeMachine,
    codeEntry: codeEntryMachine,
  },
  guards: {
    credentialsFilled: ({ context }) => context.login.trim().length >= 3 && context.password.length > 0,
    mobileValid: ({ context }) => /^9[1-79]\d{7}$/.test(context.mobile),
    isOk,
    refusedWith,
    unreachable,
  },
  actions: {
    setLogin: assign({ login: ({ event, context }) => (event.type === 'login.changed' ? event.value : context.login) }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    setMobile: assign({ mobile: ({ event, context }) => (event.type === 'mobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.mobile) }),
    keepCodeSent: assign({ sent: ({ event }) => { const o = outputOf<CodeSent>(event); return o.ok ? o.data : null; } }),
    keepResult: assign({ result: ({ event }) => { const o = outputOf<LoginResult>(event); return o.ok ? o.data : null; } }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), password: '' }),
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
  context: { login: '', password: '', mobile: '', sent: null, triesLeft: null, waitDetail: null, errorCode: null, result: null, captchaToken: null },
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
      initial: 'enteringMobile',
      on: {
        'mobile.changed': { target: '.enteringMobile', actions: 'setMobile' },
        'method.password': { target: 'byPassword' },
      },
      states: {
        enteringMobile: {
          initial: 'editing',
          on: { 'code.requested': [{ guard: 'mobileValid', target: 'sendingCode' }, { target: '.incomplete' }] },
          states: {
            editing: {},
            incomplete: { tags: ['error'] },
            notRegistered: { tags: ['error'] },
            coolingDown: { tags: ['error'] },
            sendLimited: { tags: ['error'] },
            refused: { tags: ['error'] },
            unreachable: { tags: ['error'] },
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ request: smsCodeRequest(context) }),
            onDone: [
              { guard: 'isOk', target: 'enteringCode', actions: 'keepCodeSent' },
              { guard: { type: 'refusedWith', params: { code: 'ACC10001' } }, target: 'enteringMobile.notRegistered' },
              { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'enteringMobile.coolingDown', actions: 'keepWait' },
              { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'enteringMobile.sendLimited' },
              { guard: 'unreachable', target: 'enteringMobile.unreachable' },
              { target: 'enteringMobile.refused', actions: 'keepRefusal' },
            ],
            onError: { target: 'enteringMobile.unreachable' },
          },
        },
        // the code, a new one after the cool-down; editing the mobile starts over
        enteringCode: {
          invoke: {
            id: 'codeEntry',
            src: 'codeEntry',
            input: ({ context }) => ({ request: smsCodeRequest(context), sent: context.sent! }),
            // the SMS log-in hands no refusal back: the code entry ends only signed in
            onDone: { target: '#login.signedIn', actions: 'keepResult' },
            onError: { target: 'enteringMobile.unreachable' },
          },
        },
      },
    },
    signedIn: {
      type: 'final',
      entry: ['startSession', 'goHome'],
    },
  },
});
