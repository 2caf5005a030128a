import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES, RECEIVE_CODES } from '../services/contract/answerCodes.ts';
import type { ResolvedCode } from '../services/contract/receiveCode.ts';
import { RECEIVE_NOTE_MAX } from '../services/contract/values.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import type { Assets, TransferReceipt } from './transfer.machine.ts';

/**
 * Paying a person's receive code, scanned from the scan screen (src/scan/kinds.ts `personalCode`):
 * a transfer to the code's owner. The code is resolved first and the owner's verified name, masked,
 * must be confirmed before anything is asked (as the transfer by number). A standing code asks the
 * amount (amountEntry child, within the balance); a one-time code carries its own, fixed. The
 * payer's note goes along. The payment child authorises exactly this payment (service, amount and
 * the code) with the pay password and sends it once; a retry resends the same request. A code
 * renewed, already paid or expired meanwhile is refused with its reason.
 */
export const CODE_TRANSFER_SERVICE = 'wallet/receiveCode/payByCode';

export interface CodeTransferInput {
  language: Language;
  /** The code's token, from the scanned payload (the route's parameter). */
  token: string;
}

export interface CodeTransferContext {
  language: Language;
  token: string;
  available: number | null;
  code: ResolvedCode | null;
  amount: number;
  amountText: string;
  amountRefusal: AmountRefusal | null;
  note: string;
  errorCode: string | null;
  receipt: TransferReceipt | null;
}

export type CodeTransferEvent =
  | { type: 'assets.retry' }
  | { type: 'code.retry' }
  | { type: 'payee.confirmed' }
  | { type: 'note.changed'; value: string }
  | { type: 'amount.back' }
  | { type: 'payment.cancelled' };

export const codeTransferMachine = setup({
  types: {
    input: {} as CodeTransferInput,
    context: {} as CodeTransferContext,
    events: {} as CodeTransferEvent | AnswerEvent,
  },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
    resolveCode: provided<Outcome<ResolvedCode>, { token: string }>('resolveCode'),
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    unverified: ({ event }) => !answerData<Assets>(event).verified,
    // a one-time code carries its amount: nothing to type
    fixedAmount: ({ context }) => context.code?.amount != null,
  },
  actions: {
    announceAnswer: announceAnswer<CodeTransferContext, CodeTransferEvent | AnswerEvent>(),
    keepAssets: assign({ available: ({ event }) => answerData<Assets>(event).available }),
    keepCode: assign(({ event }) => { const code = answerData<ResolvedCode>(event); return { code, amount: code.amount ?? 0 }; }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    forgetAmountRefusal: assign({ amountRefusal: null }),
    setNote: assign({ note: ({ context, event }) => (event.type === 'note.changed' ? event.value.slice(0, RECEIVE_NOTE_MAX) : context.note) }),
    keepReceipt: assign(({ event }) => { const r = answerData<TransferReceipt>(event); return { receipt: r, available: r.available }; }),
  },
}).createMachine({
  id: 'codeTransfer',
  context: ({ input }) => ({
    language: input.language, token: input.token, available: null, code: null, amount: 0, amountText: '', amountRefusal: null, note: '', errorCode: null, receipt: null,
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
          { target: 'resolving', actions: 'keepAssets' },
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
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolveCode',
        src: 'resolveCode',
        input: ({ context }) => ({ token: context.token }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'resolveFailed' },
      },
      on: {
        'resolveCode.ok': { target: 'confirming', actions: 'keepCode' },
        // renewed, paid, expired, one's own, look-ups spent: its reason, and the way back to scanning
        'resolveCode.refused.*': { target: 'refused', actions: 'keepRefusal' },
      },
    },
    resolveFailed: {
      tags: ['error'],
      on: { 'code.retry': { target: 'resolving' } },
    },
    refused: { tags: ['error'] },
    // "is this the person?" with a one-time code's amount and note; the payer's note beside it
    confirming: {
      exit: 'forgetAmountRefusal',
      on: {
        'note.changed': { actions: 'setNote' },
        'payee.confirmed': [{ guard: 'fixedAmount', target: 'paying' }, { target: 'enteringAmount' }],
      },
    },
    // a standing code's amount (amountEntry child), within the balance shown
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
        // the chart itself failed (never an answer of the server): back to the payee, as going back
        onError: { target: 'confirming' },
      },
      on: {
        'note.changed': { actions: 'setNote' },
        'amount.back': { target: 'confirming' },
      },
    },
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: CODE_TRANSFER_SERVICE, amount: context.amount, counterparty: context.token },
          requestPrefix: 'H5T',
          request: { token: context.token, amount: context.amount, note: context.note.trim() },
          routedByParent: [LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, LEDGER_CODES.payeeNotFound, LEDGER_CODES.payeeIsSelf,
            RECEIVE_CODES.codeUnknown, RECEIVE_CODES.codeAlreadyPaid, RECEIVE_CODES.codeExpired, RECEIVE_CODES.amountDiffers],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the payee, as going back
        onError: { target: 'confirming' },
      },
      on: {
        'payment.ok': { target: 'succeeded', actions: 'keepReceipt' },
        // not enough money, a limit (its subMsg: which one): the amount again, with why; a fixed amount is shown with why
        'payment.refused.FND10001': [{ guard: 'fixedAmount', target: 'confirming', actions: 'refuseAmount' }, { target: 'enteringAmount', actions: 'refuseAmount' }],
        'payment.refused.FND10003': [{ guard: 'fixedAmount', target: 'confirming', actions: 'refuseAmount' }, { target: 'enteringAmount', actions: 'refuseAmount' }],
        'payment.refused.FND10004': { target: 'notVerified' },
        // the code renewed, paid by someone else or expired meanwhile, or its owner gone
        'payment.refused.*': { target: 'refused', actions: 'keepRefusal' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'confirming' },
        'payment.cancelled': { target: 'confirming' },
      },
    },
    succeeded: {},
  },
});
