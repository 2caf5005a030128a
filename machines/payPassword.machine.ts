import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { newPayPasswordMachine, newPayPasswordSaved, type NewPayPasswordInput } from './newPayPassword.machine.ts';

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
    events: {} as PayPasswordEvent,
  },
  actors: {
    newPayPassword: newPayPasswordMachine,
    sendResetCode: provided<Outcome<{ sentTo?: string }>>('sendResetCode'),
    verifyResetCode: provided<Outcome<{ resetTicket?: string }>, { code: string; card: ResetCard | null }>('verifyResetCode'),
    sendCardCode: provided<Outcome<{ sentTo?: string }>, ResetCard>('sendCardCode'),
  },
  guards: {
    alreadySet: ({ context }) => context.alreadySet,
    newPayPasswordSaved,
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    cardComplete: ({ context }) => /^\d{16,19}$/.test(context.cardNo) && /^9[1-79]\d{7}$/.test(context.cardMobile),
    // a reset already going through a card sends its new code to the card's mobile
    resetByCard: ({ context }) => context.cardNo !== '',
    isOk,
    refusedWith,
  },
  actions: {
    setCard: assign({ cardNo: ({ event, context }) => (event.type === 'card.changed' ? event.value.replace(/\D/g, '').slice(0, 19) : context.cardNo) }),
    setCardMobile: assign({ cardMobile: ({ event, context }) => (event.type === 'cardMobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.cardMobile) }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? event.value.replace(/\D/g, '').slice(0, 6) : context.code) }),
    keepSentTo: assign({ sentTo: ({ event }) => { const o = outputOf<{ sentTo?: string }>(event); return o.ok ? (o.data.sentTo ?? '') : ''; }, code: '' }),
    keepResetTicket: assign({ resetTicket: ({ event }) => { const o = outputOf<{ resetTicket?: string }>(event); return o.ok ? (o.data.resetTicket ?? null) : null; } }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
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
          { guard: 'isOk', target: 'choosing', actions: 'keepResetTicket' },
          { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'enteringResetCode.wrongCode', actions: 'keepTriesLeft' },
          { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'enteringResetCode.expired' },
          { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'enteringResetCode.tooManyTries' },
          { target: 'enteringResetCode.unreachable', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringResetCode.unreachable' },
      },
    },
    // the new password, typed twice (the shared child), under the reset's ticket when there is one
    choosing: {
      invoke: {
        id: 'newPayPassword',
        src: 'newPayPassword',
        input: ({ context }): NewPayPasswordInput => ({ resetTicket: context.resetTicket }),
        onDone: [
          { guard: 'newPayPasswordSaved', target: 'saved' },
          // set meanwhile (another tab or device): changing it takes the reset
          { target: 'alreadySet' },
        ],
        // the child itself failed (never an answer of the server): offered again
        onError: { target: 'choosingFailed' },
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
