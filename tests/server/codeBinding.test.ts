import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { call, createStore, issueStickerBatch, openMerchantWithStore, type MerchantSetup, type StickerBatch } from '../support/merchant.ts';
import { crc16, decodeCollectionCode, encodeCollectionCode } from '../../services/emvco.ts';

describe.each(engines)('binding printed codes to stores on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let batch: StickerBatch;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao', mcc: '5499' });
    rival = await openMerchantWithStore(server);
    batch = await issueStickerBatch(server, 12);
  });
  afterAll(() => server.close());

  const bind = (code: string, storeId = shop.storeId, token = shop.token) => call(server, 'merchant/code/bind', { storeId, code }, token);
  const list = (storeId = shop.storeId, token = shop.token) => call(server, 'merchant/code/list', { storeId }, token);
  const activeBindings = async (serial: string) => (await server.db.query<{ store_id: string }>('SELECT store_id::text FROM code_bindings WHERE serial = $1 AND unbound_at IS NULL', [serial])).rows;
  const bindingCount = async () => (await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM code_bindings')).rows[0]!.n;

  it('shows the store’s own static code: the merchant’s name, category and city, the store as its label', async () => {
    const answer = await list();
    expect(answer.bizContent).toEqual({ storeCode: { serial: shop.storeSerial, payload: shop.storePayload }, stickers: [] });
    expect(decodeCollectionCode(shop.storePayload)).toEqual({
      ok: true, value: { kind: 'static', serial: shop.storeSerial, mcc: '5499', merchantName: 'Loja Demo', city: 'Ingombota', storeLabel: 'Loja Central' },
    });
  });

  it('binds a sticker by its scanned payload, or by the serial typed from under it', async () => {
    const scanned = await bind(batch.payloads[0]!);
    expect(scanned.code).toBe('S0001');
    expect(scanned.bizContent.binding).toEqual({ bindingId: expect.stringMatching(/^\d+$/), serial: batch.serials[0], storeId: shop.storeId, boundAt: expect.any(String) });
    const typed = batch.serials[1]!.toLowerCase().replace(/(\d{4})/g, '$1 ').trim(); // "kw12 3456 7890" as a person types it
    expect((await bind(typed)).bizContent.binding.serial).toBe(batch.serials[1]);
    const { stickers } = (await list()).bizContent;
    expect(stickers.map((s: { serial: string }) => s.serial)).toEqual([batch.serials[0], batch.serials[1]]);
    const { rows } = await server.db.query<{ merchant_id: string; bound_by: string }>('SELECT merchant_id::text, bound_by::text FROM code_bindings WHERE id = $1', [scanned.bizContent.binding.bindingId]);
    expect(rows[0]).toEqual({ merchant_id: shop.merchantId, bound_by: shop.memberId });
  });

  it('refuses what is not one of this wallet’s stickers (MCH10006), binding nothing', async () => {
    const before = await bindingCount();
    const payload = batch.payloads[2]!;
    const wrongCrc = payload.slice(0, -4) + (payload.slice(-4) === '0000' ? '0001' : '0000');
    const noCrc = payload.slice(0, -8);
    const foreign = (() => { const body = payload.slice(0, -4).replace('5303973', '5303840'); return body + crc16(body); })();
    const overLong = (() => { const body = payload.slice(0, -4).replace('5913Kwanza Wallet', `5930${'A'.repeat(30)}`); return body + crc16(body); })();
    const dynamic = encodeCollectionCode({ kind: 'dynamic', serial: batch.serials[2]!, mcc: '0000', merchantName: 'Kwanza Wallet', city: 'Luanda', amountCents: 100 });
    const someoneElses = '00020101021129370016A000000677010111011300668012345675802TH530376463046197'; // PromptPay's test vector
    for (const [name, code] of Object.entries({ wrongCrc, noCrc, foreign, overLong, dynamic, someoneElses, storeCode: shop.storePayload, storeSerial: shop.storeSerial, unknownSerial: 'KW0000000000', garbage: 'hello world!' })) {
      expect((await bind(code)).code, name).toBe('MCH10006');
    }
    expect(await bindingCount()).toBe(before);
  });

  it('binds a sticker to one store at a time (MCH10010), closed stores take none (MCH10005), another merchant’s store none (MCH10004)', async () => {
    const before = await bindingCount();
    expect((await bind(batch.payloads[0]!)).code).toBe('MCH10010');
    expect((await bind(batch.payloads[0]!, rival.storeId, rival.token)).code).toBe('MCH10010');
    expect((await bind(batch.payloads[3]!, rival.storeId)).code).toBe('MCH10004');
    expect((await list(rival.storeId)).code).toBe('MCH10004');
    const closing = await createStore(server, shop.token, shop.merchantId, { name: 'Loja a Fechar' });
    await call(server, 'merchant/store/close', { storeId: closing.store.storeId }, shop.token);
    expect((await bind(batch.payloads[3]!, closing.store.storeId)).code).toBe('MCH10005');
    expect(await bindingCount()).toBe(before);
    expect((await call(server, 'merchant/code/bind', { storeId: shop.storeId, code: batch.serials[3] }, await server.memberToken('+244923000001'))).code).toBe('MCH10003');
  });

  it('unbinds: records belong to the binding, so binding the sticker again starts a new one', async () => {
    const { stickers } = (await list()).bizContent;
    const first = stickers[0];
    // another merchant cannot unbind it
    expect((await call(server, 'merchant/code/unbind', { bindingId: first.bindingId }, rival.token)).code).toBe('MCH10004');
    expect((await call(server, 'merchant/code/unbind', { bindingId: '999999' }, shop.token)).code).toBe('MCH10004');
    expect(await activeBindings(first.serial)).toEqual([{ store_id: shop.storeId }]);

    expect((await call(server, 'merchant/code/unbind', { bindingId: first.bindingId }, shop.token)).bizContent).toEqual({ unbound: true });
    expect((await call(server, 'merchant/code/unbind', { bindingId: first.bindingId }, shop.token)).bizContent).toEqual({ unbound: true }); // a retry changes nothing
    expect((await list()).bizContent.stickers.map((s: { serial: string }) => s.serial)).toEqual([stickers[1].serial]);
    expect(await activeBindings(first.serial)).toEqual([]);

    // free again: the rival binds it now, as a new binding; rebinding never revives the old one
    const again = await bind(first.serial, rival.storeId, rival.token);
    expect(again.bizContent.binding.bindingId).not.toBe(first.bindingId);
    const { rows } = await server.db.query<{ id: string; unbound: boolean }>('SELECT id::text, unbound_at IS NOT NULL AS unbound FROM code_bindings WHERE serial = $1 ORDER BY id', [first.serial]);
    expect(rows).toEqual([{ id: first.bindingId, unbound: true }, { id: again.bizContent.binding.bindingId, unbound: false }]);
    // and the old owner cannot act on the new binding
    expect((await call(server, 'merchant/code/unbind', { bindingId: again.bizContent.binding.bindingId }, shop.token)).code).toBe('MCH10004');
  });

  it('gives one binding when several stores bind the same sticker at once', async () => {
    const stores = [shop.storeId, (await createStore(server, shop.token, shop.merchantId, { name: 'Loja Três' })).store.storeId];
    const sticker = batch.payloads[5]!;
    const answers = await Promise.all([
      bind(sticker, stores[0]), bind(sticker, stores[1]), bind(sticker, rival.storeId, rival.token), bind(batch.serials[5]!, rival.storeId, rival.token),
    ]);
    expect(answers.map((a) => a.code).toSorted()).toEqual(['MCH10010', 'MCH10010', 'MCH10010', 'S0001']);
    expect(await activeBindings(batch.serials[5]!)).toHaveLength(1);
  });
});
