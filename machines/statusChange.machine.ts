import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import type { LineStatus, StatusTarget } from './promotionStatus.ts';

/**
 * One line's status changed on a list whose lines have one (the merchant's promotions, the
 * platform's cashback policies, the merchant's group packages): an active line pauses, a paused one
 * resumes, one not ended ends — after a confirmation first, since ending is final ("keep it"
 * changes nothing) — through the list's own `setStatus` call. It ends with the status the server
 * gave the line, or with the list's "it had already ended" code (`endedCode`: ended meanwhile on
 * another device, or by another operator) and the line to mark ended. A refusal, or no answer,
 * stays shown here until the list's next step (another line, a refresh, a share) leaves the state
 * that invokes this chart: the list stays usable beneath it, as it was before the change was asked.
 * Asked what the line's status does not allow (an ended line, one no longer listed), it ends at
 * once with nothing changed.
 */
export interface StatusChangeInput {
  line: StatusTarget;
  /** The line's status as the list shows it (null: the list has no such line). */
  from: LineStatus | null;
  /** The status asked for. */
  to: LineStatus;
  /** The list's refusal that means "it had already ended" (PRM10017, GRP10005). */
  endedCode: string;
}

/** What the list's `setStatus` call is asked. */
export interface StatusRequest {
  line: StatusTarget;
  status: LineStatus;
}

/** What the list's `setStatus` call answers (the status the server gave the line; the call's own fields besides). */
export type StatusAnswer = Outcome<{ status: LineStatus }>;

/** The line and the status it has now (null: nothing changed). */
export interface LineStatusNow {
  line: StatusTarget;
  status: LineStatus | null;
}

/**
 * How it ended, for the list to route as an answer (`statusChange.ok`, or
 * `statusChange.refused.<endedCode>` bringing the line, now ended).
 */
export type StatusChangeOutput = { ok: true; data: LineStatusNow } | { ok: false; code: string; message: string; detail: string; data: LineStatusNow };

export interface StatusChangeContext extends StatusChangeInput {
  errorCode: string | null;
  outcome: StatusChangeOutput | null;
}

export type StatusChangeEvent = { type: 'end.confirmed' } | { type: 'end.cancelled' };

/** What each status asked may come from: an active line pauses, a paused one resumes, one not ended ends. */
const ALLOWED_FROM: Record<LineStatus, LineStatus[]> = { paused: ['active'], active: ['paused'], ended: ['active', 'paused'] };

export const statusChangeMachine = setup({
  types: {
    input: {} as StatusChangeInput,
    context: {} as StatusChangeContext,
    events: {} as StatusChangeEvent | AnswerEvent,
    output: {} as StatusChangeOutput,
  },
  actors: {
    setStatus: provided<StatusAnswer, StatusRequest>('setStatus'),
  },
  guards: {
    // only what the line's status allows; an ended line stays ended
    notAllowed: ({ context }) => context.from === null || !ALLOWED_FROM[context.to].includes(context.from),
    ending: ({ context }) => context.to === 'ended',
    // the list's own code for "it had ended meanwhile": the line is marked ended, not refused
    endedMeanwhile: ({ context, event }) => answerCode(event) === context.endedCode,
  },
  actions: {
    announceAnswer: announceAnswer<StatusChangeContext, StatusChangeEvent | AnswerEvent>(),
    keepStatus: assign({ outcome: ({ context, event }): StatusChangeOutput => ({ ok: true, data: { line: context.line, status: answerData<{ status: LineStatus }>(event).status } }) }),
    keepUnchanged: assign({ outcome: ({ context }): StatusChangeOutput => ({ ok: true, data: { line: context.line, status: null } }) }),
    keepEnded: assign({ outcome: ({ context }): StatusChangeOutput => ({ ok: false, code: context.endedCode, message: '', detail: '', data: { line: context.line, status: 'ended' } }) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
  },
}).createMachine({
  id: 'statusChange',
  context: ({ input }) => ({ ...input, errorCode: null, outcome: null }),
  initial: 'starting',
  output: ({ context }) => context.outcome!,
  states: {
    starting: {
      always: [
        { guard: 'notAllowed', target: 'done', actions: 'keepUnchanged' },
        { guard: 'ending', target: 'confirmingEnd' },
        { target: 'settingStatus' },
      ],
    },
    // ending is final: asked first ("keep it" changes nothing)
    confirmingEnd: { on: { 'end.confirmed': { target: 'settingStatus' }, 'end.cancelled': { target: 'done', actions: 'keepUnchanged' } } },
    settingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }): StatusRequest => ({ line: context.line, status: context.to }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unreachable' },
      },
      on: {
        'setStatus.ok': { target: 'done', actions: 'keepStatus' },
        'setStatus.refused.*': [
          { guard: 'endedMeanwhile', target: 'done', actions: 'keepEnded' },
          { target: 'refused', actions: 'keepRefusal' },
        ],
      },
    },
    refused: { tags: ['error'] },
    unreachable: { tags: ['error'] },
    done: { type: 'final' },
  },
});
