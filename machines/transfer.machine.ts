import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { payeeGuards } from './payeeEntry.ts';

/**
 * Transfer to another member by mobile number. The payee's verified name, masked, is shown and
 * must be confirmed before any amount is asked (money sent to a wrong number is the top complaint
 * in wallets). The amount (amountEntry child) is checked against the balance shown, with a note
 * beside it. The payment child authorises exactly this payment with the pay password, on the
 * secure keypad, and sends the transfer: a retry after a lost answer resends the same request and
 * the server answers the first outcome instead of paying twice.
 * The number is typed, or picked from the last people paid and the favourites (loadPayees): a
 * pick fills the number and goes on to the same payee check and confirmation, never past them.
 * A recent payee may be starred, a favourite unstarred or given a private nickname (changeFavourite).
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
export interface Payee {
  maskedName: string;
  mobile: string;
}
export interface TransferReceipt {
  transferId: string;
  amount: number;
  available: number;
  maskedName: string;
  at: string;
}
/** A payee in the lists: the name and number masked for show, the number (national) to check when picked. */
export interface ListedPayee {
  mobile: string;
  maskedName: string;
  maskedMobile: string;
}
export interface RecentPayee extends ListedPayee {
  favouriteId: string | null;
}
export interface FavouritePayee extends ListedPayee {
  id: string;
  nickname: string | null;
}
export interface PayeeLists {
  recent: RecentPayee[];
  favourites: FavouritePayee[];
}
export const NICKNAME_MAX = 40;
/** What a tap on a star or a rename asks of the server. */
export type FavouriteChange =
  | { kind: 'star'; mobile: string }
  | { kind: 'unstar'; id: string }
  | { kind: 'rename'; id: string; nickname: string | null };

export interface TransferInput {
  language: Language;
}

export interface TransferContext {
  language: Language;
  available: number | null;
  mobile: string;
  payee: Payee | null;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amount: number;
  amountText: string;
  /** Why the amount is asked again: the server refused it (not enough money, a limit: its subMsg says which). */
  amountRefusal: AmountRefusal | null;
  note: string;
  errorCode: string | null;
  receipt: TransferReceipt | null;
  /** The last people paid and the favourites (empty until loaded, or when they could not be). */
  payees: PayeeLists;
  favouriteChange: FavouriteChange | null;
  /** Why the last change of a favourite was refused (the list shows it). */
  favouriteError: string | null;
}

export type TransferEvent =
  | { type: 'assets.retry' }
  | { type: 'mobile.changed'; value: string }
  | { type: 'mobile.submitted' }
  | { type: 'payee.confirmed' }
  | { type: 'payee.changeRequested' }
  | { type: 'note.changed'; value: string }
  | { type: 'payment.cancelled' }
  | { type: 'transfer.restarted' }
  | { type: 'payee.picked'; mobile: string }
  | { type: 'favourite.starred'; mobile: string }
  | { type: 'favourite.unstarred'; id: string }
  | { type: 'favourite.renamed'; id: string; nickname: string };

const NO_PAYEES: PayeeLists = { recent: [], favourites: [] };
const favouriteChangeOf = (event: TransferEvent | AnswerEvent): FavouriteChange | null => {
  if (event.type === 'favourite.starred') return { kind: 'star', mobile: event.mobile };
  if (event.type === 'favourite.unstarred') return { kind: 'unstar', id: event.id };
  // an empty nickname takes the nickname away; a long one is cut as the field cuts it
  if (event.type === 'favourite.renamed') return { kind: 'rename', id: event.id, nickname: event.nickname.trim().slice(0, NICKNAME_MAX).trim() || null };
  return null;
};

const nationalMobile = (context: TransferContext) => toNationalMobile(context.mobile) ?? '';

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent | AnswerEvent,
  },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
    queryPayee: provided<Outcome<Payee>, { mobile: string }>('queryPayee'),
    loadPayees: provided<Outcome<PayeeLists>>('loadPayees'),
    changeFavourite: provided<Outcome<unknown>, FavouriteChange>('changeFavourite'),
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    unverified: ({ event }) => !answerData<Assets>(event).verified,
    ...payeeGuards,
    // the lists' own entries only: a star or a change names what the member sees
    recentNotStarred: ({ context, event }) => event.type === 'favourite.starred' && context.payees.recent.some((p) => p.mobile === event.mobile && p.favouriteId === null),
    ownFavourite: ({ context, event }) => (event.type === 'favourite.unstarred' || event.type === 'favourite.renamed') && context.payees.favourites.some((p) => p.id === event.id),
  },
  actions: {
    announceAnswer: announceAnswer<TransferContext, TransferEvent | AnswerEvent>(),
    keepAssets: assign({ available: ({ event }) => answerData<Assets>(event).available }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    setMobile: assign({ mobile: ({ context, event }) => (event.type === 'mobile.changed' ? event.value.replace(/[^\d+\s]/g, '').slice(0, 16) : context.mobile) }),
    keepPayee: assign({ payee: ({ event }) => answerData<Payee>(event) }),
    forgetPayee: assign({ payee: null }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    setNote: assign({ note: ({ context, event }) => (event.type === 'note.changed' ? event.value.slice(0, NOTE_MAX) : context.note) }),
    keepReceipt: assign(({ event }) => { const r = answerData<TransferReceipt>(event); return { receipt: r, available: r.available }; }),
    keepPayees: assign({ payees: ({ event }) => answerData<PayeeLists>(event) }),
    forgetPayees: assign({ payees: NO_PAYEES }),
    pickPayee: assign({ mobile: ({ context, event }) => (event.type === 'payee.picked' ? event.mobile : context.mobile) }),
    keepFavouriteChange: assign({ favouriteChange: ({ event }) => favouriteChangeOf(event), favouriteError: null }),
    keepFavouriteError: assign({ favouriteError: ({ event }) => answerCode(event) }),
    startOver: assign({ mobile: '', payee: null, amountText: '', amount: 0, amountRefusal: null, note: '', errorCode: null, receipt: null }),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    language: input.language, available: null, mobile: '', payee: null, amountText: '', amount: 0, amountRefusal: null, note: '', errorCode: null, receipt: null,
    payees: NO_PAYEES, favouriteChange: null, favouriteError: null,
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
          { target: 'enteringMobile', actions: 'keepAssets' },
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
    // the number, typed or picked from the lists (loaded again each time, so a change shows)
    enteringMobile: {
      initial: 'typing',
      invoke: {
        id: 'loadPayees',
        src: 'loadPayees',
        onDone: { actions: 'announceAnswer' },
        // without the lists the number can still be typed
        onError: { actions: 'forgetPayees' },
      },
      on: {
        'mobile.changed': { target: '.typing', actions: 'setMobile' },
        'mobile.submitted': [{ guard: 'mobileValid', target: 'checkingPayee' }, { target: '.invalid' }],
        'loadPayees.ok': { actions: 'keepPayees' },
        'loadPayees.refused.*': { actions: 'forgetPayees' },
        'payee.picked': { guard: 'listedPayee', target: 'checkingPayee', actions: 'pickPayee' },
        'favourite.starred': { guard: 'recentNotStarred', target: 'changingFavourite', actions: 'keepFavouriteChange' },
        'favourite.unstarred': { guard: 'ownFavourite', target: 'changingFavourite', actions: 'keepFavouriteChange' },
        'favourite.renamed': { guard: 'ownFavourite', target: 'changingFavourite', actions: 'keepFavouriteChange' },
      },
      states: {
        typing: {},
        invalid: { tags: ['error'] },
        notFound: { tags: ['error'] },
        isSelf: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    // a star, an unstar or a nickname; back to the lists, loaded again
    changingFavourite: {
      tags: ['busy'],
      invoke: {
        id: 'changeFavourite',
        src: 'changeFavourite',
        input: ({ context }) => context.favouriteChange!,
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringMobile.unreachable' },
      },
      on: {
        'changeFavourite.ok': { target: 'enteringMobile' },
        'changeFavourite.refused.*': { target: 'enteringMobile', actions: 'keepFavouriteError' },
      },
    },
    checkingPayee: {
      tags: ['busy'],
      invoke: {
        id: 'queryPayee',
        src: 'queryPayee',
        input: ({ context }) => ({ mobile: nationalMobile(context) }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringMobile.unreachable' },
      },
      on: {
        'queryPayee.ok': { target: 'confirmingPayee', actions: 'keepPayee' },
        'queryPayee.refused.FND10005': { target: 'enteringMobile.notFound' },
        'queryPayee.refused.FND10006': { target: 'enteringMobile.isSelf' },
        'queryPayee.refused.*': { target: 'enteringMobile.refused', actions: 'keepRefusal' },
      },
    },
    // "is this the person?": nothing is asked or paid until the payer says yes
    confirmingPayee: {
      on: {
        'payee.confirmed': { target: 'enteringAmount' },
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
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
        onError: { target: 'enteringMobile', actions: 'forgetPayee' },
      },
      on: {
        'note.changed': { actions: 'setNote' },
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
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
        'payment.refused.FND10005': { target: 'enteringMobile.notFound', actions: 'forgetPayee' },
        // the payee is the payer (payeeIsSelf), the last code routedByParent lists
        'payment.refused.*': { target: 'enteringMobile.isSelf', actions: 'forgetPayee' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'enteringAmount' },
        'payment.cancelled': { target: 'enteringAmount' },
      },
    },
    succeeded: {
      on: { 'transfer.restarted': { target: 'enteringMobile', actions: 'startOver' } },
    },
  },
});
