import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';

/**
 * A top-up or withdrawal at the bank, as the wallet follows it: its status is asked at once, then
 * every two seconds, until the bank has paid or refused it. The top-up and withdrawal charts invoke
 * it right after paying, and when a reload brings the member back to a payment left waiting. It
 * ends with an answer its parent routes by event: paid (`bankSettlement.ok`, the bank's status),
 * refused by the bank (`bankSettlement.refused.FAILED`, the status and its reason with it), or — a
 * payment the server does not know for this member (`notFoundCode`), or one that never reached the
 * bank — unknown (`bankSettlement.refused.<notFoundCode>`). No answer, or any other refusal, says
 * nothing about the payment, so it asks again.
 */
export interface BankStatus {
  state: string;
  failReason?: string | null;
}

export interface BankSettlementInput {
  /** The top-up's orderNo or the withdrawal's withdrawNo. */
  reference: string;
  notFoundCode: string;
}

export interface BankSettlementContext extends BankSettlementInput {
  status: BankStatus | null;
  outcome: 'paid' | 'refused' | 'unknown' | null;
}

/** How it ended, as an answer: the status when paid; a refusal (the bank's reason, or `notFoundCode`) with the last status known. */
export type BankSettlementOutput = { ok: true; data: BankStatus } | { ok: false; code: string; message: string; detail: string; data: BankStatus | null };

/** The refusal a payment the bank refused ends with (the status's own word); its detail is the bank's reason. */
export const REFUSED_AT_BANK = 'FAILED';

const outputOf = ({ outcome, status, notFoundCode }: BankSettlementContext): BankSettlementOutput => {
  if (outcome === 'paid' && status) return { ok: true, data: status };
  if (outcome === 'refused') return { ok: false, code: REFUSED_AT_BANK, message: '', detail: status?.failReason ?? '', data: status };
  return { ok: false, code: notFoundCode, message: '', detail: '', data: status };
};

export const bankSettlementMachine = setup({
  types: { input: {} as BankSettlementInput, context: {} as BankSettlementContext, events: {} as AnswerEvent, output: {} as BankSettlementOutput },
  actors: {
    queryStatus: provided<Outcome<BankStatus>, { reference: string }>('queryStatus'),
  },
  guards: {
    paid: ({ event }) => answerData<BankStatus>(event).state === 'SUCCESS',
    refused: ({ event }) => answerData<BankStatus>(event).state === REFUSED_AT_BANK,
    atBank: ({ event }) => answerData<BankStatus>(event).state === 'PENDING',
    // the parent's code for a payment the server does not know (TOP10001, WDR10001): not a fixed event
    notFound: ({ context, event }) => answerCode(event) === context.notFoundCode,
  },
  actions: {
    announceAnswer: announceAnswer<BankSettlementContext, AnswerEvent>(),
    keepStatus: assign({ status: ({ event }) => answerData<BankStatus>(event) }),
    settlePaid: assign({ outcome: () => 'paid' as const }),
    settleRefused: assign({ outcome: () => 'refused' as const }),
    settleUnknown: assign({ outcome: () => 'unknown' as const }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'bankSettlement',
  context: ({ input }) => ({ reference: input.reference, notFoundCode: input.notFoundCode, status: null, outcome: null }),
  initial: 'checking',
  output: ({ context }) => outputOf(context),
  states: {
    checking: {
      invoke: {
        id: 'queryStatus',
        src: 'queryStatus',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unreachable' },
      },
      on: {
        'queryStatus.ok': [
          { guard: 'paid', target: 'settled', actions: ['keepStatus', 'settlePaid'] },
          { guard: 'refused', target: 'settled', actions: ['keepStatus', 'settleRefused'] },
          { guard: 'atBank', target: 'waiting', actions: 'keepStatus' },
          // an order that never reached the bank (still waiting for its SMS code)
          { target: 'settled', actions: 'settleUnknown' },
        ],
        'queryStatus.refused.*': [
          { guard: 'notFound', target: 'settled', actions: 'settleUnknown' },
          { target: 'unreachable' },
        ],
      },
    },
    waiting: { after: { pollInterval: { target: 'checking' } } },
    // the status could not be read: the payment is unaffected; ask again
    unreachable: { after: { pollInterval: { target: 'checking' } } },
    settled: { type: 'final' },
  },
});
