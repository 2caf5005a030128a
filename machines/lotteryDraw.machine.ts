import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { LotteryActivity, LotteryDrawOutcome, LotteryPage } from '../services/contract/lottery.ts';
import { newRequestNo } from '../src/lib/requestNo.ts';
import type { PendingDraw } from '../src/lib/storage.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The member's lucky draw (issue 25, `/app/luckyApp`): the activity (`lottery/activity`: the one of
 * the address, else the live one) → ready to draw while draws are left | no draws left ('Lottery
 * draw times have been consumed') | ended ('This lottery event has ended') | not allowed (a company:
 * only individual users may join) | not started yet | no activity → a draw (`lottery/draw`) under a
 * requestNo made for it → won (the prize, paid into the cashback account) | no prize ('Sorry, get
 * no prize') → ready again while draws are left. A draw whose answer is lost is never drawn again
 * blindly: `lottery/drawResult` asks what that requestNo gave — a draw (its outcome), or none
 * (nothing spent: the next draw goes with the same requestNo, so a draw the server makes late is
 * answered, not made twice). A draw sent is kept by the screen (the pending draw: its activity and
 * requestNo) until its outcome is known — answered, found by `lottery/drawResult`, or none made —
 * so a page reloaded, or an app killed and opened again, while it was drawing or being checked
 * starts by asking what it gave before the activity is shown.
 */
export interface LotteryDrawInput {
  /** The activity of the address (`?activityId=`), else the live one. */
  activityId: string | null;
  /** A draw sent before the page was reloaded and not known to be answered (the screen keeps it). */
  pendingDraw?: PendingDraw | null;
}

export interface LotteryDrawContext {
  activityId: string | null;
  activity: LotteryActivity | null;
  drawsLeft: number;
  drawsUsed: number;
  /** The last draw's outcome (won or no prize). */
  outcome: LotteryDrawOutcome | null;
  /** One per draw: kept until the draw has an answer, so a lost answer is asked about, and drawn again, under it. */
  requestNo: string | null;
  /** The draw sent and not answered yet (for the screen to keep across a reload); null once its outcome is known. */
  pendingDraw: PendingDraw | null;
  errorCode: string | null;
}

export type LotteryDrawEvent =
  | { type: 'lottery.retry' }
  | { type: 'draw.requested' }
  | { type: 'check.retry' }
  | { type: 'result.closed' };

type DrawResult = { draw: LotteryDrawOutcome | null };
/** A draw's outcome, from `lottery/draw`'s answer or from `lottery/drawResult`'s (null: no draw made). */
const drawnOf = (event: unknown): LotteryDrawOutcome | null => {
  const data = answerData<LotteryDrawOutcome | DrawResult>(event);
  return 'draw' in data ? data.draw : data;
};
const pageOf = (event: unknown) => answerData<LotteryPage>(event);

export const lotteryDrawMachine = setup({
  types: { input: {} as LotteryDrawInput, context: {} as LotteryDrawContext, events: {} as LotteryDrawEvent | AnswerEvent },
  actors: {
    loadLottery: provided<Outcome<LotteryPage>, { activityId: string | null }>('loadLottery'),
    drawLottery: provided<Outcome<LotteryDrawOutcome>, { activityId: string; requestNo: string }>('drawLottery'),
    queryDraw: provided<Outcome<DrawResult>, { activityId: string; requestNo: string }>('queryDraw'),
  },
  guards: {
    noActivity: ({ event }) => pageOf(event).activity === null,
    // a draw of this activity was sent before the page was reloaded, its outcome not known (one that
    // cannot have been made — the activity not started, a company's account — is not asked about)
    drawPending: ({ context, event }) => {
      const page = pageOf(event);
      return context.pendingDraw !== null && context.pendingDraw.activityId === page.activity?.id && page.eligible && page.activity.status !== 'upcoming';
    },
    activityEnded: ({ event }) => pageOf(event).activity?.status === 'ended',
    // a company's account: only individual users may join (spec §5)
    notEligible: ({ event }) => !pageOf(event).eligible,
    notStarted: ({ event }) => pageOf(event).activity?.status === 'upcoming',
    noneLeft: ({ event }) => pageOf(event).drawsLeft === 0,
    prizeWon: ({ event }) => drawnOf(event)?.prize != null,
    // the lost answer's draw was made (its outcome is the answer)
    drawMade: ({ event }) => drawnOf(event) !== null,
    hasDrawsLeft: ({ context }) => context.drawsLeft > 0,
    // the activity the page shows has ended (a draw pending from before a reload may be of one that ended since)
    activityOver: ({ context }) => context.activity?.status === 'ended',
  },
  actions: {
    announceAnswer: announceAnswer<LotteryDrawContext, LotteryDrawEvent | AnswerEvent>(),
    keepPage: assign(({ event }) => {
      const page = pageOf(event);
      return { activity: page.activity, activityId: page.activity?.id ?? null, drawsLeft: page.drawsLeft, drawsUsed: page.drawsUsed, errorCode: null };
    }),
    // a new requestNo for a new draw; a draw the server said it never made keeps its own. Sent: pending until its outcome is known
    startDraw: assign(({ context }) => {
      const requestNo = context.requestNo ?? newRequestNo('H5L');
      return { requestNo, pendingDraw: { activityId: context.activity!.id, requestNo }, errorCode: null, outcome: null };
    }),
    // back after a reload with this activity's draw pending: asked about under its requestNo
    resumeDraw: assign({ requestNo: ({ context }) => context.pendingDraw!.requestNo }),
    keepDraw: assign(({ context, event }) => {
      const outcome = drawnOf(event)!;
      const prizes = context.activity?.prizes.map((line) => (line.id === outcome.prize?.id ? { ...line, left: Math.max(0, line.left - 1) } : line));
      return {
        outcome,
        drawsLeft: outcome.drawsLeft,
        drawsUsed: context.drawsUsed + 1,
        activity: context.activity && prizes ? { ...context.activity, prizes } : context.activity,
        requestNo: null,
        pendingDraw: null,
        errorCode: null,
      };
    }),
    spendAll: assign({ drawsLeft: 0 }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // the draw has its answer (a refusal): a new draw is a new request
    endDraw: assign({ requestNo: null, pendingDraw: null }),
    // no draw was made with it: nothing pending (a new draw keeps its requestNo)
    forgetPendingDraw: assign({ pendingDraw: null }),
  },
}).createMachine({
  id: 'lotteryDraw',
  context: ({ input }) => ({
    activityId: input.activityId, activity: null, drawsLeft: 0, drawsUsed: 0, outcome: null, requestNo: null, pendingDraw: input.pendingDraw ?? null, errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLottery',
        src: 'loadLottery',
        input: ({ context }) => ({ activityId: context.activityId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadLottery.ok': [
          { guard: 'noActivity', target: 'none', actions: 'keepPage' },
          // a draw sent before a reload: what it gave comes first, whatever the page says now
          { guard: 'drawPending', target: 'checking', actions: ['keepPage', 'resumeDraw'] },
          { guard: 'activityEnded', target: 'ended', actions: 'keepPage' },
          { guard: 'notEligible', target: 'notAllowed', actions: 'keepPage' },
          { guard: 'notStarted', target: 'upcoming', actions: 'keepPage' },
          { guard: 'noneLeft', target: 'noDrawsLeft', actions: 'keepPage' },
          { target: 'ready', actions: 'keepPage' },
        ],
        // LOT10005: no such activity
        'loadLottery.refused.*': { target: 'none', actions: 'keepRefusal' },
      },
    },
    // no answer: the same read again
    loadFailed: { tags: ['error'], on: { 'lottery.retry': { target: 'loading' } } },
    // no activity now (or not the one of the address)
    none: {},
    // 'This lottery event has ended': its seed is revealed, its draws can be checked
    ended: {},
    // a company: only individual users may join
    notAllowed: { tags: ['error'] },
    // not started yet: its dates and rules, no draw
    upcoming: {},
    // 'Lottery draw times have been consumed': how more are earned
    noDrawsLeft: {},
    ready: {
      initial: 'idle',
      on: { 'draw.requested': { target: 'drawing' } },
      states: {
        idle: {},
        // the server's refusal of the last draw, said in its words
        refused: { tags: ['error'] },
      },
    },
    drawing: {
      tags: ['busy'],
      entry: 'startDraw',
      invoke: {
        id: 'drawLottery',
        src: 'drawLottery',
        input: ({ context }) => ({ activityId: context.activity!.id, requestNo: context.requestNo! }),
        onDone: { actions: 'announceAnswer' },
        // no answer: it may have drawn; ask what this requestNo gave
        onError: { target: 'checking' },
      },
      on: {
        'drawLottery.ok': [
          { guard: 'prizeWon', target: 'drawn.won', actions: 'keepDraw' },
          { target: 'drawn.noPrize', actions: 'keepDraw' },
        ],
        'drawLottery.refused.LOT10001': { target: 'noDrawsLeft', actions: ['spendAll', 'endDraw'] },
        'drawLottery.refused.LOT10002': { target: 'ended', actions: 'endDraw' },
        'drawLottery.refused.LOT10003': { target: 'notAllowed', actions: 'endDraw' },
        'drawLottery.refused.LOT10004': { target: 'upcoming', actions: 'endDraw' },
        'drawLottery.refused.*': { target: 'ready.refused', actions: ['keepRefusal', 'endDraw'] },
      },
    },
    // the draw's answer was lost: what did this requestNo give? (never a second draw)
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'queryDraw',
        src: 'queryDraw',
        input: ({ context }) => ({ activityId: context.activity!.id, requestNo: context.requestNo! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'checkFailed' },
      },
      on: {
        'queryDraw.ok': [
          { guard: 'prizeWon', target: 'drawn.won', actions: 'keepDraw' },
          { guard: 'drawMade', target: 'drawn.noPrize', actions: 'keepDraw' },
          // no draw was made with it: nothing spent, the member draws again (under the same requestNo)
          // while the activity is on and draws are left (a draw pending from before a reload may find it otherwise)
          { guard: 'activityOver', target: 'ended', actions: 'endDraw' },
          { guard: 'hasDrawsLeft', target: 'ready', actions: 'forgetPendingDraw' },
          { target: 'noDrawsLeft', actions: 'endDraw' },
        ],
        'queryDraw.refused.*': { target: 'checkFailed' },
      },
    },
    // not known yet whether it drew: only asking again, never drawing
    checkFailed: { tags: ['error'], on: { 'check.retry': { target: 'checking' } } },
    // the draw's outcome: closed, back to the draw while draws are left
    drawn: {
      initial: 'won',
      on: {
        'result.closed': [
          { guard: 'activityOver', target: 'ended' },
          { guard: 'hasDrawsLeft', target: 'ready' },
          { target: 'noDrawsLeft' },
        ],
      },
      states: {
        // the prize, on its way to the cashback account
        won: {},
        // 'Sorry, get no prize'
        noPrize: {},
      },
    },
  },
});
