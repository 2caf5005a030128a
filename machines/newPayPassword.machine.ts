import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isWeakPin, keypadDigits, PIN_LENGTH } from '../src/lib/payPin.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Choosing the pay password: a child chart for the pay-password page (the first time, or after a
 * reset's code gave a ticket) and for the payment chart, whose "not set yet" leads here and back
 * to the same payment. Six digits typed twice on one secure keypad (a one-time RSA key and a
 * shuffled digit map); the positions pressed, never the digits, are encrypted and sent. A weak
 * password (111111, 123456, 123123…, src/lib/payPin.ts) is refused as soon as its sixth digit is
 * typed, before it is asked again; the server refuses one too (PAY10004), as the authority. It
 * ends saved, or with the password found already set (PAY10003: set meanwhile, elsewhere).
 */
export interface Keypad {
  randKey: string;
  rsaPublicKey: string;
  mapArr: number[];
}

export { PIN_LENGTH };

export interface NewPayPasswordInput {
  /** A reset's ticket (its SMS code was right); none the first time. */
  resetTicket: string | null;
}

export interface NewPayPasswordContext {
  resetTicket: string | null;
  keypad: Keypad | null;
  first: string;
  second: string;
  errorCode: string | null;
  result: NewPayPasswordOutput | null;
}

/** Saved, or not saved because one is set already. */
export type NewPayPasswordOutput = { ok: true } | { ok: false; code: 'PAY10003' };

export type NewPayPasswordEvent = { type: 'digit.pressed'; position: number } | { type: 'digit.deleted' } | { type: 'keypad.retry' };

/** The two times the six digits are typed: they must match. */
type Entry = 'first' | 'second';

/** The child's output, from its done event (for a parent that routes it by guards; payPassword routes it by event). */
export const newPayPasswordSaved = ({ event }: { event: unknown }) => (event as { output?: NewPayPasswordOutput }).output?.ok === true;

export const newPayPasswordMachine = setup({
  types: {
    input: {} as NewPayPasswordInput,
    context: {} as NewPayPasswordContext,
    events: {} as NewPayPasswordEvent | AnswerEvent,
    output: {} as NewPayPasswordOutput,
  },
  actors: {
    getKeypad: provided<Outcome<Keypad>>('getKeypad'),
    savePayPassword: provided<Outcome<{ set: true }>, { keypad: Keypad; positions: string; resetTicket: string | null }>('savePayPassword'),
  },
  guards: {
    // the digit being pressed is the sixth of this entry
    completesEntry: ({ context }, params: { entry: Entry }) => context[params.entry].length === PIN_LENGTH - 1,
    // the sixth digit of the first entry makes a password too easy to guess: refused before it is asked again
    completesWeakEntry: ({ context, event }) =>
      event.type === 'digit.pressed' && context.first.length === PIN_LENGTH - 1 && context.keypad !== null
      && isWeakPin(keypadDigits(context.keypad.mapArr, `${context.first}${event.position}`)),
    entriesMatch: ({ context }) => context.first === context.second,
  },
  actions: {
    announceAnswer: announceAnswer<NewPayPasswordContext, NewPayPasswordEvent | AnswerEvent>(),
    keepKeypad: assign({ keypad: ({ event }) => answerData<Keypad>(event), first: '', second: '' }),
    appendDigit: assign(({ context, event }, params: { entry: Entry }) =>
      event.type === 'digit.pressed' ? { [params.entry]: `${context[params.entry]}${event.position}`.slice(0, PIN_LENGTH) } : {}),
    deleteDigit: assign(({ context }, params: { entry: Entry }) => ({ [params.entry]: context[params.entry].slice(0, -1) })),
    clearEntries: assign({ first: '', second: '' }),
    forgetKeypad: assign({ keypad: null, first: '', second: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepSaved: assign({ result: { ok: true } }),
    keepAlreadySet: assign({ result: { ok: false, code: 'PAY10003' } }),
    // provided by the flow module: the keypad's one-time keys live in session storage while it shows
    storeKeypadKeys: () => {},
    clearKeypadKeys: () => {},
  },
}).createMachine({
  id: 'newPayPassword',
  context: ({ input }) => ({ resetTicket: input.resetTicket, keypad: null, first: '', second: '', errorCode: null, result: null }),
  initial: 'loadingKeypad',
  output: ({ context }) => context.result ?? { ok: false, code: 'PAY10003' },
  states: {
    loadingKeypad: {
      tags: ['busy'],
      invoke: {
        id: 'getKeypad',
        src: 'getKeypad',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'keypadUnavailable' },
      },
      on: {
        'getKeypad.ok': { target: 'entering', actions: 'keepKeypad' },
        'getKeypad.refused.*': { target: 'keypadUnavailable', actions: 'keepRefusal' },
      },
    },
    keypadUnavailable: {
      tags: ['error'],
      on: { 'keypad.retry': { target: 'loadingKeypad' } },
    },
    entering: {
      entry: 'storeKeypadKeys',
      exit: 'clearKeypadKeys',
      initial: 'first',
      states: {
        first: {
          on: {
            'digit.pressed': [
              { guard: 'completesWeakEntry', target: 'weak', actions: 'clearEntries' },
              { guard: { type: 'completesEntry', params: { entry: 'first' } }, target: 'second', actions: { type: 'appendDigit', params: { entry: 'first' } } },
              { actions: { type: 'appendDigit', params: { entry: 'first' } } },
            ],
            'digit.deleted': { actions: { type: 'deleteDigit', params: { entry: 'first' } } },
          },
        },
        // too easy to guess: another six digits, on the same keypad (nothing was sent)
        weak: {
          tags: ['error'],
          on: {
            'digit.pressed': { target: 'first', actions: { type: 'appendDigit', params: { entry: 'first' } } },
          },
        },
        second: {
          on: {
            'digit.pressed': [
              { guard: { type: 'completesEntry', params: { entry: 'second' } }, target: 'comparing', actions: { type: 'appendDigit', params: { entry: 'second' } } },
              { actions: { type: 'appendDigit', params: { entry: 'second' } } },
            ],
            'digit.deleted': { actions: { type: 'deleteDigit', params: { entry: 'second' } } },
          },
        },
        comparing: {
          always: [{ guard: 'entriesMatch', target: '#newPayPassword.saving' }, { target: 'mismatch', actions: 'clearEntries' }],
        },
        // the two entries differed: start the six digits again
        mismatch: {
          tags: ['error'],
          on: {
            'digit.pressed': { target: 'first', actions: { type: 'appendDigit', params: { entry: 'first' } } },
          },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'savePayPassword',
        src: 'savePayPassword',
        input: ({ context }) => ({ keypad: context.keypad!, positions: context.first, resetTicket: context.resetTicket }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'rejected.unreachable', actions: 'forgetKeypad' },
      },
      on: {
        'savePayPassword.ok': { target: 'saved', actions: ['forgetKeypad', 'keepSaved'] },
        'savePayPassword.refused.PAY10004': { target: 'rejected.weak', actions: 'forgetKeypad' },
        'savePayPassword.refused.PAY10003': { target: 'alreadySet', actions: ['forgetKeypad', 'keepAlreadySet'] },
        'savePayPassword.refused.*': { target: 'rejected.other', actions: ['forgetKeypad', 'keepRefusal'] },
      },
    },
    // the key was used up: any new try needs a new keypad
    rejected: {
      tags: ['error'],
      initial: 'weak',
      on: { 'keypad.retry': { target: 'loadingKeypad' } },
      states: {
        weak: {},
        other: {},
        unreachable: {},
      },
    },
    saved: { type: 'final' },
    // one was set meanwhile (another tab, another device): the parent decides
    alreadySet: { type: 'final' },
  },
});
