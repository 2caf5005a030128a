import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { dataOf, isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { amountActions, amountGuards, over, typedAmount, type AmountEntry } from './amountEntry.ts';
import { branchPickerMachine } from './branchPicker.machine.ts';
import { bankSettlementMachine, settledPaid, settledRefused, settlementOf, type BankSettlementInput } from './bankSettlement.machine.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import type { Branch, BoundCard, ServiceCharge, WithdrawInfo, WithdrawLimits, WithdrawReceipt, WithdrawStatus } from './bankFlow.ts';

/**
 * Withdrawal to a bound debit card (spec §5). The balances and cards come first; a card brings
 * its limits (the most that can go now, `maxAmount`, and the bank's minimum) and whether its bank
 * pays out through a branch. The amount is checked against the available balance and those
 * limits; the service charge and the total are shown before anything is confirmed; a branch is
 * picked (branchPicker child: province, then branch) when the bank needs one. The payment child
 * authorises it with the pay password and applies it (a retry after a lost answer is the same
 * request). The money is then held and the bank settles later: the bankSettlement child polls
 * until it is paid out or, refused by the bank, released back to the available balance. A reload
 * while it waits comes back to it: the screen keeps the withdrawal number and the chart starts by
 * asking where it stands.
 */
export const WITHDRAW_SERVICE = 'wallet/withdraw/applyWithdraw';

export interface WithdrawalInput {
  language: Language;
  /** A withdrawal this tab left waiting for the bank, kept by the screen across a reload. */
  pendingWithdrawNo?: string | null;
}

export interface WithdrawalContext extends AmountEntry {
  available: number | null;
  cards: BoundCard[];
  cardId: string | null;
  limits: WithdrawLimits | null;
  needBranch: boolean;
  charge: number;
  /** The charge shown before the server answered WDR10004 with a new one. */
  previousCharge: number | null;
  branch: Branch | null;
  receipt: WithdrawReceipt | null;
  status: WithdrawStatus | null;
  /** The withdrawal the bank is settling: set once it is held, cleared when it is settled. */
  pendingWithdrawNo: string | null;
}

export type WithdrawalEvent =
  | { type: 'info.retry' }
  | { type: 'card.chosen'; cardId: string }
  | { type: 'card.change' }
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.submitted' }
  | { type: 'amount.edit' }
  | { type: 'branch.change' }
  | { type: 'withdrawal.confirmed' }
  | { type: 'payment.cancelled' }
  | { type: 'withdrawal.restarted' };

/** Everything after the balances and cards: what a new withdrawal starts from. */
const FRESH = {
  cardId: null, limits: null, needBranch: false, amountText: '', amount: 0, charge: 0, previousCharge: null, branch: null,
  receipt: null, status: null, pendingWithdrawNo: null, limit: null, errorCode: null,
} satisfies Omit<WithdrawalContext, 'language' | 'available' | 'cards'>;


export const withdrawalMachine = setup({
  types: { input: {} as WithdrawalInput, context: {} as WithdrawalContext, events: {} as WithdrawalEvent },
  actors: {
    loadInfo: provided<Outcome<WithdrawInfo>>('loadInfo'),
    loadLimits: provided<Outcome<WithdrawLimits>, { cardId: string }>('loadLimits'),
    checkBranchNeed: provided<Outcome<{ bankCode: string; needBranch: boolean }>, { cardId: string }>('checkBranchNeed'),
    quoteCharge: provided<Outcome<ServiceCharge>, { cardId: string; amount: number }>('quoteCharge'),
    branchPicker: branchPickerMachine,
    payment: paymentMachine,
    bankSettlement: bankSettlementMachine,
  },
  guards: {
    isOk,
    refusedWith,
    unverified: ({ event }) => dataOf<WithdrawInfo>(event)?.verified === false,
    hasNoCards: ({ event }) => dataOf<WithdrawInfo>(event)?.cards.length === 0,
    knownCard: ({ context, event }) => event.type === 'card.chosen' && context.cards.some((c) => c.cardId === event.cardId),
    ...amountGuards,
    belowMin: ({ context }) => (typedAmount(context) ?? 0n) < BigInt(context.limits?.bank.min ?? 0),
    // the balance shown is the last known one; the server checks again under the account lock
    overAvailable: ({ context }) => over(typedAmount(context), context.available),
    // maxAmount already leaves room for the charge and every bank and account-level limit
    overMax: ({ context }) => over(typedAmount(context), context.limits?.maxAmount),
    quotedNeedingBranch: ({ context, event }) => outputOf(event).ok && context.needBranch && context.branch === null,
    needsBranch: ({ context }) => context.needBranch,
    settledPaid,
    settledRefused,
    hasPendingWithdrawal: ({ context }) => context.pendingWithdrawNo !== null,
  },
  actions: {
    keepInfo: assign(({ event }) => { const i = dataOf<WithdrawInfo>(event); return i ? { available: i.available, cards: i.cards } : {}; }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    chooseCard: assign({ cardId: ({ event, context }) => (event.type === 'card.chosen' ? event.cardId : context.cardId), branch: null, limits: null, errorCode: null }),
    keepLimits: assign(({ event, context }) => { const l = dataOf<WithdrawLimits>(event); return l ? { limits: l, available: l.available } : { available: context.available }; }),
    keepBranchNeed: assign({ needBranch: ({ event }) => dataOf<{ needBranch: boolean }>(event)?.needBranch ?? false }),
    ...amountActions<WithdrawalContext, WithdrawalEvent>(),
    keepCharge: assign({ charge: ({ event, context }) => dataOf<ServiceCharge>(event)?.charge ?? context.charge, previousCharge: null }),
    // WDR10004's subMsg is the charge that applies now
    keepNewCharge: assign({ previousCharge: ({ context }) => context.charge, charge: ({ event, context }) => { const n = Number(refusalDetail(event)); return Number.isInteger(n) && n >= 0 ? n : context.charge; } }),
    keepBranch: assign({ branch: ({ event, context }) => (event as { output?: { branch: Branch | null } }).output?.branch ?? context.branch, errorCode: null }),
    forgetBranch: assign({ branch: null }),
    keepReceipt: assign(({ event, context }) => { const r = dataOf<WithdrawReceipt>(event); return r ? { receipt: r, available: r.available } : { available: context.available }; }),
    keepSettledStatus: assign({ status: ({ event, context }) => (settlementOf(event)?.status as WithdrawStatus | null) ?? context.status }),
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
    loadingInfo: {
      tags: ['busy'],
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        onDone: [
          { guard: 'unverified', target: 'notVerified', actions: 'keepInfo' },
          { guard: 'hasNoCards', target: 'noCards', actions: 'keepInfo' },
          { guard: 'isOk', target: 'choosingCard', actions: 'keepInfo' },
          { target: 'infoFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'infoFailed', actions: 'forgetRefusal' },
      },
    },
    infoFailed: { tags: ['error'], on: { 'info.retry': { target: 'loadingInfo' } } },
    // only verified members withdraw: the screen links to the verification
    notVerified: {},
    // nowhere to send the money yet: the screen links to binding a card
    noCards: {},
    choosingCard: {
      initial: 'idle',
      on: { 'card.chosen': { guard: 'knownCard', target: 'loadingCard', actions: 'chooseCard' } },
      states: { idle: {}, refused: { tags: ['error'] }, unreachable: { tags: ['error'] } },
    },
    loadingCard: {
      tags: ['busy'],
      invoke: {
        id: 'loadLimits',
        src: 'loadLimits',
        input: ({ context }) => ({ cardId: context.cardId! }),
        onDone: [
          { guard: 'isOk', target: 'checkingBranchNeed', actions: 'keepLimits' },
          { guard: { type: 'refusedWith', params: { code: 'FND10004' } }, target: 'notVerified' },
          { target: 'choosingCard.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'choosingCard.unreachable' },
      },
    },
    checkingBranchNeed: {
      tags: ['busy'],
      invoke: {
        id: 'checkBranchNeed',
        src: 'checkBranchNeed',
        input: ({ context }) => ({ cardId: context.cardId! }),
        onDone: [
          { guard: 'isOk', target: 'enteringAmount', actions: 'keepBranchNeed' },
          { target: 'choosingCard.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'choosingCard.unreachable' },
      },
    },
    enteringAmount: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmountText' },
        'amount.submitted': [
          { guard: 'amountUnreadable', target: '.unreadable' },
          { guard: 'amountNotPositive', target: '.notPositive' },
          { guard: 'belowMin', target: '.belowMin' },
          { guard: 'overAvailable', target: '.overAvailable' },
          { guard: 'overMax', target: '.overMax' },
          { target: 'quoting', actions: 'keepAmount' },
        ],
        'card.change': { target: 'choosingCard' },
      },
      states: {
        typing: {},
        unreadable: { tags: ['error'] },
        notPositive: { tags: ['error'] },
        belowMin: { tags: ['error'] },
        overAvailable: { tags: ['error'] },
        overMax: { tags: ['error'] },
        insufficient: { tags: ['error'] },
        limitExceeded: { tags: ['error'] },
        bankLimit: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    quoting: {
      tags: ['busy'],
      invoke: {
        id: 'quoteCharge',
        src: 'quoteCharge',
        input: ({ context }) => ({ cardId: context.cardId!, amount: context.amount }),
        onDone: [
          { guard: 'quotedNeedingBranch', target: 'pickingBranch', actions: 'keepCharge' },
          { guard: 'isOk', target: 'reviewing', actions: 'keepCharge' },
          { target: 'enteringAmount.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringAmount.unreachable' },
      },
    },
    // the bank pays out through a branch: the child asks the province, then the branch
    pickingBranch: {
      invoke: {
        id: 'branchPicker',
        src: 'branchPicker',
        // why it is asked again: the server wanted a branch (WDR10002) or did not know this one (WDR10003)
        input: ({ context }) => ({ bankCode: context.limits?.bankCode ?? '', notice: context.errorCode === 'WDR10002' || context.errorCode === 'WDR10003' ? context.errorCode : null }),
        onDone: { target: 'reviewing', actions: 'keepBranch' },
        onError: { target: 'enteringAmount.unreachable' },
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
        onDone: [
          { guard: 'isOk', target: 'pending', actions: ['keepReceipt', 'keepPendingWithdrawal'] },
          { guard: { type: 'refusedWith', params: { code: 'WDR10004' } }, target: 'reviewing.chargeChanged', actions: 'keepNewCharge' },
          { guard: { type: 'refusedWith', params: { code: 'FND10001' } }, target: 'enteringAmount.insufficient' },
          { guard: { type: 'refusedWith', params: { code: 'FND10003' } }, target: 'enteringAmount.limitExceeded', actions: 'keepLimit' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10010' } }, target: 'enteringAmount.bankLimit', actions: 'keepLimit' },
          { guard: { type: 'refusedWith', params: { code: 'FND10004' } }, target: 'notVerified' },
          // WDR10002 or WDR10003, the last codes routedByParent lists: the branch is asked again
          { target: 'pickingBranch', actions: ['keepRefusal', 'forgetBranch'] },
        ],
        // the chart itself failed (never an answer of the server): back to the review, as going back
        onError: { target: 'reviewing' },
      },
      on: { 'payment.cancelled': { target: 'reviewing' } },
    },
    // held (available → frozen) until the bank answers (bankSettlement child); the member may leave or start another, it settles anyway
    pending: {
      invoke: {
        id: 'bankSettlement',
        src: 'bankSettlement',
        input: ({ context }): BankSettlementInput => ({ reference: context.pendingWithdrawNo ?? '', notFoundCode: 'WDR10001' }),
        onDone: [
          { guard: 'settledPaid', target: 'succeeded', actions: ['keepSettledStatus', 'forgetPendingWithdrawal'] },
          { guard: 'settledRefused', target: 'failedAtBank', actions: ['keepSettledStatus', 'forgetPendingWithdrawal'] },
          // not this member's (another sign-in in this tab): a fresh start
          { target: 'loadingInfo', actions: 'startOver' },
        ],
      },
      on: { 'withdrawal.restarted': { target: 'loadingInfo', actions: 'startOver' } },
    },
    succeeded: { on: { 'withdrawal.restarted': { target: 'loadingInfo', actions: 'startOver' } } },
    // the bank refused: the hold was released, the money is available again
    failedAtBank: { on: { 'withdrawal.restarted': { target: 'loadingInfo', actions: 'startOver' } } },
  },
});
