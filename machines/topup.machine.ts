import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { dataOf, isOk, provided, refusalCode, refusedWith } from './outcome.ts';
import { amountActions, amountGuards, over, typedAmount, type AmountEntry } from './amountEntry.ts';
import { codeEntryMachine, type CodeEntryInput } from './codeEntry.machine.ts';
import { bankSettlementMachine, settledPaid, settledRefused, settlementOf, type BankSettlementInput } from './bankSettlement.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import type { BankRules, BoundCard, TopupOrder, TopupStatus } from './bankFlow.ts';

/**
 * Top-up from a bound debit card. A card brings its bank's top-up limits; the amount is checked
 * against the one per top-up. The order goes to the bank, which sends an SMS code to the card's
 * mobile (the help text requires it for paying with a card): the shared code entry takes it (a new
 * one after 60 s, for the same order; an order lapsed meanwhile is handed back here). With the
 * code, the payment child authorises it with the pay password and confirms the top-up (a retry
 * after a lost answer is the same request). The bank then debits the card: the member is credited
 * only when it confirms, so the bankSettlement child polls, showing that it waits for the bank,
 * until the top-up succeeds or the bank refuses it (with its reason). A reload while it waits comes
 * back to it: the screen keeps the order number and the chart starts by asking where it stands.
 */
export const TOPUP_SERVICE = 'wallet/topup/confirmTopup';

export interface TopupInput {
  language: Language;
  /** A top-up this tab left waiting for the bank, kept by the screen across a reload. */
  pendingOrderNo?: string | null;
}

export interface TopupContext extends AmountEntry {
  cards: BoundCard[];
  cardId: string | null;
  rules: BankRules | null;
  order: TopupOrder | null;
  status: TopupStatus | null;
  /** The order the bank is settling: set once it is confirmed, cleared when it is settled. */
  pendingOrderNo: string | null;
}

export type TopupEvent =
  | { type: 'cards.retry' }
  | { type: 'card.chosen'; cardId: string }
  | { type: 'card.change' }
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.submitted' }
  | { type: 'topup.cancelled' }
  | { type: 'topup.restarted' };

/** Everything but the language: what a new top-up starts from. */
const FRESH = {
  cards: [], cardId: null, rules: null, amountText: '', amount: 0, order: null, status: null, pendingOrderNo: null, limit: null, errorCode: null,
} satisfies Omit<TopupContext, 'language'>;

const cardOf = (c: TopupContext) => c.cards.find((card) => card.cardId === c.cardId) ?? null;

/** What a resend and the check of the code are told: the order the bank sent the code for. */
export type TopupCodeRequest = { orderNo: string };

export const topupMachine = setup({
  types: { input: {} as TopupInput, context: {} as TopupContext, events: {} as TopupEvent },
  actors: {
    loadCards: provided<Outcome<{ cards: BoundCard[] }>>('loadCards'),
    loadRules: provided<Outcome<{ banks: BankRules[] }>, { bankCode: string }>('loadRules'),
    applyTopup: provided<Outcome<TopupOrder>, { cardId: string; amount: number }>('applyTopup'),
    codeEntry: codeEntryMachine,
    payment: paymentMachine,
    bankSettlement: bankSettlementMachine,
  },
  guards: {
    isOk,
    refusedWith,
    hasNoCards: ({ event }) => dataOf<{ cards: BoundCard[] }>(event)?.cards.length === 0,
    knownCard: ({ context, event }) => event.type === 'card.chosen' && context.cards.some((c) => c.cardId === event.cardId),
    // the answer names the card's bank (an unknown one has no rules: the wallet does not serve it)
    rulesFound: ({ context, event }) => !!dataOf<{ banks: BankRules[] }>(event)?.banks.some((b) => b.bankCode === cardOf(context)?.bankCode),
    ...amountGuards,
    // the day's limit depends on what was topped up today: the server judges it (CRD10010 daily)
    overPerTransaction: ({ context }) => over(typedAmount(context), context.rules?.topup.perTransaction),
    settledPaid,
    settledRefused,
    hasPendingOrder: ({ context }) => context.pendingOrderNo !== null,
  },
  actions: {
    keepCards: assign({ cards: ({ event }) => dataOf<{ cards: BoundCard[] }>(event)?.cards ?? [] }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    chooseCard: assign({ cardId: ({ event, context }) => (event.type === 'card.chosen' ? event.cardId : context.cardId), rules: null, errorCode: null }),
    keepRules: assign({ rules: ({ event, context }) => dataOf<{ banks: BankRules[] }>(event)?.banks.find((b) => b.bankCode === cardOf(context)?.bankCode) ?? null }),
    ...amountActions<TopupContext, TopupEvent>(),
    keepOrder: assign({ order: ({ event, context }) => dataOf<TopupOrder>(event) ?? context.order, errorCode: null }),
    forgetOrder: assign({ order: null, errorCode: null }),
    keepStatus: assign({ status: ({ event, context }) => dataOf<TopupStatus>(event) ?? context.status }),
    keepSettledStatus: assign({ status: ({ event, context }) => (settlementOf(event)?.status as TopupStatus | null) ?? context.status }),
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
    loadingCards: {
      tags: ['busy'],
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: [
          { guard: 'hasNoCards', target: 'noCards' },
          { guard: 'isOk', target: 'choosingCard', actions: 'keepCards' },
          { target: 'cardsFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'cardsFailed', actions: 'forgetRefusal' },
      },
    },
    cardsFailed: { tags: ['error'], on: { 'cards.retry': { target: 'loadingCards' } } },
    // nothing to pay with yet: the screen links to binding a card
    noCards: {},
    // only verified members top up: the screen links to the verification
    notVerified: {},
    choosingCard: {
      initial: 'idle',
      on: { 'card.chosen': { guard: 'knownCard', target: 'loadingRules', actions: 'chooseCard' } },
      states: { idle: {}, unreachable: { tags: ['error'] } },
    },
    loadingRules: {
      tags: ['busy'],
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        input: ({ context }) => ({ bankCode: cardOf(context)?.bankCode ?? '' }),
        onDone: [{ guard: 'rulesFound', target: 'enteringAmount', actions: 'keepRules' }, { target: 'choosingCard.unreachable', actions: 'keepRefusal' }],
        onError: { target: 'choosingCard.unreachable', actions: 'forgetRefusal' },
      },
    },
    enteringAmount: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmountText' },
        'amount.submitted': [
          { guard: 'amountUnreadable', target: '.unreadable' },
          { guard: 'amountNotPositive', target: '.notPositive' },
          { guard: 'overPerTransaction', target: '.overPerTransaction' },
          { target: 'applying', actions: 'keepAmount' },
        ],
        'card.change': { target: 'choosingCard' },
      },
      states: {
        typing: {},
        unreadable: { tags: ['error'] },
        notPositive: { tags: ['error'] },
        overPerTransaction: { tags: ['error'] },
        bankLimit: { tags: ['error'] },
        limitExceeded: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'applyTopup',
        src: 'applyTopup',
        input: ({ context }) => ({ cardId: context.cardId!, amount: context.amount }),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepOrder' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10010' } }, target: 'enteringAmount.bankLimit', actions: 'keepLimit' },
          { guard: { type: 'refusedWith', params: { code: 'FND10003' } }, target: 'enteringAmount.limitExceeded', actions: 'keepLimit' },
          { guard: { type: 'refusedWith', params: { code: 'FND10004' } }, target: 'notVerified' },
          { target: 'enteringAmount.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringAmount.unreachable' },
      },
    },
    // the SMS code the bank sent to the card's mobile (codeEntry child, its resends under the same order)
    enteringCode: {
      on: { 'topup.cancelled': { target: 'enteringAmount', actions: 'forgetOrder' } },
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }): CodeEntryInput => ({ request: { orderNo: context.order?.orderNo ?? '' }, sent: context.order!, handOver: ['TOP10001'] }),
        onDone: [
          { guard: 'isOk', target: 'paying' },
          // TOP10001, the one refusal handOver lists: the order lapsed
          { target: 'orderExpired' },
        ],
        // the chart itself failed (never an answer of the server): back to the amount, as cancelling
        onError: { target: 'enteringAmount.unreachable', actions: 'forgetOrder' },
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
        onDone: [
          { guard: 'isOk', target: 'waitingForBank', actions: ['keepStatus', 'keepPendingOrder'] },
          // an earlier try reached the server: the order is with the bank already
          { guard: { type: 'refusedWith', params: { code: 'TOP10003' } }, target: 'waitingForBank', actions: 'keepPendingOrder' },
          { guard: { type: 'refusedWith', params: { code: 'TOP10001' } }, target: 'orderExpired' },
          // FND10004, the last code routedByParent lists
          { target: 'notVerified' },
        ],
        // the chart itself failed (never an answer of the server): back to the amount, as cancelling
        onError: { target: 'enteringAmount', actions: 'forgetOrder' },
      },
      on: { 'topup.cancelled': { target: 'enteringAmount', actions: 'forgetOrder' } },
    },
    // the bank is debiting the card (bankSettlement child); the member may leave or start another, this one settles anyway
    waitingForBank: {
      invoke: {
        id: 'bankSettlement',
        src: 'bankSettlement',
        input: ({ context }): BankSettlementInput => ({ reference: context.pendingOrderNo ?? '', notFoundCode: 'TOP10001' }),
        onDone: [
          { guard: 'settledPaid', target: 'succeeded', actions: ['keepSettledStatus', 'forgetPendingOrder'] },
          { guard: 'settledRefused', target: 'failedAtBank', actions: ['keepSettledStatus', 'forgetPendingOrder'] },
          // never confirmed, or not this member's (another sign-in in this tab): a fresh start
          { target: 'loadingCards', actions: 'startOver' },
        ],
      },
      on: { 'topup.restarted': { target: 'loadingCards', actions: 'startOver' } },
    },
    succeeded: { on: { 'topup.restarted': { target: 'loadingCards', actions: 'startOver' } } },
    // the bank refused: nothing was debited, nothing credited
    failedAtBank: { on: { 'topup.restarted': { target: 'loadingCards', actions: 'startOver' } } },
  },
});
