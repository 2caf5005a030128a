import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * An operator's review of one member request in the platform area: an enterprise verification or a
 * mobile-number rebinding (each kind's calls in src/flows/review.ts). The request loads; a
 * pending one can be approved after a confirmation, or rejected with a reason the member will read.
 * A request another operator decided meanwhile offers a reload; a request decided before the page
 * opened is read-only. After a decision the outcome shows briefly and the screen goes back to its
 * queue.
 */
export interface ReviewInput {
  id: string;
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';
/** The two kinds of request operators review with this one chart (each with its own calls). */
export type ReviewKind = 'verification' | 'rebinding';
export type ReviewDecision = 'approve' | 'reject';

/** What the chart reads of a request; the screen's detail carries the rest. */
export interface ReviewSubject {
  id: string;
  status: ReviewStatus;
}

export interface ReviewContext {
  id: string;
  detail: ReviewSubject | null;
  reason: string;
  decision: ReviewDecision | null;
  errorCode: string | null;
}

export type ReviewEvent =
  | { type: 'approve.requested' }
  | { type: 'approve.confirmed' }
  | { type: 'reject.requested' }
  | { type: 'reason.changed'; value: string }
  | { type: 'reject.confirmed' }
  | { type: 'decision.cancelled' }
  | { type: 'review.reload' }
  | { type: 'review.retry' };

/** The server refuses a rejection whose trimmed reason is shorter (PLT10003) and keeps at most 500. */
export const REASON_MIN = 5;
export const REASON_MAX = 500;

export const reviewMachine = setup({
  types: {
    input: {} as ReviewInput,
    context: {} as ReviewContext,
    events: {} as ReviewEvent | AnswerEvent,
  },
  actors: {
    loadDetail: provided<Outcome<ReviewSubject>, { id: string }>('loadDetail'),
    decide: provided<Outcome<{ id: string; status: 'approved' | 'rejected' }>, { id: string; decision: ReviewDecision; reason: string }>('decide'),
  },
  guards: {
    isPending: ({ event }) => answerData<ReviewSubject>(event).status === 'pending',
    reasonGiven: ({ context }) => context.reason.trim().length >= REASON_MIN,
  },
  actions: {
    announceAnswer: announceAnswer<ReviewContext, ReviewEvent | AnswerEvent>(),
    keepDetail: assign({ detail: ({ event }) => answerData<ReviewSubject>(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    setReason: assign({ reason: ({ event, context }) => (event.type === 'reason.changed' ? event.value.slice(0, REASON_MAX) : context.reason) }),
    chooseApproval: assign({ decision: 'approve', errorCode: null }),
    chooseRejection: assign({ decision: 'reject', errorCode: null }),
    // provided by the screen: back to the queue the request came from
    goToQueue: () => {},
  },
  delays: {
    outcomeShown: 1500,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({ id: input.id, detail: null, reason: '', decision: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ id: context.id }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'loadDetail.ok': [
          { guard: 'isPending', target: 'reviewing', actions: 'keepDetail' },
          // decided before this page opened: shown with its decision, nothing left to decide
          { target: 'closed', actions: 'keepDetail' },
        ],
        'loadDetail.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
      },
    },
    reviewing: {
      initial: 'idle',
      on: {
        'approve.requested': { target: 'confirmingApproval' },
        'reject.requested': { target: 'enteringReason' },
      },
      states: {
        idle: {},
        refused: { tags: ['error'] },
      },
    },
    confirmingApproval: {
      on: {
        'approve.confirmed': { target: 'deciding', actions: 'chooseApproval' },
        'decision.cancelled': { target: 'reviewing' },
      },
    },
    enteringReason: {
      initial: 'typing',
      on: {
        'reason.changed': { target: '.typing', actions: 'setReason' },
        'reject.confirmed': [{ guard: 'reasonGiven', target: 'deciding', actions: 'chooseRejection' }, { target: '.tooShort' }],
        'decision.cancelled': { target: 'reviewing' },
      },
      states: {
        typing: {},
        tooShort: { tags: ['error'] },
      },
    },
    deciding: {
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ id: context.id, decision: context.decision ?? 'approve', reason: context.decision === 'reject' ? context.reason.trim() : '' }),
        onDone: { actions: 'announceAnswer' },
        // no answer: whether the decision was recorded is unknown, so a retry reloads the request
        onError: { target: 'failed' },
      },
      on: {
        'decide.ok': { target: 'decided' },
        'decide.refused.PLT10002': { target: 'stale', actions: 'keepRefusal' },
        'decide.refused.PLT10003': { target: 'enteringReason.tooShort' },
        // e.g. MOB10001: the new number was taken meanwhile; the operator may still reject
        'decide.refused.*': { target: 'reviewing.refused', actions: 'keepRefusal' },
      },
    },
    decided: {
      after: { outcomeShown: { target: 'returning' } },
    },
    returning: {
      type: 'final',
      entry: 'goToQueue',
    },
    // another operator decided first
    stale: {
      tags: ['error'],
      on: { 'review.reload': { target: 'loading' } },
    },
    closed: {},
    unavailable: { tags: ['error'] },
    failed: {
      tags: ['error'],
      on: { 'review.retry': { target: 'loading' } },
    },
  },
});
