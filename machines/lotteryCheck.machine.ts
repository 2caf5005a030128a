import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { LotteryActivity, RecordedDraw } from '../services/contract/lottery.ts';
import type { DrawCheck } from '../services/lotteryDraw.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Checking a lottery's draws (issue 25, the public `/app/luckycheck/$id`): every recorded draw,
 * read page after page (`lottery/verification`, `afterSeq`), then — the seed not revealed yet —
 * the commitment alone and when the seed comes; else the revealed seed's SHA-256 against the
 * commitment published before the activity (another seed: tampered) and every draw recomputed
 * from it in `seq` order (services/lotteryDraw.ts) → verified (all match) | mismatch (the draws
 * that do not). One draw (`seq`, from the winners list's link) is shown with its ticket, the prize
 * line whose range holds it and its outcome.
 */
export interface LotteryCheckInput {
  activityId: string;
  /** The draw to show first (`?seq=`). */
  seq: number | null;
}

export interface DrawsChecked {
  /** SHA-256 of the revealed seed is the commitment published before the activity. */
  commitmentMatches: boolean;
  checks: DrawCheck[];
}

export interface LotteryCheckContext {
  activityId: string;
  activity: LotteryActivity | null;
  /** The recorded draws read so far, in `seq` order. */
  draws: RecordedDraw[];
  /** Where the next page starts: null before the first and after the last. */
  afterSeq: number | null;
  checked: DrawsChecked | null;
  /** The draw shown. */
  seq: number | null;
  errorCode: string | null;
}

export type LotteryCheckEvent = { type: 'check.retry' } | { type: 'draw.picked'; seq: number };

type VerificationPage = { activity: LotteryActivity; draws: RecordedDraw[]; nextAfterSeq: number | null };
const pageOf = (event: unknown) => answerData<VerificationPage>(event);
const checkedOf = (event: unknown) => (event as { output: DrawsChecked }).output;

export const lotteryCheckMachine = setup({
  types: { input: {} as LotteryCheckInput, context: {} as LotteryCheckContext, events: {} as LotteryCheckEvent | AnswerEvent },
  actors: {
    loadVerification: provided<Outcome<VerificationPage>, { activityId: string; afterSeq: number | null }>('loadVerification'),
    checkDraws: provided<DrawsChecked, { activity: LotteryActivity; draws: RecordedDraw[] }>('checkDraws'),
  },
  guards: {
    morePages: ({ event }) => pageOf(event).nextAfterSeq !== null,
    // the seed is revealed when the activity ends: nothing to recompute before
    seedHidden: ({ event }) => pageOf(event).activity.seed === null,
    // the revealed seed is not the one committed to before the activity
    commitmentBroken: ({ event }) => !checkedOf(event).commitmentMatches,
    allMatch: ({ event }) => checkedOf(event).checks.every((check) => check.matches),
  },
  actions: {
    announceAnswer: announceAnswer<LotteryCheckContext, LotteryCheckEvent | AnswerEvent>(),
    keepPage: assign(({ context, event }) => {
      const page = pageOf(event);
      return { activity: page.activity, draws: [...context.draws, ...page.draws], afterSeq: page.nextAfterSeq, errorCode: null };
    }),
    keepChecks: assign({ checked: ({ event }) => checkedOf(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    pickDraw: assign({ seq: ({ event }) => (event.type === 'draw.picked' ? event.seq : null) }),
  },
}).createMachine({
  id: 'lotteryCheck',
  context: ({ input }) => ({ activityId: input.activityId, activity: null, draws: [], afterSeq: null, checked: null, seq: input.seq, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadVerification',
        src: 'loadVerification',
        input: ({ context }) => ({ activityId: context.activityId, afterSeq: context.afterSeq }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadVerification.ok': [
          { guard: 'morePages', target: 'loading', reenter: true, actions: 'keepPage' },
          { guard: 'seedHidden', target: 'loaded.notRevealed', actions: 'keepPage' },
          { target: 'loaded.checking', actions: 'keepPage' },
        ],
        // LOT10005: no such activity
        'loadVerification.refused.*': { target: 'unknown', actions: 'keepRefusal' },
      },
    },
    // no answer: reading goes on from the last page read
    loadFailed: { tags: ['error'], on: { 'check.retry': { target: 'loading' } } },
    unknown: { tags: ['error'] },
    // every draw read: any one of them can be shown, whatever the verdict
    loaded: {
      initial: 'checking',
      on: { 'draw.picked': { actions: 'pickDraw' } },
      states: {
        // the activity has not ended: its commitment, and the seed comes when it ends
        notRevealed: {},
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'checkDraws',
            src: 'checkDraws',
            input: ({ context }) => ({ activity: context.activity!, draws: context.draws }),
            onDone: [
              { guard: 'commitmentBroken', target: 'tampered', actions: 'keepChecks' },
              { guard: 'allMatch', target: 'verified', actions: 'keepChecks' },
              { target: 'mismatch', actions: 'keepChecks' },
            ],
            // this browser cannot compute SHA-256 (no Web Crypto: a page not served over https)
            onError: { target: 'cannotCheck' },
          },
        },
        // every recorded draw is what the seed gives
        verified: {},
        // some recorded draws are not what the seed gives: listed
        mismatch: { tags: ['error'] },
        // the seed revealed is not the one committed to
        tampered: { tags: ['error'] },
        cannotCheck: { tags: ['error'] },
      },
    },
  },
});
