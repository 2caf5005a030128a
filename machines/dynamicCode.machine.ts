import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MerchantPayment } from '../services/contract/merchantShared.ts';
import type { Language } from '../src/lib/language.ts';
import { amountAsked, amountEntryMachine, LARGEST_AMOUNT, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';
import { tillActions } from './till.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The till's one-time code for an amount, the cashier's child chart for its mode (a): the amount
 * (amountEntry child, at most what a code carries) →
 * `createDynamicCode` → the code shows with the amount and the time left while `queryDynamicCode`
 * is asked every 2 s → paid (the payment) or expired (another code for the same amount). It ends
 * when the person starts again or cancels the code, and the cashier goes back to its modes.
 */
export interface DynamicCode {
  serial: string;
  payload: string;
  amount: number;
  expiresAt: string;
}

export type DynamicCodeState = { state: 'waiting' | 'paid' | 'expired'; payment: MerchantPayment | null };

export interface DynamicCodeInput {
  language: Language;
  /** The store the cashier collects for. */
  storeId: string;
}

export interface DynamicCodeContext {
  language: Language;
  storeId: string;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amount: number;
  amountText: string;
  /** Why the amount is asked again: the server refused the code, or gave no answer. */
  amountRefusal: AmountRefusal | null;
  code: DynamicCode | null;
  payment: MerchantPayment | null;
}

export type DynamicCodeEvent =
  | { type: 'code.cancelled' }
  | { type: 'code.renewed' }
  | { type: 'cashier.again' };


const codeState = (event: unknown) => answerData<DynamicCodeState>(event).state;

export const dynamicCodeMachine = setup({
  types: { input: {} as DynamicCodeInput, context: {} as DynamicCodeContext, events: {} as DynamicCodeEvent | AnswerEvent },
  actors: {
    amountEntry: amountEntryMachine,
    createCode: provided<Outcome<DynamicCode>, { storeId: string; amount: number }>('createCode'),
    queryCode: provided<Outcome<DynamicCodeState>, { serial: string }>('queryCode'),
  },
  guards: {
    codePaid: ({ event }) => codeState(event) === 'paid',
    codeExpired: ({ event }) => codeState(event) === 'expired',
  },
  actions: {
    announceAnswer: announceAnswer<DynamicCodeContext, DynamicCodeEvent | AnswerEvent>(),
    ...tillActions,
    keepAmount: assign(({ event }) => amountAsked(event)),
    // a refusal's code, or none: no answer
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: null }) }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    keepCode: assign({ code: ({ event }) => answerData<DynamicCode>(event) }),
    keepCodePayment: assign({ payment: ({ event }) => answerData<DynamicCodeState>(event).payment }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'dynamicCode',
  context: ({ input }) => ({ language: input.language, storeId: input.storeId, amountText: '', amount: 0, amountRefusal: null, code: null, payment: null }),
  initial: 'enteringAmount',
  states: {
    // the amount (amountEntry child), at most what a code carries
    enteringAmount: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language, amountText: context.amountText, limits: [{ name: 'largest', max: LARGEST_AMOUNT }], refusal: context.amountRefusal,
        }),
        onDone: { target: 'creating', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): back to the modes, as starting again
        onError: { target: 'ended' },
      },
      on: { 'cashier.again': { target: 'ended' } },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createCode',
        src: 'createCode',
        input: ({ context }) => ({ storeId: context.storeId, amount: context.amount }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringAmount', actions: 'refuseAmount' },
      },
      on: {
        'createCode.ok': { target: 'showing', actions: 'keepCode' },
        'createCode.refused.*': { target: 'enteringAmount', actions: 'refuseAmount' },
      },
    },
    // the code on screen for the customer to scan; asked about every 2 s until paid or expired
    showing: {
      initial: 'waiting',
      on: { 'code.cancelled': { target: 'ended' } },
      states: {
        waiting: { after: { pollInterval: { target: 'checking' } } },
        checking: {
          invoke: {
            id: 'queryCode',
            src: 'queryCode',
            input: ({ context }) => ({ serial: context.code!.serial }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'trouble' },
          },
          on: {
            'queryCode.ok': [
              { guard: 'codePaid', target: '#dynamicCode.paid', actions: 'keepCodePayment' },
              { guard: 'codeExpired', target: '#dynamicCode.expired' },
              { target: 'waiting' },
            ],
            'queryCode.refused.*': { target: 'trouble' },
          },
        },
        // a missed answer says nothing about the code: asked again
        trouble: { tags: ['error'], after: { pollInterval: { target: 'checking' } } },
      },
    },
    // paid: seen from a metre away and heard (announcePaid)
    paid: { entry: 'announcePaid', on: { 'cashier.again': { target: 'ended' } } },
    // nobody paid it in time: another code for the same amount, or start again
    expired: { on: { 'code.renewed': { target: 'creating' }, 'cashier.again': { target: 'ended' } } },
    // the cashier goes back to its modes
    ended: { type: 'final' },
  },
});
