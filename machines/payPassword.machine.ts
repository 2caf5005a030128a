import { setup, assign } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import { isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';

/**
 * Pay password: six digits typed twice on the secure keypad. Each round fetches a one-time keypad
 * (RSA public key and shuffled digit map); the positions pressed, never the digits, are encrypted
 * and sent, and the keypad's keys are cleared as soon as it hides. A member who already has one
 * resets it with an SMS code first; a member with a bound card (the server answers PAY10007) gives
 * that card's whole number and the mobile the bank has for it, and the code goes to that mobile.
 */
export interface Keypad {
  randKey: string;
  rsaPublicKey: string;
  mapArr: number[];
}

export interface PayPasswordInput {
  alreadySet: boolean;
}

export interface PayPasswordContext {
  alreadySet: boolean;
  keypad: Keypad | null;
  first: string;
  second: string;
  code: string;
  sentTo: string;
  resetTicket: string | null;
  /** The bound card and its bank mobile the reset goes through (empty: the account's own mobile). */
  cardNo: string;
  cardMobile: string;
  triesLeft: string | null;
  errorCode: string | null;
}

export type PayPasswordEvent =
  | { type: 'digit.pressed'; position: number }
  | { type: 'digit.deleted' }
  | { type: 'reset.requested' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'keypad.retry' }
  | { type: 'card.changed'; value: string }
  | { type: 'cardMobile.changed'; value: string }
  | { type: 'card.submitted' }
  | { type: 'flow.finished' };

export const PIN_LENGTH = 6;

/** A bound card and the mobile the bank has for it: what a reset with a card is checked against. */
export type ResetCard = { cardNo: string; mobile: string };

const resetCardOf = (context: PayPasswordContext): ResetCard | null => (context.cardNo ? { cardNo: context.cardNo, mobile: context.cardMobile } : null);

/** The two times the six digits are typed: they must match. */
type Entry = 'first' | 'second';

export const payPasswordMachine = setup({
  types: {
    input: {} as PayPasswordInput,
    context: {} as PayPasswordContext,
    events: {} as PayPasswordEvent,
  },
  actors: {
    getKeypad: provided<Outcome<Keypad>>('getKeypad'),
    savePayPassword: provided<Outcome<{ set: true }>, { keypad: Keypad; positions: string; resetTicket: string | null }>('savePayPassword'),
    sendResetCode: provided<Outcome<{ sentTo?: string }>>('sendResetCode'),
    verifyResetCode: provided<Outcome<{ resetTicket?: string }>, { code: string; card: ResetCard | null }>('verifyResetCode'),
    sendCardCode: provided<Outcome<{ sentTo?: string }>, ResetCard>('sendCardCode'),
  },
  guards: {
    alreadySet: ({ context }) => context.alreadySet,
    // the digit being pressed is the sixth of this entry
    completesEntry: ({ context }, params: { entry: Entry }) => context[params.entry].length === PIN_LENGTH - 1,
    entriesMatch: ({ context }) => context.first === context.second,
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    cardComplete: ({ context }) => /^\d{16,19}$/.test(context.cardNo) && /^9[1-79]\d{7}$/.test(context.cardMobile),
    // a reset already going through a card sends its new code to the card's mobile
    resetByCard: ({ context }) => context.cardNo !== '',
    isOk,
    refusedWith,
  },
  actions: {
    keepKeypad: assign({ keypad: ({ event }) => { const o = outputOf<Keypad>(event); return o.ok ? o.data : null; }, first: '', second: '' }),
    appendDigit: assign(({ context, event }, params: { entry: Entry }) =>
      event.type === 'digit.pressed' ? { [params.entry]: `${context[params.entry]}${event.position}`.slice(0, PIN_LENGTH) } : {}),
    deleteDigit: assign(({ context }, params: { entry: Entry }) => ({ [params.entry]: context[params.entry].slice(0, -1) })),
    clearEntries: assign({ first: '', second: '' }),
    forgetKeypad: assign({ keypad: null, first: '', second: '' }),
    setCard: assign({ cardNo: ({ event, context }) => (event.type === 'card.changed' ? event.value.replace(/\D/g, '').slice(0, 19) : context.cardNo) }),
    setCardMobile: assign({ cardMobile: ({ event, context }) => (event.type === 'cardMobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.cardMobile) }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? event.value.replace(/\D/g, '').slice(0, 6) : context.code) }),
    keepSentTo: assign({ sentTo: ({ event }) => { const o = outputOf<{ sentTo?: string }>(event); return o.ok ? (o.data.sentTo ?? '') : ''; }, code: '' }),
    keepResetTicket: assign({ resetTicket: ({ event }) => { const o = outputOf<{ resetTicket?: string }>(event); return o.ok ? (o.data.resetTicket ?? null) : null; } }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    // provided by the flow module: the keypad's one-time keys live in session storage while it shows
    storeKeypadKeys: () => {},
    clearKeypadKeys: () => {},
    // provided by the screen
    goBack: () => {},
  },
}).createMachine({
  id: 'payPassword',
  context: ({ input }) => ({ alreadySet: input.alreadySet, keypad: null, first: '', second: '', code: '', sentTo: '', resetTicket: null, cardNo: '', cardMobile: '', triesLeft: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'alreadySet', target: 'alreadySet' }, { target: 'loadingKeypad' }],
    },
    alreadySet: {
      initial: 'offered',
      on: { 'reset.requested': { target: 'sendingResetCode' } },
      states: {
        offered: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    sendingResetCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendResetCode',
        src: 'sendResetCode',
        onDone: [
          { guard: 'isOk', target: 'enteringResetCode', actions: 'keepSentTo' },
          { guard: { type: 'refusedWith', params: { code: 'PAY10007' } }, target: 'enteringCard' },
          { target: 'alreadySet.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'alreadySet.unreachable' },
      },
    },
    // a member with a bound card: its whole number and the mobile the bank has for it
    enteringCard: {
      initial: 'typing',
      on: {
        'card.changed': { target: '.typing', actions: 'setCard' },
        'cardMobile.changed': { target: '.typing', actions: 'setCardMobile' },
        'card.submitted': [{ guard: 'cardComplete', target: 'sendingCardCode' }, { target: '.incomplete' }],
      },
      states: {
        typing: {},
        incomplete: { tags: ['error'] },
        notMatching: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    sendingCardCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendCardCode',
        src: 'sendCardCode',
        input: ({ context }) => resetCardOf(context)!,
        onDone: [
          { guard: 'isOk', target: 'enteringResetCode', actions: 'keepSentTo' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10008' } }, target: 'enteringCard.notMatching' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10004' } }, target: 'enteringCard.notMatching' },
          { target: 'enteringCard.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringCard.unreachable' },
      },
    },
    enteringResetCode: {
      initial: 'typing',
      on: {
        'code.changed': { actions: 'setCode' },
        'code.submitted': { guard: 'codeComplete', target: 'verifyingResetCode' },
        'reset.requested': [{ guard: 'resetByCard', target: 'sendingCardCode' }, { target: 'sendingResetCode' }],
      },
      states: {
        typing: {},
        wrongCode: { tags: ['error'] },
        expired: { tags: ['error'] },
        tooManyTries: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    verifyingResetCode: {
      tags: ['busy'],
      invoke: {
        id: 'verifyResetCode',
        src: 'verifyResetCode',
        input: ({ context }) => ({ code: context.code, card: resetCardOf(context) }),
        onDone: [
          { guard: 'isOk', target: 'loadingKeypad', actions: 'keepResetTicket' },
          { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'enteringResetCode.wrongCode', actions: 'keepTriesLeft' },
          { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'enteringResetCode.expired' },
          { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'enteringResetCode.tooManyTries' },
          { target: 'enteringResetCode.unreachable', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringResetCode.unreachable' },
      },
    },
    loadingKeypad: {
      tags: ['busy'],
      invoke: {
        id: 'getKeypad',
        src: 'getKeypad',
        onDone: [
          { guard: 'isOk', target: 'entering', actions: 'keepKeypad' },
          { target: 'keypadUnavailable', actions: 'keepRefusal' },
        ],
        onError: { target: 'keypadUnavailable' },
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
              { guard: { type: 'completesEntry', params: { entry: 'first' } }, target: 'second', actions: { type: 'appendDigit', params: { entry: 'first' } } },
              { actions: { type: 'appendDigit', params: { entry: 'first' } } },
            ],
            'digit.deleted': { actions: { type: 'deleteDigit', params: { entry: 'first' } } },
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
          always: [{ guard: 'entriesMatch', target: '#payPassword.saving' }, { target: 'mismatch', actions: 'clearEntries' }],
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
        onDone: [
          { guard: 'isOk', target: 'saved', actions: 'forgetKeypad' },
          { guard: { type: 'refusedWith', params: { code: 'PAY10004' } }, target: 'rejected.weak', actions: 'forgetKeypad' },
          { guard: { type: 'refusedWith', params: { code: 'PAY10003' } }, target: 'alreadySet', actions: 'forgetKeypad' },
          { target: 'rejected.other', actions: ['forgetKeypad', 'keepRefusal'] },
        ],
        onError: { target: 'rejected.unreachable', actions: 'forgetKeypad' },
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
    saved: {
      on: { 'flow.finished': { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: 'goBack',
    },
  },
});
