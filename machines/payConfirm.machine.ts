import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { PaymentPurpose } from '../services/contract/payPassword.ts';
import { PIN_LENGTH, type Keypad } from './newPayPassword.machine.ts';
import { isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';

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

/** What the payment chart receives: a token for this payment, or the refusal that ended the confirmation. */
export type PayConfirmOutput = { ok: true; payToken: string } | { ok: false; code: string; detail: string };

/** The pay confirmation child's output, from its done event. */
export const confirmationOf = (event: unknown): PayConfirmOutput | undefined => (event as { output?: PayConfirmOutput }).output;
export const paymentAuthorised = ({ event }: { event: unknown }) => confirmationOf(event)?.ok === true;
export const confirmationToken = (event: unknown): string | null => {
  const output = confirmationOf(event);
  return output?.ok ? output.payToken : null;
};
export const confirmationRefusal = (event: unknown): { code: string | null; detail: string | null } => {
  const output = confirmationOf(event);
  return output && !output.ok ? { code: output.code, detail: output.detail } : { code: null, detail: null };
};

/** Where the member's pay password stands (`common/setting/main` answers it, among the settings). */
export interface PayPasswordState {
  payPasswordSet: boolean;
  payLockedMinutes: number | null;
}

const passwordStateOf = (event: unknown): PayPasswordState | null => {
  const output = outputOf<PayPasswordState>(event);
  return output.ok ? output.data : null;
};

export type PayConfirmEvent = { type: 'digit.pressed'; position: number } | { type: 'digit.deleted' } | { type: 'keypad.retry' };

export const payConfirmMachine = setup({
  types: {
    input: {} as PayConfirmInput,
    context: {} as PayConfirmContext,
    events: {} as PayConfirmEvent,
    output: {} as PayConfirmOutput,
  },
  actors: {
    payPasswordState: provided<Outcome<PayPasswordState>>('payPasswordState'),
    getKeypad: provided<Outcome<Keypad>>('getKeypad'),
    checkPayPassword: provided<Outcome<{ valid: true; payToken?: string }>, { keypad: Keypad; positions: string; purpose: PaymentPurpose }>('checkPayPassword'),
  },
  guards: {
    payPasswordNotSet: ({ event }) => passwordStateOf(event)?.payPasswordSet === false,
    payPasswordLocked: ({ event }) => !!passwordStateOf(event)?.payLockedMinutes,
    // the digit being pressed is the sixth
    completesEntry: ({ context }) => context.positions.length === PIN_LENGTH - 1,
    // a purpose always gets a token; an answer without one cannot pay
    authorised: ({ event }) => {
      const output = outputOf<{ payToken?: string }>(event);
      return output.ok && !!output.data.payToken;
    },
    isOk,
    refusedWith,
  },
  actions: {
    keepKeypad: assign({ keypad: ({ event }) => { const o = outputOf<Keypad>(event); return o.ok ? o.data : null; }, positions: '' }),
    appendPosition: assign({
      positions: ({ context, event }) => (event.type === 'digit.pressed' ? `${context.positions}${event.position}`.slice(0, PIN_LENGTH) : context.positions),
      notice: null,
    }),
    deletePosition: assign({ positions: ({ context }) => context.positions.slice(0, -1) }),
    forgetKeypad: assign({ keypad: null, positions: '' }),
    noteWrongPassword: assign({ notice: 'PAY10001', triesLeft: ({ event }) => refusalDetail(event) }),
    noteKeypadExpired: assign({ notice: 'PAY10005' }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepToken: assign({
      result: ({ event }): PayConfirmOutput | null => {
        const o = outputOf<{ payToken?: string }>(event);
        return o.ok && o.data.payToken ? { ok: true, payToken: o.data.payToken } : null;
      },
    }),
    refuseNotSet: assign({ result: (): PayConfirmOutput => ({ ok: false, code: 'PAY10006', detail: '' }) }),
    refuseLocked: assign({ result: ({ event }): PayConfirmOutput => ({ ok: false, code: 'PAY10002', detail: String(passwordStateOf(event)?.payLockedMinutes ?? '') }) }),
    keepFinalRefusal: assign({ result: ({ event }): PayConfirmOutput => ({ ok: false, code: refusalCode(event) ?? '', detail: refusalDetail(event) ?? '' }) }),
    // provided by src/flows/payConfirm.ts: the keypad's one-time keys live in session storage while it shows
    storeKeypadKeys: () => {},
    clearKeypadKeys: () => {},
  },
}).createMachine({
  id: 'payConfirm',
  context: ({ input }) => ({ purpose: input.purpose, keypad: null, positions: '', notice: null, triesLeft: null, errorCode: null, result: null }),
  initial: 'checkingPayPassword',
  output: ({ context }) => context.result ?? { ok: false, code: 'AGW50000', detail: '' },
  states: {
    // is there a pay password, and may it be used now? Asked before a keypad is shown
    checkingPayPassword: {
      tags: ['busy'],
      invoke: {
        id: 'payPasswordState',
        src: 'payPasswordState',
        onDone: [
          { guard: 'payPasswordNotSet', target: 'refused', actions: 'refuseNotSet' },
          { guard: 'payPasswordLocked', target: 'refused', actions: 'refuseLocked' },
          // set and free, or the question unanswered: the keypad (whose check answers for sure)
          { target: 'loadingKeypad' },
        ],
        onError: { target: 'loadingKeypad' },
      },
    },
    loadingKeypad: {
      tags: ['busy'],
      invoke: {
        id: 'getKeypad',
        src: 'getKeypad',
        onDone: [
          { guard: 'isOk', target: 'entering', actions: ['keepKeypad', 'forgetRefusal'] },
          { target: 'unavailable', actions: 'keepRefusal' },
        ],
        onError: { target: 'unavailable', actions: 'forgetRefusal' },
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
        onDone: [
          { guard: 'authorised', target: 'authorised', actions: ['forgetKeypad', 'keepToken'] },
          { guard: { type: 'refusedWith', params: { code: 'PAY10001' } }, target: 'loadingKeypad', actions: ['forgetKeypad', 'noteWrongPassword'] },
          { guard: { type: 'refusedWith', params: { code: 'PAY10005' } }, target: 'loadingKeypad', actions: ['forgetKeypad', 'noteKeypadExpired'] },
          { guard: { type: 'refusedWith', params: { code: 'PAY10002' } }, target: 'refused', actions: ['forgetKeypad', 'keepFinalRefusal'] },
          { guard: { type: 'refusedWith', params: { code: 'PAY10006' } }, target: 'refused', actions: ['forgetKeypad', 'keepFinalRefusal'] },
          { target: 'unavailable', actions: ['forgetKeypad', 'keepRefusal'] },
        ],
        onError: { target: 'unavailable', actions: ['forgetKeypad', 'forgetRefusal'] },
      },
    },
    authorised: { type: 'final' },
    refused: { type: 'final' },
  },
});
