import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { LEDGER_CODES, MERCHANT_CODES, PROMOTION_CODES } from '../services/contract/answerCodes.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';
import { PROMOTION_CHANGES, quotedFigures, type MerchantQuote, type MerchantReceipt, type QuoteRequest } from './scanToPay.machine.ts';

/**
 * The member's payment code (consumer-presented; spec §4 "the QR code refreshes every two
 * minutes", agreement/payqrcode). The server issues a one-time code for this member and device; it
 * is shown as a QR code and a Code 128 barcode, and the screen asks every two seconds what became
 * of it. After two minutes (or when the member asks) a new one is issued, which spends the old.
 * A cashier's charge within the member's password-free limit is paid at once (the receipt shows);
 * above it the charge waits for the member: quoted first (the promotions that apply, what they pay,
 * the cashback to come), then confirmed with the pay password (payment child, with the charge as its
 * counterparty, paying exactly the quote) or declined; a quote that no longer holds when paying
 * (PROMOTION_CHANGES) is made again and the member told why. Not verified, or no pay password yet: no code, and the
 * way to fix it. Without network (the issue call unanswered) a phone that turned the offline code on
 * derives its codes itself (`offline`, README "Payment code without signal"), a new one each 30 s
 * step, and keeps trying the network; once online, a charge made meanwhile that waits for the member
 * is shown to confirm (`waitingCharge`).
 */
export const CONFIRM_CHARGE_SERVICE = 'pay/paymentCode/confirm';
/** Spec §9: the code is replaced every two minutes. */
export const CODE_LIFETIME_MS = 120_000;
/** How often the shown code's fate is asked. */
export const STATUS_POLL_MS = 2_000;
/** Offline: how often the derived code is looked at again (it changes every 30 s step). */
export const OFFLINE_TICK_MS = 1_000;
/** Offline: how often the network is tried again. */
export const NETWORK_PROBE_MS = 10_000;

export interface PendingCharge {
  chargeId: string;
  amount: number;
  merchantName: string;
  storeName: string;
}
/** This phone's offline enrolment: its number, and until when it works without network. */
export interface OfflineEnrolment {
  deviceNo: string;
  validUntil: string;
}
export interface IssuedCode {
  code: string;
  expiresAt: string;
  passwordFreeLimit: number;
  offline?: OfflineEnrolment | null | undefined;
  waitingCharge?: PendingCharge | null | undefined;
}
/** A code the phone derived itself, valid until the enrolment runs out; the next step's replaces it at `changesAt`. */
export interface OfflineCode {
  code: string;
  changesAt: string;
  validUntil: string;
}
export interface CodeStatus {
  state: 'active' | 'awaitingConfirmation' | 'paid' | 'refused' | 'expired' | 'replaced';
  charge: PendingCharge | null;
  receipt: MerchantReceipt | null;
  refusalCode: string | null;
}

export interface PaymentCodeContext {
  issued: IssuedCode | null;
  offline: OfflineEnrolment | null;
  offlineCode: OfflineCode | null;
  charge: PendingCharge | null;
  quote: MerchantQuote | null;
  receipt: MerchantReceipt | null;
  errorCode: string | null;
}

export type PaymentCodeEvent =
  | { type: 'code.refresh' }
  | { type: 'charge.confirmed' }
  | { type: 'charge.declined' }
  | { type: 'quote.retry' }
  | { type: 'payment.cancelled' }
  | { type: 'offline.turnedOn' }
  | { type: 'offline.turnedOff' };

const statusOf = (event: unknown) => answerData<CodeStatus>(event);

/** What an issue is told: whether it renews the code on the clock (the app's doing, not the member's). */
export interface IssueInput {
  renewal: boolean;
}
/** A new code the member did not ask for: the two minutes ran out, or the server said the code expired. */
const onTheClock = (event: { type: string }) => event.type !== 'xstate.init' && event.type !== 'code.refresh';

export const paymentCodeMachine = setup({
  types: { context: {} as PaymentCodeContext, events: {} as PaymentCodeEvent | AnswerEvent },
  actors: {
    issue: provided<Outcome<IssuedCode>, IssueInput>('issue'),
    checkStatus: provided<Outcome<CodeStatus>, { code: string }>('checkStatus'),
    decline: provided<Outcome<{ declined: true }>, { chargeId: string }>('decline'),
    quote: provided<Outcome<MerchantQuote>, QuoteRequest>('quote'),
    payment: paymentMachine,
    deriveOfflineCode: provided<Outcome<OfflineCode>>('deriveOfflineCode'),
    enrolOffline: provided<Outcome<OfflineEnrolment>>('enrolOffline'),
    turnOffOffline: provided<Outcome<unknown>, OfflineEnrolment>('turnOffOffline'),
  },
  guards: {
    awaitingConfirmation: ({ event }) => statusOf(event).state === 'awaitingConfirmation',
    charged: ({ event }) => statusOf(event).state === 'paid',
    // declined on this member's phone (another screen of theirs): it reads as declined here too, not as a refusal
    chargeDeclined: ({ event }) => statusOf(event).state === 'refused' && statusOf(event).refusalCode === MERCHANT_CODES.customerDeclined,
    chargeRefused: ({ event }) => statusOf(event).state === 'refused',
    // another screen of this member issued a newer code: this one is spent
    replaced: ({ event }) => statusOf(event).state === 'replaced',
    expired: ({ event }) => statusOf(event).state === 'expired',
    // a charge made on an offline code while the phone had no network waits for this member's pay password
    offlineOn: ({ context }) => context.offline !== null,
    chargeWaiting: ({ event }) => !!answerData<IssuedCode>(event).waitingCharge,
  },
  actions: {
    announceAnswer: announceAnswer<PaymentCodeContext, PaymentCodeEvent | AnswerEvent>(),
    keepIssued: assign({
      issued: ({ event }) => answerData<IssuedCode>(event), offline: ({ event }) => answerData<IssuedCode>(event).offline ?? null,
      offlineCode: null, charge: null, quote: null, receipt: null, errorCode: null,
    }),
    keepWaitingCharge: assign({ charge: ({ event }) => answerData<IssuedCode>(event).waitingCharge ?? null }),
    keepOfflineCode: assign({ offlineCode: ({ event }) => answerData<OfflineCode>(event), errorCode: null }),
    keepEnrolment: assign({ offline: ({ event }) => answerData<OfflineEnrolment>(event), errorCode: null }),
    forgetEnrolment: assign({ offline: null }),
    keepQuote: assign({ quote: ({ event }) => answerData<MerchantQuote>(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepCharge: assign({ charge: ({ event }) => statusOf(event).charge }),
    keepStatusReceipt: assign({ receipt: ({ event }) => statusOf(event).receipt }),
    // the cashier's charge was refused on the member's side (FND10001…): the code says why, if it does
    keepStatusRefusal: assign({ errorCode: ({ event }) => statusOf(event).refusalCode }),
    keepReceipt: assign({ receipt: ({ event }) => answerData<MerchantReceipt>(event) }),
  },
  delays: { codeLifetime: CODE_LIFETIME_MS, statusPoll: STATUS_POLL_MS, offlineTick: OFFLINE_TICK_MS, networkProbe: NETWORK_PROBE_MS },
}).createMachine({
  id: 'paymentCode',
  context: { issued: null, offline: null, offlineCode: null, charge: null, quote: null, receipt: null, errorCode: null },
  initial: 'issuing',
  states: {
    issuing: {
      tags: ['busy'],
      invoke: {
        id: 'issue',
        src: 'issue',
        // the member opening the screen or asking for a new code is activity; a renewal on the clock is not,
        // so a phone left showing its code lets the session idle out and stops showing codes
        input: ({ event }): IssueInput => ({ renewal: onTheClock(event) }),
        onDone: { actions: 'announceAnswer' },
        // no answer (no network): the phone's own offline code, if it has one
        onError: { target: 'deriving', actions: 'forgetRefusal' },
      },
      on: {
        'issue.ok': [
          { guard: 'chargeWaiting', target: 'awaitingConfirmation', actions: ['keepIssued', 'keepWaitingCharge'] },
          { target: 'showing', actions: 'keepIssued' },
        ],
        // FND10004 (LEDGER_CODES.verificationNeeded): not verified
        'issue.refused.FND10004': { target: 'notVerified' },
        // PAY10006 (ACCOUNT_CODES.payPasswordNotSet): no pay password yet
        'issue.refused.PAY10006': { target: 'noPayPassword' },
        'issue.refused.*': { target: 'issueFailed', actions: 'keepRefusal' },
      },
    },
    issueFailed: { tags: ['error'], on: { 'code.refresh': { target: 'issuing' } } },
    deriving: {
      tags: ['busy'],
      invoke: { id: 'deriveOfflineCode', src: 'deriveOfflineCode', onDone: { actions: 'announceAnswer' }, onError: { target: 'issueFailed' } },
      on: {
        'deriveOfflineCode.ok': { target: 'offline', actions: 'keepOfflineCode' },
        // MCH12001 not turned on here, MCH12002 run out: no code without network
        'deriveOfflineCode.refused.*': { target: 'issueFailed', actions: 'keepRefusal' },
      },
    },
    // no network: the phone's own code, derived again each second (a new one each 30 s step); the network tried every 10 s
    offline: {
      type: 'parallel',
      on: { 'code.refresh': { target: 'issuing' } },
      states: {
        code: {
          initial: 'shown',
          states: {
            shown: { after: { offlineTick: { target: 'deriving' } } },
            deriving: {
              invoke: { id: 'deriveOfflineCode', src: 'deriveOfflineCode', onDone: { actions: 'announceAnswer' }, onError: { target: 'shown' } },
              on: {
                'deriveOfflineCode.ok': { target: 'shown', actions: 'keepOfflineCode' },
                // the enrolment ran out while shown
                'deriveOfflineCode.refused.*': { target: '#paymentCode.issueFailed', actions: 'keepRefusal' },
              },
            },
          },
        },
        network: {
          initial: 'resting',
          states: {
            resting: { after: { networkProbe: { target: 'probing' } } },
            probing: {
              invoke: { id: 'issue', src: 'issue', input: (): IssueInput => ({ renewal: true }), onDone: { actions: 'announceAnswer' }, onError: { target: 'resting' } },
              on: {
                'issue.ok': [
                  { guard: 'chargeWaiting', target: '#paymentCode.awaitingConfirmation', actions: ['keepIssued', 'keepWaitingCharge'] },
                  { target: '#paymentCode.showing', actions: 'keepIssued' },
                ],
                // an answer, but no code (a refusal): the offline code stays
                'issue.refused.*': { target: 'resting' },
              },
            },
          },
        },
      },
    },
    // FND10004: the screen links to the verification
    notVerified: {},
    // PAY10006: the screen links to setting the pay password
    noPayPassword: {},
    // the code shows; its fate is asked every two seconds; it is replaced after two minutes or on demand
    showing: {
      after: { codeLifetime: { target: 'issuing' } },
      on: { 'code.refresh': { target: 'issuing' } },
      initial: 'waiting',
      states: {
        // the offline code turned on here: a secret for this phone; off: wiped here, revoked on the server
        enrolling: {
          tags: ['busy'],
          invoke: { id: 'enrolOffline', src: 'enrolOffline', onDone: { actions: 'announceAnswer' }, onError: { target: 'waiting', actions: 'forgetRefusal' } },
          on: { 'enrolOffline.ok': { target: 'waiting', actions: 'keepEnrolment' }, 'enrolOffline.refused.*': { target: 'waiting', actions: 'keepRefusal' } },
        },
        turningOff: {
          tags: ['busy'],
          invoke: { id: 'turnOffOffline', src: 'turnOffOffline', input: ({ context }) => context.offline!, onDone: { target: 'waiting', actions: 'forgetEnrolment' }, onError: { target: 'waiting', actions: 'forgetEnrolment' } },
        },
        waiting: {
          after: { statusPoll: { target: 'polling' } },
          on: { 'offline.turnedOn': { target: 'enrolling' }, 'offline.turnedOff': { guard: 'offlineOn', target: 'turningOff' } },
        },
        polling: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ code: context.issued?.code ?? '' }),
            onDone: { actions: 'announceAnswer' },
            // a missed answer changes nothing: ask again
            onError: { target: 'waiting' },
          },
          on: {
            'checkStatus.ok': [
              { guard: 'awaitingConfirmation', target: '#paymentCode.awaitingConfirmation', actions: 'keepCharge' },
              { guard: 'charged', target: '#paymentCode.paid', actions: ['keepCharge', 'keepStatusReceipt'] },
              { guard: 'chargeDeclined', target: '#paymentCode.declined', actions: 'keepCharge' },
              { guard: 'chargeRefused', target: '#paymentCode.refused', actions: ['keepCharge', 'keepStatusRefusal'] },
              { guard: 'replaced', target: '#paymentCode.replaced' },
              // over before its two minutes (the server's clock): a new one at once
              { guard: 'expired', target: '#paymentCode.issuing' },
              // still waiting for a cashier: ask again
              { target: 'waiting' },
            ],
            // MCH10008 (MERCHANT_CODES.codeExpired): the server's clock ended it: a new one at once
            'checkStatus.refused.MCH10008': { target: '#paymentCode.issuing' },
            // a refusal of the question itself: ask again
            'checkStatus.refused.*': { target: 'waiting' },
          },
        },
      },
    },
    // the code was spent by a newer one shown elsewhere: a new one here only when the member asks
    replaced: { on: { 'code.refresh': { target: 'issuing' } } },
    // a cashier charged more than the password-free limit: quoted, then the member confirms or declines
    awaitingConfirmation: {
      initial: 'quoting',
      on: { 'charge.declined': { target: 'declining' } },
      states: {
        quoting: {
          tags: ['busy'],
          invoke: {
            id: 'quote',
            src: 'quote',
            input: ({ context }): QuoteRequest => ({ chargeId: context.charge!.chargeId }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'quoteFailed', actions: 'forgetRefusal' },
          },
          on: {
            'quote.ok': { target: 'asking', actions: 'keepQuote' },
            // MCH10013 (chargeNotFound), MCH10008 (codeExpired): the charge is no longer waiting; MCH10014 (payingOwnStore): never payable
            'quote.refused.MCH10013': { target: '#paymentCode.refused', actions: 'keepRefusal' },
            'quote.refused.MCH10008': { target: '#paymentCode.refused', actions: 'keepRefusal' },
            'quote.refused.MCH10014': { target: '#paymentCode.refused', actions: 'keepRefusal' },
            'quote.refused.*': { target: 'quoteFailed', actions: 'keepRefusal' },
          },
        },
        // the quote (and, after a refused payment, why it changed): confirm it with the pay password
        asking: { on: { 'charge.confirmed': { target: '#paymentCode.confirming', actions: 'forgetRefusal' } } },
        quoteFailed: { tags: ['error'], on: { 'quote.retry': { target: 'quoting' } } },
        declineFailed: { tags: ['error'], on: { 'quote.retry': { target: 'quoting' } } },
      },
    },
    // the pay password for this charge, then the payment (payment child)
    confirming: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: CONFIRM_CHARGE_SERVICE, amount: context.charge!.amount, counterparty: context.charge!.chargeId },
          requestPrefix: 'H5C',
          request: { chargeId: context.charge!.chargeId, ...quotedFigures(context.quote!) },
          routedByParent: [
            LEDGER_CODES.insufficientFunds, LEDGER_CODES.limitExceeded, LEDGER_CODES.verificationNeeded, MERCHANT_CODES.codeExpired, MERCHANT_CODES.chargeNotFound,
            MERCHANT_CODES.payingOwnStore, ...PROMOTION_CHANGES, PROMOTION_CODES.fundingShort,
          ],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the question, as going back
        onError: { target: 'awaitingConfirmation' },
      },
      on: {
        'payment.cancelled': { target: 'awaitingConfirmation' },
        'payment.ok': { target: 'paid', actions: 'keepReceipt' },
        // not enough money, a limit, the charge expired or gone: the charge is over, said by its code
        // PROMOTION_CHANGES: the quote no longer holds (a budget, a stock, a limit ran out; the coupon used): quoted again, with why
        'payment.refused.PRM10001': { target: 'awaitingConfirmation', actions: 'keepRefusal' },
        'payment.refused.PRM10002': { target: 'awaitingConfirmation', actions: 'keepRefusal' },
        'payment.refused.PRM10003': { target: 'awaitingConfirmation', actions: 'keepRefusal' },
        'payment.refused.PRM10004': { target: 'awaitingConfirmation', actions: 'keepRefusal' },
        'payment.refused.PRM10005': { target: 'awaitingConfirmation', actions: 'keepRefusal' },
        'payment.refused.*': { target: 'refused', actions: 'keepRefusal' },
        // the payment child settles its own lost answers: back to the question, as going back
        'payment.unreachable': { target: 'awaitingConfirmation' },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'decline',
        src: 'decline',
        input: ({ context }) => ({ chargeId: context.charge!.chargeId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'awaitingConfirmation.declineFailed' },
      },
      on: {
        'decline.ok': { target: 'declined' },
        // MCH10013: it was no longer waiting (expired meanwhile)
        'decline.refused.*': { target: 'refused', actions: 'keepRefusal' },
      },
    },
    paid: { on: { 'code.refresh': { target: 'issuing' } } },
    refused: { tags: ['error'], on: { 'code.refresh': { target: 'issuing' } } },
    declined: { on: { 'code.refresh': { target: 'issuing' } } },
  },
});
