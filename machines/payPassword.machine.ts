import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { codeDigits, isWholeCode } from '../src/lib/oneTimeCode.ts';
import { isNationalMobile } from '../src/lib/phone.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { newPayPasswordMachine, type NewPayPasswordInput } from './newPayPassword.machine.ts';

/**
 * Pay password: six digits typed twice on the secure keypad (the newPayPassword child: a one-time
 * keypad, the positions pressed encrypted and sent, never the digits; a weak password refused at
 * its first entry). A member who already has one resets it with an SMS code first; a member with
 * a bound card (the server answers PAY10007) gives that card's whole number and the mobile the
 * bank has for it, and the code goes to that mobile; the code's ticket goes with the new password.
 */
export interface PayPasswordInput {
  alreadySet: boolean;
}

export interface PayPasswordContext {
  alreadySet: boolean;
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
  | { type: 'reset.requested' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'card.changed'; value: string }
  | { type: 'cardMobile.changed'; value: string }
  | { type: 'card.submitted' }
  | { type: 'choosing.retry' }
  | { type: 'flow.finished' };

/** A bound card and the mobile the bank has for it: what a reset with a card is checked against. */
export type ResetCard = { cardNo: string; mobile: string };

const resetCardOf = (context: PayPasswordContext): ResetCard | null => (context.cardNo ? { cardNo: context.cardNo, mobile: context.cardMobile } : null);

export const payPasswordMachine = setup({
  types: {
    input: {} as PayPasswordInput,
    context: {} as PayPasswordContext,
    events: {} as PayPasswordEvent | AnswerEvent,
  },
  actors: {
    newPayPassword: newPayPasswordMachine,
    sendResetCode: provided<Outcome<{ sentTo?: string }>>('sendResetCode'),
    verifyResetCode: provided<Outcome<{ resetTicket?: string }>, { code: string; card: ResetCard | null }>('verifyResetCode'),
    sendCardCode: provided<Outcome<{ sentTo?: string }>, ResetCard>('sendCardCode'),
  },
  guards: {
    alreadySet: ({ context }) => context.alreadySet,
    codeComplete: ({ context }) => isWholeCode(context.code),
    cardComplete: ({ context }) => /^\d{16,19}$/.test(context.cardNo) && isNationalMobile(context.cardMobile),
    // a reset already going through a card sends its new code to the card's mobile
    resetByCard: ({ context }) => context.cardNo !== '',
  },
  actions: {
    announceAnswer: announceAnswer<PayPasswordContext, PayPasswordEvent | AnswerEvent>(),
    setCard: assign({ cardNo: ({ event, context }) => (event.type === 'card.changed' ? event.value.replace(/\D/g, '').slice(0, 19) : context.cardNo) }),
    setCardMobile: assign({ cardMobile: ({ event, context }) => (event.type === 'cardMobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.cardMobile) }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? codeDigits(event.value) : context.code) }),
    keepSentTo: assign({ sentTo: ({ event }) => answerData<{ sentTo?: string }>(event).sentTo ?? '', code: '' }),
    keepResetTicket: assign({ resetTicket: ({ event }) => answerData<{ resetTicket?: string }>(event).resetTicket ?? null }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => answerDetail(event), code: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    // provided by the screen
    goBack: () => {},
  },
}).createMachine({
  id: 'payPassword',
  context: ({ input }) => ({ alreadySet: input.alreadySet, code: '', sentTo: '', resetTicket: null, cardNo: '', cardMobile: '', triesLeft: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'alreadySet', target: 'alreadySet' }, { target: 'choosing' }],
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'alreadySet.unreachable' },
      },
      on: {
        'sendResetCode.ok': { target: 'enteringResetCode', actions: 'keepSentTo' },
        // the member has a bound card: the reset goes through it
        'sendResetCode.refused.PAY10007': { target: 'enteringCard' },
        'sendResetCode.refused.*': { target: 'alreadySet.refused', actions: 'keepRefusal' },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringCard.unreachable' },
      },
      on: {
        'sendCardCode.ok': { target: 'enteringResetCode', actions: 'keepSentTo' },
        'sendCardCode.refused.CRD10008': { target: 'enteringCard.notMatching' },
        'sendCardCode.refused.CRD10004': { target: 'enteringCard.notMatching' },
        'sendCardCode.refused.*': { target: 'enteringCard.refused', actions: 'keepRefusal' },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringResetCode.unreachable' },
      },
      on: {
        'verifyResetCode.ok': { target: 'choosing', actions: 'keepResetTicket' },
        'verifyResetCode.refused.COD10001': { target: 'enteringResetCode.wrongCode', actions: 'keepTriesLeft' },
        'verifyResetCode.refused.COD10002': { target: 'enteringResetCode.expired' },
        'verifyResetCode.refused.COD10003': { target: 'enteringResetCode.tooManyTries' },
        'verifyResetCode.refused.*': { target: 'enteringResetCode.unreachable', actions: 'keepRefusal' },
      },
    },
    // the new password, typed twice (the shared child), under the reset's ticket when there is one
    choosing: {
      invoke: {
        id: 'newPayPassword',
        src: 'newPayPassword',
        input: ({ context }): NewPayPasswordInput => ({ resetTicket: context.resetTicket }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed (never an answer of the server): offered again
        onError: { target: 'choosingFailed' },
      },
      on: {
        'newPayPassword.ok': { target: 'saved' },
        // PAY10003, the one refusal it ends with: set meanwhile (another tab or device), changing it takes the reset
        'newPayPassword.refused.*': { target: 'alreadySet' },
        // never: the child keeps "no answer" to itself
        'newPayPassword.unreachable': { target: 'choosingFailed' },
      },
    },
    choosingFailed: {
      tags: ['error'],
      on: { 'choosing.retry': { target: 'choosing' } },
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
