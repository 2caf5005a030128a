import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { LotteryActivity } from '../services/contract/lottery.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * An activity's page (issue 25): `/app/activeDetail/:id` shows the activity asked for,
 * `/hfive/tlevaactivity` the featured one — the live activity, else the next to start, else the
 * latest to end. Both read the public list of activities (`lottery/activities`) and show the one
 * picked by its status (live, upcoming, ended), nothing to show (no activity at all, or none with
 * that id), or a retry when the list did not come.
 */
export interface ActivityInput {
  /** The activity asked for; null: the featured one. */
  activityId: string | null;
}

export interface ActivityContext extends ActivityInput {
  activity: LotteryActivity | null;
  errorCode: string | null;
}

export type ActivityEvent = { type: 'activity.retry' };
export type ActivityList = { activities: LotteryActivity[] };

const byStart = (a: LotteryActivity, b: LotteryActivity) => Date.parse(a.startsAt) - Date.parse(b.startsAt);

/** The activity a page shows of `activities`: the one asked for, else the live one, else the next to start, else the latest to end. */
export function pickActivity(activities: readonly LotteryActivity[], activityId: string | null): LotteryActivity | null {
  if (activityId !== null) return activities.find((activity) => activity.id === activityId) ?? null;
  const live = activities.filter((a) => a.status === 'live').sort(byStart);
  const upcoming = activities.filter((a) => a.status === 'upcoming').sort(byStart);
  const ended = activities.filter((a) => a.status === 'ended').sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt));
  return live[0] ?? upcoming[0] ?? ended[0] ?? null;
}

const picked = ({ context, event }: { context: ActivityContext; event: unknown }) => pickActivity(answerData<ActivityList>(event).activities, context.activityId);

export const activityPageMachine = setup({
  types: { input: {} as ActivityInput, context: {} as ActivityContext, events: {} as ActivityEvent | AnswerEvent },
  actors: {
    loadActivities: provided<Outcome<ActivityList>, ActivityInput>('loadActivities'),
  },
  guards: {
    isLive: (args) => picked(args)?.status === 'live',
    isUpcoming: (args) => picked(args)?.status === 'upcoming',
    isEnded: (args) => picked(args)?.status === 'ended',
    // an id was asked for: nothing picked means that activity does not exist (not "no activity now")
    askedForOne: ({ context }) => context.activityId !== null,
  },
  actions: {
    announceAnswer: announceAnswer<ActivityContext, ActivityEvent | AnswerEvent>(),
    keepActivity: assign({ activity: (args) => picked(args), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
  },
}).createMachine({
  id: 'activityPage',
  context: ({ input }) => ({ activityId: input.activityId, activity: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadActivities',
        src: 'loadActivities',
        input: ({ context }) => ({ activityId: context.activityId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'loadActivities.ok': [
          { guard: 'isLive', target: 'live', actions: 'keepActivity' },
          { guard: 'isUpcoming', target: 'upcoming', actions: 'keepActivity' },
          { guard: 'isEnded', target: 'ended', actions: 'keepActivity' },
          { guard: 'askedForOne', target: 'missing' },
          { target: 'none' },
        ],
        'loadActivities.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
      },
    },
    // drawing is open: the way into the draw
    live: {},
    // not started: its rules and prizes, and when it starts
    upcoming: {},
    // over: its results and, revealed, the seed to check the draws with
    ended: {},
    // no activity with the asked id
    missing: { tags: ['error'] },
    // the featured page with no activity at all: the empty state
    none: {},
    // the server refused the read: said in its words
    unavailable: { tags: ['error'] },
    failed: { tags: ['error'], on: { 'activity.retry': { target: 'loading' } } },
  },
});
