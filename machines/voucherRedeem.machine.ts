import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { GroupVoucher } from '../services/contract/groupPackages.ts';
import type { Language } from '../src/lib/language.ts';
import { groupVoucherCode } from '../src/scan/kinds.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';

/**
 * A group-package voucher redeemed at the till (`/app/cashier/voucher`): the clerk (or the owner)
 * scans the voucher the member shows, or types its code (the scanner child), or arrives with it read
 * by the cashier's own scanner (`?code=`). Its look-up (`merchant/groupPackage/voucher`, nothing
 * written) says what to hand over — the package, its content lines, the payer masked, its end — or
 * at once why it cannot be used (GRP10010 unknown, GRP10011 another merchant's, GRP10012 used
 * already, GRP10013 refunded, GRP10014 expired; the till's STF10009, MCH10003, MCH10004); the clerk
 * confirms and `merchant/groupPackage/redeem` redeems it once: redeemed (what to hand over, again)
 * or refused by its code. Then another voucher, or back to the till (`backToTill`, the screen's).
 * A redeem whose answer was lost is asked again as is: the server redeems a voucher once, so a
 * second answer is GRP10012.
 */
export interface VoucherRedeemInput {
  language: Language;
  /** The store whose till redeems it (`?storeId=`); none: the page says where vouchers are redeemed. */
  storeId: string | null;
  /** A code already read (the cashier's scanner, or the member's scan screen), as the address carries it. */
  code?: string | null;
}

/** What the server answers of a voucher at the till. */
export interface TillVoucher {
  voucher: GroupVoucher;
  payerMasked: string;
}

export interface VoucherRedeemContext {
  language: Language;
  storeId: string | null;
  /** The voucher's code as the server takes it (`GV` and 20 digits). */
  code: string;
  found: TillVoucher | null;
  errorCode: string | null;
}

export type VoucherRedeemEvent =
  | { type: 'redeem.confirmed' }
  | { type: 'redeem.retry' }
  | { type: 'lookUp.retry' }
  | { type: 'scan.again' }
  | { type: 'till.back' };

/** A voucher's QR, or its code typed. */
export const VOUCHER_SCAN: ScannerInput = { formats: ['qr_code'], typed: 'groupVoucher' };

const scannedCode = (event: unknown) => groupVoucherCode((event as { output?: ScannerOutput }).output?.text ?? '');

export const voucherRedeemMachine = setup({
  types: { input: {} as VoucherRedeemInput, context: {} as VoucherRedeemContext, events: {} as VoucherRedeemEvent | AnswerEvent },
  actors: {
    scanner: scannerMachine,
    lookUp: provided<Outcome<TillVoucher>, { storeId: string; code: string }>('lookUp'),
    redeem: provided<Outcome<TillVoucher>, { storeId: string; code: string }>('redeem'),
  },
  guards: {
    noTill: ({ context }) => context.storeId === null,
    codeGiven: ({ context }) => context.code !== '',
    isVoucher: ({ event }) => scannedCode(event) !== null,
  },
  actions: {
    announceAnswer: announceAnswer<VoucherRedeemContext, VoucherRedeemEvent | AnswerEvent>(),
    keepCode: assign({ code: ({ event }) => scannedCode(event) ?? '', found: null, errorCode: null }),
    keepFound: assign({ found: ({ event }) => answerData<TillVoucher>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetVoucher: assign({ code: '', found: null, errorCode: null }),
    /** Provided by the screen: back to the till of the store. */
    backToTill: () => {},
  },
}).createMachine({
  id: 'voucherRedeem',
  context: ({ input }) => ({ language: input.language, storeId: input.storeId, code: groupVoucherCode(input.code ?? '') ?? '', found: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'noTill', target: 'noStore' },
        { guard: 'codeGiven', target: 'lookingUp' },
        { target: 'scanning' },
      ],
    },
    // no till to redeem at (a member's own scan of a voucher): vouchers are redeemed at the store's till
    noStore: {},
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        input: () => VOUCHER_SCAN,
        onDone: [{ guard: 'isVoucher', target: 'lookingUp', actions: 'keepCode' }, { target: 'notAVoucher' }],
        onError: { target: 'notAVoucher' },
      },
      on: { 'till.back': { target: 'done' } },
    },
    // something else was read (a payment code, a store's code, a product's barcode)
    notAVoucher: { tags: ['error'], on: { 'scan.again': { target: 'scanning' }, 'till.back': { target: 'done' } } },
    lookingUp: {
      tags: ['busy'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ storeId: context.storeId!, code: context.code }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'lookUpFailed' },
      },
      on: {
        'lookUp.ok': { target: 'confirm', actions: 'keepFound' },
        'lookUp.refused.*': { target: 'refused', actions: 'keepRefusal' },
      },
    },
    // no answer: nothing was written, so asking again is safe
    lookUpFailed: { tags: ['error'], on: { 'lookUp.retry': { target: 'lookingUp' }, 'scan.again': { target: 'scanning', actions: 'forgetVoucher' } } },
    // what to hand over, before it is redeemed
    confirm: { on: { 'redeem.confirmed': { target: 'redeeming' }, 'scan.again': { target: 'scanning', actions: 'forgetVoucher' } } },
    redeeming: {
      tags: ['busy'],
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ storeId: context.storeId!, code: context.code }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'redeemFailed' },
      },
      on: {
        'redeem.ok': { target: 'redeemed', actions: 'keepFound' },
        'redeem.refused.*': { target: 'refused', actions: 'keepRefusal' },
      },
    },
    // no answer: it may have been redeemed; asked again, a redeemed voucher answers GRP10012
    redeemFailed: { tags: ['error'], on: { 'redeem.retry': { target: 'redeeming' } } },
    redeemed: { on: { 'scan.again': { target: 'scanning', actions: 'forgetVoucher' }, 'till.back': { target: 'done' } } },
    // the code's text: another voucher, or back to the till
    refused: { tags: ['error'], on: { 'scan.again': { target: 'scanning', actions: 'forgetVoucher' }, 'till.back': { target: 'done' } } },
    done: { type: 'final', entry: 'backToTill' },
  },
});
