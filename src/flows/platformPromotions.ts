import { fromPromise } from 'xstate';
import { platformPromotionsMachine } from '../../machines/platformPromotions.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { statusChangeWith } from './statusChange.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The platform's cashback policies (operators): the list with their spend, and their status (audited). */
export const platformPromotionsActors = {
  loadList: fromPromise(() => requestGateway('platform/promotion/list', {}, { quiet: true })),
  statusChange: statusChangeWith((input) => requestGateway('platform/promotion/setStatus', { id: input.line.id, status: input.status })),
} satisfies ActorsOf<typeof platformPromotionsMachine>;

export const platformPromotionsFlow = platformPromotionsMachine.provide({ actors: platformPromotionsActors });
