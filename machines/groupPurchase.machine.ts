import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { GroupVoucher } from '../services/contract/groupPackages.ts';
import { LEDGER_CODES, MERCHANT_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { PROMOTION_CHANGES, quotedFigures, type MerchantQuote, type MerchantReceipt } from './scanToPay.machine.ts';

/**
 * Buying a group package (`/app/grouppackages/buy/$id`, README "Group purchases"): the package is
 * quoted (`pay/merchant/quote {packageId}`: its merchant and store, the group price, the promotions
 * that apply and what the member pays), the member confirms it, and the payment child authorises
 * exactly this purchase with the pay password (purpose: the group price to the package) and buys it
 * (`pay/groupPackage/buy` with the quote's payable, cashback and part paid with cashback; a lost answer is resent with the
 * same requestNo, never bought twice). When a promotion ran out meanwhile (PROMOTION_CHANGES) the
 * package is quoted again and the member is shown why. Ends with the receipt and the voucher (its
 * QR), or the package's refusal: unknown, not on sale, sold out, its store closed, not enough money.
 */
export const BUY_GROUP_PACKAGE_SERVICE = 'pay/groupPackage/buy';

/** A package's quote: a merchant quote with the merchant and store it is bought from. */
export interface GroupQuote extends MerchantQuote {
  /** Not in the answer today; shown when it is. */
  packageName?: string;
  merchantName?: string;
  storeName?: string;
}
/** What buying answers: the payment's receipt and the voucher shown at the till. */
export interface GroupPurchase {
  receipt: MerchantReceipt;
  voucher: GroupVoucher;
}
export interface GroupPurchaseInput {
  language: Language;
  packageId: string;
}
export interface GroupPurchaseContext {
  language: Language;
  packageId: string;
  quote: GroupQuote | null;
  /** Why it cannot be bought, or (in `quoted`) why the quote changed. */
  errorCode: string | null;
  purchase: GroupPurchase | null;
}

export type GroupPurchaseEvent =
  | { type: 'quote.accept' }
  | { type: 'quote.retry' }
  | { type: 'payment.cancelled' };

/** The package's own refusals, quoting or buying: it cannot be bought (now). */
export const PACKAGE_REFUSALS = ['GRP10006', 'GRP10007', 'GRP10008', MERCHANT_CODES.storeClosed, MERCHANT_CODES.payingOwnStore];

export const groupPurchaseMachine = setup({
  types: { input: {} as GroupPurchaseInput, context: {} as GroupPurchaseContext, events: {} as GroupPurchaseEvent | AnswerEvent },
  actors: {
    quote: provided<Outcome<GroupQuote>, { packageId: string }>('quote'),
    payment: paymentMachine,
  },
  actions: {
    announceAnswer: announceAnswer<GroupPurchaseContext, GroupPurchaseEvent | AnswerEvent>(),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepQuote: assign({ quote: ({ event }) => answerData<GroupQuote>(event) }),
    keepPurchase: assign({ purchase: ({ event }) => answerData<GroupPurchase>(event), errorCode: null }),
  },
}).createMachine({
  id: 'groupPurchase',
  context: ({ input }) => ({ language: input.language, packageId: input.packageId, quote: null, errorCode: null, purchase: null }),
  initial: 'quoting',
  states: {
    // what buying this package comes to: the group price, the promotions, what the member pays
    quoting: {
      tags: ['busy'],
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => ({ packageId: context.packageId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'quoteFailed', actions: 'forgetRefusal' },
      },
      on: {
        'quote.ok': { target: 'quoted', actions: 'keepQuote' },
        // the package's own refusals: unknown, not on sale, sold out, its store closed, one's own store
        'quote.refused.GRP10006': { target: 'refused', actions: 'keepRefusal' },
        'quote.refused.GRP10007': { target: 'refused', actions: 'keepRefusal' },
        'quote.refused.GRP10008': { target: 'refused', actions: 'keepRefusal' },
        'quote.refused.MCH10005': { target: 'refused', actions: 'keepRefusal' },
        'quote.refused.MCH10014': { target: 'refused', actions: 'keepRefusal' },
        'quote.refused.*': { target: 'quoteFailed', actions: 'keepRefusal' },
      },
    },
    // no answer, or an unexpected refusal: ask again
    quoteFailed: { tags: ['error'], on: { 'quote.retry': { target: 'quoting' } } },
    // the quote (and, after a refused payment, why it changed): buy it
    quoted: {
      on: { 'quote.accept': { target: 'paying', actions: 'forgetRefusal' } },
    },
    // the pay password, then the purchase (payment child) of exactly the quote
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: BUY_GROUP_PACKAGE_SERVICE, amount: context.quote!.amount, counterparty: context.packageId },
          requestPrefix: 'H5M',
          request: { packageId: context.packageId, ...quotedFigures(context.quote!) },
          routedByParent: [LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, ...PACKAGE_REFUSALS, ...PROMOTION_CHANGES],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the quote, as going back
        onError: { target: 'quoted' },
      },
      on: {
        'payment.cancelled': { target: 'quoted' },
        'payment.ok': { target: 'bought', actions: 'keepPurchase' },
        // PROMOTION_CHANGES: the quote no longer holds: quoted again, with why
        'payment.refused.PRM10001': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10002': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10003': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10004': { target: 'quoting', actions: 'keepRefusal' },
        'payment.refused.PRM10005': { target: 'quoting', actions: 'keepRefusal' },
        // sold out meanwhile, not enough money (a link to top up), a limit, not verified…
        'payment.refused.*': { target: 'refused', actions: 'keepRefusal' },
        // the payment child settles its own lost answers: back to the quote, as going back
        'payment.unreachable': { target: 'quoted' },
      },
    },
    // why it cannot be bought; after a top up (or meanwhile) it may be quoted again
    refused: { tags: ['error'], on: { 'quote.retry': { target: 'quoting', actions: 'forgetRefusal' } } },
    bought: {},
  },
});
