import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES, MERCHANT_CODES, PROMOTION_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, amountTextOf, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';
import type { Assets } from './transfer.machine.ts';
import { readScan } from '../src/scan/kinds.ts';

/**
 * Paying a merchant by its collection code (issue 11). The member's balance comes first; only
 * verified members pay, but anyone may scan: an unverified member is stopped once a code to pay
 * was read, before it is even resolved, so a code of another kind still opens (accepting a staff
 * invitation needs no paying rights). The scanner child reads the code (camera, a photo, or the
 * serial typed), and the scan table (src/scan/kinds.ts) says what it is: a collection code is
 * paid here; a code of another kind (a staff invitation…) opens its own flow's page, which the scan
 * screen routes (`openScanned`); a code of no kind the wallet knows is said so at once. For a
 * collection code the server says what it pays — the merchant's verified name, the store, its category and, for a
 * cashier's one-time code, the amount — or why it cannot be paid (unknown, not bound, expired,
 * already paid, a closed store, one's own store). The member types the amount of a printed or
 * store code (a one-time code's is fixed; the amountEntry child), and the server quotes it: the
 * promotions that apply (a discount, the member's coupon, cashback to come, each named), what the
 * member pays, checked against the balance (short: the amount again, with why). A quote with a
 * promotion is shown and accepted; one without goes straight on. Then the payment child authorises
 * exactly this payment with the pay password and pays what was quoted, sending the quote's payable,
 * cashback and part paid with cashback (quotedFigures): a lost answer is resent with the same requestNo, never paid twice. When a budget, a
 * stock or a limit ran out meanwhile the server refuses (PROMOTION_CHANGES) and the member is quoted
 * again and shown why — never charged another amount silently. Ends with the receipt.
 * Beside the scanner, the stores paid recently (recentMerchants): one with its own static code opens
 * it as if its serial were typed, resolved and shown again before any amount; the others are listed.
 */
export const PAY_MERCHANT_SERVICE = 'pay/merchant/pay';
/** Collection codes are QR codes; a serial is typed when there is no camera. */
export const SCAN_TO_PAY_SCANNER: ScannerInput = { formats: ['qr_code'], typed: 'serial' };

export interface ResolvedCode {
  serial: string;
  kind: 'static' | 'dynamic';
  merchantName: string;
  storeName: string;
  mcc: string;
  amount: number | null;
  expiresAt: string | null;
}
/** A promotion's part in a quote (services/contract/scanToPay.ts paymentAdjustment), named. */
export interface QuotedAdjustment {
  extension: string;
  kind: 'discount' | 'coupon' | 'cashbackDeduction' | 'cashback' | 'draw';
  amount: number;
  reference: string | null;
  name: string | null;
}
/** What paying will come to (pay/merchant/quote): the price, the promotions, what leaves the balance, the cashback to come. */
export interface MerchantQuote {
  amount: number;
  adjustments: QuotedAdjustment[];
  payable: number;
  cashback: number;
}
/**
 * The quote's figures a payment sends back (pay/merchant/pay, pay/paymentCode/confirm,
 * pay/groupPackage/buy): `payable`, `cashback` and, when the quote pays part with cashback,
 * `cashbackPaid` (the cashbackDeduction adjustments' sum; left out when none) — the split the member
 * confirmed; the server refuses any other (PRM10001) and the member is quoted again.
 */
export function quotedFigures(quote: MerchantQuote): { payable: number; cashback: number; cashbackPaid?: number } {
  const cashbackPaid = quote.adjustments.filter((a) => a.kind === 'cashbackDeduction').reduce((sum, a) => sum + a.amount, 0);
  return { payable: quote.payable, cashback: quote.cashback, ...(cashbackPaid > 0 ? { cashbackPaid } : {}) };
}
/** What is quoted: a scanned code with its amount, or a cashier's charge on the member's payment code. */
export type QuoteRequest = { serial: string; amount: number } | { chargeId: string };
export interface MerchantReceipt {
  paymentId: string;
  voucherNo: string;
  merchantName: string;
  storeName: string;
  /** The price; `paid` what left the available balance after any discount, coupon and cashback deduction; `cashback` what came back. */
  amount: number;
  paid: number;
  cashback: number;
  /** What the cashback balance paid of the price (a cashback deduction; absent or 0: none). */
  cashbackPaid?: number;
  available: number;
  at: string;
}
/** A store paid recently by scanning; `serial` its own static code (null: scan the code at the till). */
export interface RecentStore {
  storeId: string;
  storeName: string;
  merchantName: string;
  serial: string | null;
}
export interface ScanToPayInput {
  language: Language;
}

export interface ScanToPayContext {
  language: Language;
  available: number | null;
  /** As the balance's answer says (false also after FND10004); null before it. */
  verified: boolean | null;
  scanned: ScannerOutput | null;
  code: ResolvedCode | null;
  /** The amount asked for, and as it was typed (a one-time code's own): the amount is asked again with it. */
  amountText: string;
  amount: number;
  /** Why the amount is asked again: not enough money (FND10001), a limit (FND10003: its subMsg says which). */
  amountRefusal: AmountRefusal | null;
  /** The server's quote of this amount; shown (with errorCode, when the payment found the quote changed) before paying. */
  quote: MerchantQuote | null;
  errorCode: string | null;
  receipt: MerchantReceipt | null;
  /** The stores paid recently (empty until loaded, or when they could not be). */
  recentStores: RecentStore[];
}

export type ScanToPayEvent =
  | { type: 'assets.retry' }
  | { type: 'scan.again' }
  | { type: 'resolve.retry' }
  | { type: 'quote.accept' }
  | { type: 'quote.retry' }
  | { type: 'amount.change' }
  | { type: 'payment.cancelled' }
  | { type: 'shortcut.picked'; serial: string };

/** The refusals that are about the code itself: the member scans another. */
const CODE_REFUSALS = [
  MERCHANT_CODES.codeUnknown, MERCHANT_CODES.codeUnbound, MERCHANT_CODES.codeExpired, MERCHANT_CODES.codeAlreadyPaid,
  MERCHANT_CODES.storeClosed, MERCHANT_CODES.amountMismatch, MERCHANT_CODES.payingOwnStore,
];
/**
 * The payment's refusals that mean the quote no longer holds (a budget, a coupon's stock, the
 * member's limit ran out, the coupon was used meanwhile): quoted again, the reason shown.
 */
export const PROMOTION_CHANGES = [
  PROMOTION_CODES.quoteChanged, PROMOTION_CODES.couponStockGone, PROMOTION_CODES.budgetGone, PROMOTION_CODES.memberLimitReached, PROMOTION_CODES.couponUnusable,
];
/** A quote with a promotion in it: shown before the pay password. */
export const promoted = (quote: MerchantQuote | null) => (quote?.adjustments.length ?? 0) > 0;
const scannedOf = (event: unknown) => (event as { output?: ScannerOutput }).output ?? null;
/** What the scanner read is, by the scan table. */
const kindOf = (event: unknown) => readScan(scannedOf(event)?.text ?? '').kind;
const pickedListed = (context: ScanToPayContext, event: ScanToPayEvent | AnswerEvent) =>
  event.type === 'shortcut.picked' && context.recentStores.some((s) => s.serial !== null && s.serial === event.serial);

export const scanToPayMachine = setup({
  types: { input: {} as ScanToPayInput, context: {} as ScanToPayContext, events: {} as ScanToPayEvent | AnswerEvent },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
    scanner: scannerMachine,
    resolveCode: provided<Outcome<ResolvedCode>, { code: string }>('resolveCode'),
    recentMerchants: provided<Outcome<{ stores: RecentStore[] }>>('recentMerchants'),
    quote: provided<Outcome<MerchantQuote>, QuoteRequest>('quote'),
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    // accepting a staff invitation needs no paying rights: the check waits for a code to pay
    payingUnverified: ({ context }) => context.verified === false,
    // a shortcut shown (a recent store's own code), picked by a member who may pay
    listedStore: ({ context, event }) => pickedListed(context, event) && context.verified !== false,
    // a shortcut shown, picked by a member not verified: stopped as a scanned code to pay is
    listedStoreUnverified: ({ context, event }) => pickedListed(context, event) && context.verified === false,
    // no kind of code the wallet knows (src/scan/kinds.ts): nothing to ask the server about
    unknownCode: ({ event }) => kindOf(event) === 'unknown',
    // a code another flow takes (a staff invitation…), not one to pay
    otherKind: ({ event }) => kindOf(event) !== 'collectionCode',
    // what the member would pay is more than the last known balance: the amount again, as the server's FND10001
    payableAboveBalance: ({ context, event }) => answerData<MerchantQuote>(event).payable > (context.available ?? 0),
    // nothing off and nothing back, and no change to explain: the pay password shows the amount
    plainQuote: ({ context, event }) => !promoted(answerData<MerchantQuote>(event)) && context.errorCode === null,
  },
  actions: {
    announceAnswer: announceAnswer<ScanToPayContext, ScanToPayEvent | AnswerEvent>(),
    keepAssets: assign(({ event }) => {
      const assets = answerData<Assets>(event);
      return { available: assets.available, verified: assets.verified };
    }),
    forgetVerified: assign({ verified: false }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepScanned: assign({ scanned: ({ event }) => scannedOf(event) }),
    refuseUnreadable: assign({ errorCode: MERCHANT_CODES.codeUnknown }),
    // a one-time code's amount is its own, to be checked as if typed; a printed or store code's is typed
    keepCode: assign(({ event, context }) => {
      const code = answerData<ResolvedCode>(event);
      return { code, amountText: code.kind === 'dynamic' && code.amount !== null ? amountTextOf(code.amount, context.language) : '', amountRefusal: null, errorCode: null };
    }),
    keepAmount: assign(({ event }) => ({ ...amountAsked(event), errorCode: null })),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    refuseShort: assign({ amountRefusal: { code: LEDGER_CODES.insufficientFunds, detail: null }, quote: null }),
    keepQuote: assign({ quote: ({ event }) => answerData<MerchantQuote>(event) }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    keepReceipt: assign(({ event }) => {
      const receipt = answerData<MerchantReceipt>(event);
      return { receipt, available: receipt.available };
    }),
    startOver: assign({ scanned: null, code: null, amountText: '', amount: 0, amountRefusal: null, quote: null, errorCode: null, receipt: null }),
    // provided by the scan screen: open the page the scan table routes the code read to
    openScanned: () => {},
    keepRecentStores: assign({ recentStores: ({ event }) => answerData<{ stores: RecentStore[] }>(event).stores }),
    forgetRecentStores: assign({ recentStores: [] }),
    // the shortcut's serial, as if typed: resolved like any code read
    pickStore: assign({ scanned: ({ context, event }) => (event.type === 'shortcut.picked' ? { text: event.serial, source: 'typed' as const } : context.scanned) }),
  },
}).createMachine({
  id: 'scanToPay',
  context: ({ input }) => ({ language: input.language, available: null, verified: null, scanned: null, code: null, amountText: '', amount: 0, amountRefusal: null, quote: null, errorCode: null, receipt: null, recentStores: [] }),
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
        'loadAssets.ok': { target: 'scanning', actions: 'keepAssets' },
        'loadAssets.refused.*': { target: 'assetsFailed', actions: 'keepRefusal' },
      },
    },
    assetsFailed: { tags: ['error'], on: { 'assets.retry': { target: 'loadingAssets' } } },
    // only verified members pay: the screen links to the verification, or back to the scanner (a code of another kind)
    notVerified: { on: { 'scan.again': { target: 'scanning', actions: 'startOver' } } },
    // the scanner child: camera, a photo, or the serial typed
    scanning: {
      on: {
        'recentMerchants.ok': { actions: 'keepRecentStores' },
        'recentMerchants.refused.*': { actions: 'forgetRecentStores' },
        'shortcut.picked': [
          { guard: 'listedStoreUnverified', target: 'notVerified' },
          { guard: 'listedStore', target: 'resolving', actions: 'pickStore' },
        ],
      },
      invoke: [{
        id: 'scanner',
        src: 'scanner',
        input: () => SCAN_TO_PAY_SCANNER,
        onDone: [
          { guard: 'unknownCode', target: 'unknownCode', actions: 'keepScanned' },
          { guard: 'otherKind', target: 'openingElsewhere', actions: ['keepScanned', 'openScanned'] },
          { guard: 'payingUnverified', target: 'notVerified' },
          { target: 'resolving', actions: 'keepScanned' },
        ],
        // the chart itself failed (never a person's doing): said as a code that cannot be read
        onError: { target: 'codeRefused', actions: 'refuseUnreadable' },
      }, {
        // the stores paid recently, beside the scanner; without them the code is scanned
        id: 'recentMerchants',
        src: 'recentMerchants',
        onDone: { actions: 'announceAnswer' },
        onError: { actions: 'forgetRecentStores' },
      }],
    },
    // not a code the wallet knows of any kind: scan another
    unknownCode: { tags: ['error'], on: { 'scan.again': { target: 'scanning', actions: 'startOver' } } },
    // a code another flow takes (a staff invitation…): the scan screen opens its page
    openingElsewhere: {},
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolveCode',
        src: 'resolveCode',
        input: ({ context }) => ({ code: context.scanned?.text.trim() ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'resolveFailed', actions: 'forgetRefusal' },
      },
      on: {
        'resolveCode.ok': { target: 'confirming', actions: 'keepCode' },
        // the code's own refusals (CODE_REFUSALS): a closed store, unknown, not bound, expired, already paid, another amount, one's own store
        'resolveCode.refused.MCH10005': { target: 'codeRefused', actions: 'keepRefusal' },
        'resolveCode.refused.MCH10006': { target: 'codeRefused', actions: 'keepRefusal' },
        'resolveCode.refused.MCH10007': { target: 'codeRefused', actions: 'keepRefusal' },
        'resolveCode.refused.MCH10008': { target: 'codeRefused', actions: 'keepRefusal' },
        'resolveCode.refused.MCH10009': { target: 'codeRefused', actions: 'keepRefusal' },
        'resolveCode.refused.MCH10011': { target: 'codeRefused', actions: 'keepRefusal' },
        'resolveCode.refused.MCH10014': { target: 'codeRefused', actions: 'keepRefusal' },
        // an unexpected refusal: ask again, or scan another
        'resolveCode.refused.*': { target: 'resolveFailed', actions: 'keepRefusal' },
      },
    },
    // the code cannot be paid (unknown, not bound, expired, paid, closed store, one's own): scan another
    codeRefused: { tags: ['error'], on: { 'scan.again': { target: 'scanning', actions: 'startOver' } } },
    // no answer, or an unexpected refusal: ask again about the same code, or scan another
    resolveFailed: {
      tags: ['error'],
      on: { 'resolve.retry': { target: 'resolving' }, 'scan.again': { target: 'scanning', actions: 'startOver' } },
    },
    // the merchant's verified name, store and category, and the amount (amountEntry child: typed, or
    // the code's); the balance is judged on what the quote says the member pays, after any discount
    confirming: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({ language: context.language, amountText: context.amountText, refusal: context.amountRefusal }),
        onDone: { target: 'quoting', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): another code, as scanning again
        onError: { target: 'scanning', actions: 'startOver' },
      },
      on: { 'scan.again': { target: 'scanning', actions: 'startOver' } },
    },
    // what paying this amount comes to (the same module the payment posts from)
    quoting: {
      tags: ['busy'],
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }): QuoteRequest => ({ serial: context.code!.serial, amount: context.amount }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'quoteFailed', actions: 'forgetRefusal' },
      },
      on: {
        'quote.ok': [
          { guard: 'payableAboveBalance', target: 'confirming', actions: 'refuseShort' },
          { guard: 'plainQuote', target: 'paying', actions: 'keepQuote' },
          { target: 'quoted', actions: 'keepQuote' },
        ],
        // the code's own refusals, meanwhile (expired, paid, the store closed…)
        'quote.refused.MCH10005': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.MCH10006': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.MCH10007': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.MCH10008': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.MCH10009': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.MCH10011': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.MCH10014': { target: 'codeRefused', actions: 'keepRefusal' },
        'quote.refused.*': { target: 'quoteFailed', actions: 'keepRefusal' },
      },
    },
    // no answer, or an unexpected refusal: ask again, or change the amount
    quoteFailed: {
      tags: ['error'],
      on: { 'quote.retry': { target: 'quoting' }, 'amount.change': { target: 'confirming' }, 'scan.again': { target: 'scanning', actions: 'startOver' } },
    },
    // the quote with its promotions (and, after a refused payment, why it changed): pay it, or change the amount
    quoted: {
      on: {
        'quote.accept': { target: 'paying', actions: 'forgetRefusal' },
        'amount.change': { target: 'confirming', actions: 'forgetRefusal' },
        'scan.again': { target: 'scanning', actions: 'startOver' },
      },
    },
    // the pay password, then the payment (payment child) of exactly the quote; going back is offered while the password is asked or after a refusal
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: PAY_MERCHANT_SERVICE, amount: context.amount, counterparty: context.code!.serial },
          requestPrefix: 'H5M',
          request: { serial: context.code!.serial, amount: context.amount, ...quotedFigures(context.quote!) },
          routedByParent: [LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, ...CODE_REFUSALS, ...PROMOTION_CHANGES, PROMOTION_CODES.fundingShort],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the amount, as going back
        onError: { target: 'confirming' },
      },
      on: {
        'payment.cancelled': { target: 'confirming' },
        'payment.ok': { target: 'paid', actions: 'keepReceipt' },
        // FND10001 (LEDGER_CODES.insufficientFunds), FND10003 (limitExceeded), FND10004 (verificationNeeded)
        // not enough money, a limit (its subMsg: which one): the amount again, with why
        'payment.refused.FND10001': { target: 'confirming', actions: 'refuseAmount' },
        'payment.refused.FND10003': { target: 'confirming', actions: 'refuseAmount' },
        'payment.refused.FND10004': { target: 'notVerified', actions: 'forgetVerified' },
        // PROMOTION_CHANGES: the quote no longer holds (a budget, a stock, a limit ran out; the coupon used): quoted again, with why
        'payment.refused.PRM10001': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10002': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10003': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10004': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10005': { target: 'quoting', actions: 'keepRefusal' },
        // the code's own refusals (expired or paid meanwhile, the store closed…), the rest routedByParent lists
        'payment.refused.*': { target: 'codeRefused', actions: 'keepRefusal' },
        // the payment child settles its own lost answers: back to the amount, as going back
        'payment.unreachable': { target: 'confirming' },
      },
    },
    paid: { on: { 'scan.again': { target: 'scanning', actions: 'startOver' } } },
  },
});
