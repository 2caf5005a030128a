import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { PDF, png, uploadAs } from '../support/enterprise.ts';
import { call, defaultStore, openMerchantWithStore, registerSubMerchant, type MerchantSetup } from '../support/merchant.ts';
import { decodeCollectionCode } from '../../services/emvco.ts';

describe.each(engines)('stores on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
    rival = await openMerchantWithStore(server);
  });
  afterAll(() => server.close());

  const save = (fields: object, token = shop.token) => call(server, 'merchant/store/save', { merchantId: shop.merchantId, ...defaultStore('Loja do Mercado'), ...fields }, token);
  const storeRows = async () => (await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM stores')).rows[0]!.n;

  it('is for merchants only (MCH10003)', async () => {
    const ana = await server.memberToken('+244923000001');
    expect((await call(server, 'merchant/store/save', { merchantId: shop.merchantId, ...defaultStore() }, ana)).code).toBe('MCH10003');
    expect((await call(server, 'merchant/store/detail', { storeId: shop.storeId }, ana)).code).toBe('MCH10003');
    expect((await call(server, 'merchant/store/close', { storeId: shop.storeId }, ana)).code).toBe('MCH10003');
  });

  it('creates a store with a photo of the merchant’s own, and its own static code (ST…)', async () => {
    const photo = await uploadAs(server, shop.token, png(32, 24), 'fachada.png', 'image/png');
    const answer = await save({ businessDays: [5, 1, 3], photoFileId: photo, description: '  Pão e bolos  ' });
    expect(answer.code).toBe('S0001');
    expect(answer.bizContent.store).toEqual({
      storeId: expect.stringMatching(/^\d+$/), merchantId: shop.merchantId, name: 'Loja do Mercado', address: defaultStore().address, description: 'Pão e bolos',
      businessDays: [1, 3, 5], opensAt: '08:00', closesAt: '20:00', photoFileId: photo, status: 'open', updatedAt: expect.any(String),
    });
    const { rows } = await server.db.query<{ serial: string; created_by: string }>("SELECT serial, created_by::text FROM collection_codes WHERE store_id = $1 AND kind = 'store'", [answer.bizContent.store.storeId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.serial).toMatch(/^ST[0-9A-Z]{10}$/);
    expect(rows[0]!.created_by).toBe(shop.memberId);
    expect(shop.storeSerial).toMatch(/^ST[0-9A-Z]{10}$/);
    expect(shop.storeSerial).not.toBe(rows[0]!.serial);
  });

  it('refuses a photo that is not the merchant’s own image upload, and malformed fields', async () => {
    const before = await storeRows();
    const strangers = await uploadAs(server, rival.token, png(), 'x.png', 'image/png');
    expect(await save({ photoFileId: strangers })).toMatchObject({ code: 'UPL10001', subMsg: 'photoFileId' });
    expect((await save({ photoFileId: '6f1c2a9e-1111-4222-8333-944455556666' })).code).toBe('UPL10001');
    const pdf = await uploadAs(server, shop.token, PDF, 'menu.pdf', 'application/pdf');
    expect(await save({ photoFileId: pdf })).toMatchObject({ code: 'UPL10002', subMsg: 'photoFileId' });
    for (const bad of [{ businessDays: [] }, { businessDays: [8] }, { businessDays: [1, 1] }, { opensAt: '24:00' }, { closesAt: '8:00' }, { name: '  ' }, { name: 'x'.repeat(61) }, { photoFileId: 'not-a-uuid' }]) {
      expect((await save(bad)).code, JSON.stringify(bad)).toBe('AGW10003');
    }
    expect(await storeRows()).toBe(before);
  });

  it('creates stores for its sub-merchants, and none for another merchant (MCH10004)', async () => {
    const sub = await registerSubMerchant(server, shop, { name: 'Filial Cazenga', city: 'Cazenga' });
    const answer = await save({ merchantId: sub.merchantId, name: 'Quiosque Cazenga' });
    expect(answer.bizContent.store.merchantId).toBe(sub.merchantId);
    const codes = (await call(server, 'merchant/code/list', { storeId: answer.bizContent.store.storeId }, shop.token)).bizContent;
    const decoded = decodeCollectionCode(codes.storeCode.payload);
    expect(decoded).toMatchObject({ ok: true, value: { kind: 'static', serial: codes.storeCode.serial, merchantName: 'Filial Cazenga', city: 'Cazenga', mcc: '5411', storeLabel: 'Quiosque Cazenga' } });
    const before = await storeRows();
    expect((await save({ merchantId: rival.merchantId })).code).toBe('MCH10004');
    const rivalsSub = await registerSubMerchant(server, rival);
    expect((await save({ merchantId: rivalsSub.merchantId })).code).toBe('MCH10004');
    expect((await save({ merchantId: '999999' })).code).toBe('MCH10004');
    expect(await storeRows()).toBe(before);
  });

  it('edits a store of its own; another merchant’s store is MCH10004 in every call and does not change', async () => {
    const { store } = (await call(server, 'merchant/store/detail', { storeId: shop.storeId }, shop.token)).bizContent;
    const edited = await save({ storeId: shop.storeId, name: 'Loja Central Renovada', businessDays: [1, 2, 3, 4, 5, 6, 7], opensAt: '07:30', closesAt: '22:00' });
    expect(edited.bizContent.store).toMatchObject({ storeId: shop.storeId, name: 'Loja Central Renovada', businessDays: [1, 2, 3, 4, 5, 6, 7], opensAt: '07:30', closesAt: '22:00', status: 'open' });
    expect(Date.parse(edited.bizContent.store.updatedAt)).toBeGreaterThanOrEqual(Date.parse(store.updatedAt));
    // the store's code shows its new name under the same serial
    const codes = (await call(server, 'merchant/code/list', { storeId: shop.storeId }, shop.token)).bizContent;
    expect(codes.storeCode.serial).toBe(shop.storeSerial);
    expect(decodeCollectionCode(codes.storeCode.payload)).toMatchObject({ ok: true, value: { storeLabel: 'Loja Central Renovada', merchantName: 'Loja Demo' } });

    const rivalStore = (await call(server, 'merchant/store/detail', { storeId: rival.storeId }, rival.token)).bizContent.store;
    expect((await call(server, 'merchant/store/detail', { storeId: rival.storeId }, shop.token)).code).toBe('MCH10004');
    expect((await save({ storeId: rival.storeId, merchantId: shop.merchantId, name: 'Roubada' })).code).toBe('MCH10004');
    expect((await save({ storeId: rival.storeId, merchantId: rival.merchantId, name: 'Roubada' })).code).toBe('MCH10004');
    expect((await call(server, 'merchant/store/close', { storeId: rival.storeId }, shop.token)).code).toBe('MCH10004');
    expect((await call(server, 'merchant/store/detail', { storeId: '999999' }, shop.token)).code).toBe('MCH10004');
    expect((await call(server, 'merchant/store/detail', { storeId: rival.storeId }, rival.token)).bizContent.store).toEqual(rivalStore);
  });

  it('keeps a store with the merchant it was opened for', async () => {
    const sub = await registerSubMerchant(server, shop);
    expect(await save({ storeId: shop.storeId, merchantId: sub.merchantId })).toMatchObject({ code: 'AGW10003', subMsg: 'merchantId' });
  });

  it('closes a store: it stays readable and listed, takes no more changes (MCH10005), and closing again changes nothing', async () => {
    const { store } = (await save({ name: 'Loja Temporária' })).bizContent;
    const closed = await call(server, 'merchant/store/close', { storeId: store.storeId }, shop.token);
    expect(closed.bizContent.store).toMatchObject({ storeId: store.storeId, status: 'closed' });
    const again = await call(server, 'merchant/store/close', { storeId: store.storeId }, shop.token);
    expect(again.bizContent.store).toEqual(closed.bizContent.store);
    expect((await save({ storeId: store.storeId, name: 'Reaberta' })).code).toBe('MCH10005');
    expect((await call(server, 'merchant/store/detail', { storeId: store.storeId }, shop.token)).bizContent.store).toEqual(closed.bizContent.store);
    const list = (await call(server, 'merchant/list/query', {}, shop.token)).bizContent;
    expect(list.merchant.stores.find((s: { storeId: string }) => s.storeId === store.storeId).status).toBe('closed');
  });
});
