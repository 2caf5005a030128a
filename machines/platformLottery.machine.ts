import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { listPrizeDeliveries, PlatformLotteryActivity } from '../services/contract/platformLottery.ts';
import type { PrizeDeliveryStatus } from '../services/contract/lottery.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The lottery's activities in the operators' area (`/plateform/lottery`, issue 25): every activity,
 * newest first, with its status (upcoming, live, ended), the draws made, what its prizes came to
 * against its budget and its prize deliveries (waiting, sent, failed) (`platform/lottery/list`).
 * An activity that has not ended is ended after a confirmation (`platform/lottery/end`, audited: no
 * draw after it; the answer reveals the seed, shown at once; LOT10002 when it had ended meanwhile).
 * An activity's deliveries open below the list (`platform/lottery/deliveries`: failed first, with
 * their attempts and last error), and a failed one is sent again (`platform/lottery/retry`: back to
 * waiting, the delivery job takes it; LOT10014 when it is no longer a failed one). New activities
 * are made on `/plateform/lottery/new` (the lotteryForm chart).
 */
export type PrizeDelivery = ResponseOf<typeof listPrizeDeliveries>['deliveries'][number];

export interface PlatformLotteryContext {
  activities: PlatformLotteryActivity[];
  /** The activity asked to end, or whose deliveries are open. */
  activityId: string | null;
  deliveries: PrizeDelivery[];
  /** The delivery sent again. */
  winningId: string | null;
  errorCode: string | null;
}

export type PlatformLotteryEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'activity.ended'; id: string }
  | { type: 'end.confirmed' }
  | { type: 'end.cancelled' }
  | { type: 'activity.opened'; id: string }
  | { type: 'deliveries.retry' }
  | { type: 'deliveries.refresh' }
  | { type: 'deliveries.closed' }
  | { type: 'delivery.retried'; winningId: string };

type Args = { context: PlatformLotteryContext; event: { type: string } };
const activityNamed = ({ context, event }: Args) => context.activities.find((a) => a.id === (event as { id?: string }).id);
const deliveryNamed = ({ context, event }: Args) => context.deliveries.find((d) => d.id === (event as { winningId?: string }).winningId);
const endedWith = (activities: PlatformLotteryActivity[], id: string | null, seed: string | null) =>
  activities.map((a) => (a.id === id ? { ...a, status: 'ended' as const, seed: seed ?? a.seed } : a));

export const platformLotteryMachine = setup({
  types: { context: {} as PlatformLotteryContext, events: {} as PlatformLotteryEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<{ activities: PlatformLotteryActivity[] }>>('loadList'),
    endActivity: provided<Outcome<{ activityId: string; seed: string }>, { activityId: string }>('endActivity'),
    loadDeliveries: provided<Outcome<{ deliveries: PrizeDelivery[] }>, { activityId: string }>('loadDeliveries'),
    retryDelivery: provided<Outcome<{ winningId: string; status: PrizeDeliveryStatus }>, { winningId: string }>('retryDelivery'),
  },
  guards: {
    // an upcoming or live activity may be ended; an ended one stays as it is
    endable: (args) => {
      const activity = activityNamed(args);
      return activity !== undefined && activity.status !== 'ended';
    },
    listedActivity: (args) => activityNamed(args) !== undefined,
    // only a failed delivery is sent again (a waiting one is the job's, a sent one is paid)
    failedDelivery: (args) => deliveryNamed(args)?.status === 'failed',
  },
  actions: {
    announceAnswer: announceAnswer<PlatformLotteryContext, PlatformLotteryEvent | AnswerEvent>(),
    keepActivities: assign({ activities: ({ event }) => answerData<{ activities: PlatformLotteryActivity[] }>(event).activities, errorCode: null }),
    chooseActivity: assign({ activityId: ({ event }) => (event as { id: string }).id }),
    keepSeed: assign({
      activities: ({ context, event }) => {
        const ended = answerData<{ activityId: string; seed: string }>(event);
        return endedWith(context.activities, ended.activityId, ended.seed);
      },
      errorCode: null,
    }),
    // LOT10002: another operator ended it meanwhile: the line says so (its seed comes with the next refresh)
    markEnded: assign({ activities: ({ context }) => endedWith(context.activities, context.activityId, null) }),
    keepDeliveries: assign({ deliveries: ({ event }) => answerData<{ deliveries: PrizeDelivery[] }>(event).deliveries, errorCode: null }),
    forgetDeliveries: assign({ deliveries: [], winningId: null }),
    chooseDelivery: assign({ winningId: ({ event }) => (event as { winningId: string }).winningId }),
    // the delivery is waiting again: its line, and the activity's counts, say so
    keepRetried: assign(({ context, event }) => {
      const retried = answerData<{ winningId: string; status: PrizeDeliveryStatus }>(event);
      const before = context.deliveries.find((d) => d.id === retried.winningId)?.status;
      const moved = (status: PrizeDeliveryStatus) => (before === status ? -1 : 0) + (retried.status === status ? 1 : 0);
      return {
        deliveries: context.deliveries.map((d) => (d.id === retried.winningId ? { ...d, status: retried.status } : d)),
        activities: context.activities.map((a) => (a.id !== context.activityId ? a : {
          ...a,
          deliveries: { waiting: a.deliveries.waiting + moved('waiting'), sent: a.deliveries.sent + moved('sent'), failed: a.deliveries.failed + moved('failed') },
        })),
        errorCode: null,
      };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'platformLottery',
  context: { activities: [], activityId: null, deliveries: [], winningId: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { id: 'loadList', src: 'loadList', onDone: { actions: 'announceAnswer' }, onError: { target: 'failed', actions: 'forgetRefusal' } },
      on: {
        'loadList.ok': { target: 'activities', actions: 'keepActivities' },
        'loadList.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    activities: {
      initial: 'idle',
      on: {
        'list.refresh': { target: 'loading' },
        'activity.ended': { guard: 'endable', target: 'confirmingEnd', actions: 'chooseActivity' },
        'activity.opened': { guard: 'listedActivity', target: 'deliveries', actions: 'chooseActivity' },
      },
      states: {
        idle: {},
        // the seed the ending revealed is shown
        ended: {},
        alreadyEnded: { tags: ['error'] },
        endRefused: { tags: ['error'] },
        endUnreachable: { tags: ['error'] },
      },
    },
    confirmingEnd: { on: { 'end.confirmed': { target: 'ending' }, 'end.cancelled': { target: 'activities' } } },
    ending: {
      tags: ['busy'],
      invoke: {
        id: 'endActivity',
        src: 'endActivity',
        input: ({ context }) => ({ activityId: context.activityId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'activities.endUnreachable', actions: 'forgetRefusal' },
      },
      on: {
        'endActivity.ok': { target: 'activities.ended', actions: 'keepSeed' },
        'endActivity.refused.LOT10002': { target: 'activities.alreadyEnded', actions: ['keepRefusal', 'markEnded'] },
        'endActivity.refused.*': { target: 'activities.endRefused', actions: 'keepRefusal' },
      },
    },
    deliveries: {
      initial: 'loading',
      exit: 'forgetDeliveries',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadDeliveries',
            src: 'loadDeliveries',
            input: ({ context }) => ({ activityId: context.activityId! }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'failed', actions: 'forgetRefusal' },
          },
          on: {
            'loadDeliveries.ok': { target: 'shown', actions: 'keepDeliveries' },
            'loadDeliveries.refused.*': { target: 'failed', actions: 'keepRefusal' },
            'deliveries.closed': { target: '#platformLottery.activities' },
          },
        },
        failed: {
          tags: ['error'],
          on: { 'deliveries.retry': { target: 'loading' }, 'deliveries.closed': { target: '#platformLottery.activities' } },
        },
        shown: {
          initial: 'idle',
          on: {
            'deliveries.refresh': { target: 'loading' },
            'deliveries.closed': { target: '#platformLottery.activities' },
            'delivery.retried': { guard: 'failedDelivery', target: 'retrying', actions: 'chooseDelivery' },
          },
          states: {
            idle: {},
            retried: {},
            notFailed: { tags: ['error'] },
            retryRefused: { tags: ['error'] },
            retryUnreachable: { tags: ['error'] },
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            id: 'retryDelivery',
            src: 'retryDelivery',
            input: ({ context }) => ({ winningId: context.winningId! }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'shown.retryUnreachable', actions: 'forgetRefusal' },
          },
          on: {
            'retryDelivery.ok': { target: 'shown.retried', actions: 'keepRetried' },
            // it was sent again by another operator, or delivered meanwhile: a refresh shows how it stands
            'retryDelivery.refused.LOT10014': { target: 'shown.notFailed', actions: 'keepRefusal' },
            'retryDelivery.refused.*': { target: 'shown.retryRefused', actions: 'keepRefusal' },
          },
        },
      },
    },
  },
});
