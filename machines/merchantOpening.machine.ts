import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { queryOpening } from '../services/contract/merchantOpening.ts';
import type { BoundCard } from '../services/contract/shared.ts';
import type { MerchantSummary } from '../services/contract/merchantShared.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { boundCardsMachine, type BoundCardsAnswer, type BoundCardsInput } from './boundCards.machine.ts';

/**
 * Opening a collection account (`/app/open`). It starts from where the member stands
 * (`merchant/open/query`): an individual cannot open one (MCH10001, nothing to do); an enterprise
 * not verified yet, or waiting for the review, is sent to its verification; a merchant already
 * has one (its summary). A verified enterprise accepts the collection-code agreement, picks its
 * business category (ISO 18245) and the bound debit card its settlement balance goes to (none
 * bound: the way to bind one; the boundCards child), and `merchant/open/apply` opens it. Nothing is sent until the three
 * are given; each missing one is said next to its field.
 */
export type Opening = ResponseOf<typeof queryOpening>;

/** What is missing from the form, field by field. */
export interface OpeningProblems {
  agreement: boolean;
  category: boolean;
  card: boolean;
}

export interface MerchantOpeningInput {
  /** The business categories offered (services/data/merchant_categories.json): a category outside them is not chosen. */
  categories: readonly string[];
}

export interface MerchantOpeningContext {
  categories: readonly string[];
  companyName: string | null;
  merchant: MerchantSummary | null;
  /** The service charge the account will have, shown before it is opened. */
  chargeTerms: { rateBp: number; cap: number | null } | null;
  cards: BoundCard[];
  /** The cards' chart stopped with an error: asked again only by hand. */
  cardsInterrupted: boolean;
  agreed: boolean;
  mcc: string;
  cardId: string;
  problems: OpeningProblems;
  errorCode: string | null;
}

export type MerchantOpeningEvent =
  | { type: 'opening.retry' }
  | { type: 'cards.retry' }
  | { type: 'agreement.toggled'; accepted: boolean }
  | { type: 'category.chosen'; mcc: string }
  | { type: 'card.chosen'; cardId: string }
  | { type: 'opening.submitted' };

const NO_PROBLEMS: OpeningProblems = { agreement: false, category: false, card: false };

const standing = (event: unknown) => answerData<Opening>(event).state;
const problemsOf = (c: MerchantOpeningContext): OpeningProblems => ({
  agreement: !c.agreed,
  category: !c.categories.includes(c.mcc),
  card: !c.cards.some((card) => card.cardId === c.cardId),
});

export const merchantOpeningMachine = setup({
  types: { input: {} as MerchantOpeningInput, context: {} as MerchantOpeningContext, events: {} as MerchantOpeningEvent | AnswerEvent },
  actors: {
    queryOpening: provided<Outcome<Opening>>('queryOpening'),
    boundCards: boundCardsMachine,
    openMerchant: provided<Outcome<{ merchant: MerchantSummary }>, { mcc: string; settlementCardId: string }>('openMerchant'),
  },
  guards: {
    isIndividual: ({ event }) => standing(event) === 'individual',
    isNotVerified: ({ event }) => standing(event) === 'notVerified',
    isPending: ({ event }) => standing(event) === 'pendingVerification',
    canOpen: ({ event }) => standing(event) === 'canOpen',
    isOpen: ({ event }) => standing(event) === 'open',
    incomplete: ({ context }) => Object.values(problemsOf(context)).some(Boolean),
  },
  actions: {
    announceAnswer: announceAnswer<MerchantOpeningContext, MerchantOpeningEvent | AnswerEvent>(),
    keepStanding: assign(({ event }) => {
      const o = answerData<Opening>(event);
      return { companyName: o.companyName, merchant: o.merchant, chargeTerms: o.chargeTerms, errorCode: null };
    }),
    keepCards: assign(({ context, event }) => {
      const cards = answerData<BoundCardsAnswer>(event).cards;
      // one card: it is the settlement card unless another is chosen
      return { cards, cardsInterrupted: false, cardId: cards.some((c) => c.cardId === context.cardId) ? context.cardId : cards.length === 1 ? cards[0]!.cardId : '' };
    }),
    noteCardsInterrupted: assign({ cardsInterrupted: true }),
    keepMerchant: assign({ merchant: ({ event }) => answerData<{ merchant: MerchantSummary }>(event).merchant }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    setAgreed: assign({ agreed: ({ event, context }) => (event.type === 'agreement.toggled' ? event.accepted : context.agreed) }),
    setCategory: assign({ mcc: ({ event, context }) => (event.type === 'category.chosen' ? event.mcc : context.mcc) }),
    setCard: assign({ cardId: ({ event, context }) => (event.type === 'card.chosen' ? event.cardId : context.cardId) }),
    // a problem said once stays until its field is fixed; fixing one clears only its own
    recheck: assign({ problems: ({ context }) => { const now = problemsOf(context); return { agreement: context.problems.agreement && now.agreement, category: context.problems.category && now.category, card: context.problems.card && now.card }; } }),
    markProblems: assign({ problems: ({ context }) => problemsOf(context) }),
  },
}).createMachine({
  id: 'merchantOpening',
  context: ({ input }) => ({ categories: input.categories, companyName: null, merchant: null, chargeTerms: null, cards: [], cardsInterrupted: false, agreed: false, mcc: '', cardId: '', problems: NO_PROBLEMS, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'queryOpening',
        src: 'queryOpening',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'queryOpening.ok': [
          { guard: 'isIndividual', target: 'individual' },
          { guard: 'isNotVerified', target: 'notVerified' },
          { guard: 'isPending', target: 'pendingVerification' },
          { guard: 'canOpen', target: 'loadingCards', actions: 'keepStanding' },
          { guard: 'isOpen', target: 'open', actions: 'keepStanding' },
          // a standing this page does not know
          { target: 'failed', actions: 'forgetRefusal' },
        ],
        'queryOpening.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'opening.retry': { target: 'loading' } } },
    // MCH10001: a collection account is for enterprises; nothing to do here
    individual: {},
    // the screen leads to the enterprise verification form
    notVerified: {},
    // the screen leads to the verification's status page
    pendingVerification: {},
    // the bound cards (boundCards child): the settlement needs one; none yet, the screen leads to
    // binding one, and looks again on return
    loadingCards: {
      invoke: {
        id: 'boundCards',
        src: 'boundCards',
        input: ({ context }): BoundCardsInput => ({ interrupted: context.cardsInterrupted }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): its failure shown, to try again
        onError: { target: 'loadingCards', reenter: true, actions: 'noteCardsInterrupted' },
      },
      on: {
        'boundCards.ok': { target: 'filling', actions: 'keepCards' },
        // never (it hands over no refusal, and asks again until it has cards): as the chart failing
        'boundCards.refused.*': { target: 'loadingCards', reenter: true, actions: 'noteCardsInterrupted' },
        'boundCards.unreachable': { target: 'loadingCards', reenter: true, actions: 'noteCardsInterrupted' },
      },
    },
    filling: {
      initial: 'editing',
      on: {
        'agreement.toggled': { target: '.editing', actions: ['setAgreed', 'recheck'] },
        'category.chosen': { target: '.editing', actions: ['setCategory', 'recheck'] },
        'card.chosen': { target: '.editing', actions: ['setCard', 'recheck'] },
        // a card bound meanwhile (another tab), or one removed (CRD10008): the list is asked again
        'cards.retry': { target: 'loadingCards' },
        'opening.submitted': [
          { guard: 'incomplete', target: '.editing', actions: 'markProblems' },
          { target: 'applying' },
        ],
      },
      states: {
        editing: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'openMerchant',
        src: 'openMerchant',
        input: ({ context }) => ({ mcc: context.mcc, settlementCardId: context.cardId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'filling.unreachable' },
      },
      on: {
        'openMerchant.ok': { target: 'opened', actions: 'keepMerchant' },
        // opened meanwhile (another tab, a double tap): the standing is asked again and shows the summary
        'openMerchant.refused.MCH10002': { target: 'loading' },
        'openMerchant.refused.MCH10001': { target: 'individual' },
        'openMerchant.refused.FND10004': { target: 'notVerified' },
        'openMerchant.refused.*': { target: 'filling.refused', actions: 'keepRefusal' },
      },
    },
    // just opened: the screen leads to creating its first store
    opened: {},
    // already a merchant: its summary and the ways on (stores, cashier, merchant list)
    open: {},
  },
});
