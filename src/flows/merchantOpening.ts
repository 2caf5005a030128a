import { fromPromise } from 'xstate';
import { merchantOpeningMachine } from '../../machines/merchantOpening.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { boundCardsFlow, loadBoundCards } from './boundCards.ts';

const quiet = { quiet: true } as const;

/** Opening a collection account: where the member stands, their bound cards (the boundCards child), and the opening itself. */
export const merchantOpeningActors = {
  queryOpening: fromPromise(() => requestGateway('merchant/open/query', {}, quiet)),
  boundCards: boundCardsFlow(loadBoundCards),
  openMerchant: fromPromise(({ input }: { input: { mcc: string; settlementCardId: string } }) =>
    requestGateway('merchant/open/apply', { ...input, agreed: true })),
} satisfies ActorsOf<typeof merchantOpeningMachine>;

export const merchantOpeningFlow = merchantOpeningMachine.provide({ actors: merchantOpeningActors });
