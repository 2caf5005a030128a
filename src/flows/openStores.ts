import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The merchant's open stores and its sub-merchants' (`merchant/list/query`): where a member may claim its coupons, where its packages are sold. */
export async function openStores(): Promise<Outcome<{ stores: Array<{ storeId: string; name: string }> }>> {
  const answer = await requestGateway('merchant/list/query', {}, { quiet: true });
  if (!answer.ok) return answer;
  const stores = [answer.data.merchant, ...answer.data.subMerchants]
    .flatMap((merchant) => merchant.stores)
    .filter((store) => store.status === 'open')
    .map((store) => ({ storeId: store.storeId, name: store.name }));
  return { ok: true, data: { stores } };
}
