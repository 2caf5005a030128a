import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { boundCardsMachine, type BoundCardsAnswer, type BoundCardsInput } from './boundCards.machine.ts';
import { cardChoiceMachine, chosenCardId, type CardChoiceInput, type CardTrouble } from './cardChoice.machine.ts';
import { codeEntryMachine, type CodeEntryInput } from './codeEntry.machine.ts';
import { bankSettlementMachine, type BankSettlementInput } from './bankSettlement.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import type { BankRules, BoundCard, TopupOrder, TopupStatus } from './bankFlow.ts';

/**
 * Top-up from a bound debit card. The member's cards (boundCards child: none yet, the way to bind
 * one), one chosen (cardChoice child); a card brings its bank's top-up limits, and the amount
 * (amountEntry child) is checked against the one per top-up. The order goes to the bank, which
 * sends an SMS code to the card's mobile (the help text requires it for paying with a card): the
 * shared code entry takes it (a new one after 60 s, for the same order; an order lapsed meanwhile
 * is handed back here). With the code, the payment child authorises it with the pay password and
 * confirms the top-up (a retry after a lost answer is the same request). The bank then debits the
 * card: the member is credited only when it confirms, so the bankSettlement child polls, showing
 * that it waits for the bank, until the top-up succeeds or the bank refuses it (with its reason). A
 * reload while it waits comes back to it: the screen keeps the order number and the chart starts
 * by asking where it stands.
 */
export const TOPUP_SERVICE = 'wallet/topup/confirmTopup';

export interface TopupInput {
  language: Language;
  /** A top-up this tab left waiting for the bank, kept by the screen across a reload. */
  pendingOrderNo?: string | null;
}

export interface TopupContext {
  language: Language;
  cards: BoundCard[];
  cardId: string | null;
  rules: BankRules | null;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amount: number;
  amountText: string;
  /** Why the amount is asked again: the server refused it, or gave no answer. */
  amountRefusal: AmountRefusal | null;
  /** Why the card is chosen again: its bank's limits could not be read. */
  cardTrouble: CardTrouble | null;
  /** The cards' chart stopped with an error: asked again only by hand. */
  cardsInterrupted: boolean;
  order: TopupOrder | null;
  status: TopupStatus | null;
  /** The order the bank is settling: set once it is confirmed, cleared when it is settled. */
  pendingOrderNo: string | null;
}

export type TopupEvent =
  | { type: 'card.change' }
  | { type: 'topup.cancelled' }
  | { type: 'topup.restarted' };

/** Everything but the language: what a new top-up starts from. */
const FRESH = {
  cards: [], cardId: null, rules: null, amount: 0, amountText: '', amountRefusal: null, cardTrouble: null, cardsInterrupted: false, order: null, status: null, pendingOrderNo: null,
} satisfies Omit<TopupContext, 'language'>;

const cardOf = (c: TopupContext) => c.cards.find((card) => card.cardId === c.cardId) ?? null;

/** What a resend and the check of the code are told: the order the bank sent the code for. */
export type TopupCodeRequest = { orderNo: string };

export const topupMachine = setup({
  types: { input: {} as TopupInput, context: {} as TopupContext, events: {} as TopupEvent | AnswerEvent },
  actors: {
    boundCards: boundCardsMachine,
    cardChoice: cardChoiceMachine,
    loadRules: provided<Outcome<{ banks: BankRules[] }>, { bankCode: string }>('loadRules'),
    amountEntry: amountEntryMachine,
    applyTopup: provided<Outcome<TopupOrder>, { cardId: string; amount: number }>('applyTopup'),
    codeEntry: codeEntryMachine,
    payment: paymentMachine,
    bankSettlement: bankSettlementMachine,
  },
  guards: {
    // the answer names the card's bank (an unknown one has no rules: the wallet does not serve it)
    rulesFound: ({ context, event }) => answerData<{ banks: BankRules[] }>(event).banks.some((b) => b.bankCode === cardOf(context)?.bankCode),
    hasPendingOrder: ({ context }) => context.pendingOrderNo !== null,
  },
  actions: {
    announceAnswer: announceAnswer<TopupContext, TopupEvent | AnswerEvent>(),
    keepCards: assign({ cards: ({ event }) => answerData<BoundCardsAnswer>(event).cards, cardsInterrupted: false }),
    noteCardsInterrupted: assign({ cardsInterrupted: true }),
    chooseCard: assign({ cardId: ({ event }) => chosenCardId(event), rules: null, cardTrouble: null }),
    keepRules: assign({ rules: ({ event, context }) => answerData<{ banks: BankRules[] }>(event).banks.find((b) => b.bankCode === cardOf(context)?.bankCode) ?? null }),
    // a refusal's code, or none: no answer, or a bank the wallet does not serve
    troubleWithCard: assign({ cardTrouble: ({ event }) => ({ code: answerCode(event) }) }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    amountUnanswered: assign({ amountRefusal: { code: null, detail: null } }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    keepOrder: assign({ order: ({ event }) => answerData<TopupOrder>(event) }),
    forgetOrder: assign({ order: null }),
    keepStatus: assign({ status: ({ event }) => answerData<TopupStatus>(event) }),
    // the bank's last status, with its answer (paid, or refused with its reason)
    keepSettledStatus: assign({ status: ({ event, context }) => answerData<TopupStatus | null>(event) ?? context.status }),
    keepPendingOrder: assign({ pendingOrderNo: ({ context }) => context.order?.orderNo ?? null }),
    forgetPendingOrder: assign({ pendingOrderNo: null }),
    startOver: assign(() => ({ ...FRESH })),
  },
}).createMachine({
  id: 'topup',
  context: ({ input }) => ({ language: input.language, ...FRESH, pendingOrderNo: input.pendingOrderNo ?? null }),
  initial: 'starting',
  states: {
    // back after a reload with a top-up at the bank: straight to following it
    starting: { always: [{ guard: 'hasPendingOrder', target: 'waitingForBank' }, { target: 'loadingCards' }] },
    // the member's cards (boundCards child): none yet, the screen links to binding one
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
        'boundCards.ok': { target: 'choosingCard', actions: 'keepCards' },
        // never (it hands over no refusal, and asks again until it has cards): as the chart failing
        'boundCards.refused.*': { target: 'loadingCards', reenter: true, actions: 'noteCardsInterrupted' },
        'boundCards.unreachable': { target: 'loadingCards', reenter: true, actions: 'noteCardsInterrupted' },
      },
    },
    // only verified members top up: the screen links to the verification
    notVerified: {},
    // one of the cards (cardChoice child), with why it is chosen again if it is
    choosingCard: {
      invoke: {
        id: 'cardChoice',
        src: 'cardChoice',
        input: ({ context }): CardChoiceInput => ({ cards: context.cards, trouble: context.cardTrouble }),
        onDone: { target: 'loadingRules', actions: 'chooseCard' },
        // the chart itself failed (never an answer of the server): the cards again, by hand
        onError: { target: 'loadingCards', actions: 'noteCardsInterrupted' },
      },
    },
    loadingRules: {
      tags: ['busy'],
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        input: ({ context }) => ({ bankCode: cardOf(context)?.bankCode ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'choosingCard', actions: 'troubleWithCard' },
      },
      on: {
        'loadRules.ok': [
          { guard: 'rulesFound', target: 'enteringAmount', actions: 'keepRules' },
          { target: 'choosingCard', actions: 'troubleWithCard' },
        ],
        'loadRules.refused.*': { target: 'choosingCard', actions: 'troubleWithCard' },
      },
    },
    // the amount (amountEntry child), within the bank's limit per top-up; the day's limit depends on
    // what was topped up today, so the server judges it (CRD10010 daily)
    enteringAmount: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language,
          amountText: context.amountText,
          limits: context.rules?.topup.perTransaction != null ? [{ name: 'perTransaction', max: context.rules.topup.perTransaction }] : [],
          refusal: context.amountRefusal,
        }),
        onDone: { target: 'applying', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): back to the card, as changing it
        onError: { target: 'choosingCard' },
      },
      on: { 'card.change': { target: 'choosingCard' } },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'applyTopup',
        src: 'applyTopup',
        input: ({ context }) => ({ cardId: context.cardId!, amount: context.amount }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringAmount', actions: 'amountUnanswered' },
      },
      on: {
        'applyTopup.ok': { target: 'enteringCode', actions: 'keepOrder' },
        // the bank's limit (its subMsg: which one), the account's top balance: the amount again, with why
        'applyTopup.refused.CRD10010': { target: 'enteringAmount', actions: 'refuseAmount' },
        'applyTopup.refused.FND10003': { target: 'enteringAmount', actions: 'refuseAmount' },
        'applyTopup.refused.FND10004': { target: 'notVerified' },
        'applyTopup.refused.*': { target: 'enteringAmount', actions: 'refuseAmount' },
      },
    },
    // the SMS code the bank sent to the card's mobile (codeEntry child, its resends under the same order)
    enteringCode: {
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }): CodeEntryInput => ({ request: { orderNo: context.order?.orderNo ?? '' }, sent: context.order!, handOver: ['TOP10001'] }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the amount, as cancelling
        onError: { target: 'enteringAmount', actions: ['forgetOrder', 'amountUnanswered'] },
      },
      on: {
        'codeEntry.ok': { target: 'paying' },
        // TOP10001, the one refusal handOver lists: the order lapsed
        'codeEntry.refused.*': { target: 'orderExpired' },
        'codeEntry.unreachable': { target: 'enteringAmount', actions: ['forgetOrder', 'amountUnanswered'] },
        'topup.cancelled': { target: 'enteringAmount', actions: 'forgetOrder' },
      },
    },
    // the order lapsed (15 min) before it was confirmed: a new one is needed
    orderExpired: { tags: ['error'], on: { 'topup.restarted': { target: 'enteringAmount', actions: 'forgetOrder' } } },
    // the pay password, then the confirmation (payment child); the screen offers cancelling while the password is asked or after a refusal
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: TOPUP_SERVICE, amount: context.amount, counterparty: context.cardId! },
          requestPrefix: 'H5P',
          request: { orderNo: context.order?.orderNo ?? '' },
          routedByParent: ['TOP10003', 'TOP10001', 'FND10004'],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the amount, as cancelling
        onError: { target: 'enteringAmount', actions: 'forgetOrder' },
      },
      on: {
        'payment.ok': { target: 'waitingForBank', actions: ['keepStatus', 'keepPendingOrder'] },
        // an earlier try reached the server: the order is with the bank already
        'payment.refused.TOP10003': { target: 'waitingForBank', actions: 'keepPendingOrder' },
        'payment.refused.TOP10001': { target: 'orderExpired' },
        // FND10004, the last code routedByParent lists
        'payment.refused.*': { target: 'notVerified' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'enteringAmount', actions: 'forgetOrder' },
        'topup.cancelled': { target: 'enteringAmount', actions: 'forgetOrder' },
      },
    },
    // the bank is debiting the card (bankSettlement child); the member may leave or start another, this one settles anyway
    waitingForBank: {
      invoke: {
        id: 'bankSettlement',
        src: 'bankSettlement',
        input: ({ context }): BankSettlementInput => ({ reference: context.pendingOrderNo ?? '', notFoundCode: 'TOP10001' }),
        onDone: { actions: 'announceAnswer' },
      },
      on: {
        'bankSettlement.ok': { target: 'succeeded', actions: ['keepSettledStatus', 'forgetPendingOrder'] },
        'bankSettlement.refused.FAILED': { target: 'failedAtBank', actions: ['keepSettledStatus', 'forgetPendingOrder'] },
        // never confirmed (TOP10001), or not this member's (another sign-in in this tab): a fresh start
        'bankSettlement.refused.*': { target: 'loadingCards', actions: 'startOver' },
        // never (it asks again until the bank answers): as unknown
        'bankSettlement.unreachable': { target: 'loadingCards', actions: 'startOver' },
        'topup.restarted': { target: 'loadingCards', actions: 'startOver' },
      },
    },
    succeeded: { on: { 'topup.restarted': { target: 'loadingCards', actions: 'startOver' } } },
    // the bank refused: nothing was debited, nothing credited
    failedAtBank: { on: { 'topup.restarted': { target: 'loadingCards', actions: 'startOver' } } },
  },
});
