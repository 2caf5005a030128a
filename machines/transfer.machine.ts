import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { isOk, outputOf, provided, refusalCode, refusedWith } from './outcome.ts';
import { amountActions, amountGuards, over, typedAmount, type AmountEntry } from './amountEntry.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';

/**
 * Transfer to another member by mobile number. The payee's verified name, masked, is shown and
 * must be confirmed before any amount is asked (money sent to a wrong number is the top complaint
 * in wallets). The payment child authorises exactly this payment with the pay password, on the
 * secure keypad, and sends the transfer: a retry after a lost answer resends the same request and
 * the server answers the first outcome instead of paying twice.
 */
export const TRANSFER_SERVICE = 'wallet/transfer/doTransfer';
export const NOTE_MAX = 60;

export interface Assets {
  available: number;
  frozen: number;
  cashbackTotal: number;
  accountLevel: string;
  verified: boolean;
}
export interface Payee {
  maskedName: string;
  mobile: string;
}
export interface TransferReceipt {
  transferId: string;
  amount: number;
  available: number;
  maskedName: string;
  at: string;
}
export interface TransferInput {
  language: Language;
}

export interface TransferContext extends AmountEntry {
  available: number | null;
  mobile: string;
  payee: Payee | null;
  note: string;
  receipt: TransferReceipt | null;
}

export type TransferEvent =
  | { type: 'assets.retry' }
  | { type: 'mobile.changed'; value: string }
  | { type: 'mobile.submitted' }
  | { type: 'payee.confirmed' }
  | { type: 'payee.changeRequested' }
  | { type: 'amount.changed'; value: string }
  | { type: 'note.changed'; value: string }
  | { type: 'amount.submitted' }
  | { type: 'payment.cancelled' }
  | { type: 'transfer.restarted' };

const nationalMobile = (context: TransferContext) => toNationalMobile(context.mobile) ?? '';

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
    queryPayee: provided<Outcome<Payee>, { mobile: string }>('queryPayee'),
    payment: paymentMachine,
  },
  guards: {
    isOk,
    refusedWith,
    unverified: ({ event }) => {
      const output = outputOf<Assets>(event);
      return output.ok && !output.data.verified;
    },
    mobileValid: ({ context }) => toNationalMobile(context.mobile) !== null,
    ...amountGuards,
    // the balance shown is the last known one; the server checks again under the account lock
    overAvailable: ({ context }) => over(typedAmount(context), context.available ?? 0),
  },
  actions: {
    keepAssets: assign({ available: ({ event }) => { const o = outputOf<Assets>(event); return o.ok ? o.data.available : null; } }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    setMobile: assign({ mobile: ({ context, event }) => (event.type === 'mobile.changed' ? event.value.replace(/[^\d+\s]/g, '').slice(0, 16) : context.mobile) }),
    keepPayee: assign({ payee: ({ event }) => { const o = outputOf<Payee>(event); return o.ok ? o.data : null; } }),
    forgetPayee: assign({ payee: null }),
    ...amountActions<TransferContext, TransferEvent>(),
    setNote: assign({ note: ({ context, event }) => (event.type === 'note.changed' ? event.value.slice(0, NOTE_MAX) : context.note) }),
    keepReceipt: assign({
      receipt: ({ event }) => { const o = outputOf<TransferReceipt>(event); return o.ok ? o.data : null; },
      available: ({ event, context }) => { const o = outputOf<TransferReceipt>(event); return o.ok ? o.data.available : context.available; },
    }),
    startOver: assign({ mobile: '', payee: null, amountText: '', amount: 0, note: '', limit: null, errorCode: null, receipt: null }),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    language: input.language, available: null, mobile: '', payee: null, amountText: '', amount: 0, note: '', limit: null, errorCode: null, receipt: null,
  }),
  initial: 'loadingAssets',
  states: {
    loadingAssets: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssets',
        src: 'loadAssets',
        onDone: [
          { guard: 'unverified', target: 'notVerified' },
          { guard: 'isOk', target: 'enteringMobile', actions: 'keepAssets' },
          { target: 'assetsFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'assetsFailed', actions: 'forgetRefusal' },
      },
    },
    assetsFailed: {
      tags: ['error'],
      on: { 'assets.retry': { target: 'loadingAssets' } },
    },
    // only verified members move money: the screen links to the verification
    notVerified: {},
    enteringMobile: {
      initial: 'typing',
      on: {
        'mobile.changed': { target: '.typing', actions: 'setMobile' },
        'mobile.submitted': [{ guard: 'mobileValid', target: 'checkingPayee' }, { target: '.invalid' }],
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
        onDone: [
          { guard: 'isOk', target: 'confirmingPayee', actions: 'keepPayee' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.payeeNotFound } }, target: 'enteringMobile.notFound' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.payeeIsSelf } }, target: 'enteringMobile.isSelf' },
          { target: 'enteringMobile.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringMobile.unreachable' },
      },
    },
    // "is this the person?": nothing is asked or paid until the payer says yes
    confirmingPayee: {
      on: {
        'payee.confirmed': { target: 'enteringAmount' },
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
      },
    },
    enteringAmount: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmountText' },
        'note.changed': { actions: 'setNote' },
        'amount.submitted': [
          { guard: 'amountUnreadable', target: '.unreadable' },
          { guard: 'amountNotPositive', target: '.notPositive' },
          { guard: 'overAvailable', target: '.overAvailable' },
          { target: 'paying', actions: 'keepAmount' },
        ],
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
      },
      states: {
        typing: {},
        unreadable: { tags: ['error'] },
        notPositive: { tags: ['error'] },
        overAvailable: { tags: ['error'] },
        insufficient: { tags: ['error'] },
        limitExceeded: { tags: ['error'] },
      },
    },
    // the pay password, then the transfer (payment child); the screen offers going back while the password is asked or after a refusal
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: TRANSFER_SERVICE, amount: context.amount, counterparty: nationalMobile(context) },
          requestPrefix: 'H5T',
          request: { mobile: nationalMobile(context), amount: context.amount, note: context.note.trim() },
          routedByParent: [LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, LEDGER_CODES.payeeNotFound, LEDGER_CODES.payeeIsSelf],
        }),
        onDone: [
          { guard: 'isOk', target: 'succeeded', actions: 'keepReceipt' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.insufficientFunds } }, target: 'enteringAmount.insufficient' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.limitExceeded } }, target: 'enteringAmount.limitExceeded', actions: 'keepLimit' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.verificationNeeded } }, target: 'notVerified' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.payeeNotFound } }, target: 'enteringMobile.notFound', actions: 'forgetPayee' },
          // the payee is the payer (payeeIsSelf), the last code routedByParent lists
          { target: 'enteringMobile.isSelf', actions: 'forgetPayee' },
        ],
        // the chart itself failed (never an answer of the server): back to the amount, as going back
        onError: { target: 'enteringAmount' },
      },
      on: { 'payment.cancelled': { target: 'enteringAmount' } },
    },
    succeeded: {
      on: { 'transfer.restarted': { target: 'enteringMobile', actions: 'startOver' } },
    },
  },
});
