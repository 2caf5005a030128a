import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { toNationalMobile } from '../src/lib/phone.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The payee a money page names before any amount (the transfer, asking for money): a mobile number
 * typed, or one picked from the last people paid and the favourites (loadPayees, loaded again each
 * time the number is asked) → checked (queryPayee: the verified name, masked; refused as not found,
 * the member themself, or another refusal; no answer) → "is this the person?" → ends with the
 * payee confirmed. Nothing is asked or paid until the person says yes: money or a request sent to a
 * wrong number is the top complaint in wallets, and a pick goes through the same check, never past
 * it. A recent payee may be starred, a favourite unstarred or given a private nickname
 * (changeFavourite; the transfer's screen offers it). The page asks again, with the number kept,
 * when its own call finds the payee gone or the member themself (`problem`).
 */
export interface Payee {
  maskedName: string;
  mobile: string;
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

/** Why the page asks for the payee again: its own call found the number no member's (FND10005), or the member's own (FND10006). */
export type PayeeProblem = 'notFound' | 'isSelf';

export interface PayeeCheckInput {
  /** What the field shows first: the number asked before (national), or nothing. */
  mobile: string;
  problem?: PayeeProblem | null;
}

export interface PayeeCheckContext {
  mobile: string;
  problem: PayeeProblem | null;
  payee: Payee | null;
  /** The last people paid and the favourites (empty until loaded, or when they could not be). */
  payees: PayeeLists;
  errorCode: string | null;
  favouriteChange: FavouriteChange | null;
  /** Why the last change of a favourite was refused (the list shows it). */
  favouriteError: string | null;
}

export type PayeeCheckEvent =
  | { type: 'mobile.changed'; value: string }
  | { type: 'mobile.submitted' }
  | { type: 'payee.picked'; mobile: string }
  | { type: 'payee.confirmed' }
  | { type: 'payee.changeRequested' }
  | { type: 'favourite.starred'; mobile: string }
  | { type: 'favourite.unstarred'; id: string }
  | { type: 'favourite.renamed'; id: string; nickname: string };

/** The payee confirmed, as the server answered the check: the page reads it from this chart's done event. */
export const payeeConfirmed = (event: unknown): Payee => (event as { output: Payee }).output;

const NO_PAYEES: PayeeLists = { recent: [], favourites: [] };
const favouriteChangeOf = (event: PayeeCheckEvent | AnswerEvent): FavouriteChange | null => {
  if (event.type === 'favourite.starred') return { kind: 'star', mobile: event.mobile };
  if (event.type === 'favourite.unstarred') return { kind: 'unstar', id: event.id };
  // an empty nickname takes the nickname away; a long one is cut as the field cuts it
  if (event.type === 'favourite.renamed') return { kind: 'rename', id: event.id, nickname: event.nickname.trim().slice(0, NICKNAME_MAX).trim() || null };
  return null;
};

export const payeeCheckMachine = setup({
  types: {
    input: {} as PayeeCheckInput,
    context: {} as PayeeCheckContext,
    events: {} as PayeeCheckEvent | AnswerEvent,
    output: {} as Payee,
  },
  actors: {
    loadPayees: provided<Outcome<PayeeLists>>('loadPayees'),
    queryPayee: provided<Outcome<Payee>, { mobile: string }>('queryPayee'),
    changeFavourite: provided<Outcome<unknown>, FavouriteChange>('changeFavourite'),
  },
  guards: {
    cameBackNotFound: ({ context }) => context.problem === 'notFound',
    cameBackIsSelf: ({ context }) => context.problem === 'isSelf',
    mobileValid: ({ context }) => toNationalMobile(context.mobile) !== null,
    // the lists' own entries only: a pick, a star or a change names what the member sees
    listedPayee: ({ context, event }) => event.type === 'payee.picked' && [...context.payees.recent, ...context.payees.favourites].some((p) => p.mobile === event.mobile),
    recentNotStarred: ({ context, event }) => event.type === 'favourite.starred' && context.payees.recent.some((p) => p.mobile === event.mobile && p.favouriteId === null),
    ownFavourite: ({ context, event }) => (event.type === 'favourite.unstarred' || event.type === 'favourite.renamed') && context.payees.favourites.some((p) => p.id === event.id),
  },
  actions: {
    announceAnswer: announceAnswer<PayeeCheckContext, PayeeCheckEvent | AnswerEvent>(),
    setMobile: assign({ mobile: ({ context, event }) => (event.type === 'mobile.changed' ? event.value.replace(/[^\d+\s]/g, '').slice(0, 16) : context.mobile) }),
    pickPayee: assign({ mobile: ({ context, event }) => (event.type === 'payee.picked' ? event.mobile : context.mobile) }),
    keepPayees: assign({ payees: ({ event }) => answerData<PayeeLists>(event) }),
    forgetPayees: assign({ payees: NO_PAYEES }),
    keepPayee: assign({ payee: ({ event }) => answerData<Payee>(event) }),
    forgetPayee: assign({ payee: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepFavouriteChange: assign({ favouriteChange: ({ event }) => favouriteChangeOf(event), favouriteError: null }),
    keepFavouriteError: assign({ favouriteError: ({ event }) => answerCode(event) }),
  },
}).createMachine({
  id: 'payeeCheck',
  context: ({ input }) => ({
    mobile: input.mobile, problem: input.problem ?? null, payee: null, payees: NO_PAYEES, errorCode: null, favouriteChange: null, favouriteError: null,
  }),
  initial: 'starting',
  output: ({ context }) => context.payee!,
  states: {
    // asked again after the page's own call: why, with the number kept
    starting: {
      always: [
        { guard: 'cameBackNotFound', target: 'enteringMobile.notFound' },
        { guard: 'cameBackIsSelf', target: 'enteringMobile.isSelf' },
        { target: 'enteringMobile' },
      ],
    },
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
        input: ({ context }) => ({ mobile: toNationalMobile(context.mobile) ?? '' }),
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
    // "is this the person?": nothing is asked or paid until the person says yes
    confirmingPayee: {
      on: {
        'payee.confirmed': { target: 'confirmed' },
        'payee.changeRequested': { target: 'enteringMobile', actions: 'forgetPayee' },
      },
    },
    confirmed: { type: 'final' },
  },
});
