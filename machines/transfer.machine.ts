import { setup, assign, fromPromise } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { PaymentPurpose } from '../services/contract/payPassword.ts';
import { LEDGER_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { isOk, outputOf, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { confirmationRefusal, confirmationToken, paymentAuthorised, paymentRequestNo, payConfirmMachine } from './payConfirm.machine.ts';

/**
 * Transfer to another member by mobile number. The payee's verified name, masked, is shown and
 * must be confirmed before any amount is asked (money sent to a wrong number is the top complaint
 * in wallets). The pay password, on the secure keypad (payConfirm child), authorises exactly this
 * payment; the transfer is then sent under a requestNo kept here, so a retry after a lost answer
 * resends the same one and the server answers the first outcome instead of paying twice.
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
export interface TransferRequest {
  mobile: string;
  amount: number;
  note: string;
  payToken: string;
  requestNo: string;
}

export interface TransferInput {
  language: Language;
}

export interface TransferContext {
  language: Language;
  available: number | null;
  mobile: string;
  payee: Payee | null;
  amountText: string;
  amount: number;
  note: string;
  payToken: string | null;
  requestNo: string | null;
  /** FND10003's subMsg: perTransaction, daily, monthly or payeeBalance. */
  limit: string | null;
  /** PAY10002's subMsg: minutes until paying unlocks. */
  lockMinutes: string | null;
  errorCode: string | null;
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
  | { type: 'payment.retry' }
  | { type: 'transfer.restarted' };


const typedAmount = (context: TransferContext) => parseAmount(context.amountText, context.language);
const nationalMobile = (context: TransferContext) => toNationalMobile(context.mobile) ?? '';

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    loadAssets: fromPromise<Outcome<Assets>>(async () => {
      throw new Error('loadAssets is provided by the screen');
    }),
    queryPayee: fromPromise<Outcome<Payee>, { mobile: string }>(async () => {
      throw new Error('queryPayee is provided by the screen');
    }),
    payConfirm: payConfirmMachine,
    doTransfer: fromPromise<Outcome<TransferReceipt>, TransferRequest>(async () => {
      throw new Error('doTransfer is provided by the screen');
    }),
  },
  guards: {
    isOk,
    refusedWith,
    unverified: ({ event }) => {
      const output = outputOf<Assets>(event);
      return output.ok && !output.data.verified;
    },
    mobileValid: ({ context }) => toNationalMobile(context.mobile) !== null,
    amountUnreadable: ({ context }) => typedAmount(context) === null,
    amountNotPositive: ({ context }) => typedAmount(context) === 0n,
    // the balance shown is the last known one; the server checks again under the account lock
    overAvailable: ({ context }) => (typedAmount(context) ?? 0n) > BigInt(context.available ?? 0),
    paymentAuthorised,
  },
  actions: {
    keepAssets: assign({ available: ({ event }) => { const o = outputOf<Assets>(event); return o.ok ? o.data.available : null; } }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    setMobile: assign({ mobile: ({ context, event }) => (event.type === 'mobile.changed' ? event.value.replace(/[^\d+\s]/g, '').slice(0, 16) : context.mobile) }),
    keepPayee: assign({ payee: ({ event }) => { const o = outputOf<Payee>(event); return o.ok ? o.data : null; } }),
    forgetPayee: assign({ payee: null }),
    setAmountText: assign({ amountText: ({ context, event }) => (event.type === 'amount.changed' ? event.value.slice(0, 24) : context.amountText) }),
    setNote: assign({ note: ({ context, event }) => (event.type === 'note.changed' ? event.value.slice(0, NOTE_MAX) : context.note) }),
    keepAmount: assign({ amount: ({ context }) => Number(typedAmount(context) ?? 0n) }),
    // one requestNo per authorised payment: a retry of the same payment reuses both
    keepAuthorisation: assign({
      payToken: ({ event }) => confirmationToken(event),
      requestNo: () => paymentRequestNo('H5T'),
    }),
    forgetAuthorisation: assign({ payToken: null, requestNo: null }),
    keepConfirmRefusal: assign({
      errorCode: ({ event }) => confirmationRefusal(event).code,
      lockMinutes: ({ event }) => confirmationRefusal(event).detail,
    }),
    keepLimit: assign({ limit: ({ event }) => refusalDetail(event) }),
    keepReceipt: assign({
      receipt: ({ event }) => { const o = outputOf<TransferReceipt>(event); return o.ok ? o.data : null; },
      available: ({ event, context }) => { const o = outputOf<TransferReceipt>(event); return o.ok ? o.data.available : context.available; },
    }),
    // provided by the screen: a stopped child runs no exit actions, so its keypad keys are cleared here
    clearKeypadKeys: () => {},
    startOver: assign({ mobile: '', payee: null, amountText: '', amount: 0, note: '', payToken: null, requestNo: null, limit: null, lockMinutes: null, errorCode: null, receipt: null }),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    language: input.language, available: null, mobile: '', payee: null, amountText: '', amount: 0, note: '',
    payToken: null, requestNo: null, limit: null, lockMinutes: null, errorCode: null, receipt: null,
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
          { target: 'confirming', actions: 'keepAmount' },
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
    confirming: {
      exit: 'clearKeypadKeys',
      invoke: {
        id: 'payConfirm',
        src: 'payConfirm',
        input: ({ context }): { purpose: PaymentPurpose } => ({
          purpose: { service: TRANSFER_SERVICE, amount: context.amount, counterparty: nationalMobile(context) },
        }),
        onDone: [
          { guard: 'paymentAuthorised', target: 'paying', actions: 'keepAuthorisation' },
          { guard: { type: 'refusedWith', params: { code: 'PAY10002' } }, target: 'refused.locked', actions: 'keepConfirmRefusal' },
          { guard: { type: 'refusedWith', params: { code: 'PAY10006' } }, target: 'refused.noPayPassword', actions: 'keepConfirmRefusal' },
          { target: 'refused.other', actions: 'keepConfirmRefusal' },
        ],
        onError: { target: 'refused.other', actions: 'forgetRefusal' },
      },
      on: { 'payment.cancelled': { target: 'enteringAmount' } },
      initial: 'first',
      states: {
        first: {},
        // the authorisation expired before the transfer reached the server (FND10008)
        reauthorising: { tags: ['error'] },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'doTransfer',
        src: 'doTransfer',
        input: ({ context }) => ({ mobile: nationalMobile(context), amount: context.amount, note: context.note.trim(), payToken: context.payToken!, requestNo: context.requestNo! }),
        onDone: [
          { guard: 'isOk', target: 'succeeded', actions: ['keepReceipt', 'forgetAuthorisation'] },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.insufficientFunds } }, target: 'enteringAmount.insufficient', actions: 'forgetAuthorisation' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.limitExceeded } }, target: 'enteringAmount.limitExceeded', actions: ['keepLimit', 'forgetAuthorisation'] },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.verificationNeeded } }, target: 'notVerified', actions: 'forgetAuthorisation' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.payeeNotFound } }, target: 'enteringMobile.notFound', actions: ['forgetAuthorisation', 'forgetPayee'] },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.payeeIsSelf } }, target: 'enteringMobile.isSelf', actions: ['forgetAuthorisation', 'forgetPayee'] },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.payAuthorizationInvalid } }, target: 'confirming.reauthorising', actions: 'forgetAuthorisation' },
          { target: 'failed', actions: ['keepRefusal', 'forgetAuthorisation'] },
        ],
        onError: { target: 'paymentUncertain' },
      },
    },
    // no answer: the transfer may or may not have been made; only the same request may be resent
    paymentUncertain: {
      tags: ['error'],
      on: { 'payment.retry': { target: 'paying' } },
    },
    failed: {
      tags: ['error'],
      on: { 'payment.cancelled': { target: 'enteringAmount' } },
    },
    refused: {
      tags: ['error'],
      on: { 'payment.cancelled': { target: 'enteringAmount' } },
      initial: 'other',
      states: {
        locked: {},
        noPayPassword: {},
        other: {},
      },
    },
    succeeded: {
      on: { 'transfer.restarted': { target: 'enteringMobile', actions: 'startOver' } },
    },
  },
});
