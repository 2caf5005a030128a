import { fromPromise } from 'xstate';
import { activityPageMachine, type ActivityInput, type ActivityList } from '../../machines/activityPage.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The public list of activities (lottery/activities): the chart picks the one its page shows. */
export const activityPageActors = {
  loadActivities: fromPromise<Outcome<ActivityList>, ActivityInput>(() => requestGateway('lottery/activities', {}, { quiet: true })),
} satisfies ActorsOf<typeof activityPageMachine>;

export const activityPageFlow = activityPageMachine.provide({ actors: activityPageActors });
