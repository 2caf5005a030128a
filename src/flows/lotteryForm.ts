import { fromPromise } from 'xstate';
import { lotteryFormMachine } from '../../machines/lotteryForm.machine.ts';
import type { CreateLotteryRequest } from '../../machines/lotteryFields.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/**
 * A lottery activity made by an operator (audited); the request is the chart's (machines/lotteryFields.ts),
 * the contract's schema checks it on the way. The chart's requestNo goes in the envelope: the form sent
 * again after a lost answer is the same request (one activity made, its answer given again).
 */
export const lotteryFormActors = {
  create: fromPromise(({ input: { requestNo, ...request } }: { input: CreateLotteryRequest & { requestNo: string } }) =>
    requestGateway('platform/lottery/create', request, { requestNo })),
} satisfies ActorsOf<typeof lotteryFormMachine>;

export const lotteryFormFlow = lotteryFormMachine.provide({ actors: lotteryFormActors });
