import { assign, raise, setup } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { AlertPayment } from '../services/contract/paymentAlerts.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Live payment alerts on an open cashier or records screen (merchant or clerk). The `stream`
 * region keeps one long poll open (`merchant/alerts/wait`): starting gets the cursor of now, then
 * each answer brings the payments since the cursor and the next cursor, and the next wait begins
 * at once. A lost connection waits a growing back-off (1 s, 2 s, 4 s … 30 s) and resumes from the
 * last cursor, so nothing is missed or told twice. Too many waits open (AGW10006: the member's other
 * screens hold their share, or the server its whole) pauses longer (5 s, 10 s … 60 s) and waits
 * again from the same cursor. A removed clerk (STF10009) or any other refusal stops it; a lost
 * session never answers (the session chart takes over). The `voice` region reads
 * each payment aloud when on; the choice is the person's and remembered (`rememberVoice`), and
 * where they never chose, the phone's (on once someone allowed it there: src/flows/paymentAlerts.ts).
 */

/** How many payments the screen keeps on show, newest first. */
export const SHOWN_PAYMENTS = 5;
const LONGEST_BACKOFF_MS = 30_000;
const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 60_000;

export interface AlertPage {
  payments: AlertPayment[];
  cursor: string;
}

export interface PaymentAlertsInput {
  /** Whether this person asked for the payments to be read aloud (remembered per member). */
  voice: boolean;
}

export interface PaymentAlertsContext {
  cursor: string | null;
  payments: AlertPayment[];
  /** Consecutive lost connections or crowded refusals: the back-off and the pause grow with them. */
  attempt: number;
  errorCode: string | null;
  /** The input's choice, read once by `voice.deciding`; the region's state is the choice from then on. */
  voiceAsked: boolean;
}

export type PaymentAlertsEvent =
  | { type: 'voice.toggled' }
  | { type: 'stream.retry' }
  /** Raised by the chart when an answer brings payments; the voice region reads them. */
  | { type: 'payments.arrived'; payments: AlertPayment[] };

const pageOf = (event: unknown) => answerData<AlertPage>(event);

export const paymentAlertsMachine = setup({
  types: {
    input: {} as PaymentAlertsInput,
    context: {} as PaymentAlertsContext,
    events: {} as PaymentAlertsEvent | AnswerEvent,
  },
  actors: {
    waitAlerts: provided<Outcome<AlertPage>, { after: string | null }>('waitAlerts'),
  },
  guards: {
    brought: ({ event }) => pageOf(event).payments.length > 0,
    hasCursor: ({ context }) => context.cursor !== null,
    voiceAsked: ({ context }) => context.voiceAsked,
  },
  delays: {
    // 1 s, 2 s, 4 s … at most 30 s: a dead network is not hammered, a short loss is over soon
    backoff: ({ context }) => Math.min(LONGEST_BACKOFF_MS, 1000 * 2 ** Math.max(0, context.attempt - 1)),
    // 5 s, 10 s, 20 s … at most 60 s: the server said too many wait already; a slot frees when another screen closes
    pause: ({ context }) => Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, context.attempt - 1)),
  },
  actions: {
    announceAnswer: announceAnswer<PaymentAlertsContext, PaymentAlertsEvent | AnswerEvent>(),
    keepCursor: assign(({ event }) => ({ cursor: pageOf(event).cursor, attempt: 0, errorCode: null })),
    keepPayments: assign({
      payments: ({ context, event }) => [...[...pageOf(event).payments].reverse(), ...context.payments].slice(0, SHOWN_PAYMENTS),
    }),
    announceArrival: raise(({ event }) => ({ type: 'payments.arrived' as const, payments: pageOf(event).payments })),
    countLoss: assign({ attempt: ({ context }) => context.attempt + 1 }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    /** Provided by the screen: reads the payments aloud (speechSynthesis) in the person's language. */
    speak: (_, _params: { payments: AlertPayment[] }) => {},
    /** Provided by the screen: remembers the person's choice (on or off, by the state entered). */
    rememberVoice: (_, _params: { on: boolean }) => {},
  },
}).createMachine({
  id: 'paymentAlerts',
  type: 'parallel',
  context: ({ input }) => ({ cursor: null, payments: [], attempt: 0, errorCode: null, voiceAsked: input.voice }),
  states: {
    stream: {
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            id: 'waitAlerts',
            src: 'waitAlerts',
            input: () => ({ after: null }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'reconnecting', actions: 'countLoss' },
          },
          on: {
            'waitAlerts.ok': { target: 'waiting', actions: 'keepCursor' },
            'waitAlerts.refused.AGW10006': { target: 'crowded', actions: 'countLoss' },
            'waitAlerts.refused.STF10009': { target: 'removed', actions: 'keepRefusal' },
            'waitAlerts.refused.*': { target: 'stopped', actions: 'keepRefusal' },
          },
        },
        waiting: {
          tags: ['live'],
          invoke: {
            id: 'waitAlerts',
            src: 'waitAlerts',
            input: ({ context }) => ({ after: context.cursor }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'reconnecting', actions: 'countLoss' },
          },
          on: {
            'waitAlerts.ok': [
              { guard: 'brought', target: 'waiting', reenter: true, actions: ['keepCursor', 'keepPayments', 'announceArrival'] },
              { target: 'waiting', reenter: true, actions: 'keepCursor' },
            ],
            'waitAlerts.refused.AGW10006': { target: 'crowded', actions: 'countLoss' },
            'waitAlerts.refused.STF10009': { target: 'removed', actions: 'keepRefusal' },
            'waitAlerts.refused.*': { target: 'stopped', actions: 'keepRefusal' },
          },
        },
        reconnecting: {
          tags: ['error'],
          after: {
            backoff: [{ guard: 'hasCursor', target: 'waiting' }, { target: 'starting' }],
          },
          on: {
            'stream.retry': [{ guard: 'hasCursor', target: 'waiting' }, { target: 'starting' }],
          },
        },
        // too many waits open (this member's other screens, or the server's all), or a rate limit: asks again by itself, later
        crowded: {
          tags: ['error'],
          after: { pause: [{ guard: 'hasCursor', target: 'waiting' }, { target: 'starting' }] },
        },
        // a refusal other than removal (the member is no merchant or clerk any more): asked again only by hand
        stopped: {
          tags: ['error'],
          on: { 'stream.retry': { target: 'starting' } },
        },
        // the clerk was removed from the store: nothing more to listen to
        removed: { tags: ['error'] },
      },
    },
    voice: {
      initial: 'deciding',
      states: {
        // the remembered choice, given as input, decides once
        deciding: {
          always: [{ guard: 'voiceAsked', target: 'on' }, { target: 'off' }],
        },
        off: { on: { 'voice.toggled': { target: 'on', actions: { type: 'rememberVoice', params: { on: true } } } } },
        on: {
          on: {
            'voice.toggled': { target: 'off', actions: { type: 'rememberVoice', params: { on: false } } },
            'payments.arrived': { actions: { type: 'speak', params: ({ event }) => ({ payments: event.payments }) } },
          },
        },
      },
    },
  },
});
