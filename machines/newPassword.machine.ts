import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerOutcome, provided, type AnswerEvent } from './outcome.ts';

/**
 * Choosing a new login password: a child chart for the flows whose code opens the way to one
 * (sign-up activates the account with it, recovery resets it). The password (8–16 characters,
 * letters and digits) is checked here, then saved under the ticket the code gave. It ends with the
 * save's answer; a password the server finds weak, or no answer, stays here with its message. A
 * ticket that lapsed meanwhile (REG10002, 15 min) is told here too, and once the person asks to
 * start again the chart ends with it, for the parent to go back to its beginning.
 */
export interface NewPasswordInput {
  /** What the code's check gave: the save is made under it. */
  ticket: string;
}

export interface NewPasswordContext {
  ticket: string;
  password: string;
  result: Outcome<unknown> | null;
}

export type NewPasswordEvent = { type: 'password.changed'; value: string } | { type: 'password.submitted' } | { type: 'flow.restarted' };

export const isStrongPassword = (password: string) => /^[\x21-\x7e]{8,16}$/.test(password) && /\d/.test(password) && /[A-Za-z]/.test(password);

export const newPasswordMachine = setup({
  types: {
    input: {} as NewPasswordInput,
    context: {} as NewPasswordContext,
    events: {} as NewPasswordEvent | AnswerEvent,
    output: {} as Outcome<unknown>,
  },
  actors: {
    save: provided<Outcome<unknown>, { ticket: string; password: string }>('save'),
  },
  guards: {
    passwordStrong: ({ context }) => isStrongPassword(context.password),
  },
  actions: {
    announceAnswer: announceAnswer<NewPasswordContext, NewPasswordEvent | AnswerEvent>(),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    keepResult: assign({ result: ({ event }) => answerOutcome(event) }),
  },
}).createMachine({
  id: 'newPassword',
  context: ({ input }) => ({ ticket: input.ticket, password: '', result: null }),
  initial: 'choosing',
  output: ({ context }) => context.result ?? { ok: false, code: 'AGW50000', message: '', detail: '' },
  states: {
    choosing: {
      initial: 'typing',
      on: {
        'password.changed': { target: '.typing', actions: 'setPassword' },
        'password.submitted': [{ guard: 'passwordStrong', target: 'saving' }, { target: '.weak' }],
      },
      states: {
        typing: {},
        weak: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ ticket: context.ticket, password: context.password }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'choosing.unreachable' },
      },
      on: {
        'save.ok': { target: 'saved', actions: 'keepResult' },
        'save.refused.PWD10001': { target: 'choosing.weak' },
        // the ticket between code and password lapsed (15 min)
        'save.refused.REG10002': { target: 'stepExpired', actions: 'keepResult' },
        'save.refused.*': { target: 'choosing.unreachable' },
      },
    },
    // nothing to save under any more: the person starts the flow again
    stepExpired: {
      tags: ['error'],
      on: { 'flow.restarted': { target: 'restarted' } },
    },
    saved: { type: 'final' },
    // ends with the lapsed ticket's refusal: the parent goes back to its beginning
    restarted: { type: 'final' },
  },
});
