import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { LoginResult } from '../services/contract/session.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { codeEntryMachine, type CodeEntryInput } from './codeEntry.machine.ts';
import { mobileActions, mobileGuards, type MobileEntry } from './mobileEntry.ts';

/**
 * Log-in, by password (mobile or e-mail with the login password) or by an SMS code sent to a
 * registered mobile. Wrong passwords say how many tries are left; the fifth locks password log-in
 * for a while (the SMS way still works). Each refusal is its own state with its message. The SMS
 * way sends a code to the mobile and takes it in the code entry child chart (the captcha a send
 * may need, the cool-down, the hourly limit, the wrong-code tries and the resends live there); a
 * mobile with no account is log-in's own refusal.
 */
export interface LoginContext extends MobileEntry {
  login: string;
  password: string;
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
    events: {} as LoginEvent | AnswerEvent,
  },
  actors: {
    passwordLogin: provided<Outcome<LoginResult>, { login: string; password: string; captchaToken: string | null }>('passwordLogin'),
    codeEntry: codeEntryMachine,
  },
  guards: {
    credentialsFilled: ({ context }) => context.login.trim().length >= 3 && context.password.length > 0,
    ...mobileGuards,
  },
  actions: {
    announceAnswer: announceAnswer<LoginContext, LoginEvent | AnswerEvent>(),
    setLogin: assign({ login: ({ event, context }) => (event.type === 'login.changed' ? event.value : context.login) }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    ...mobileActions<LoginContext, LoginEvent | AnswerEvent>(),
    keepResult: assign({ result: ({ event }) => answerData<LoginResult>(event) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => answerDetail(event), password: '' }),
    keepWait: assign({ waitDetail: ({ event }) => answerDetail(event), password: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    forgetCaptchaToken: assign({ captchaToken: null }),
    // provided by the screen
    startSession: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'login',
  context: { login: '', password: '', mobile: '', triesLeft: null, waitDetail: null, errorCode: null, result: null, captchaToken: null },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'byPassword.unreachable' },
      },
      on: {
        'passwordLogin.ok': { target: 'signedIn', actions: 'keepResult' },
        'passwordLogin.refused.CAP10001': { target: 'byPassword.captchaNeeded' },
        'passwordLogin.refused.LGN10001': { target: 'byPassword.wrongCredentials', actions: 'keepTriesLeft' },
        'passwordLogin.refused.LGN10002': { target: 'byPassword.locked', actions: 'keepWait' },
        'passwordLogin.refused.*': { target: 'byPassword.refused', actions: 'keepRefusal' },
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
          on: { 'code.requested': [{ guard: 'mobileValid', target: 'verifyingByCode' }, { target: '.incomplete' }] },
          states: {
            editing: {},
            incomplete: { tags: ['error'] },
            notRegistered: { tags: ['error'] },
          },
        },
        // the code sent to the mobile, then typed (codeEntry child); editing the mobile starts over
        verifyingByCode: {
          invoke: {
            id: 'codeEntry',
            src: 'codeEntry',
            input: ({ context }): CodeEntryInput => ({ request: smsCodeRequest(context), handOver: ['ACC10001'] }),
            onDone: { actions: 'announceAnswer' },
            // the child itself failed (never an answer of the server): the mobile is asked again
            onError: { target: 'enteringMobile' },
          },
          on: {
            'codeEntry.ok': { target: '#login.signedIn', actions: 'keepResult' },
            // no account has this mobile
            'codeEntry.refused.ACC10001': { target: 'enteringMobile.notRegistered' },
            // never: it hands over only what handOver lists, and keeps "no answer" to itself
            'codeEntry.refused.*': { target: 'enteringMobile' },
            'codeEntry.unreachable': { target: 'enteringMobile' },
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
