import { setup, assign, not, stateIn } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';
import { dataOf, isOk, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { bankSettlementMachine, settledPaid, settledRefused, settlementOf, type BankSettlementInput } from './bankSettlement.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { digitsOf, over, type BankRules, type BoundCard, type CodeResent, type TopupOrder, type TopupStatus } from './bankFlow.ts';

/**
 * Top-up from a bound debit card. A card brings its bank's top-up limits; the amount is checked
 * against the one per top-up. The order goes to the bank, which sends an SMS code to the card's
 * mobile (the help text requires it for paying with a card; a new one after 60 s); with the code,
 * the payment child authorises it with the pay password and confirms the top-up (a retry after a
 * lost answer is the same request). The bank then debits the card: the member is credited only
 * when it confirms, so the bankSettlement child polls, showing that it waits for the bank, until
 * the top-up succeeds or the bank refuses it (with its reason). A reload while it waits comes back
 * to it: the screen keeps the order number and the chart starts by asking where it stands.
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
  amountText: string;
  amount: number;
  order: TopupOrder | null;
  code: string;
  resendAfterMs: number;
  triesLeft: string | null;
  status: TopupStatus | null;
  /** The order the bank is settling: set once it is confirmed, cleared when it is settled. */
  pendingOrderNo: string | null;
  /** CRD10010's subMsg (perTransaction, daily) or FND10003's (maxBalance). */
  limit: string | null;
  errorCode: string | null;
}

export type TopupEvent =
  | { type: 'cards.retry' }
  | { type: 'card.chosen'; cardId: string }
  | { type: 'card.change' }
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.submitted' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'code.resendRequested' }
  | { type: 'topup.cancelled' }
  | { type: 'topup.restarted' };

/** Everything but the language: what a new top-up starts from. */
const FRESH = {
  cards: [], cardId: null, rules: null, amountText: '', amount: 0, order: null, code: '', resendAfterMs: 60_000, triesLeft: null, status: null, pendingOrderNo: null, limit: null, errorCode: null,
} satisfies Omit<TopupContext, 'language'>;

const typed = (c: TopupContext) => parseAmount(c.amountText, c.language);
const cardOf = (c: TopupContext) => c.cards.find((card) => card.cardId === c.cardId) ?? null;

export const topupMachine = setup({
  types: { input: {} as TopupInput, context: {} as TopupContext, events: {} as TopupEvent },
  actors: {
    loadCards: provided<Outcome<{ cards: BoundCard[] }>>('loadCards'),
    loadRules: provided<Outcome<{ banks: BankRules[] }>, { bankCode: string }>('loadRules'),
    applyTopup: provided<Outcome<TopupOrder>, { cardId: string; amount: number }>('applyTopup'),
    resendCode: provided<Outcome<CodeResent>, { orderNo: string }>('resendCode'),
    verifyCode: provided<Outcome<{ orderNo: string; state: 'CODE_VERIFIED' }>, { orderNo: string; code: string }>('verifyCode'),
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
    amountUnreadable: ({ context }) => typed(context) === null,
    amountNotPositive: ({ context }) => typed(context) === 0n,
    // the day's limit depends on what was topped up today: the server judges it (CRD10010 daily)
    overPerTransaction: ({ context }) => over(typed(context), context.rules?.topup.perTransaction),
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    // a code being checked may be the right one: no new code meanwhile
    notVerifying: not(stateIn('#topup.enteringCode.entry.verifying')),
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
    setAmountText: assign({ amountText: ({ context, event }) => (event.type === 'amount.changed' ? event.value.slice(0, 24) : context.amountText) }),
    keepAmount: assign({ amount: ({ context }) => Number(typed(context) ?? 0n), errorCode: null, limit: null }),
    keepLimit: assign({ limit: ({ event }) => refusalDetail(event) }),
    keepOrder: assign(({ event, context }) => {
      const order = dataOf<TopupOrder>(event);
      return order ? { order, code: '', triesLeft: null, errorCode: null, resendAfterMs: order.resendAfterSeconds * 1000 } : { order: context.order };
    }),
    keepResent: assign(({ event, context }) => {
      const sent = dataOf<CodeResent>(event);
      return sent && context.order ? { order: { ...context.order, mobileMasked: sent.mobileMasked }, code: '', errorCode: null, resendAfterMs: sent.resendAfterSeconds * 1000 } : {};
    }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? digitsOf(event.value, 6) : context.code) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    forgetOrder: assign({ order: null, code: '', triesLeft: null, errorCode: null }),
    keepStatus: assign({ status: ({ event, context }) => dataOf<TopupStatus>(event) ?? context.status }),
    keepSettledStatus: assign({ status: ({ event, context }) => (settlementOf(event)?.status as TopupStatus | null) ?? context.status }),
    keepPendingOrder: assign({ pendingOrderNo: ({ context }) => context.order?.orderNo ?? null }),
    forgetPendingOrder: assign({ pendingOrderNo: null }),
    startOver: assign(() => ({ ...FRESH })),
    // provided by services/flows/topup.ts: a stopped child runs no exit actions, so its keypad keys are cleared here
    clearKeypadKeys: () => {},
  },
  delays: {
    resendCooldown: ({ context }) => context.resendAfterMs,
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
    // the SMS code the bank sent to the card's mobile; a new one after the cooldown
    enteringCode: {
      type: 'parallel',
      on: {
        'code.changed': { actions: 'setCode' },
        'topup.cancelled': { target: 'enteringAmount', actions: 'forgetOrder' },
      },
      states: {
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: { target: 'available' } } },
            available: { on: { 'code.resendRequested': { guard: 'notVerifying', target: 'resending' } } },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                input: ({ context }) => ({ orderNo: context.order?.orderNo ?? '' }),
                onDone: [
                  { guard: 'isOk', target: ['coolingDown', '#topup.enteringCode.entry.typing'], actions: 'keepResent' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'limited' },
                  { guard: { type: 'refusedWith', params: { code: 'TOP10001' } }, target: '#topup.orderExpired' },
                  { target: 'available', actions: 'keepRefusal' },
                ],
                onError: { target: 'available', actions: 'forgetRefusal' },
              },
            },
            // the hourly limit of codes is reached
            limited: { tags: ['error'] },
          },
        },
        entry: {
          initial: 'typing',
          states: {
            typing: { on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ orderNo: context.order?.orderNo ?? '', code: context.code }),
                onDone: [
                  { guard: 'isOk', target: '#topup.paying' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'wrongCode', actions: 'keepTriesLeft' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'expired' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'tooManyTries' },
                  { guard: { type: 'refusedWith', params: { code: 'TOP10001' } }, target: '#topup.orderExpired' },
                  { target: 'unreachable', actions: 'keepRefusal' },
                ],
                onError: { target: 'unreachable', actions: 'forgetRefusal' },
              },
            },
            wrongCode: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            // expired or voided: only a new code helps (the resend region)
            expired: { tags: ['error'] },
            tooManyTries: { tags: ['error'] },
            unreachable: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
          },
        },
      },
    },
    // the order lapsed (15 min) before it was confirmed: a new one is needed
    orderExpired: { tags: ['error'], on: { 'topup.restarted': { target: 'enteringAmount', actions: 'forgetOrder' } } },
    // the pay password, then the confirmation (payment child); the screen offers cancelling while the password is asked or after a refusal
    paying: {
      exit: 'clearKeypadKeys',
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
