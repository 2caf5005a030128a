import { setup, assign, fromCallback } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { PaymentPurpose } from '../services/contract/payPassword.ts';
import type { PaymentRequestOf, PaymentService } from '../services/contract/index.ts';
import { newRequestNo } from '../src/lib/requestNo.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { payConfirmMachine } from './payConfirm.machine.ts';
import { newPayPasswordMachine, type NewPayPasswordInput } from './newPayPassword.machine.ts';

/**
 * The ending the money flows share (top-up, withdrawal, transfer): the pay password authorises
 * this one payment (payConfirm child: its purpose names the money call, the amount and the
 * counterparty), then `apply` makes that call with the parent's request, the pay token and a
 * requestNo drawn once for this authorisation. A lost answer may have been paid: only the same
 * request goes again, and the server answers its first outcome instead of paying twice. An
 * expired authorisation (FND10008) is asked again, and the new one is a new request. No pay
 * password yet (known before any keypad shows): the member sets it here (newPayPassword child) and
 * comes back to this same payment, its amount and everything the parent holds untouched, to
 * confirm it with the new password. A refusal the person must read stays on screen here until the
 * parent's own cancel event leaves the state that invokes this chart (the screen offers it while
 * the pay password is asked or set, or after a refusal, never while the payment may be on its way
 * or its answer is lost). It ends with the payment's answer, or with a refusal the parent shows in
 * its own states (the codes it lists in `routedByParent`). However it ends — answered, or left
 * by the parent while the pay password is asked or set — the keypad's one-time keys go with it.
 */
/** How a flow's payment is set up, whatever it pays. */
interface PaymentSettings {
  /** The requestNo's prefix, one per flow: top-up H5P, withdrawal H5W, transfer H5T, paying a merchant H5M, confirming a payment-code charge H5C, the password-free setting H5F, a merchant's refund H5R, paying a request for money H5Q. */
  requestPrefix: 'H5P' | 'H5W' | 'H5T' | 'H5M' | 'H5C' | 'H5F' | 'H5R' | 'H5Q';
  /** The payment's refusals the parent routes itself: they end this chart as its output. */
  routedByParent: string[];
}

/**
 * What a parent gives the payment: what the pay password authorises (`purpose.service` is the
 * money call `apply` makes) and that call's own request besides the pay token, typed by the call's
 * contract (a request that does not fit the named call does not compile).
 */
export type PaymentInput = {
  [S in PaymentService]: PaymentSettings & { purpose: PaymentPurpose & { service: S }; request: PaymentRequestOf<S> };
}[PaymentService];

/** A request as the chart carries it, whichever call it is for (its parent's input checked it). */
export type PaymentRequest = Record<string, unknown>;

/** What `apply` is given: the money call, the parent's request with the pay token, and this payment's requestNo. */
export interface Application {
  service: string;
  request: PaymentRequest & { payToken: string };
  requestNo: string;
}

/** The payment's answer: `{ok: true, data}`, or a refusal whose code the parent listed. */
export type PaymentOutput = Outcome<unknown>;

export interface PaymentContext extends PaymentSettings {
  purpose: PaymentPurpose;
  request: PaymentRequest;
  payToken: string | null;
  requestNo: string | null;
  /** PAY10002's detail: minutes until paying unlocks. */
  lockMinutes: string | null;
  errorCode: string | null;
  answer: PaymentOutput | null;
}

export type PaymentEvent = { type: 'payment.retry' } | { type: 'payPasswordSetup.started' };

export const paymentMachine = setup({
  types: { input: {} as PaymentInput, context: {} as PaymentContext, events: {} as PaymentEvent | AnswerEvent, output: {} as PaymentOutput },
  actors: {
    payConfirm: payConfirmMachine,
    newPayPassword: newPayPasswordMachine,
    apply: provided<PaymentOutput, Application>('apply'),
    // provided by src/flows/payment.ts: stopped with this chart, it clears the keypad's one-time keys
    // (payConfirm's, newPayPassword's): a child stopped while its keypad shows runs no exit actions
    keypadKeys: fromCallback(() => {}),
  },
  guards: {
    routedByParent: ({ context, event }) => context.routedByParent.includes(answerCode(event) ?? ''),
  },
  actions: {
    announceAnswer: announceAnswer<PaymentContext, PaymentEvent | AnswerEvent>(),
    // one requestNo per authorised payment: a retry of the same payment reuses both
    keepAuthorisation: assign({ payToken: ({ event }) => answerData<{ payToken: string }>(event).payToken, requestNo: ({ context }) => newRequestNo(context.requestPrefix) }),
    forgetAuthorisation: assign({ payToken: null, requestNo: null }),
    keepConfirmRefusal: assign({ errorCode: ({ event }) => answerCode(event), lockMinutes: ({ event }) => answerDetail(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepAnswer: assign({ answer: ({ event }): PaymentOutput => ({ ok: true, data: answerData(event) }) }),
    keepParentRefusal: assign({ answer: ({ event }): PaymentOutput => ({ ok: false, code: answerCode(event) ?? '', message: '', detail: answerDetail(event) ?? '' }) }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ ...input, payToken: null, requestNo: null, lockMinutes: null, errorCode: null, answer: null }),
  initial: 'authorising',
  output: ({ context }) => context.answer ?? { ok: false, code: 'AGW50000', message: '', detail: '' },
  // as long as this payment lasts: its end clears the keypad's keys, however it comes
  invoke: { id: 'keypadKeys', src: 'keypadKeys' },
  states: {
    authorising: {
      invoke: {
        id: 'payConfirm',
        src: 'payConfirm',
        input: ({ context }) => ({ purpose: context.purpose }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'refused.other', actions: 'forgetRefusal' },
      },
      on: {
        'payConfirm.ok': { target: 'applying', actions: 'keepAuthorisation' },
        'payConfirm.refused.PAY10002': { target: 'refused.locked', actions: 'keepConfirmRefusal' },
        'payConfirm.refused.PAY10006': { target: 'refused.noPayPassword', actions: 'keepConfirmRefusal' },
        'payConfirm.refused.*': { target: 'refused.other', actions: 'keepConfirmRefusal' },
        // never: the confirmation shows its own trouble; as the child failing
        'payConfirm.unreachable': { target: 'refused.other', actions: 'forgetRefusal' },
      },
      initial: 'first',
      states: {
        first: {},
        // the authorisation expired before the payment reached the server (FND10008)
        reauthorising: { tags: ['error'] },
        // the pay password was just set: now it confirms this payment
        afterSetting: {},
      },
    },
    // no pay password yet: chosen here, then back to this payment
    settingPayPassword: {
      invoke: {
        id: 'newPayPassword',
        src: 'newPayPassword',
        input: (): NewPayPasswordInput => ({ resetTicket: null }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed (never an answer of the server): back to the refusal, to try again
        onError: { target: 'refused.noPayPassword' },
      },
      on: {
        'newPayPassword.ok': { target: 'authorising.afterSetting' },
        // set meanwhile elsewhere (PAY10003): it confirms the payment all the same
        'newPayPassword.refused.*': { target: 'authorising' },
        // never: the child shows its own trouble; as the child failing
        'newPayPassword.unreachable': { target: 'refused.noPayPassword' },
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }): Application => ({ service: context.purpose.service, request: { ...context.request, payToken: context.payToken! }, requestNo: context.requestNo! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'uncertain' },
      },
      on: {
        'apply.ok': { target: 'answered', actions: ['keepAnswer', 'forgetAuthorisation'] },
        'apply.refused.FND10008': { target: 'authorising.reauthorising', actions: 'forgetAuthorisation' },
        'apply.refused.*': [
          { guard: 'routedByParent', target: 'answered', actions: ['keepParentRefusal', 'forgetAuthorisation'] },
          { target: 'refused.other', actions: ['keepRefusal', 'forgetAuthorisation'] },
        ],
      },
    },
    // no answer: the payment may or may not have been made; only the same request may be resent
    uncertain: { tags: ['error'], on: { 'payment.retry': { target: 'applying' } } },
    // the pay password is locked, not set yet, or the check or the payment was refused
    refused: {
      tags: ['error'],
      initial: 'other',
      states: {
        locked: {},
        noPayPassword: { on: { 'payPasswordSetup.started': { target: '#payment.settingPayPassword' } } },
        other: {},
      },
    },
    answered: { type: 'final' },
  },
});
