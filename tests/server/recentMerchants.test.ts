/**
 * The stores a member paid recently by scanning (pay/merchant/recentMerchants, issue 26 part 4):
 * up to five distinct, newest first, each with the store's own static code (never a sticker's
 * serial, which can be bound elsewhere later), the member's own only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { bindSticker, createMerchantDirect, createStore, issueStickerBatch, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { RECENT_MERCHANTS } from '../../server/domains/scanToPay/handlers.ts';

const PAY = 'pay/merchant/pay';

describe.each(engines)('recent merchants on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let ana: string;
  let anaId: string;
  let bruno: string;
  const stores: { storeId: string; name: string; serial: string }[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server);
    stores.push({ storeId: shop.storeId, name: shop.store.name, serial: shop.storeSerial });
    for (let i = 1; i <= RECENT_MERCHANTS; i++) {
      const made = await createStore(server, shop.token, shop.merchantId, { name: `Cantina ${i}` });
      stores.push({ storeId: made.store.storeId, name: `Cantina ${i}`, serial: made.serial });
    }
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    bruno = await server.memberToken('+244943000002');
    await fund(server.db, anaId, 10_000n * 100n);
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token = ana): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }, 'en') })).json();
  const pay = async (serial: string, amount = 100) => {
    const payToken = await payTokenDirect(server.db, anaId, { service: PAY, amount, counterparty: serial });
    expect((await send(PAY, { serial, amount, payToken })).code).toBe('S0001');
  };
  const recent = async (token = ana) => (await send('pay/merchant/recentMerchants', {}, token)).bizContent.stores as { storeId: string; storeName: string; merchantName: string; serial: string | null }[];

  it('lists the last five distinct stores paid by scanning, newest first, with their own codes', async () => {
    expect(await recent()).toEqual([]);
    for (const store of stores) await pay(store.serial);
    await pay(stores[2]!.serial);
    const listed = await recent();
    expect(listed.map((s) => s.storeId)).toEqual([2, 5, 4, 3, 1].map((i) => stores[i]!.storeId));
    expect(listed[0]).toEqual({ storeId: stores[2]!.storeId, storeName: 'Cantina 2', merchantName: shop.merchant.name, serial: stores[2]!.serial });
    expect(await recent(bruno)).toEqual([]); // the member's own only
  });

  it("offers a store paid through a sticker by the store's own code, never the sticker's serial", async () => {
    const batch = await issueStickerBatch(server, 1);
    await bindSticker(server, shop, batch.payloads[0]!, stores[0]!.storeId);
    await pay(batch.serials[0]!);
    const [first] = await recent();
    expect(first).toMatchObject({ storeId: stores[0]!.storeId, serial: stores[0]!.serial });
    expect(first!.serial).not.toBe(batch.serials[0]);
    // the shortcut opens as a typed serial: resolved again, the store shown before any amount
    expect((await send('pay/merchant/resolveCode', { code: first!.serial! })).bizContent).toMatchObject({ serial: stores[0]!.serial, kind: 'static', storeName: stores[0]!.name });
  });
});
