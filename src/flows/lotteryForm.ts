import { fromPromise } from 'xstate';
import { lotteryFormMachine } from '../../machines/lotteryForm.machine.ts';
import type { CreateLotteryRequest } from '../../machines/lotteryFields.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** A lottery activity made by an operator (audited); the request is the chart's (machines/lotteryFields.ts), the contract's schema checks it on the way. */
export const lotteryFormActors = {
  create: fromPromise(({ input }: { input: CreateLotteryRequest }) => requestGateway('platform/lottery/create', input)),
} satisfies ActorsOf<typeof lotteryFormMachine>;

export const lotteryFormFlow = lotteryFormMachine.provide({ actors: lotteryFormActors });
