import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { payeeCheckMachine, payeeConfirmed, type Payee, type PayeeCheckInput, type PayeeProblem } from './payeeCheck.machine.ts';

/**
 * Transfer to another member by mobile number. The payee (payeeCheck child: typed or picked from
 * the last people paid and the favourites, checked, its verified name, masked, confirmed) comes
 * before any amount is asked (money sent to a wrong number is the top complaint in wallets). The
 * amount (amountEntry child) is checked against the balance shown, with a note beside it. The payment child authorises exactly this payment with the pay password, on the
 * secure keypad, and sends the transfer: a retry after a lost answer resends the same request and
 * the server answers the first outcome instead of paying twice. When the transfer finds the payee
 * gone or the payer themself, the payee is asked again, the number kept, with why.
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
export type { FavouriteChange, Payee, PayeeLists } from './payeeCheck.machine.ts';
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

export interface TransferContext {
  language: Language;
  available: number | null;
  /** The payee's number (national): the number the payee check starts with when asked again. */
  mobile: string;
  payee: Payee | null;
  /** Why the payee is asked again: the transfer found the number no member's, or the payer's own. */
  payeeProblem: PayeeProblem | null;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amount: number;
  amountText: string;
  /** Why the amount is asked again: the server refused it (not enough money, a limit: its subMsg says which). */
  amountRefusal: AmountRefusal | null;
  note: string;
  errorCode: string | null;
  receipt: TransferReceipt | null;
}

export type TransferEvent =
  | { type: 'assets.retry' }
  | { type: 'payee.changeRequested' }
  | { type: 'note.changed'; value: string }
  | { type: 'payment.cancelled' }
  | { type: 'transfer.restarted' };

const nationalMobile = (context: TransferContext) => toNationalMobile(context.mobile) ?? '';

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent | AnswerEvent,
  },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
    payeeCheck: payeeCheckMachine,
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    unverified: ({ event }) => !answerData<Assets>(event).verified,
  },
  actions: {
    announceAnswer: announceAnswer<TransferContext, TransferEvent | AnswerEvent>(),
    keepAssets: assign({ available: ({ event }) => answerData<Assets>(event).available }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepPayee: assign(({ event }) => { const payee = payeeConfirmed(event); return { payee, mobile: toNationalMobile(payee.mobile) ?? '', payeeProblem: null }; }),
    forgetPayee: assign({ payee: null }),
    payeeNotFound: assign({ payee: null, payeeProblem: 'notFound' as const }),
    payeeIsSelf: assign({ payee: null, payeeProblem: 'isSelf' as const }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    setNote: assign({ note: ({ context, event }) => (event.type === 'note.changed' ? event.value.slice(0, NOTE_MAX) : context.note) }),
    keepReceipt: assign(({ event }) => { const r = answerData<TransferReceipt>(event); return { receipt: r, available: r.available }; }),
    startOver: assign({ mobile: '', payee: null, payeeProblem: null, amountText: '', amount: 0, amountRefusal: null, note: '', errorCode: null, receipt: null }),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    language: input.language, available: null, mobile: '', payee: null, payeeProblem: null, amountText: '', amount: 0, amountRefusal: null, note: '', errorCode: null, receipt: null,
  }),
  initial: 'loadingAssets',
  states: {
    loadingAssets: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssets',
        src: 'loadAssets',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'assetsFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadAssets.ok': [
          { guard: 'unverified', target: 'notVerified' },
          { target: 'enteringPayee', actions: 'keepAssets' },
        ],
        'loadAssets.refused.*': { target: 'assetsFailed', actions: 'keepRefusal' },
      },
    },
    assetsFailed: {
      tags: ['error'],
      on: { 'assets.retry': { target: 'loadingAssets' } },
    },
    // only verified members move money: the screen links to the verification
    notVerified: {},
    // the payee (payeeCheck child): typed or picked, checked, confirmed; asked again with why when the transfer found it wrong
    enteringPayee: {
      invoke: {
        id: 'payeeCheck',
        src: 'payeeCheck',
        input: ({ context }): PayeeCheckInput => ({ mobile: context.mobile, problem: context.payeeProblem }),
        onDone: { target: 'enteringAmount', actions: 'keepPayee' },
        // the chart itself failed (never an answer of the server): the page's load failure, whose retry starts it again
        onError: { target: 'assetsFailed', actions: 'forgetRefusal' },
      },
    },
    // the amount (amountEntry child), within the balance shown (the last known one: the server
    // checks again under the account lock), and the note beside it
    enteringAmount: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language,
          amountText: context.amountText,
          limits: [{ name: 'available', max: context.available ?? 0 }],
          refusal: context.amountRefusal,
        }),
        onDone: { target: 'paying', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): back to the payee, as changing it
        onError: { target: 'enteringPayee', actions: 'forgetPayee' },
      },
      on: {
        'note.changed': { actions: 'setNote' },
        'payee.changeRequested': { target: 'enteringPayee', actions: 'forgetPayee' },
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
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the amount, as going back
        onError: { target: 'enteringAmount' },
      },
      on: {
        'payment.ok': { target: 'succeeded', actions: 'keepReceipt' },
        // not enough money, a limit (its subMsg: which one): the amount again, with why
        'payment.refused.FND10001': { target: 'enteringAmount', actions: 'refuseAmount' },
        'payment.refused.FND10003': { target: 'enteringAmount', actions: 'refuseAmount' },
        'payment.refused.FND10004': { target: 'notVerified' },
        'payment.refused.FND10005': { target: 'enteringPayee', actions: 'payeeNotFound' },
        // the payee is the payer (payeeIsSelf), the last code routedByParent lists
        'payment.refused.*': { target: 'enteringPayee', actions: 'payeeIsSelf' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'enteringAmount' },
        'payment.cancelled': { target: 'enteringAmount' },
      },
    },
    succeeded: {
      on: { 'transfer.restarted': { target: 'enteringPayee', actions: 'startOver' } },
    },
  },
});
