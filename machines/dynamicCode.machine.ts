import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MerchantPayment } from '../services/contract/merchantShared.ts';
import type { Language } from '../src/lib/language.ts';
import { amountActions, amountGuards, LARGEST_AMOUNT, typedAmount, type AmountEntry } from './amountEntry.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';
import { tillActions } from './till.ts';
import { dataOf, isOk, provided, refusalCode } from './outcome.ts';

/**
 * The till's one-time code for an amount, the cashier's child chart for its mode (a): the amount →
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

/** The till asks no limit of its own: `limit` stays null. */
export interface DynamicCodeContext extends AmountEntry {
  storeId: string;
  code: DynamicCode | null;
  payment: MerchantPayment | null;
}

export type DynamicCodeEvent =
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.submitted' }
  | { type: 'code.cancelled' }
  | { type: 'code.renewed' }
  | { type: 'cashier.again' };


const codeState = (event: unknown) => dataOf<DynamicCodeState>(event)?.state;

export const dynamicCodeMachine = setup({
  types: { input: {} as DynamicCodeInput, context: {} as DynamicCodeContext, events: {} as DynamicCodeEvent },
  actors: {
    createCode: provided<Outcome<DynamicCode>, { storeId: string; amount: number }>('createCode'),
    queryCode: provided<Outcome<DynamicCodeState>, { serial: string }>('queryCode'),
  },
  guards: {
    isOk,
    ...amountGuards,
    amountTooLarge: ({ context }) => (typedAmount(context) ?? 0n) > LARGEST_AMOUNT,
    codePaid: ({ event }) => codeState(event) === 'paid',
    codeExpired: ({ event }) => codeState(event) === 'expired',
  },
  actions: {
    ...amountActions<DynamicCodeContext, DynamicCodeEvent>(),
    ...tillActions,
    keepCode: assign({ code: ({ event, context }) => dataOf<DynamicCode>(event) ?? context.code }),
    keepCodePayment: assign({ payment: ({ event }) => dataOf<DynamicCodeState>(event)?.payment ?? null }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'dynamicCode',
  context: ({ input }) => ({ language: input.language, storeId: input.storeId, amountText: '', amount: 0, limit: null, errorCode: null, code: null, payment: null }),
  initial: 'enteringAmount',
  states: {
    enteringAmount: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmountText' },
        'amount.submitted': [
          { guard: 'amountUnreadable', target: '.unreadable' },
          { guard: 'amountNotPositive', target: '.notPositive' },
          { guard: 'amountTooLarge', target: '.tooLarge' },
          { target: 'creating', actions: 'keepAmount' },
        ],
        'cashier.again': { target: 'ended' },
      },
      states: {
        typing: {}, unreadable: { tags: ['error'] }, notPositive: { tags: ['error'] }, tooLarge: { tags: ['error'] },
        refused: { tags: ['error'] }, unreachable: { tags: ['error'] },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createCode',
        src: 'createCode',
        input: ({ context }) => ({ storeId: context.storeId, amount: context.amount }),
        onDone: [
          { guard: 'isOk', target: 'showing', actions: 'keepCode' },
          { target: 'enteringAmount.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringAmount.unreachable' },
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
            onDone: [
              { guard: 'codePaid', target: '#dynamicCode.paid', actions: 'keepCodePayment' },
              { guard: 'codeExpired', target: '#dynamicCode.expired' },
              { guard: 'isOk', target: 'waiting' },
              { target: 'trouble' },
            ],
            onError: { target: 'trouble' },
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
