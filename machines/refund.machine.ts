import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { recordDetail } from '../services/contract/records.ts';
import type { applyRefund } from '../services/contract/refund.ts';
import { LEDGER_CODES, STAFF_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, amountTextOf, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';

/**
 * A record's detail and its refund (issue 12, `/app/records/$id`): the record as the server lets
 * the caller see it (STF10013 otherwise), then — the owner only, while something is left to give
 * back — an amount (the amountEntry child: all by default, or part, at most what is left), confirmed with the merchant's pay password for this
 * very refund (payment child: purpose `merchant/refund/apply`, the amount, the record; requestNo
 * prefix H5R, so a lost answer is resent as the same refund and never refunds twice). What the
 * server refuses on the way — more than is left (STF10012, another refund came first), money
 * already withdrawn (FND10001) — goes back to the amount; a record gone (STF10013) or a clerk's
 * attempt (STF10010) ends here. After the refund the record is read again.
 */
export const REFUND_SERVICE = 'merchant/refund/apply';

export type RecordDetail = ResponseOf<typeof recordDetail>;
export type RefundAnswer = ResponseOf<typeof applyRefund>;

export interface RefundInput {
  recordId: string;
  language: Language;
}
export interface RefundContext {
  recordId: string;
  language: Language;
  record: RecordDetail | null;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amountText: string;
  amount: number;
  /** Why the amount is asked again: more than is left now (STF10012), or the money is no longer there (FND10001). */
  amountRefusal: AmountRefusal | null;
  refund: RefundAnswer | null;
  errorCode: string | null;
}

export type RefundEvent =
  | { type: 'record.retry' }
  | { type: 'refund.started' }
  | { type: 'amount.all' }
  | { type: 'refund.cancelled' }
  | { type: 'payment.cancelled' };

export const refundMachine = setup({
  types: { input: {} as RefundInput, context: {} as RefundContext, events: {} as RefundEvent | AnswerEvent },
  actors: {
    loadRecord: provided<Outcome<RecordDetail>, { recordId: string }>('loadRecord'),
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    // the owner, and something left to give back; the server decides again (STF10010, STF10012)
    canRefund: ({ context }) => context.record?.role === 'owner' && context.record.refundable > 0,
  },
  actions: {
    announceAnswer: announceAnswer<RefundContext, RefundEvent | AnswerEvent>(),
    keepRecord: assign({ record: ({ event }) => answerData<RecordDetail>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // all that is left, by default: the common case is giving the whole payment back
    startEditing: assign({ amountText: ({ context }) => amountTextOf(context.record?.refundable ?? 0, context.language), errorCode: null }),
    fillAll: assign({ amountText: ({ context }) => amountTextOf(context.record?.refundable ?? 0, context.language) }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    keepRefund: assign({ refund: ({ event }) => answerData<RefundAnswer>(event) }),
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({ recordId: input.recordId, language: input.language, record: null, amountText: '', amount: 0, amountRefusal: null, refund: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ recordId: context.recordId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadRecord.ok': { target: 'viewing', actions: 'keepRecord' },
        'loadRecord.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'record.retry': { target: 'loading' } } },
    viewing: {
      on: { 'refund.started': { guard: 'canRefund', target: 'editing', actions: 'startEditing' } },
    },
    // the amount (amountEntry child), at most what is left to give back
    editing: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language,
          amountText: context.amountText,
          limits: [{ name: 'refundable', max: context.record?.refundable ?? 0 }],
          refusal: context.amountRefusal,
        }),
        onDone: { target: 'paying', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): back to the record, as cancelling
        onError: { target: 'viewing' },
      },
      on: {
        // all that is left, asked afresh
        'amount.all': { target: 'editing', reenter: true, actions: 'fillAll' },
        'refund.cancelled': { target: 'viewing' },
      },
    },
    // the merchant's pay password for this refund, then the refund (payment child)
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: REFUND_SERVICE, amount: context.amount, counterparty: context.recordId },
          requestPrefix: 'H5R',
          request: { recordId: context.recordId, amount: context.amount },
          routedByParent: [STAFF_CODES.refundOverPaid, LEDGER_CODES.insufficientFunds, STAFF_CODES.recordUnknown, STAFF_CODES.ownerOnly],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the amount, as going back
        onError: { target: 'editing' },
      },
      on: {
        'payment.ok': { target: 'refunded', actions: 'keepRefund' },
        // another refund came first: what is left is read again, then the amount asked again with why
        'payment.refused.STF10012': { target: 'reloading', actions: 'refuseAmount' },
        // the settlement no longer holds it (withdrawn meanwhile): the amount again, with why
        'payment.refused.FND10001': { target: 'editing', actions: 'refuseAmount' },
        // STF10013 or STF10010, the last codes routedByParent lists: nothing more to do here
        'payment.refused.*': { target: 'refused', actions: 'keepRefusal' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'editing' },
        'payment.cancelled': { target: 'editing' },
      },
    },
    // after STF10012: the record as it is now, then the amount with the refusal shown
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ recordId: context.recordId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: ['forgetRefusal', 'forgetAmountRefusal'] },
      },
      on: {
        'loadRecord.ok': { target: 'editing', actions: 'keepRecord' },
        'loadRecord.refused.*': { target: 'failed', actions: ['keepRefusal', 'forgetAmountRefusal'] },
      },
    },
    refused: { tags: ['error'], on: { 'record.retry': { target: 'loading' } } },
    // done: the payer was told; the record is read again to show it
    refunded: { on: { 'record.retry': { target: 'loading' } } },
  },
});
