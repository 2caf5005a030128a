import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MoneyRequestView } from '../services/contract/moneyRequest.ts';
import { requestCounterparty } from '../src/lib/requestCounterparty.ts';
import { LEDGER_CODES, REQUEST_CODES } from '../services/contract/answerCodes.ts';
import { announceAnswer, answerCode, answerData, type AnswerEvent, provided } from './outcome.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';

/**
 * One request for money, as whichever side opens it (`/app/moneyRequest/<id>`, from the notice,
 * the SMS link or the list). The payer of an open request sees who asks (masked name and number),
 * why and how much, and pays it (payment child: the pay password authorises this request's
 * amount, then wallet/moneyRequest/pay, idempotent on its requestNo), declines it, or blocks the
 * requester. The requester of an open one sees it waiting, may look again or cancel it. A closed
 * one (paid, declined, cancelled, expired) is shown as it ended; its payer may still block or
 * unblock the requester. A refusal because the request closed meanwhile (REQ10004) loads it again,
 * so the screen shows how it ended.
 */
export const PAY_SERVICE = 'wallet/moneyRequest/pay';

export interface MoneyRequestViewInput {
  id: string;
}

export interface PaidReceipt {
  transferId: string;
  amount: number;
  available: number;
  maskedName: string;
  at: string;
}

export interface MoneyRequestViewContext {
  id: string;
  request: MoneyRequestView | null;
  errorCode: string | null;
  receipt: PaidReceipt | null;
}

export type MoneyRequestViewEvent =
  | { type: 'request.retry' }
  | { type: 'request.refreshed' }
  | { type: 'pay.started' }
  | { type: 'payment.cancelled' }
  | { type: 'request.declined' }
  | { type: 'request.cancelled' }
  | { type: 'requester.blockToggled' };

/** Where a request just answered is shown: open for the payer, open for the requester, or closed (guards run before it is kept). */
const openFor = (role: MoneyRequestView['role']) => ({ event }: { event: MoneyRequestViewEvent | AnswerEvent }) => {
  const request = 'data' in event ? (event.data as MoneyRequestView | undefined) : undefined;
  return request?.status === 'open' && request.role === role;
};

export const moneyRequestViewMachine = setup({
  types: {
    input: {} as MoneyRequestViewInput,
    context: {} as MoneyRequestViewContext,
    events: {} as MoneyRequestViewEvent | AnswerEvent,
  },
  actors: {
    loadRequest: provided<Outcome<MoneyRequestView>, { id: string }>('loadRequest'),
    declineRequest: provided<Outcome<MoneyRequestView>, { id: string }>('declineRequest'),
    cancelRequest: provided<Outcome<MoneyRequestView>, { id: string }>('cancelRequest'),
    blockRequester: provided<Outcome<MoneyRequestView>, { id: string; blocked: boolean }>('blockRequester'),
    payment: paymentMachine,
  },
  guards: {
    openForPayer: openFor('payer'),
    openForRequester: openFor('requester'),
    // only the payer blocks, and only whoever asked them
    payerSide: ({ context }) => context.request?.role === 'payer',
  },
  actions: {
    announceAnswer: announceAnswer<MoneyRequestViewContext, MoneyRequestViewEvent | AnswerEvent>(),
    keepRequest: assign({ request: ({ event }) => answerData<MoneyRequestView>(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    markUnreachable: assign({ errorCode: 'network.gateway' }),
    keepReceipt: assign({ receipt: ({ event }) => answerData<PaidReceipt>(event) }),
  },
}).createMachine({
  id: 'moneyRequestView',
  context: ({ input }) => ({ id: input.id, request: null, errorCode: null, receipt: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ id: context.id }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed' },
      },
      on: {
        'loadRequest.ok': [
          { guard: 'openForPayer', target: 'awaitingPayer', actions: 'keepRequest' },
          { guard: 'openForRequester', target: 'waiting', actions: 'keepRequest' },
          { target: 'closed', actions: 'keepRequest' },
        ],
        'loadRequest.refused.REQ10003': { target: 'notFound' },
        'loadRequest.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'request.retry': { target: 'loading', actions: 'forgetRefusal' } },
    },
    // not the caller's (or never was): nothing of it is shown
    notFound: {},
    // the payer's choice: pay, decline, block
    awaitingPayer: {
      initial: 'idle',
      on: {
        'pay.started': { target: 'paying', actions: 'forgetRefusal' },
        'request.declined': { target: 'declining', actions: 'forgetRefusal' },
        'requester.blockToggled': { target: 'blocking', actions: 'forgetRefusal' },
      },
      states: {
        idle: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    // the pay password, then the payment (payment child); leaving is offered while the password is asked or after a refusal
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: PAY_SERVICE, amount: context.request!.amount, counterparty: requestCounterparty(context.id) },
          requestPrefix: 'H5Q',
          request: { id: context.id, amount: context.request!.amount },
          routedByParent: [REQUEST_CODES.requestClosed, REQUEST_CODES.requestNotFound, LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded,
            LEDGER_CODES.verificationNeeded, LEDGER_CODES.payeeNotFound, LEDGER_CODES.amountInvalid],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the choice
        onError: { target: 'awaitingPayer' },
      },
      on: {
        'payment.ok': { target: 'paid', actions: 'keepReceipt' },
        // closed meanwhile (paid in another tab, cancelled, expired): shown as it ended
        'payment.refused.REQ10004': { target: 'loading' },
        'payment.refused.REQ10003': { target: 'notFound' },
        // not enough money, a limit, the requester gone...: said with the choice again
        'payment.refused.*': { target: 'awaitingPayer.refused', actions: 'keepRefusal' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'awaitingPayer' },
        'payment.cancelled': { target: 'awaitingPayer' },
      },
    },
    // paid by this payer just now: the amount, the new balance, the receipt
    paid: {},
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'declineRequest',
        src: 'declineRequest',
        input: ({ context }) => ({ id: context.id }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'awaitingPayer.unreachable' },
      },
      on: {
        'declineRequest.ok': { target: 'closed', actions: 'keepRequest' },
        'declineRequest.refused.REQ10004': { target: 'loading' },
        'declineRequest.refused.*': { target: 'awaitingPayer.refused', actions: 'keepRefusal' },
      },
    },
    // the requester's: waiting for the payer; look again, or cancel
    waiting: {
      initial: 'idle',
      on: {
        'request.refreshed': { target: 'loading', actions: 'forgetRefusal' },
        'request.cancelled': { target: 'cancelling', actions: 'forgetRefusal' },
      },
      states: {
        idle: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelRequest',
        src: 'cancelRequest',
        input: ({ context }) => ({ id: context.id }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'waiting.unreachable' },
      },
      on: {
        'cancelRequest.ok': { target: 'closed', actions: 'keepRequest' },
        'cancelRequest.refused.REQ10004': { target: 'loading' },
        'cancelRequest.refused.*': { target: 'waiting.refused', actions: 'keepRefusal' },
      },
    },
    // paid, declined, cancelled or expired: as it ended; the requester may look again, the payer block or unblock
    closed: {
      on: {
        'request.refreshed': { target: 'loading', actions: 'forgetRefusal' },
        'requester.blockToggled': { guard: 'payerSide', target: 'blocking', actions: 'forgetRefusal' },
      },
    },
    // blocking declines the open request too; unblocking changes nothing else. A refusal or no
    // answer loads the request again (it may have closed meanwhile) with why it was not done
    blocking: {
      tags: ['busy'],
      invoke: {
        id: 'blockRequester',
        src: 'blockRequester',
        input: ({ context }) => ({ id: context.id, blocked: !context.request!.requesterBlocked }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loading', actions: 'markUnreachable' },
      },
      on: {
        'blockRequester.ok': [
          { guard: 'openForPayer', target: 'awaitingPayer', actions: 'keepRequest' },
          { target: 'closed', actions: 'keepRequest' },
        ],
        'blockRequester.refused.*': { target: 'loading', actions: 'keepRefusal' },
      },
    },
  },
});
