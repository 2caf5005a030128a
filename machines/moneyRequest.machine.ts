import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MoneyRequestView } from '../services/contract/moneyRequest.ts';
import type { Language } from '../src/lib/language.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { newRequestNo } from '../src/lib/requestNo.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput } from './amountEntry.machine.ts';
import { payeeGuards } from './payeeEntry.ts';

/**
 * Asking another member for money. The payer is typed by number or picked from the transfer's
 * lists (last people paid, favourites) and checked as a transfer's payee is: the verified name,
 * masked, is confirmed before anything is asked (a request to a wrong number is a stranger's
 * phishing-looking message). Then the amount (amountEntry child) with the reason beside it, a
 * review, and the request sent; a send retried after a lost answer goes with the same requestNo,
 * so the server answers the request it made instead of making a second one.
 */
export const REASON_MAX = 60;

export interface Payee {
  maskedName: string;
  mobile: string;
}
export interface ListedPayee {
  mobile: string;
  maskedName: string;
  maskedMobile: string;
}
export interface PayeeLists {
  recent: ListedPayee[];
  favourites: Array<ListedPayee & { nickname: string | null }>;
}
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
  mobile: string;
  payee: Payee | null;
  payees: PayeeLists;
  amount: number;
  amountText: string;
  reason: string;
  /** The send's requestNo, drawn when the review is reached from the amount and kept through retries. */
  requestNo: string | null;
  errorCode: string | null;
  request: MoneyRequestView | null;
}

export type MoneyRequestEvent =
  | { type: 'mobile.changed'; value: string }
  | { type: 'mobile.submitted' }
  | { type: 'payee.picked'; mobile: string }
  | { type: 'payee.confirmed' }
  | { type: 'payee.changeRequested' }
  | { type: 'reason.changed'; value: string }
  | { type: 'details.edited' }
  | { type: 'request.sent' }
  | { type: 'request.restarted' };

const NO_PAYEES: PayeeLists = { recent: [], favourites: [] };
const nationalMobile = (context: MoneyRequestContext) => toNationalMobile(context.mobile) ?? '';

export const moneyRequestMachine = setup({
  types: {
    input: {} as MoneyRequestInput,
    context: {} as MoneyRequestContext,
    events: {} as MoneyRequestEvent | AnswerEvent,
  },
  actors: {
    loadPayees: provided<Outcome<PayeeLists>>('loadPayees'),
    queryPayee: provided<Outcome<Payee>, { mobile: string }>('queryPayee'),
    createRequest: provided<Outcome<MoneyRequestView>, RequestDraft>('createRequest'),
    amountEntry: amountEntryMachine,
  },
  guards: {
    ...payeeGuards,
    // the payer reads why before anything else: a request without one is not sent
    reasonGiven: ({ context }) => context.reason.trim().length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<MoneyRequestContext, MoneyRequestEvent | AnswerEvent>(),
    setMobile: assign({ mobile: ({ context, event }) => (event.type === 'mobile.changed' ? event.value.replace(/[^\d+\s]/g, '').slice(0, 16) : context.mobile) }),
    pickPayee: assign({ mobile: ({ context, event }) => (event.type === 'payee.picked' ? event.mobile : context.mobile) }),
    keepPayees: assign({ payees: ({ event }) => answerData<PayeeLists>(event) }),
    forgetPayees: assign({ payees: NO_PAYEES }),
    keepPayee: assign({ payee: ({ event }) => answerData<Payee>(event) }),
    forgetPayee: assign({ payee: null }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    setReason: assign({ reason: ({ context, event }) => (event.type === 'reason.changed' ? event.value.slice(0, REASON_MAX) : context.reason) }),
    drawRequestNo: assign({ requestNo: () => newRequestNo('H5Q') }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepRequest: assign({ request: ({ event }) => answerData<MoneyRequestView>(event) }),
    startOver: assign({ mobile: '', payee: null, amount: 0, amountText: '', reason: '', requestNo: null, errorCode: null, request: null }),
  },
}).createMachine({
  id: 'moneyRequest',
  context: ({ input }) => ({
    language: input.language, mobile: '', payee: null, payees: NO_PAYEES, amount: 0, amountText: '', reason: '', requestNo: null, errorCode: null, request: null,
  }),
  initial: 'enteringMobile',
  states: {
    // the number, typed or picked from the transfer's lists (loaded again each time)
    enteringMobile: {
      initial: 'typing',
      invoke: {
        id: 'loadPayees',
        src: 'loadPayees',
        onDone: { actions: 'announceAnswer' },
        // without the lists the number can still be typed
        onError: { actions: 'forgetPayees' },
      },
      on: {
        'mobile.changed': { target: '.typing', actions: 'setMobile' },
        'mobile.submitted': [{ guard: 'mobileValid', target: 'checkingPayee' }, { target: '.invalid' }],
        'payee.picked': { guard: 'listedPayee', target: 'checkingPayee', actions: 'pickPayee' },
        'loadPayees.ok': { actions: 'keepPayees' },
        'loadPayees.refused.*': { actions: 'forgetPayees' },
      },
      states: {
        typing: {},
        invalid: { tags: ['error'] },
        notFound: { tags: ['error'] },
        isSelf: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    checkingPayee: {
      tags: ['busy'],
      invoke: {
        id: 'queryPayee',
        src: 'queryPayee',
        input: ({ context }) => ({ mobile: nationalMobile(context) }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringMobile.unreachable' },
      },
      on: {
        'queryPayee.ok': { target: 'confirmingPayee', actions: 'keepPayee' },
        'queryPayee.refused.FND10005': { target: 'enteringMobile.notFound' },
        'queryPayee.refused.FND10006': { target: 'enteringMobile.isSelf' },
        'queryPayee.refused.*': { target: 'enteringMobile.refused', actions: 'keepRefusal' },
      },
    },
    // "is this the person?": nothing is asked until the requester says yes
    confirmingPayee: {
      on: {
        'payee.confirmed': { target: 'enteringAmount' },
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
      },
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
        onError: { target: 'enteringMobile', actions: 'forgetPayee' },
      },
      on: {
        'reason.changed': { target: '.editing', actions: 'setReason' },
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
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
        'createRequest.refused.FND10005': { target: 'enteringMobile.notFound', actions: 'forgetPayee' },
        'createRequest.refused.*': { target: 'reviewing.refused', actions: 'keepRefusal' },
      },
    },
    sent: {
      on: { 'request.restarted': { target: 'enteringMobile', actions: 'startOver' } },
    },
    // the screen links to the verification
    notAllowed: {},
  },
});
