import { fromPromise } from 'xstate';
import { promotionsMachine, type PromotionKind } from '../../machines/promotions.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { PromotionStatus } from '../../services/contract/promotions.ts';
import { requestGateway } from '../../services/gateway.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { shareLink } from '../lib/shareLink.ts';
import { openStores } from './openStores.ts';

/** The owner's promotions: the list, their status, and a coupon's claim link shared. */
export const promotionsActors = {
  loadList: fromPromise(() => requestGateway('merchant/promotion/list', {}, { quiet: true })),
  setStatus: fromPromise(({ input }: { input: { kind: PromotionKind; id: string; status: PromotionStatus } }) => requestGateway('merchant/promotion/setStatus', input)),
  loadStores: fromPromise(() => openStores()),
  shareLink: fromPromise(({ input }: { input: { path: string } }) => shareLink(`${window.location.origin}${input.path}`, transportUi().t('promotions.shareTitle'))),
} satisfies ActorsOf<typeof promotionsMachine>;

export const promotionsFlow = promotionsMachine.provide({ actors: promotionsActors });
