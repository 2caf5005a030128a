import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { isStrongPassword } from './newPassword.machine.ts';

/**
 * Changing the login password while signed in (from settings): the current password and the new
 * one (8–16 characters, letters and digits, not the current one) → `wallet/password/setPwd` →
 * changed, the member's other sessions ended. A wrong current password says how many tries are
 * left; five lock password log-in for 15 minutes, as at log-in, and the chart stops there.
 */
export interface LoginPasswordContext {
  current: string;
  password: string;
  /** Tries left after a wrong current password, or the minutes of a lock. */
  detail: string | null;
  otherSessionsEnded: number;
  errorCode: string | null;
}

export type LoginPasswordEvent =
  | { type: 'current.changed'; value: string }
  | { type: 'password.changed'; value: string }
  | { type: 'password.submitted' }
  | { type: 'flow.finished' };

export const loginPasswordMachine = setup({
  types: {
    context: {} as LoginPasswordContext,
    events: {} as LoginPasswordEvent | AnswerEvent,
  },
  actors: {
    changePassword: provided<Outcome<{ changed: true; otherSessionsEnded: number }>, { oldPassword: string; password: string }>('changePassword'),
  },
  guards: {
    currentMissing: ({ context }) => context.current.length === 0,
    passwordWeak: ({ context }) => !isStrongPassword(context.password),
    sameAsCurrent: ({ context }) => context.password === context.current,
  },
  actions: {
    setCurrent: assign({ current: ({ event, context }) => (event.type === 'current.changed' ? event.value.slice(0, 64) : context.current) }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value.slice(0, 64) : context.password) }),
    announceAnswer: announceAnswer<LoginPasswordContext, LoginPasswordEvent | AnswerEvent>(),
    keepDetail: assign({ detail: ({ event }) => answerDetail(event), current: '' }),
    keepChanged: assign({ otherSessionsEnded: ({ event }) => answerData<{ otherSessionsEnded: number }>(event).otherSessionsEnded, current: '', password: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    // provided by the screen
    goBack: () => {},
  },
}).createMachine({
  id: 'loginPassword',
  context: { current: '', password: '', detail: null, otherSessionsEnded: 0, errorCode: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'typing',
      on: {
        'current.changed': { target: '.typing', actions: 'setCurrent' },
        'password.changed': { target: '.typing', actions: 'setPassword' },
        'password.submitted': [
          { guard: 'currentMissing', target: '.currentMissing' },
          { guard: 'passwordWeak', target: '.weak' },
          { guard: 'sameAsCurrent', target: '.same' },
          { target: 'saving' },
        ],
      },
      states: {
        typing: {},
        currentMissing: { tags: ['error'] },
        weak: { tags: ['error'] },
        same: { tags: ['error'] },
        wrongCurrent: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.current, password: context.password }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'editing.unreachable' },
      },
      on: {
        'changePassword.ok': { target: 'changed', actions: 'keepChanged' },
        'changePassword.refused.LGN10001': { target: 'editing.wrongCurrent', actions: 'keepDetail' },
        // five wrong current passwords: password log-in is locked too, nothing more to try here
        'changePassword.refused.LGN10002': { target: 'locked', actions: 'keepDetail' },
        'changePassword.refused.PWD10001': { target: 'editing.weak' },
        'changePassword.refused.PWD10002': { target: 'editing.same' },
        'changePassword.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    locked: {
      tags: ['error'],
      on: { 'flow.finished': { target: 'done' } },
    },
    changed: {
      on: { 'flow.finished': { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: 'goBack',
    },
  },
});
