import { fromPromise } from 'xstate';
import { dailyPayoutMachine, type PayoutForm } from '../../machines/dailyPayout.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { PayoutSettings } from '../../services/contract/dailyPayout.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The daily payout's settings: read them (with the latest payouts), save the owner's choice. */
export const dailyPayoutActors = {
  loadSettings: fromPromise<Outcome<PayoutSettings>>(() => requestGateway('merchant/dailyPayout/query', {}, { quiet: true })),
  saveSettings: fromPromise<Outcome<PayoutSettings>, PayoutForm & { cardId: string }>(({ input }) =>
    requestGateway('merchant/dailyPayout/save', { enabled: input.enabled, time: input.time, cardId: input.cardId }, { quiet: true })),
} satisfies ActorsOf<typeof dailyPayoutMachine>;

export const dailyPayoutFlow = dailyPayoutMachine.provide({ actors: dailyPayoutActors });
