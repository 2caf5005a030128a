import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isOk, outputOf, provided, refusedWith, unreachable } from './outcome.ts';
import { sendCodeMachine, sendsCodeActions, type SendsCode } from './sendCode.machine.ts';
import { codeEntryMachine } from './codeEntry.machine.ts';
import { newPasswordMachine } from './newPassword.machine.ts';

/**
 * Login-password recovery: the registered mobile is checked (the account's name is shown masked so
 * the person knows it is theirs), an SMS code is sent (the send-a-code child chart, captcha
 * included) and entered (the shared code entry, with its resend cool-down), then a new password is
 * set (the shared new-password chart). Setting it ends every session of the account; the person signs in again.
 * The account question is counted per address and number: past a few, a captcha first; then a stop.
 */
export interface RecoverContext extends SendsCode {
  mobile: string;
  maskedName: string;
  ticket: string | null;
  /** A solved captcha's one-time token for the next account question. */
  captchaToken: string | null;
}

export type RecoverEvent =
  | { type: 'mobile.changed'; value: string }
  | { type: 'account.submitted' }
  | { type: 'code.requested' }
  | { type: 'recovery.restarted' }
  | { type: 'recovery.finished' }
  | { type: 'captcha.solved'; token: string | null };

/** What the recovery code is sent for and checked against, the first time and every resend. */
export type RecoveryCodeRequest = { mobile: string };
const recoveryCodeRequest = (context: RecoverContext): RecoveryCodeRequest => ({ mobile: context.mobile });

export const recoverPasswordMachine = setup({
  types: {
    context: {} as RecoverContext,
    events: {} as RecoverEvent,
  },
  actors: {
    checkAccount: provided<Outcome<{ maskedName: string }>, { mobile: string; captchaToken: string | null }>('checkAccount'),
    sendCode: sendCodeMachine,
    codeEntry: codeEntryMachine,
    newPassword: newPasswordMachine,
  },
  guards: {
    mobileValid: ({ context }) => /^9[1-79]\d{7}$/.test(context.mobile),
    isOk,
    refusedWith,
    unreachable,
  },
  actions: {
    setMobile: assign({ mobile: ({ event, context }) => (event.type === 'mobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.mobile) }),
    keepMaskedName: assign({ maskedName: ({ event }) => { const o = outputOf<{ maskedName: string }>(event); return o.ok ? o.data.maskedName : ''; } }),
    ...sendsCodeActions<RecoverContext, RecoverEvent>(),
    keepTicket: assign({ ticket: ({ event }) => { const o = outputOf<{ ticket: string }>(event); return o.ok ? o.data.ticket : null; } }),
    forgetProgress: assign({ ticket: null, sent: null, maskedName: '', errorCode: null }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    forgetCaptchaToken: assign({ captchaToken: null }),
    // provided by the screen
    goToLogin: () => {},
  },
}).createMachine({
  id: 'recoverPassword',
  context: { mobile: '', maskedName: '', sent: null, ticket: null, waitSeconds: null, errorCode: null, captchaToken: null },
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
        // this address asked about many accounts: a person solves the captcha, then the same question goes again
        captchaNeeded: {
          on: { 'captcha.solved': { target: '#recoverPassword.checkingAccount', actions: 'keepCaptchaToken' } },
        },
        lookupsExhausted: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    checkingAccount: {
      tags: ['busy'],
      exit: 'forgetCaptchaToken',
      invoke: {
        id: 'checkAccount',
        src: 'checkAccount',
        input: ({ context }) => ({ mobile: context.mobile, captchaToken: context.captchaToken }),
        onDone: [
          { guard: 'isOk', target: 'confirmingAccount', actions: 'keepMaskedName' },
          { guard: { type: 'refusedWith', params: { code: 'ACC10001' } }, target: 'enteringAccount.notFound' },
          { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'enteringAccount.captchaNeeded' },
          { guard: { type: 'refusedWith', params: { code: 'ACC10002' } }, target: 'enteringAccount.lookupsExhausted' },
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
      },
    },
    sendingCode: {
      on: { 'recovery.restarted': { target: 'enteringAccount', actions: 'forgetProgress' } },
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ request: recoveryCodeRequest(context) }),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepCodeSent' },
          { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'confirmingAccount.coolingDown', actions: 'keepWait' },
          { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'confirmingAccount.sendLimited' },
          { guard: 'unreachable', target: 'confirmingAccount.unreachable' },
          { target: 'confirmingAccount.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'confirmingAccount.unreachable' },
      },
    },
    enteringCode: {
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }) => ({ request: recoveryCodeRequest(context), sent: context.sent! }),
        // recovery hands no refusal back: the code entry ends only with the ticket
        onDone: { target: 'choosingPassword', actions: 'keepTicket' },
        onError: { target: 'confirmingAccount.unreachable' },
      },
    },
    // the new password (newPassword child); setting it ends every session of the account
    choosingPassword: {
      invoke: {
        id: 'newPassword',
        src: 'newPassword',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: [
          { guard: 'isOk', target: 'passwordReset' },
          // REG10002, the one refusal it ends with: the ticket between code and password lapsed
          { target: 'stepExpired' },
        ],
        onError: { target: 'confirmingAccount.unreachable' },
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
