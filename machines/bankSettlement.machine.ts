import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { dataOf, isOk, provided, refusalCode } from './outcome.ts';
import { POLL_INTERVAL_MS } from './bankFlow.ts';

/**
 * A top-up or withdrawal at the bank, as the wallet follows it: its status is asked at once, then
 * every two seconds, until the bank has paid or refused it. The top-up and withdrawal charts invoke
 * it right after paying, and when a reload brings the member back to a payment left waiting. A
 * payment the server does not know for this member (`notFoundCode`), or one that never reached the
 * bank, ends it as `unknown`; no answer, or any other refusal, says nothing about the payment, so
 * it asks again.
 */
export interface BankStatus {
  state: string;
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

export interface BankSettlementOutput {
  outcome: 'paid' | 'refused' | 'unknown';
  status: BankStatus | null;
}

const answered = (event: unknown) => dataOf<BankStatus>(event);

/** For the parents (top-up, withdrawal): how the settlement they invoked ended, from its done event. */
export const settlementOf = (event: unknown) => (event as { output?: BankSettlementOutput }).output ?? null;
export const settledPaid = ({ event }: { event: unknown }) => settlementOf(event)?.outcome === 'paid';
export const settledRefused = ({ event }: { event: unknown }) => settlementOf(event)?.outcome === 'refused';

export const bankSettlementMachine = setup({
  types: { input: {} as BankSettlementInput, context: {} as BankSettlementContext, output: {} as BankSettlementOutput },
  actors: {
    queryStatus: provided<Outcome<BankStatus>, { reference: string }>('queryStatus'),
  },
  guards: {
    isOk,
    paid: ({ event }) => answered(event)?.state === 'SUCCESS',
    refused: ({ event }) => answered(event)?.state === 'FAILED',
    atBank: ({ event }) => answered(event)?.state === 'PENDING',
    notFound: ({ context, event }) => refusalCode(event) === context.notFoundCode,
  },
  actions: {
    keepStatus: assign({ status: ({ event, context }) => answered(event) ?? context.status }),
    settlePaid: assign({ outcome: () => 'paid' as const }),
    settleRefused: assign({ outcome: () => 'refused' as const }),
    settleUnknown: assign({ outcome: () => 'unknown' as const }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
}).createMachine({
  id: 'bankSettlement',
  context: ({ input }) => ({ reference: input.reference, notFoundCode: input.notFoundCode, status: null, outcome: null }),
  initial: 'checking',
  output: ({ context }) => ({ outcome: context.outcome ?? 'unknown', status: context.status }),
  states: {
    checking: {
      invoke: {
        id: 'queryStatus',
        src: 'queryStatus',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: [
          { guard: 'paid', target: 'settled', actions: ['keepStatus', 'settlePaid'] },
          { guard: 'refused', target: 'settled', actions: ['keepStatus', 'settleRefused'] },
          { guard: 'atBank', target: 'waiting', actions: 'keepStatus' },
          // an order that never reached the bank (still waiting for its SMS code)
          { guard: 'isOk', target: 'settled', actions: 'settleUnknown' },
          { guard: 'notFound', target: 'settled', actions: 'settleUnknown' },
          { target: 'unreachable' },
        ],
        onError: { target: 'unreachable' },
      },
    },
    waiting: { after: { pollInterval: { target: 'checking' } } },
    // the status could not be read: the payment is unaffected; ask again
    unreachable: { after: { pollInterval: { target: 'checking' } } },
    settled: { type: 'final' },
  },
});
