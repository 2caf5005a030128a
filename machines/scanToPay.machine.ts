import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES, MERCHANT_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { dataOf, isOk, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { amountAsked, amountEntryMachine, amountTextOf, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';
import type { Assets } from './transfer.machine.ts';
import { invitationTokenIn } from '../services/contract/merchantShared.ts';

/**
 * Paying a merchant by its collection code (issue 11). The member's balance comes first; only
 * verified members pay, but anyone may scan: an unverified member is stopped once a code to pay
 * was read, before it is even resolved, so a staff invitation still opens (accepting one needs no
 * paying rights). The scanner child reads the code (camera, a photo, or the serial typed);
 * the server says what it pays — the merchant's verified name, the store, its category and, for a
 * cashier's one-time code, the amount — or why it cannot be paid (unknown, not bound, expired,
 * already paid, a closed store, one's own store). The member types the amount of a printed or
 * store code (a one-time code's is fixed; either checked against the balance by the amountEntry
 * child), then the payment child authorises exactly this payment
 * with the pay password and pays: a lost answer is resent with the same requestNo, never paid
 * twice. Ends with the receipt. A merchant's staff invitation QR (issue 12) is not a payment: the
 * scanner's reading of one opens the invitation (`openInvitation`, provided by the screen).
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
export interface MerchantReceipt {
  paymentId: string;
  voucherNo: string;
  merchantName: string;
  storeName: string;
  amount: number;
  available: number;
  at: string;
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
  errorCode: string | null;
  receipt: MerchantReceipt | null;
}

export type ScanToPayEvent =
  | { type: 'assets.retry' }
  | { type: 'scan.again' }
  | { type: 'resolve.retry' }
  | { type: 'payment.cancelled' };

/** The refusals that are about the code itself: the member scans another. */
const CODE_REFUSALS = [
  MERCHANT_CODES.codeUnknown, MERCHANT_CODES.codeUnbound, MERCHANT_CODES.codeExpired, MERCHANT_CODES.codeAlreadyPaid,
  MERCHANT_CODES.storeClosed, MERCHANT_CODES.amountMismatch, MERCHANT_CODES.payingOwnStore,
];
/** What a person scans or types to name a code (the contract's `scannedCode`): 8 to 512 characters. */
const readable = (text: string) => text.trim().length >= 8 && text.trim().length <= 512;
const scannedOf = (event: unknown) => (event as { output?: ScannerOutput }).output ?? null;

export const scanToPayMachine = setup({
  types: { input: {} as ScanToPayInput, context: {} as ScanToPayContext, events: {} as ScanToPayEvent },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
    scanner: scannerMachine,
    resolveCode: provided<Outcome<ResolvedCode>, { code: string }>('resolveCode'),
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    isOk,
    refusedWith,
    // accepting a staff invitation needs no paying rights: the check waits for a code to pay
    payingUnverified: ({ context }) => context.verified === false,
    // a staff invitation's QR (its link), not a collection code
    invitationScanned: ({ event }) => invitationTokenIn(scannedOf(event)?.text ?? '') !== null,
    // what was read cannot be a code of any kind (the server would refuse its shape)
    unreadableScan: ({ event }) => !readable(scannedOf(event)?.text ?? ''),
    codeRefusal: ({ event }) => CODE_REFUSALS.includes(refusalCode(event) as (typeof CODE_REFUSALS)[number]),
  },
  actions: {
    keepAssets: assign(({ event, context }) => {
      const assets = dataOf<Assets>(event);
      return { available: assets?.available ?? context.available, verified: assets?.verified ?? context.verified };
    }),
    forgetVerified: assign({ verified: false }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepScanned: assign({ scanned: ({ event }) => scannedOf(event) }),
    refuseUnreadable: assign({ errorCode: MERCHANT_CODES.codeUnknown }),
    // a one-time code's amount is its own, to be checked as if typed; a printed or store code's is typed
    keepCode: assign(({ event, context }) => {
      const code = dataOf<ResolvedCode>(event);
      return { code, amountText: code?.kind === 'dynamic' && code.amount !== null ? amountTextOf(code.amount, context.language) : '', amountRefusal: null, errorCode: null };
    }),
    keepAmount: assign(({ event }) => ({ ...amountAsked(event), errorCode: null })),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: refusalCode(event), detail: refusalDetail(event) }) }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    keepReceipt: assign(({ event, context }) => {
      const receipt = dataOf<MerchantReceipt>(event);
      return receipt ? { receipt, available: receipt.available } : { available: context.available };
    }),
    startOver: assign({ scanned: null, code: null, amountText: '', amount: 0, amountRefusal: null, errorCode: null, receipt: null }),
    // provided by the screen: open `/app/invitation/<token>` for the token in the scanned link
    openInvitation: () => {},
  },
}).createMachine({
  id: 'scanToPay',
  context: ({ input }) => ({ language: input.language, available: null, verified: null, scanned: null, code: null, amountText: '', amount: 0, amountRefusal: null, errorCode: null, receipt: null }),
  initial: 'loadingAssets',
  states: {
    loadingAssets: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssets',
        src: 'loadAssets',
        onDone: [
          { guard: 'isOk', target: 'scanning', actions: 'keepAssets' },
          { target: 'assetsFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'assetsFailed', actions: 'forgetRefusal' },
      },
    },
    assetsFailed: { tags: ['error'], on: { 'assets.retry': { target: 'loadingAssets' } } },
    // only verified members pay: the screen links to the verification, or back to the scanner (an invitation)
    notVerified: { on: { 'scan.again': { target: 'scanning', actions: 'startOver' } } },
    // the scanner child: camera, a photo, or the serial typed
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        input: () => SCAN_TO_PAY_SCANNER,
        onDone: [
          { guard: 'invitationScanned', target: 'openingInvitation', actions: ['keepScanned', 'openInvitation'] },
          { guard: 'unreadableScan', target: 'codeRefused', actions: 'refuseUnreadable' },
          { guard: 'payingUnverified', target: 'notVerified' },
          { target: 'resolving', actions: 'keepScanned' },
        ],
        // the chart itself failed (never a person's doing): said as a code that cannot be read
        onError: { target: 'codeRefused', actions: 'refuseUnreadable' },
      },
    },
    // a staff invitation was scanned: the screen opens it
    openingInvitation: {},
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolveCode',
        src: 'resolveCode',
        input: ({ context }) => ({ code: context.scanned?.text.trim() ?? '' }),
        onDone: [
          { guard: 'isOk', target: 'confirming', actions: 'keepCode' },
          { guard: 'codeRefusal', target: 'codeRefused', actions: 'keepRefusal' },
          { target: 'resolveFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'resolveFailed', actions: 'forgetRefusal' },
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
    // the code's), within the balance shown (the last known one; the server checks again under the account lock)
    confirming: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language, amountText: context.amountText, limits: [{ name: 'available', max: context.available ?? 0 }], refusal: context.amountRefusal,
        }),
        onDone: { target: 'paying', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): another code, as scanning again
        onError: { target: 'scanning', actions: 'startOver' },
      },
      on: { 'scan.again': { target: 'scanning', actions: 'startOver' } },
    },
    // the pay password, then the payment (payment child); going back is offered while the password is asked or after a refusal
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: PAY_MERCHANT_SERVICE, amount: context.amount, counterparty: context.code!.serial },
          requestPrefix: 'H5M',
          request: { serial: context.code!.serial, amount: context.amount },
          routedByParent: [LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, ...CODE_REFUSALS],
        }),
        onDone: [
          { guard: 'isOk', target: 'paid', actions: 'keepReceipt' },
          // not enough money, a limit (its subMsg: which one): the amount again, with why
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.insufficientFunds } }, target: 'confirming', actions: 'refuseAmount' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.limitExceeded } }, target: 'confirming', actions: 'refuseAmount' },
          { guard: { type: 'refusedWith', params: { code: LEDGER_CODES.verificationNeeded } }, target: 'notVerified', actions: 'forgetVerified' },
          // the code's own refusals (expired or paid meanwhile, the store closed…), the rest routedByParent lists
          { target: 'codeRefused', actions: 'keepRefusal' },
        ],
        // the chart itself failed (never an answer of the server): back to the amount, as going back
        onError: { target: 'confirming' },
      },
      on: { 'payment.cancelled': { target: 'confirming' } },
    },
    paid: { on: { 'scan.again': { target: 'scanning', actions: 'startOver' } } },
  },
});
