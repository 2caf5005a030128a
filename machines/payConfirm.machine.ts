import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { PaymentPurpose } from '../services/contract/payPassword.ts';
import { PIN_LENGTH, type Keypad } from './newPayPassword.machine.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';

/**
 * Pay confirmation: the pay password typed once on the secure keypad authorises one payment (its
 * purpose: service, amount, counterparty). Invoked as a child by the payment chart the money flows
 * share (transfer, top-up, withdrawal…); it ends with a one-time `payToken`, or with why paying is
 * not possible now (locked, no pay password) — both known before the keypad shows, from where the
 * member's pay password stands, so nobody types six digits to learn they have none (the check's
 * refusals still end it, as the server is the authority). A wrong password or an expired keypad
 * gets a fresh keypad: each key is one-time.
 */
export interface PayConfirmInput {
  purpose: PaymentPurpose;
}

export interface PayConfirmContext {
  purpose: PaymentPurpose;
  keypad: Keypad | null;
  positions: string;
  /** Why a fresh keypad is shown: the previous entry was wrong (PAY10001) or its keypad expired (PAY10005). */
  notice: string | null;
  triesLeft: string | null;
  errorCode: string | null;
  result: PayConfirmOutput | null;
}

/**
 * What the payment chart receives, as an answer (announced to it as `payConfirm.ok` with the token,
 * or `payConfirm.refused.<CODE>`): a token for this payment, or the refusal that ended the confirmation.
 */
export type PayConfirmOutput = Outcome<{ payToken: string }>;

/** Where the member's pay password stands (`common/setting/main` answers it, among the settings). */
export interface PayPasswordState {
  payPasswordSet: boolean;
  payLockedMinutes: number | null;
}

export type PayConfirmEvent = { type: 'digit.pressed'; position: number } | { type: 'digit.deleted' } | { type: 'keypad.retry' };

export const payConfirmMachine = setup({
  types: {
    input: {} as PayConfirmInput,
    context: {} as PayConfirmContext,
    events: {} as PayConfirmEvent | AnswerEvent,
    output: {} as PayConfirmOutput,
  },
  actors: {
    payPasswordState: provided<Outcome<PayPasswordState>>('payPasswordState'),
    getKeypad: provided<Outcome<Keypad>>('getKeypad'),
    checkPayPassword: provided<Outcome<{ valid: true; payToken?: string }>, { keypad: Keypad; positions: string; purpose: PaymentPurpose }>('checkPayPassword'),
  },
  guards: {
    payPasswordNotSet: ({ event }) => answerData<PayPasswordState>(event).payPasswordSet === false,
    payPasswordLocked: ({ event }) => !!answerData<PayPasswordState>(event).payLockedMinutes,
    // the digit being pressed is the sixth
    completesEntry: ({ context }) => context.positions.length === PIN_LENGTH - 1,
    // a purpose always gets a token; an answer without one cannot pay
    authorised: ({ event }) => !!answerData<{ payToken?: string }>(event).payToken,
  },
  actions: {
    announceAnswer: announceAnswer<PayConfirmContext, PayConfirmEvent | AnswerEvent>(),
    keepKeypad: assign({ keypad: ({ event }) => answerData<Keypad>(event), positions: '' }),
    appendPosition: assign({
      positions: ({ context, event }) => (event.type === 'digit.pressed' ? `${context.positions}${event.position}`.slice(0, PIN_LENGTH) : context.positions),
      notice: null,
    }),
    deletePosition: assign({ positions: ({ context }) => context.positions.slice(0, -1) }),
    forgetKeypad: assign({ keypad: null, positions: '' }),
    noteWrongPassword: assign({ notice: 'PAY10001', triesLeft: ({ event }) => answerDetail(event) }),
    noteKeypadExpired: assign({ notice: 'PAY10005' }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepToken: assign({ result: ({ event }): PayConfirmOutput => ({ ok: true, data: { payToken: answerData<{ payToken: string }>(event).payToken } }) }),
    refuseNotSet: assign({ result: (): PayConfirmOutput => ({ ok: false, code: 'PAY10006', message: '', detail: '' }) }),
    refuseLocked: assign({ result: ({ event }): PayConfirmOutput => ({ ok: false, code: 'PAY10002', message: '', detail: String(answerData<PayPasswordState>(event).payLockedMinutes ?? '') }) }),
    keepFinalRefusal: assign({ result: ({ event }): PayConfirmOutput => ({ ok: false, code: answerCode(event) ?? '', message: '', detail: answerDetail(event) ?? '' }) }),
    // provided by src/flows/payConfirm.ts: the keypad's one-time keys live in session storage while it shows
    storeKeypadKeys: () => {},
    clearKeypadKeys: () => {},
  },
}).createMachine({
  id: 'payConfirm',
  context: ({ input }) => ({ purpose: input.purpose, keypad: null, positions: '', notice: null, triesLeft: null, errorCode: null, result: null }),
  initial: 'checkingPayPassword',
  output: ({ context }) => context.result ?? { ok: false, code: 'AGW50000', message: '', detail: '' },
  states: {
    // is there a pay password, and may it be used now? Asked before a keypad is shown
    checkingPayPassword: {
      tags: ['busy'],
      invoke: {
        id: 'payPasswordState',
        src: 'payPasswordState',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadingKeypad' },
      },
      on: {
        'payPasswordState.ok': [
          { guard: 'payPasswordNotSet', target: 'refused', actions: 'refuseNotSet' },
          { guard: 'payPasswordLocked', target: 'refused', actions: 'refuseLocked' },
          // set and free: the keypad
          { target: 'loadingKeypad' },
        ],
        // the question unanswered: the keypad all the same (its check answers for sure)
        'payPasswordState.refused.*': { target: 'loadingKeypad' },
      },
    },
    loadingKeypad: {
      tags: ['busy'],
      invoke: {
        id: 'getKeypad',
        src: 'getKeypad',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unavailable', actions: 'forgetRefusal' },
      },
      on: {
        'getKeypad.ok': { target: 'entering', actions: ['keepKeypad', 'forgetRefusal'] },
        'getKeypad.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
      },
    },
    // no keypad, or no answer to the check: nothing was paid, a new keypad is safe
    unavailable: {
      tags: ['error'],
      on: { 'keypad.retry': { target: 'loadingKeypad' } },
    },
    entering: {
      entry: 'storeKeypadKeys',
      exit: 'clearKeypadKeys',
      on: {
        'digit.pressed': [{ guard: 'completesEntry', target: 'checking', actions: 'appendPosition' }, { actions: 'appendPosition' }],
        'digit.deleted': { actions: 'deletePosition' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkPayPassword',
        src: 'checkPayPassword',
        input: ({ context }) => ({ keypad: context.keypad!, positions: context.positions, purpose: context.purpose }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unavailable', actions: ['forgetKeypad', 'forgetRefusal'] },
      },
      on: {
        'checkPayPassword.ok': [
          { guard: 'authorised', target: 'authorised', actions: ['forgetKeypad', 'keepToken'] },
          // accepted without a token: nothing can be paid with it
          { target: 'unavailable', actions: ['forgetKeypad', 'forgetRefusal'] },
        ],
        'checkPayPassword.refused.PAY10001': { target: 'loadingKeypad', actions: ['forgetKeypad', 'noteWrongPassword'] },
        'checkPayPassword.refused.PAY10005': { target: 'loadingKeypad', actions: ['forgetKeypad', 'noteKeypadExpired'] },
        'checkPayPassword.refused.PAY10002': { target: 'refused', actions: ['forgetKeypad', 'keepFinalRefusal'] },
        'checkPayPassword.refused.PAY10006': { target: 'refused', actions: ['forgetKeypad', 'keepFinalRefusal'] },
        'checkPayPassword.refused.*': { target: 'unavailable', actions: ['forgetKeypad', 'keepRefusal'] },
      },
    },
    authorised: { type: 'final' },
    refused: { type: 'final' },
  },
});
