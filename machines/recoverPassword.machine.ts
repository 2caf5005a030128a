import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { codeEntryMachine, type CodeEntryInput } from './codeEntry.machine.ts';
import { newPasswordMachine } from './newPassword.machine.ts';
import { mobileActions, mobileGuards, type MobileEntry } from './mobileEntry.ts';

/**
 * Login-password recovery: the registered mobile is checked (the account's name is shown masked so
 * the person knows it is theirs), an SMS code is sent and entered (the code entry child chart: the
 * captcha, the cool-down, the hourly limit, the tries and the resends live there), then a new
 * password is set (the new-password chart, where a ticket lapsed meanwhile is told and recovery
 * starts again). Setting it ends every session of the account; the person signs in again.
 * The account question is counted per address and number: past a few, a captcha first; then a stop.
 */
export interface RecoverContext extends MobileEntry {
  maskedName: string;
  ticket: string | null;
  errorCode: string | null;
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
    events: {} as RecoverEvent | AnswerEvent,
  },
  actors: {
    checkAccount: provided<Outcome<{ maskedName: string }>, { mobile: string; captchaToken: string | null }>('checkAccount'),
    codeEntry: codeEntryMachine,
    newPassword: newPasswordMachine,
  },
  guards: {
    ...mobileGuards,
  },
  actions: {
    announceAnswer: announceAnswer<RecoverContext, RecoverEvent | AnswerEvent>(),
    ...mobileActions<RecoverContext, RecoverEvent | AnswerEvent>(),
    keepMaskedName: assign({ maskedName: ({ event }) => answerData<{ maskedName: string }>(event).maskedName }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepTicket: assign({ ticket: ({ event }) => answerData<{ ticket: string }>(event).ticket }),
    forgetProgress: assign({ ticket: null, maskedName: '', errorCode: null }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    forgetCaptchaToken: assign({ captchaToken: null }),
    // provided by the screen
    goToLogin: () => {},
  },
}).createMachine({
  id: 'recoverPassword',
  context: { mobile: '', maskedName: '', ticket: null, errorCode: null, captchaToken: null },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringAccount.unreachable' },
      },
      on: {
        'checkAccount.ok': { target: 'confirmingAccount', actions: 'keepMaskedName' },
        'checkAccount.refused.ACC10001': { target: 'enteringAccount.notFound' },
        'checkAccount.refused.CAP10001': { target: 'enteringAccount.captchaNeeded' },
        'checkAccount.refused.ACC10002': { target: 'enteringAccount.lookupsExhausted' },
        'checkAccount.refused.*': { target: 'enteringAccount.refused', actions: 'keepRefusal' },
      },
    },
    // the masked name is shown; the person asks for the code (or goes back to change the number)
    confirmingAccount: {
      on: {
        'code.requested': { target: 'verifyingByCode' },
        'recovery.restarted': { target: 'enteringAccount', actions: 'forgetProgress' },
      },
    },
    // the code sent to the mobile, then typed (codeEntry child)
    verifyingByCode: {
      on: {
        'recovery.restarted': { target: 'enteringAccount', actions: 'forgetProgress' },
        'codeEntry.ok': { target: 'choosingPassword', actions: 'keepTicket' },
        // never: recovery lists no refusal to hand over, and the child keeps "no answer" to itself
        'codeEntry.refused.*': { target: 'confirmingAccount' },
        'codeEntry.unreachable': { target: 'confirmingAccount' },
      },
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }): CodeEntryInput => ({ request: recoveryCodeRequest(context) }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed (never an answer of the server): the code is asked for again
        onError: { target: 'confirmingAccount' },
      },
    },
    // the new password (newPassword child); setting it ends every session of the account
    choosingPassword: {
      invoke: {
        id: 'newPassword',
        src: 'newPassword',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed: recovery starts again
        onError: { target: 'enteringAccount', actions: 'forgetProgress' },
      },
      on: {
        'newPassword.ok': { target: 'passwordReset' },
        // REG10002, the one refusal it ends with: the ticket lapsed (15 min), the person starts again
        'newPassword.refused.*': { target: 'enteringAccount', actions: 'forgetProgress' },
        // never: the child keeps "no answer" to itself
        'newPassword.unreachable': { target: 'enteringAccount', actions: 'forgetProgress' },
      },
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
