import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isOk, outputOf, provided, refusedWith } from './outcome.ts';

/**
 * Choosing a new login password: a child chart for the flows whose code opens the way to one
 * (sign-up activates the account with it, recovery resets it). The password (8–16 characters,
 * letters and digits) is checked here, then saved under the ticket the code gave. It ends with the
 * save's answer, or with the ticket lapsed (REG10002, 15 min) for the parent to start again; a
 * password the server finds weak, or no answer, stays here with its message.
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

export type NewPasswordEvent = { type: 'password.changed'; value: string } | { type: 'password.submitted' };

export const isStrongPassword = (password: string) => /^[\x21-\x7e]{8,16}$/.test(password) && /\d/.test(password) && /[A-Za-z]/.test(password);

export const newPasswordMachine = setup({
  types: {
    input: {} as NewPasswordInput,
    context: {} as NewPasswordContext,
    events: {} as NewPasswordEvent,
    output: {} as Outcome<unknown>,
  },
  actors: {
    save: provided<Outcome<unknown>, { ticket: string; password: string }>('save'),
  },
  guards: {
    isOk,
    refusedWith,
    passwordStrong: ({ context }) => isStrongPassword(context.password),
  },
  actions: {
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    keepResult: assign({ result: ({ event }) => outputOf<unknown>(event) }),
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
        onDone: [
          { guard: 'isOk', target: 'saved', actions: 'keepResult' },
          { guard: { type: 'refusedWith', params: { code: 'PWD10001' } }, target: 'choosing.weak' },
          { guard: { type: 'refusedWith', params: { code: 'REG10002' } }, target: 'stepExpired', actions: 'keepResult' },
          { target: 'choosing.unreachable' },
        ],
        onError: { target: 'choosing.unreachable' },
      },
    },
    saved: { type: 'final' },
    // the ticket between code and password lapsed: the parent starts again
    stepExpired: { type: 'final' },
  },
});
