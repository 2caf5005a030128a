import { setup, assign } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { Charge } from '../services/contract/cashier.ts';
import type { MerchantPayment } from '../services/contract/merchantShared.ts';
import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';
import { dataOf, isOk, provided, refusalCode, refusedWith } from './outcome.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';

/**
 * The merchant's till (`/app/cashier`): a store is chosen (straight on when there is one), then
 * (a) an amount is charged with a one-time code: `createDynamicCode` → the code shows with the
 * amount and the time left while `queryDynamicCode` is asked every 2 s → paid (the payment) or
 * expired (another code for the same amount); or (b) the customer's payment code is scanned (the
 * scanner child: Code 128 or QR of 18 digits, or typed) after the amount → `chargePaymentCode`,
 * a money call under one requestNo drawn for this charge: an answer lost on the way is asked
 * again with the same requestNo, so the server answers its first outcome and charges once →
 * paid, or waiting for the customer's pay password on their phone (`queryCharge` every 2 s) →
 * paid | refused (by code: MCH10008 an expired or spent code, FND10001 not enough money…) |
 * expired. The till has no pay password: the customer's code is their consent.
 * A clerk with nowhere to collect (their store or its merchant closed, or removed from the staff:
 * STF10009) is told so and led home: the owner's ways on (create a store, open an account) are
 * not theirs. The server's `role` decides, never the client.
 */
export interface CashierStore {
  storeId: string;
  name: string;
  /** The merchant or sub-merchant the store belongs to. */
  merchantName: string;
}

export interface DynamicCode {
  serial: string;
  payload: string;
  amount: number;
  expiresAt: string;
}

export type DynamicCodeState = { state: 'waiting' | 'paid' | 'expired'; payment: MerchantPayment | null };

/** Who the caller is at the till, as the server says (merchant/cashier/stores). */
export type CashierRole = 'owner' | 'clerk';
export type CashierStores = { role: CashierRole; stores: CashierStore[] };

export interface CashierInput {
  language: Language;
  /** A store to start at (`?storeId=`), when it is one of the merchant's open stores. */
  storeId?: string | null;
}

export interface CashierContext {
  language: Language;
  stores: CashierStore[];
  storeId: string | null;
  amountText: string;
  amount: number;
  code: DynamicCode | null;
  /** The customer's payment code as scanned or typed. */
  paymentCode: string;
  /** One per charge: a retry after a lost answer is the same request. */
  requestNo: string | null;
  charge: Charge | null;
  payment: MerchantPayment | null;
  errorCode: string | null;
}

export type CashierEvent =
  | { type: 'stores.retry' }
  | { type: 'store.chosen'; storeId: string }
  | { type: 'store.change' }
  | { type: 'mode.dynamic' }
  | { type: 'mode.scan' }
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.submitted' }
  | { type: 'code.cancelled' }
  | { type: 'code.renewed' }
  | { type: 'scan.cancelled' }
  | { type: 'scan.again' }
  | { type: 'charge.retry' }
  | { type: 'cashier.again' };

/** The largest amount a code carries (EMVCo field 54: "9999999999.99"). */
export const LARGEST_AMOUNT = 999_999_999_999n;
/** A member's payment code: read from its Code 128 barcode or its QR, or typed. */
export const PAYMENT_CODE_SCAN: ScannerInput = { formats: ['code_128', 'qr_code'], typed: 'paymentCode' };
const PAYMENT_CODE = /^\d{18}$/;

/** A new envelope requestNo for one charge (the gateway's format; Web Crypto only). */
export function chargeRequestNo(): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  return `H5C${Date.now().toString(36)}${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const typed = (c: CashierContext) => parseAmount(c.amountText, c.language);
const codeState = (event: unknown) => dataOf<DynamicCodeState>(event)?.state;
const chargeState = (event: unknown) => dataOf<Charge>(event)?.state;

export const cashierMachine = setup({
  types: { input: {} as CashierInput, context: {} as CashierContext, events: {} as CashierEvent },
  actors: {
    loadStores: provided<Outcome<CashierStores>>('loadStores'),
    createCode: provided<Outcome<DynamicCode>, { storeId: string; amount: number }>('createCode'),
    queryCode: provided<Outcome<DynamicCodeState>, { serial: string }>('queryCode'),
    chargeCode: provided<Outcome<Charge>, { storeId: string; code: string; amount: number; requestNo: string }>('chargeCode'),
    queryCharge: provided<Outcome<Charge>, { chargeId: string }>('queryCharge'),
    scanner: scannerMachine,
  },
  guards: {
    isOk,
    refusedWith,
    noStores: ({ event }) => dataOf<CashierStores>(event)?.stores.length === 0,
    clerkWithoutStore: ({ event }) => {
      const answer = dataOf<CashierStores>(event);
      return answer?.role === 'clerk' && answer.stores.length === 0;
    },
    // one store, or the one asked for in the address: straight to the modes
    storeGiven: ({ context, event }) => {
      const stores = dataOf<CashierStores>(event)?.stores ?? [];
      return stores.length === 1 || stores.some((s) => s.storeId === context.storeId);
    },
    severalStores: ({ context }) => context.stores.length > 1,
    knownStore: ({ context, event }) => event.type === 'store.chosen' && context.stores.some((s) => s.storeId === event.storeId),
    amountUnreadable: ({ context }) => typed(context) === null,
    amountNotPositive: ({ context }) => typed(context) === 0n,
    amountTooLarge: ({ context }) => (typed(context) ?? 0n) > LARGEST_AMOUNT,
    codePaid: ({ event }) => codeState(event) === 'paid',
    codeExpired: ({ event }) => codeState(event) === 'expired',
    isPaymentCode: ({ event }) => PAYMENT_CODE.test((event as { output?: ScannerOutput }).output?.text.trim() ?? ''),
    chargePaid: ({ event }) => chargeState(event) === 'paid',
    chargeAwaiting: ({ event }) => chargeState(event) === 'awaitingConfirmation',
    chargeRefused: ({ event }) => chargeState(event) === 'refused',
    chargeExpired: ({ event }) => chargeState(event) === 'expired',
  },
  actions: {
    keepStores: assign(({ context, event }) => {
      const stores = dataOf<CashierStores>(event)?.stores ?? [];
      const storeId = stores.some((s) => s.storeId === context.storeId) ? context.storeId : stores.length === 1 ? stores[0]!.storeId : null;
      return { stores, storeId, errorCode: null };
    }),
    chooseStore: assign({ storeId: ({ context, event }) => (event.type === 'store.chosen' ? event.storeId : context.storeId) }),
    setAmountText: assign({ amountText: ({ context, event }) => (event.type === 'amount.changed' ? event.value.slice(0, 24) : context.amountText) }),
    keepAmount: assign({ amount: ({ context }) => Number(typed(context) ?? 0n), errorCode: null }),
    keepCode: assign({ code: ({ event, context }) => dataOf<DynamicCode>(event) ?? context.code }),
    keepCodePayment: assign({ payment: ({ event }) => dataOf<DynamicCodeState>(event)?.payment ?? null }),
    // the code read and a requestNo for this charge: kept until the charge has its answer
    startCharge: assign({ paymentCode: ({ event }) => (event as { output?: ScannerOutput }).output?.text.trim() ?? '', requestNo: () => chargeRequestNo(), charge: null }),
    keepCharge: assign(({ event, context }) => {
      const charge = dataOf<Charge>(event);
      return charge ? { charge, payment: charge.payment, errorCode: charge.refusalCode } : { charge: context.charge };
    }),
    keepExpiredCharge: assign({ errorCode: 'MCH10008' }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // the charge has its answer: a new one needs a new code and a new requestNo
    endCharge: assign({ requestNo: null, paymentCode: '' }),
    startOver: assign({ amountText: '', amount: 0, code: null, paymentCode: '', requestNo: null, charge: null, payment: null, errorCode: null }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'cashier',
  context: ({ input }) => ({
    language: input.language, stores: [], storeId: input.storeId ?? null, amountText: '', amount: 0, code: null, paymentCode: '', requestNo: null, charge: null, payment: null, errorCode: null,
  }),
  initial: 'loadingStores',
  states: {
    loadingStores: {
      tags: ['busy'],
      invoke: {
        id: 'loadStores',
        src: 'loadStores',
        onDone: [
          { guard: 'clerkWithoutStore', target: 'cannotCollect', actions: 'keepStores' },
          { guard: 'noStores', target: 'noStores', actions: 'keepStores' },
          { guard: 'storeGiven', target: 'choosingMode', actions: 'keepStores' },
          { guard: 'isOk', target: 'choosingStore', actions: 'keepStores' },
          { guard: { type: 'refusedWith', params: { code: 'MCH10003' } }, target: 'notMerchant' },
          { guard: { type: 'refusedWith', params: { code: 'STF10009' } }, target: 'cannotCollect', actions: 'keepRefusal' },
          { target: 'storesFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'storesFailed', actions: 'forgetRefusal' },
      },
    },
    storesFailed: { tags: ['error'], on: { 'stores.retry': { target: 'loadingStores' } } },
    // no collection account: the screen leads to opening one
    notMerchant: {},
    // no open store: the screen leads to the merchant list to create one
    noStores: {},
    // a clerk whose store is closed (errorCode null) or who was removed (STF10009): asking again
    // changes nothing and the owner's ways on are not theirs, so the screen leads home
    cannotCollect: {},
    choosingStore: { on: { 'store.chosen': { guard: 'knownStore', target: 'choosingMode', actions: 'chooseStore' } } },
    choosingMode: {
      entry: 'startOver',
      on: { 'mode.dynamic': { target: 'dynamic' }, 'mode.scan': { target: 'charging' }, 'store.change': { guard: 'severalStores', target: 'choosingStore' } },
    },
    // (a) the amount, then a one-time code for it
    dynamic: {
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
            'cashier.again': { target: '#cashier.choosingMode' },
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
            input: ({ context }) => ({ storeId: context.storeId!, amount: context.amount }),
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
          on: { 'code.cancelled': { target: '#cashier.choosingMode' } },
          states: {
            waiting: { after: { pollInterval: { target: 'checking' } } },
            checking: {
              invoke: {
                id: 'queryCode',
                src: 'queryCode',
                input: ({ context }) => ({ serial: context.code!.serial }),
                onDone: [
                  { guard: 'codePaid', target: '#cashier.dynamic.paid', actions: 'keepCodePayment' },
                  { guard: 'codeExpired', target: '#cashier.dynamic.expired' },
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
        paid: { on: { 'cashier.again': { target: '#cashier.choosingMode' } } },
        // nobody paid it in time: another code for the same amount, or start again
        expired: { on: { 'code.renewed': { target: 'creating' }, 'cashier.again': { target: '#cashier.choosingMode' } } },
      },
    },
    // (b) the amount, then the customer's payment code
    charging: {
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
              { target: 'scanning', actions: 'keepAmount' },
            ],
            'cashier.again': { target: '#cashier.choosingMode' },
          },
          states: { typing: {}, unreadable: { tags: ['error'] }, notPositive: { tags: ['error'] }, tooLarge: { tags: ['error'] } },
        },
        scanning: {
          invoke: {
            id: 'scanner',
            src: 'scanner',
            input: () => PAYMENT_CODE_SCAN,
            onDone: [
              { guard: 'isPaymentCode', target: 'sending', actions: 'startCharge' },
              { target: 'notAPaymentCode' },
            ],
            onError: { target: 'enteringAmount' },
          },
          on: { 'scan.cancelled': { target: 'enteringAmount' } },
        },
        // something else was read (a merchant's code, a product's barcode)
        notAPaymentCode: { tags: ['error'], on: { 'scan.again': { target: 'scanning' }, 'scan.cancelled': { target: 'enteringAmount' } } },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'chargeCode',
            src: 'chargeCode',
            input: ({ context }) => ({ storeId: context.storeId!, code: context.paymentCode, amount: context.amount, requestNo: context.requestNo! }),
            onDone: [
              { guard: 'chargePaid', target: 'paid', actions: ['keepCharge', 'endCharge'] },
              { guard: 'chargeAwaiting', target: 'awaiting', actions: ['keepCharge', 'endCharge'] },
              { guard: 'isOk', target: 'refused', actions: ['keepCharge', 'endCharge'] },
              { target: 'refused', actions: ['keepRefusal', 'endCharge'] },
            ],
            onError: { target: 'uncertain' },
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
                onDone: [
                  { guard: 'chargePaid', target: '#cashier.charging.paid', actions: 'keepCharge' },
                  { guard: 'chargeRefused', target: '#cashier.charging.refused', actions: 'keepCharge' },
                  { guard: 'chargeExpired', target: '#cashier.charging.refused', actions: ['keepCharge', 'keepExpiredCharge'] },
                  { guard: 'isOk', target: 'waiting', actions: 'keepCharge' },
                  { target: 'trouble' },
                ],
                onError: { target: 'trouble' },
              },
            },
            trouble: { tags: ['error'], after: { pollInterval: { target: 'checking' } } },
          },
        },
        paid: { on: { 'cashier.again': { target: '#cashier.choosingMode' } } },
        refused: { tags: ['error'], on: { 'cashier.again': { target: '#cashier.choosingMode' } } },
      },
    },
  },
});
