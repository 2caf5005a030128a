import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MoneyRequestView } from '../services/contract/moneyRequest.ts';
import type { Language } from '../src/lib/language.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { newRequestNo } from '../src/lib/requestNo.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput } from './amountEntry.machine.ts';
import { payeeCheckMachine, payeeConfirmed, type Payee, type PayeeCheckInput, type PayeeProblem } from './payeeCheck.machine.ts';

/**
 * Asking another member for money. The payer (payeeCheck child, as the transfer's payee: typed by
 * number or picked from the transfer's lists, checked, the verified name, masked, confirmed) comes
 * before anything is asked (a request to a wrong number is a stranger's phishing-looking message). Then the amount (amountEntry child) with the reason beside it, a
 * review, and the request sent; a send retried after a lost answer goes with the same requestNo,
 * so the server answers the request it made instead of making a second one.
 */
export const REASON_MAX = 60;

export type { ListedPayee, Payee, PayeeLists } from './payeeCheck.machine.ts';
/** What is sent: the payer's national number, the amount in cêntimos, the reason; `requestNo` drawn once per review. */
export interface RequestDraft {
  mobile: string;
  amount: number;
  reason: string;
  requestNo: string;
}

export interface MoneyRequestInput {
  language: Language;
}

export interface MoneyRequestContext {
  language: Language;
  /** The payer's number (national): the number the payee check starts with when asked again. */
  mobile: string;
  payee: Payee | null;
  /** Why the payer is asked again: the request found the number no member's. */
  payeeProblem: PayeeProblem | null;
  amount: number;
  amountText: string;
  reason: string;
  /** The send's requestNo, drawn when the review is reached from the amount and kept through retries. */
  requestNo: string | null;
  errorCode: string | null;
  request: MoneyRequestView | null;
}

export type MoneyRequestEvent =
  | { type: 'payee.retry' }
  | { type: 'payee.changeRequested' }
  | { type: 'reason.changed'; value: string }
  | { type: 'details.edited' }
  | { type: 'request.sent' }
  | { type: 'request.restarted' };

const nationalMobile = (context: MoneyRequestContext) => toNationalMobile(context.mobile) ?? '';

export const moneyRequestMachine = setup({
  types: {
    input: {} as MoneyRequestInput,
    context: {} as MoneyRequestContext,
    events: {} as MoneyRequestEvent | AnswerEvent,
  },
  actors: {
    payeeCheck: payeeCheckMachine,
    createRequest: provided<Outcome<MoneyRequestView>, RequestDraft>('createRequest'),
    amountEntry: amountEntryMachine,
  },
  guards: {
    // the payer reads why before anything else: a request without one is not sent
    reasonGiven: ({ context }) => context.reason.trim().length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<MoneyRequestContext, MoneyRequestEvent | AnswerEvent>(),
    keepPayee: assign(({ event }) => { const payee = payeeConfirmed(event); return { payee, mobile: toNationalMobile(payee.mobile) ?? '', payeeProblem: null }; }),
    forgetPayee: assign({ payee: null }),
    payeeNotFound: assign({ payee: null, payeeProblem: 'notFound' as const }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    setReason: assign({ reason: ({ context, event }) => (event.type === 'reason.changed' ? event.value.slice(0, REASON_MAX) : context.reason) }),
    drawRequestNo: assign({ requestNo: () => newRequestNo('H5Q') }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepRequest: assign({ request: ({ event }) => answerData<MoneyRequestView>(event) }),
    startOver: assign({ mobile: '', payee: null, payeeProblem: null, amount: 0, amountText: '', reason: '', requestNo: null, errorCode: null, request: null }),
  },
}).createMachine({
  id: 'moneyRequest',
  context: ({ input }) => ({
    language: input.language, mobile: '', payee: null, payeeProblem: null, amount: 0, amountText: '', reason: '', requestNo: null, errorCode: null, request: null,
  }),
  initial: 'enteringPayee',
  states: {
    // the payer (payeeCheck child): typed or picked, checked, confirmed; asked again with why when the request found it gone
    enteringPayee: {
      invoke: {
        id: 'payeeCheck',
        src: 'payeeCheck',
        input: ({ context }): PayeeCheckInput => ({ mobile: context.mobile, problem: context.payeeProblem }),
        onDone: { target: 'enteringAmount', actions: 'keepPayee' },
        // the chart itself failed (never an answer of the server): said, and tried again when asked
        onError: { target: 'payeeFailed' },
      },
    },
    payeeFailed: {
      tags: ['error'],
      on: { 'payee.retry': { target: 'enteringPayee' } },
    },
    // the amount (amountEntry child, no limit: the payer's balance is not the requester's to know) and the reason beside it
    enteringAmount: {
      initial: 'editing',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({ language: context.language, amountText: context.amountText }),
        onDone: [
          { guard: 'reasonGiven', target: 'reviewing', actions: ['keepAmount', 'drawRequestNo'] },
          // asked again, the amount kept, the missing reason said
          { target: '.reasonMissing', reenter: true, actions: 'keepAmount' },
        ],
        // the chart itself failed (never an answer of the server): back to the payee, as changing it
        onError: { target: 'enteringPayee', actions: 'forgetPayee' },
      },
      on: {
        'reason.changed': { target: '.editing', actions: 'setReason' },
        'payee.changeRequested': { target: 'enteringPayee', actions: 'forgetPayee' },
      },
      states: {
        editing: {},
        reasonMissing: { tags: ['error'] },
      },
    },
    // everything the payer will see, once more, before it is sent
    reviewing: {
      initial: 'idle',
      on: {
        'request.sent': { target: 'sending' },
        'details.edited': { target: 'enteringAmount', actions: 'forgetRefusal' },
      },
      states: {
        idle: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: ({ context }): RequestDraft => ({ mobile: nationalMobile(context), amount: context.amount, reason: context.reason.trim(), requestNo: context.requestNo! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'reviewing.unreachable' },
      },
      on: {
        'createRequest.ok': { target: 'sent', actions: ['keepRequest', 'forgetRefusal'] },
        // only verified individuals ask
        'createRequest.refused.FND10004': { target: 'notAllowed', actions: 'keepRefusal' },
        'createRequest.refused.REQ10005': { target: 'notAllowed', actions: 'keepRefusal' },
        'createRequest.refused.FND10005': { target: 'enteringPayee', actions: 'payeeNotFound' },
        'createRequest.refused.*': { target: 'reviewing.refused', actions: 'keepRefusal' },
      },
    },
    sent: {
      on: { 'request.restarted': { target: 'enteringPayee', actions: 'startOver' } },
    },
    // the screen links to the verification
    notAllowed: {},
  },
});
