import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { call, createStore, openMerchantWithStore, registerSubMerchant, type MerchantSetup } from '../support/merchant.ts';

describe.each(engines)('the merchant list on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
    rival = await openMerchantWithStore(server);
  });
  afterAll(() => server.close());

  it('lists the merchant and its sub-merchants in order, each with its own stores, closed ones too', async () => {
    const second = await createStore(server, shop.token, shop.merchantId, { name: 'Loja Dois' });
    await call(server, 'merchant/store/close', { storeId: second.store.storeId }, shop.token);
    const viana = await registerSubMerchant(server, shop, { name: 'Filial Viana', city: 'Viana' });
    const talatona = await registerSubMerchant(server, shop, { name: 'Filial Talatona', city: 'Talatona' });
    const vianaStore = await createStore(server, shop.token, viana.merchantId, { name: 'Quiosque Viana' });
    await registerSubMerchant(server, rival, { name: 'Filial do Rival' });

    const answer = await call(server, 'merchant/list/query', {}, shop.token);
    expect(answer.code).toBe('S0001');
    const { merchant, subMerchants } = answer.bizContent;
    expect(merchant).toMatchObject({ merchantId: shop.merchantId, name: 'Loja Demo', parentId: null });
    expect(merchant.stores.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['Loja Central', 'open'], ['Loja Dois', 'closed']]);
    expect(subMerchants.map((m: { merchantId: string }) => m.merchantId)).toEqual([viana.merchantId, talatona.merchantId]);
    expect(subMerchants[0]).toEqual({ ...viana, stores: [vianaStore.store] });
    expect(subMerchants[1]).toEqual({ ...talatona, stores: [] });
    // the rival sees only its own
    const rivals = (await call(server, 'merchant/list/query', {}, rival.token)).bizContent;
    expect(rivals.merchant.merchantId).toBe(rival.merchantId);
    expect(rivals.subMerchants.map((m: { name: string }) => m.name)).toEqual(['Filial do Rival']);
  });

  it('is for merchants only (MCH10003)', async () => {
    expect((await call(server, 'merchant/list/query', {}, await server.memberToken('+244923000001'))).code).toBe('MCH10003');
  });
});
