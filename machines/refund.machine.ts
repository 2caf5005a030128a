import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { recordDetail } from '../services/contract/records.ts';
import type { applyRefund } from '../services/contract/refund.ts';
import { LEDGER_CODES, STAFF_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { decimalMarkOf, parseAmount } from '../src/lib/money.ts';
import { dataOf, isOk, provided, refusalCode, refusedWith } from './outcome.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';

/**
 * A record's detail and its refund (issue 12, `/app/records/$id`): the record as the server lets
 * the caller see it (STF10013 otherwise), then — the owner only, while something is left to give
 * back — an amount (all by default, or part), confirmed with the merchant's pay password for this
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
  amountText: string;
  amount: number;
  refund: RefundAnswer | null;
  errorCode: string | null;
}

export type RefundEvent =
  | { type: 'record.retry' }
  | { type: 'refund.started' }
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.all' }
  | { type: 'refund.submitted' }
  | { type: 'refund.cancelled' }
  | { type: 'payment.cancelled' };

const typedAmount = (c: RefundContext) => parseAmount(c.amountText, c.language);
/** Cêntimos as a person types them ("1500", "1500,50" in pt). */
export const amountText = (centimos: number, language: Language) => {
  const cents = centimos % 100;
  return `${Math.trunc(centimos / 100)}${cents ? `${decimalMarkOf(language)}${String(cents).padStart(2, '0')}` : ''}`;
};

export const refundMachine = setup({
  types: { input: {} as RefundInput, context: {} as RefundContext, events: {} as RefundEvent },
  actors: {
    loadRecord: provided<Outcome<RecordDetail>, { recordId: string }>('loadRecord'),
    payment: paymentMachine,
  },
  guards: {
    isOk,
    refusedWith,
    // the owner, and something left to give back; the server decides again (STF10010, STF10012)
    canRefund: ({ context }) => context.record?.role === 'owner' && context.record.refundable > 0,
    amountUnreadable: ({ context }) => (typedAmount(context) ?? 0n) <= 0n,
    amountTooMuch: ({ context }) => (typedAmount(context) ?? 0n) > BigInt(context.record?.refundable ?? 0),
  },
  actions: {
    keepRecord: assign({ record: ({ event, context }) => dataOf<RecordDetail>(event) ?? context.record, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // all that is left, by default: the common case is giving the whole payment back
    startEditing: assign({ amountText: ({ context }) => amountText(context.record?.refundable ?? 0, context.language), errorCode: null }),
    setAmountText: assign({ amountText: ({ context, event }) => (event.type === 'amount.changed' ? event.value.slice(0, 24) : context.amountText) }),
    fillAll: assign({ amountText: ({ context }) => amountText(context.record?.refundable ?? 0, context.language) }),
    keepAmount: assign({ amount: ({ context }) => Number(typedAmount(context) ?? 0n) }),
    keepRefund: assign({ refund: ({ event, context }) => dataOf<RefundAnswer>(event) ?? context.refund }),
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({ recordId: input.recordId, language: input.language, record: null, amountText: '', amount: 0, refund: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ recordId: context.recordId }),
        onDone: [
          { guard: 'isOk', target: 'viewing', actions: 'keepRecord' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'record.retry': { target: 'loading' } } },
    viewing: {
      on: { 'refund.started': { guard: 'canRefund', target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmountText' },
        'amount.all': { target: '.typing', actions: 'fillAll' },
        'refund.submitted': [
          { guard: 'amountUnreadable', target: '.unreadable' },
          { guard: 'amountTooMuch', target: '.tooMuch' },
          { target: 'paying', actions: 'keepAmount' },
        ],
        'refund.cancelled': { target: 'viewing' },
      },
      states: {
        typing: {},
        unreadable: { tags: ['error'] },
        tooMuch: { tags: ['error'] },
        // FND10001: the settlement no longer holds it (withdrawn meanwhile)
        insufficient: { tags: ['error'] },
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
        onDone: [
          { guard: 'isOk', target: 'refunded', actions: 'keepRefund' },
          // another refund came first: what is left is read again, then asked again
          { guard: { type: 'refusedWith', params: { code: 'STF10012' } }, target: 'reloading', actions: 'keepRefusal' },
          { guard: { type: 'refusedWith', params: { code: 'FND10001' } }, target: 'editing.insufficient' },
          // STF10013 or STF10010, the last codes routedByParent lists: nothing more to do here
          { target: 'refused', actions: 'keepRefusal' },
        ],
        // the chart itself failed (never an answer of the server): back to the amount, as going back
        onError: { target: 'editing' },
      },
      on: { 'payment.cancelled': { target: 'editing' } },
    },
    // after STF10012: the record as it is now, then the amount with the refusal shown
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ recordId: context.recordId }),
        onDone: [
          { guard: 'isOk', target: 'editing.tooMuch', actions: 'keepRecord' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
    },
    refused: { tags: ['error'], on: { 'record.retry': { target: 'loading' } } },
    // done: the payer was told; the record is read again to show it
    refunded: { on: { 'record.retry': { target: 'loading' } } },
  },
});
