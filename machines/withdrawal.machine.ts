import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { amountAsked, amountEntryMachine, type AmountEntryInput, type AmountLimit, type AmountRefusal } from './amountEntry.machine.ts';
import { boundCardsMachine, type BoundCardsInput } from './boundCards.machine.ts';
import { cardChoiceMachine, chosenCardId, type CardChoiceInput, type CardTrouble } from './cardChoice.machine.ts';
import { branchPickerMachine } from './branchPicker.machine.ts';
import { bankSettlementMachine, type BankSettlementInput } from './bankSettlement.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import type { Branch, BoundCard, ServiceCharge, WithdrawInfo, WithdrawLimits, WithdrawReceipt, WithdrawStatus } from './bankFlow.ts';

/**
 * Withdrawal to a bound debit card (spec §5). The balances and cards come first (boundCards child,
 * with the withdrawal's own call: none yet, the way to bind one); a card is chosen (cardChoice
 * child) and brings its limits (the most that can go now, `maxAmount`, and the bank's minimum) and
 * whether its bank pays out through a branch. The amount (amountEntry child) is checked against the
 * available balance and those limits; the service charge and the total are shown before anything
 * is confirmed; a branch is picked (branchPicker child: province, then branch) when the bank needs
 * one. The payment child authorises it with the pay password and applies it (a retry after a lost
 * answer is the same request). The money is then held and the bank settles later: the
 * bankSettlement child polls until it is paid out or, refused by the bank, released back to the
 * available balance. A reload while it waits comes back to it: the screen keeps the withdrawal
 * number and the chart starts by asking where it stands.
 */
export const WITHDRAW_SERVICE = 'wallet/withdraw/applyWithdraw';

export interface WithdrawalInput {
  language: Language;
  /** A withdrawal this tab left waiting for the bank, kept by the screen across a reload. */
  pendingWithdrawNo?: string | null;
}

export interface WithdrawalContext {
  language: Language;
  available: number | null;
  cards: BoundCard[];
  /** The cards' chart stopped with an error: asked again only by hand. */
  infoInterrupted: boolean;
  cardId: string | null;
  /** Why the card is chosen again: its limits could not be read. */
  cardTrouble: CardTrouble | null;
  limits: WithdrawLimits | null;
  needBranch: boolean;
  /** The amount asked for, and as it was typed: the amount is asked again with it. */
  amount: number;
  amountText: string;
  /** Why the amount is asked again: the server refused it, or gave no answer. */
  amountRefusal: AmountRefusal | null;
  charge: number;
  /** The charge shown before the server answered WDR10004 with a new one. */
  previousCharge: number | null;
  branch: Branch | null;
  /** Why the branch is asked again: the server wanted one (WDR10002) or did not know it (WDR10003). */
  branchNotice: string | null;
  receipt: WithdrawReceipt | null;
  status: WithdrawStatus | null;
  /** The withdrawal the bank is settling: set once it is held, cleared when it is settled. */
  pendingWithdrawNo: string | null;
}

export type WithdrawalEvent =
  | { type: 'card.change' }
  | { type: 'amount.edit' }
  | { type: 'branch.change' }
  | { type: 'withdrawal.confirmed' }
  | { type: 'payment.cancelled' }
  | { type: 'withdrawal.restarted' };

/** Everything after the balances and cards: what a new withdrawal starts from. */
const FRESH = {
  infoInterrupted: false, cardId: null, cardTrouble: null, limits: null, needBranch: false, amount: 0, amountText: '', amountRefusal: null, charge: 0, previousCharge: null,
  branch: null, branchNotice: null, receipt: null, status: null, pendingWithdrawNo: null,
} satisfies Omit<WithdrawalContext, 'language' | 'available' | 'cards'>;

/** The limits the amount is checked against here: the balance shown, and the most that can go now (both checked again by the server). */
const amountLimits = (context: WithdrawalContext): AmountLimit[] => [
  ...(context.available !== null ? [{ name: 'available', max: context.available }] : []),
  // maxAmount already leaves room for the charge and every bank and account-level limit
  ...(context.limits?.maxAmount != null ? [{ name: 'maxAmount', max: context.limits.maxAmount }] : []),
];

export const withdrawalMachine = setup({
  types: { input: {} as WithdrawalInput, context: {} as WithdrawalContext, events: {} as WithdrawalEvent | AnswerEvent },
  actors: {
    boundCards: boundCardsMachine,
    cardChoice: cardChoiceMachine,
    loadLimits: provided<Outcome<WithdrawLimits>, { cardId: string }>('loadLimits'),
    checkBranchNeed: provided<Outcome<{ bankCode: string; needBranch: boolean }>, { cardId: string }>('checkBranchNeed'),
    amountEntry: amountEntryMachine,
    quoteCharge: provided<Outcome<ServiceCharge>, { cardId: string; amount: number }>('quoteCharge'),
    branchPicker: branchPickerMachine,
    payment: paymentMachine,
    bankSettlement: bankSettlementMachine,
  },
  guards: {
    quotedNeedingBranch: ({ context }) => context.needBranch && context.branch === null,
    needsBranch: ({ context }) => context.needBranch,
    hasPendingWithdrawal: ({ context }) => context.pendingWithdrawNo !== null,
  },
  actions: {
    announceAnswer: announceAnswer<WithdrawalContext, WithdrawalEvent | AnswerEvent>(),
    keepInfo: assign(({ event }) => { const i = answerData<WithdrawInfo>(event); return { available: i.available, cards: i.cards, infoInterrupted: false }; }),
    noteInfoInterrupted: assign({ infoInterrupted: true }),
    chooseCard: assign({ cardId: ({ event }) => chosenCardId(event), branch: null, limits: null, cardTrouble: null }),
    // a refusal's code, or none: no answer
    troubleWithCard: assign({ cardTrouble: ({ event }) => ({ code: answerCode(event) }) }),
    keepLimits: assign(({ event }) => { const l = answerData<WithdrawLimits>(event); return { limits: l, available: l.available }; }),
    keepBranchNeed: assign({ needBranch: ({ event }) => answerData<{ needBranch: boolean }>(event).needBranch }),
    keepAmount: assign(({ event }) => amountAsked(event)),
    refuseAmount: assign({ amountRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }) }),
    amountUnanswered: assign({ amountRefusal: { code: null, detail: null } }),
    // the refusal is the amount child's to show once, as it starts
    forgetAmountRefusal: assign({ amountRefusal: null }),
    keepCharge: assign({ charge: ({ event }) => answerData<ServiceCharge>(event).charge, previousCharge: null }),
    // WDR10004's subMsg is the charge that applies now
    keepNewCharge: assign({ previousCharge: ({ context }) => context.charge, charge: ({ event, context }) => { const n = Number(answerDetail(event)); return Number.isInteger(n) && n >= 0 ? n : context.charge; } }),
    keepBranch: assign({ branch: ({ event, context }) => (event as { output?: { branch: Branch | null } }).output?.branch ?? context.branch, branchNotice: null }),
    askBranchAgain: assign({ branch: null, branchNotice: ({ event }) => answerCode(event) }),
    keepReceipt: assign(({ event }) => { const r = answerData<WithdrawReceipt>(event); return { receipt: r, available: r.available }; }),
    // the bank's last status, with its answer (paid, or refused with its reason)
    keepSettledStatus: assign({ status: ({ event, context }) => answerData<WithdrawStatus | null>(event) ?? context.status }),
    keepPendingWithdrawal: assign({ pendingWithdrawNo: ({ context }) => context.receipt?.withdrawNo ?? null }),
    forgetPendingWithdrawal: assign({ pendingWithdrawNo: null }),
    startOver: assign(() => ({ ...FRESH })),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({ language: input.language, available: null, cards: [], ...FRESH, pendingWithdrawNo: input.pendingWithdrawNo ?? null }),
  initial: 'starting',
  states: {
    // back after a reload with a withdrawal at the bank: straight to following it
    starting: { always: [{ guard: 'hasPendingWithdrawal', target: 'pending' }, { target: 'loadingInfo' }] },
    // the balances and the cards (boundCards child, the withdrawal's own call): none yet, the screen links to binding one
    loadingInfo: {
      invoke: {
        id: 'boundCards',
        src: 'boundCards',
        // a member not verified yet (the flow answers FND10004 for an answer that says so, cards or none)
        input: ({ context }): BoundCardsInput => ({ interrupted: context.infoInterrupted, handOver: ['FND10004'] }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): its failure shown, to try again
        onError: { target: 'loadingInfo', reenter: true, actions: 'noteInfoInterrupted' },
      },
      on: {
        'boundCards.ok': { target: 'choosingCard', actions: 'keepInfo' },
        // FND10004, the one refusal handOver lists: only verified members withdraw
        'boundCards.refused.*': { target: 'notVerified' },
        // never (it asks again until it has cards): as the chart failing
        'boundCards.unreachable': { target: 'loadingInfo', reenter: true, actions: 'noteInfoInterrupted' },
      },
    },
    // only verified members withdraw: the screen links to the verification
    notVerified: {},
    // one of the cards (cardChoice child), with why it is chosen again if it is
    choosingCard: {
      invoke: {
        id: 'cardChoice',
        src: 'cardChoice',
        input: ({ context }): CardChoiceInput => ({ cards: context.cards, trouble: context.cardTrouble }),
        onDone: { target: 'loadingCard', actions: 'chooseCard' },
        // the chart itself failed (never an answer of the server): the cards again, by hand
        onError: { target: 'loadingInfo', actions: 'noteInfoInterrupted' },
      },
    },
    loadingCard: {
      tags: ['busy'],
      invoke: {
        id: 'loadLimits',
        src: 'loadLimits',
        input: ({ context }) => ({ cardId: context.cardId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'choosingCard', actions: 'troubleWithCard' },
      },
      on: {
        'loadLimits.ok': { target: 'checkingBranchNeed', actions: 'keepLimits' },
        'loadLimits.refused.FND10004': { target: 'notVerified' },
        'loadLimits.refused.*': { target: 'choosingCard', actions: 'troubleWithCard' },
      },
    },
    checkingBranchNeed: {
      tags: ['busy'],
      invoke: {
        id: 'checkBranchNeed',
        src: 'checkBranchNeed',
        input: ({ context }) => ({ cardId: context.cardId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'choosingCard', actions: 'troubleWithCard' },
      },
      on: {
        'checkBranchNeed.ok': { target: 'enteringAmount', actions: 'keepBranchNeed' },
        'checkBranchNeed.refused.*': { target: 'choosingCard', actions: 'troubleWithCard' },
      },
    },
    // the amount (amountEntry child): at least the bank's minimum, within the balance and the most that can go now
    enteringAmount: {
      exit: 'forgetAmountRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language,
          amountText: context.amountText,
          min: context.limits?.bank.min ?? 0,
          limits: amountLimits(context),
          refusal: context.amountRefusal,
        }),
        onDone: { target: 'quoting', actions: 'keepAmount' },
        // the chart itself failed (never an answer of the server): back to the card, as changing it
        onError: { target: 'choosingCard' },
      },
      on: { 'card.change': { target: 'choosingCard' } },
    },
    quoting: {
      tags: ['busy'],
      invoke: {
        id: 'quoteCharge',
        src: 'quoteCharge',
        input: ({ context }) => ({ cardId: context.cardId!, amount: context.amount }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringAmount', actions: 'amountUnanswered' },
      },
      on: {
        'quoteCharge.ok': [
          { guard: 'quotedNeedingBranch', target: 'pickingBranch', actions: 'keepCharge' },
          { target: 'reviewing', actions: 'keepCharge' },
        ],
        'quoteCharge.refused.*': { target: 'enteringAmount', actions: 'refuseAmount' },
      },
    },
    // the bank pays out through a branch: the child asks the province, then the branch
    pickingBranch: {
      invoke: {
        id: 'branchPicker',
        src: 'branchPicker',
        // why it is asked again: the server wanted a branch (WDR10002) or did not know this one (WDR10003)
        input: ({ context }) => ({ bankCode: context.limits?.bankCode ?? '', notice: context.branchNotice }),
        onDone: { target: 'reviewing', actions: 'keepBranch' },
        onError: { target: 'enteringAmount', actions: 'amountUnanswered' },
      },
      on: { 'amount.edit': { target: 'enteringAmount' } },
    },
    // amount, charge, total (and branch): nothing is paid until the member confirms this
    reviewing: {
      initial: 'ready',
      on: {
        'withdrawal.confirmed': { target: 'paying' },
        'amount.edit': { target: 'enteringAmount' },
        'branch.change': { guard: 'needsBranch', target: 'pickingBranch' },
      },
      states: {
        ready: {},
        // WDR10004: the charge changed meanwhile; the new one is shown and must be confirmed again
        chargeChanged: { tags: ['error'] },
      },
    },
    // the pay password, then the withdrawal (payment child); the screen offers going back while the password is asked or after a refusal
    paying: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: WITHDRAW_SERVICE, amount: context.amount, counterparty: context.cardId! },
          requestPrefix: 'H5W',
          request: { cardId: context.cardId!, amount: context.amount, charge: context.charge, ...(context.needBranch && context.branch ? { branchCode: context.branch.branchCode } : {}) },
          routedByParent: ['WDR10004', 'FND10001', 'FND10003', 'CRD10010', 'FND10004', 'WDR10002', 'WDR10003'],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the review, as going back
        onError: { target: 'reviewing' },
      },
      on: {
        'payment.ok': { target: 'pending', actions: ['keepReceipt', 'keepPendingWithdrawal'] },
        'payment.refused.WDR10004': { target: 'reviewing.chargeChanged', actions: 'keepNewCharge' },
        // not enough money, the account level's limit, the bank's limit (their subMsg: which one): the amount again, with why
        'payment.refused.FND10001': { target: 'enteringAmount', actions: 'refuseAmount' },
        'payment.refused.FND10003': { target: 'enteringAmount', actions: 'refuseAmount' },
        'payment.refused.CRD10010': { target: 'enteringAmount', actions: 'refuseAmount' },
        'payment.refused.FND10004': { target: 'notVerified' },
        // WDR10002 or WDR10003, the last codes routedByParent lists: the branch is asked again
        'payment.refused.*': { target: 'pickingBranch', actions: 'askBranchAgain' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'reviewing' },
        'payment.cancelled': { target: 'reviewing' },
      },
    },
    // held (available → frozen) until the bank answers (bankSettlement child); the member may leave or start another, it settles anyway
    pending: {
      invoke: {
        id: 'bankSettlement',
        src: 'bankSettlement',
        input: ({ context }): BankSettlementInput => ({ reference: context.pendingWithdrawNo ?? '', notFoundCode: 'WDR10001' }),
        onDone: { actions: 'announceAnswer' },
      },
      on: {
        'bankSettlement.ok': { target: 'succeeded', actions: ['keepSettledStatus', 'forgetPendingWithdrawal'] },
        'bankSettlement.refused.FAILED': { target: 'failedAtBank', actions: ['keepSettledStatus', 'forgetPendingWithdrawal'] },
        // not this member's (WDR10001: another sign-in in this tab): a fresh start
        'bankSettlement.refused.*': { target: 'loadingInfo', actions: 'startOver' },
        // never (it asks again until the bank answers): as unknown
        'bankSettlement.unreachable': { target: 'loadingInfo', actions: 'startOver' },
        'withdrawal.restarted': { target: 'loadingInfo', actions: 'startOver' },
      },
    },
    succeeded: { on: { 'withdrawal.restarted': { target: 'loadingInfo', actions: 'startOver' } } },
    // the bank refused: the hold was released, the money is available again
    failedAtBank: { on: { 'withdrawal.restarted': { target: 'loadingInfo', actions: 'startOver' } } },
  },
});
