import { fromPromise } from 'xstate';
import { platformLotteryMachine } from '../../machines/platformLottery.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The lottery's activities (operators): the list with draws, spend and deliveries; ending one (audited, reveals the seed); an activity's deliveries and sending a failed one again (audited). */
export const platformLotteryActors = {
  loadList: fromPromise(() => requestGateway('platform/lottery/list', {}, { quiet: true })),
  endActivity: fromPromise(({ input }: { input: { activityId: string } }) => requestGateway('platform/lottery/end', input)),
  loadDeliveries: fromPromise(({ input }: { input: { activityId: string } }) => requestGateway('platform/lottery/deliveries', input, { quiet: true })),
  retryDelivery: fromPromise(({ input }: { input: { winningId: string } }) => requestGateway('platform/lottery/retry', input)),
} satisfies ActorsOf<typeof platformLotteryMachine>;

export const platformLotteryFlow = platformLotteryMachine.provide({ actors: platformLotteryActors });
