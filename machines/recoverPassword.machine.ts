import { setup, assign, fromPromise } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import { isOk, outputOf, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { isStrongPassword } from './signUp.machine.ts';

/**
 * Login-password recovery: the registered mobile is checked (the account's name is shown masked so
 * the person knows it is theirs), an SMS code is sent and verified, then a new password is set.
 * Setting it ends every session of the account; the person signs in again.
 */
export interface RecoverContext {
  mobile: string;
  maskedName: string;
  code: string;
  password: string;
  ticket: string | null;
  sentTo: string;
  triesLeft: string | null;
  waitSeconds: string | null;
  errorCode: string | null;
  captchaToken: string | null;
}

export type RecoverEvent =
  | { type: 'mobile.changed'; value: string }
  | { type: 'account.submitted' }
  | { type: 'code.requested' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'password.changed'; value: string }
  | { type: 'password.submitted' }
  | { type: 'recovery.restarted' }
  | { type: 'recovery.finished' }
  | { type: 'captcha.solved'; token: string | null };

type CodeSent = { sentTo: string; expiresInSeconds: number; resendAfterSeconds: number };

export const recoverPasswordMachine = setup({
  types: {
    context: {} as RecoverContext,
    events: {} as RecoverEvent,
  },
  actors: {
    checkAccount: fromPromise<Outcome<{ maskedName: string }>, { mobile: string }>(async () => {
      throw new Error('checkAccount is provided by the screen');
    }),
    sendRecoveryCode: fromPromise<Outcome<CodeSent>, { mobile: string; captchaToken: string | null }>(async () => {
      throw new Error('sendRecoveryCode is provided by the screen');
    }),
    verifyRecoveryCode: fromPromise<Outcome<{ ticket: string }>, { mobile: string; code: string }>(async () => {
      throw new Error('verifyRecoveryCode is provided by the screen');
    }),
    setNewPassword: fromPromise<Outcome<{ reset: true }>, { ticket: string; password: string }>(async () => {
      throw new Error('setNewPassword is provided by the screen');
    }),
  },
  guards: {
    mobileValid: ({ context }) => /^9[1-79]\d{7}$/.test(context.mobile),
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    passwordStrong: ({ context }) => isStrongPassword(context.password),
    isOk,
    refusedWith,
  },
  actions: {
    setMobile: assign({ mobile: ({ event, context }) => (event.type === 'mobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.mobile) }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? event.value.replace(/\D/g, '').slice(0, 6) : context.code) }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    keepMaskedName: assign({ maskedName: ({ event }) => { const o = outputOf<{ maskedName: string }>(event); return o.ok ? o.data.maskedName : ''; } }),
    keepCodeSent: assign({ sentTo: ({ event }) => { const o = outputOf<CodeSent>(event); return o.ok ? o.data.sentTo : ''; }, code: '' }),
    keepTicket: assign({ ticket: ({ event }) => { const o = outputOf<{ ticket: string }>(event); return o.ok ? o.data.ticket : null; } }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    keepWait: assign({ waitSeconds: ({ event }) => refusalDetail(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    forgetCaptchaToken: assign({ captchaToken: null }),
    forgetProgress: assign({ code: '', password: '', ticket: null, sentTo: '', maskedName: '', triesLeft: null, errorCode: null }),
    // provided by the screen
    goToLogin: () => {},
  },
}).createMachine({
  id: 'recoverPassword',
  context: { mobile: '', maskedName: '', code: '', password: '', ticket: null, sentTo: '', triesLeft: null, waitSeconds: null, errorCode: null, captchaToken: null },
  initial: 'enteringAccount',
  states: {
    enteringAccount: {
      initial: 'editing',
      on: {
        'mobile.changed': { target: '.editing', actions: 'setMobile' },
        'account.submitted': [{ guard: 'mobileValid', target: 'checkingAccount' }, { target: '.incomplete' }],
      },
      states: {
        editing: {},
        incomplete: { tags: ['error'] },
        notFound: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    checkingAccount: {
      tags: ['busy'],
      invoke: {
        id: 'checkAccount',
        src: 'checkAccount',
        input: ({ context }) => ({ mobile: context.mobile }),
        onDone: [
          { guard: 'isOk', target: 'confirmingAccount', actions: 'keepMaskedName' },
          { guard: { type: 'refusedWith', params: { code: 'ACC10001' } }, target: 'enteringAccount.notFound' },
          { target: 'enteringAccount.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringAccount.unreachable' },
      },
    },
    // the masked name is shown; the person asks for the code (or goes back to change the number)
    confirmingAccount: {
      initial: 'ready',
      on: {
        'code.requested': { target: 'sendingCode' },
        'recovery.restarted': { target: 'enteringAccount', actions: 'forgetProgress' },
      },
      states: {
        ready: {},
        coolingDown: { tags: ['error'] },
        sendLimited: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
        captchaNeeded: {
          on: { 'captcha.solved': { target: '#recoverPassword.sendingCode', actions: 'keepCaptchaToken' } },
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      exit: 'forgetCaptchaToken',
      invoke: {
        id: 'sendRecoveryCode',
        src: 'sendRecoveryCode',
        input: ({ context }) => ({ mobile: context.mobile, captchaToken: context.captchaToken }),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepCodeSent' },
          { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'confirmingAccount.captchaNeeded' },
          { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'confirmingAccount.coolingDown', actions: 'keepWait' },
          { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'confirmingAccount.sendLimited' },
          { target: 'confirmingAccount.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'confirmingAccount.unreachable' },
      },
    },
    enteringCode: {
      initial: 'typing',
      on: {
        'code.changed': { actions: 'setCode' },
        'code.submitted': { guard: 'codeComplete', target: 'verifyingCode' },
        // a new code goes through the account step again, where the server's cool-down applies
        'code.requested': { target: 'sendingCode' },
      },
      states: {
        typing: {},
        wrongCode: { tags: ['error'] },
        expired: { tags: ['error'] },
        tooManyTries: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    verifyingCode: {
      tags: ['busy'],
      invoke: {
        id: 'verifyRecoveryCode',
        src: 'verifyRecoveryCode',
        input: ({ context }) => ({ mobile: context.mobile, code: context.code }),
        onDone: [
          { guard: 'isOk', target: 'choosingPassword', actions: 'keepTicket' },
          { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'enteringCode.wrongCode', actions: 'keepTriesLeft' },
          { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'enteringCode.expired' },
          { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'enteringCode.tooManyTries' },
          { target: 'enteringCode.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringCode.unreachable' },
      },
    },
    choosingPassword: {
      initial: 'typing',
      on: {
        'password.changed': { target: '.typing', actions: 'setPassword' },
        'password.submitted': [{ guard: 'passwordStrong', target: 'settingPassword' }, { target: '.weak' }],
      },
      states: {
        typing: {},
        weak: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    settingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'setNewPassword',
        src: 'setNewPassword',
        input: ({ context }) => ({ ticket: context.ticket ?? '', password: context.password }),
        onDone: [
          { guard: 'isOk', target: 'passwordReset' },
          { guard: { type: 'refusedWith', params: { code: 'PWD10001' } }, target: 'choosingPassword.weak' },
          { guard: { type: 'refusedWith', params: { code: 'REG10002' } }, target: 'stepExpired' },
          { target: 'choosingPassword.unreachable', actions: 'keepRefusal' },
        ],
        onError: { target: 'choosingPassword.unreachable' },
      },
    },
    stepExpired: {
      tags: ['error'],
      on: { 'recovery.restarted': { target: 'enteringAccount', actions: 'forgetProgress' } },
    },
    passwordReset: {
      on: { 'recovery.finished': { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
