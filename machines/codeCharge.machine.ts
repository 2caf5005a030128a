import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Charge } from '../services/contract/cashier.ts';
import type { MerchantPayment } from '../services/contract/merchantShared.ts';
import type { Language } from '../src/lib/language.ts';
import { amountAsked, amountEntryMachine, LARGEST_AMOUNT, type AmountEntryInput } from './amountEntry.machine.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';
import { tillActions } from './till.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';
import { groupVoucherCode } from '../src/scan/kinds.ts';

/**
 * The till charging the customer's payment code, the cashier's child chart for its mode (b): the
 * amount (amountEntry child, at most what the till charges) → the code scanned (the scanner child: Code 128 or QR of 18 digits, or typed) →
 * `chargePaymentCode`, a money call under one requestNo drawn for this charge: an answer lost on
 * the way is asked again with the same requestNo, so the server answers its first outcome and
 * charges once → paid, or waiting for the customer's pay password on their phone (`queryCharge`
 * every 2 s) → paid | refused (by code: MCH10008 an expired or spent code, FND10001 not enough
 * money…) | expired. The till has no pay password: the customer's code is their consent. It ends
 * when the person starts again, and the cashier goes back to its modes. A group-package voucher read
 * instead of a payment code is not charged: the screen opens its redemption (`openVoucher`).
 */
export interface CodeChargeInput {
  language: Language;
  /** The store the cashier collects for. */
  storeId: string;
}

export interface CodeChargeContext {
  language: Language;
  storeId: string;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amount: number;
  amountText: string;
  errorCode: string | null;
  /** The customer's payment code as scanned or typed. */
  paymentCode: string;
  /** A group-package voucher's code read instead: redeemed on its own page, never charged. */
  voucherCode: string | null;
  /** One per charge: a retry after a lost answer is the same request. */
  requestNo: string | null;
  charge: Charge | null;
  payment: MerchantPayment | null;
}

export type CodeChargeEvent =
  | { type: 'scan.cancelled' }
  | { type: 'scan.again' }
  | { type: 'charge.retry' }
  | { type: 'cashier.again' };

/** A member's payment code: read from its Code 128 barcode or its QR, or typed. */
export const PAYMENT_CODE_SCAN: ScannerInput = { formats: ['code_128', 'qr_code'], typed: 'paymentCode' };
const PAYMENT_CODE = /^\d{18}$/;

/** A new envelope requestNo for one charge (the gateway's format; Web Crypto only). */
export function chargeRequestNo(): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  return `H5C${Date.now().toString(36)}${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const chargeState = (event: unknown) => answerData<Charge>(event).state;
const scanned = (event: unknown) => (event as { output?: ScannerOutput }).output?.text.trim() ?? '';

export const codeChargeMachine = setup({
  types: { input: {} as CodeChargeInput, context: {} as CodeChargeContext, events: {} as CodeChargeEvent | AnswerEvent },
  actors: {
    amountEntry: amountEntryMachine,
    chargeCode: provided<Outcome<Charge>, { storeId: string; code: string; amount: number; requestNo: string }>('chargeCode'),
    queryCharge: provided<Outcome<Charge>, { chargeId: string }>('queryCharge'),
    scanner: scannerMachine,
  },
  guards: {
    isPaymentCode: ({ event }) => PAYMENT_CODE.test(scanned(event)),
    isGroupVoucher: ({ event }) => groupVoucherCode(scanned(event)) !== null,
    chargePaid: ({ event }) => chargeState(event) === 'paid',
    chargeAwaiting: ({ event }) => chargeState(event) === 'awaitingConfirmation',
    chargeRefused: ({ event }) => chargeState(event) === 'refused',
    chargeExpired: ({ event }) => chargeState(event) === 'expired',
  },
  actions: {
    announceAnswer: announceAnswer<CodeChargeContext, CodeChargeEvent | AnswerEvent>(),
    ...tillActions,
    keepVoucher: assign({ voucherCode: ({ event }) => groupVoucherCode(scanned(event)) }),
    /** Provided by the screen: the voucher's redemption page opens, with its code, for this store. */
    openVoucher: () => {},
    keepAmount: assign(({ event }) => amountAsked(event)),
    // the code read and a requestNo for this charge: kept until the charge has its answer
    startCharge: assign({ paymentCode: ({ event }) => scanned(event), requestNo: () => chargeRequestNo(), charge: null }),
    keepCharge: assign(({ event }) => {
      const charge = answerData<Charge>(event);
      return { charge, payment: charge.payment, errorCode: charge.refusalCode };
    }),
    keepExpiredCharge: assign({ errorCode: 'MCH10008' }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    // the charge has its answer: a new one needs a new code and a new requestNo
    endCharge: assign({ requestNo: null, paymentCode: '' }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'codeCharge',
  context: ({ input }) => ({
    language: input.language, storeId: input.storeId, amountText: '', amount: 0, errorCode: null, paymentCode: '', voucherCode: null, requestNo: null, charge: null, payment: null,
  }),
  initial: 'enteringAmount',
  states: {
    // the amount (amountEntry child), at most what the till charges; no call yet, so nothing refused it
    enteringAmount: {
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({ language: context.language, amountText: context.amountText, limits: [{ name: 'largest', max: LARGEST_AMOUNT }] }),
        onDone: { target: 'scanning', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): back to the modes, as starting again
        onError: { target: 'ended' },
      },
      on: { 'cashier.again': { target: 'ended' } },
    },
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        input: () => PAYMENT_CODE_SCAN,
        onDone: [
          { guard: 'isPaymentCode', target: 'sending', actions: 'startCharge' },
          { guard: 'isGroupVoucher', target: 'voucherRead', actions: 'keepVoucher' },
          { target: 'notAPaymentCode' },
        ],
        onError: { target: 'enteringAmount' },
      },
      on: { 'scan.cancelled': { target: 'enteringAmount' } },
    },
    // a group-package voucher: nothing is charged; its redemption page opens (the screen navigates)
    voucherRead: { tags: ['busy'], entry: 'openVoucher', on: { 'scan.cancelled': { target: 'enteringAmount' } } },
    // something else was read (a merchant's code, a product's barcode)
    notAPaymentCode: { tags: ['error'], on: { 'scan.again': { target: 'scanning' }, 'scan.cancelled': { target: 'enteringAmount' } } },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'chargeCode',
        src: 'chargeCode',
        input: ({ context }) => ({ storeId: context.storeId, code: context.paymentCode, amount: context.amount, requestNo: context.requestNo! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'uncertain' },
      },
      on: {
        'chargeCode.ok': [
          { guard: 'chargePaid', target: 'paid', actions: ['keepCharge', 'endCharge'] },
          { guard: 'chargeAwaiting', target: 'awaiting', actions: ['keepCharge', 'endCharge'] },
          { target: 'refused', actions: ['keepCharge', 'endCharge'] },
        ],
        'chargeCode.refused.*': { target: 'refused', actions: ['keepRefusal', 'endCharge'] },
      },
    },
    // no answer: it may have been charged; only the same request (same requestNo) goes again
    uncertain: { tags: ['error'], on: { 'charge.retry': { target: 'sending' } } },
    // above the customer's password-free limit: they confirm on their phone; asked every 2 s
    awaiting: {
      initial: 'waiting',
      states: {
        waiting: { after: { pollInterval: { target: 'checking' } } },
        checking: {
          invoke: {
            id: 'queryCharge',
            src: 'queryCharge',
            input: ({ context }) => ({ chargeId: context.charge!.chargeId }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'trouble' },
          },
          on: {
            'queryCharge.ok': [
              { guard: 'chargePaid', target: '#codeCharge.paid', actions: 'keepCharge' },
              { guard: 'chargeRefused', target: '#codeCharge.refused', actions: 'keepCharge' },
              { guard: 'chargeExpired', target: '#codeCharge.refused', actions: ['keepCharge', 'keepExpiredCharge'] },
              { target: 'waiting', actions: 'keepCharge' },
            ],
            'queryCharge.refused.*': { target: 'trouble' },
          },
        },
        trouble: { tags: ['error'], after: { pollInterval: { target: 'checking' } } },
      },
    },
    // paid: seen from a metre away and heard (announcePaid)
    paid: { entry: 'announcePaid', on: { 'cashier.again': { target: 'ended' } } },
    refused: { tags: ['error'], on: { 'cashier.again': { target: 'ended' } } },
    // the cashier goes back to its modes
    ended: { type: 'final' },
  },
});
