import { fromPromise } from 'xstate';
import { promotionsMachine, type PromotionKind, type ShareStore } from '../../machines/promotions.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { PromotionStatus } from '../../services/contract/promotions.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { shareLink } from '../lib/shareLink.ts';

/** The merchant's open stores and its sub-merchants', where a member may claim its coupons. */
async function openStores(): Promise<Outcome<{ stores: ShareStore[] }>> {
  const answer = await requestGateway('merchant/list/query', {}, { quiet: true });
  if (!answer.ok) return answer;
  const stores = [answer.data.merchant, ...answer.data.subMerchants]
    .flatMap((merchant) => merchant.stores)
    .filter((store) => store.status === 'open')
    .map((store) => ({ storeId: store.storeId, name: store.name }));
  return { ok: true, data: { stores } };
}

/** The owner's promotions: the list, their status, and a coupon's claim link shared. */
export const promotionsActors = {
  loadList: fromPromise(() => requestGateway('merchant/promotion/list', {}, { quiet: true })),
  setStatus: fromPromise(({ input }: { input: { kind: PromotionKind; id: string; status: PromotionStatus } }) => requestGateway('merchant/promotion/setStatus', input)),
  loadStores: fromPromise(() => openStores()),
  shareLink: fromPromise(({ input }: { input: { path: string } }) => shareLink(`${window.location.origin}${input.path}`, transportUi().t('promotions.shareTitle'))),
} satisfies ActorsOf<typeof promotionsMachine>;

export const promotionsFlow = promotionsMachine.provide({ actors: promotionsActors });
