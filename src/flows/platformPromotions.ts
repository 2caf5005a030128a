import { fromPromise } from 'xstate';
import { platformPromotionsMachine } from '../../machines/platformPromotions.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { PromotionStatus } from '../../services/contract/promotions.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The platform's cashback policies (operators): the list with their spend, and their status (audited). */
export const platformPromotionsActors = {
  loadList: fromPromise(() => requestGateway('platform/promotion/list', {}, { quiet: true })),
  setStatus: fromPromise(({ input }: { input: { id: string; status: PromotionStatus } }) => requestGateway('platform/promotion/setStatus', input)),
} satisfies ActorsOf<typeof platformPromotionsMachine>;

export const platformPromotionsFlow = platformPromotionsMachine.provide({ actors: platformPromotionsActors });
