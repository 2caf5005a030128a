import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { call, openMerchantWithStore, type MerchantSetup } from '../support/merchant.ts';

describe.each(engines)('sub-merchants on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao', mcc: '5812' });
  });
  afterAll(() => server.close());

  const register = (fields: object, token = shop.token) => call(server, 'subMerchant/register/apply', { name: 'Filial Benguela', provinceId: 'benguela', city: 'Lobito', ...fields }, token);
  const count = async () => (await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM merchants WHERE parent_id IS NOT NULL')).rows[0]!.n;

  it('registers a sub-merchant with a place from queryAllProvCities; it takes the merchant’s category and charge', async () => {
    const { provinces } = (await call(server, 'subMerchant/register/queryAllProvCities', {}, shop.token)).bizContent;
    const benguela = provinces.find((p: { id: string }) => p.id === 'benguela');
    expect(benguela.cities).toContain('Lobito');
    const answer = await register({ name: '  Filial Lobito  ', nif: '5000000001' });
    expect(answer.code).toBe('S0001');
    expect(answer.bizContent.merchant).toEqual({
      merchantId: expect.stringMatching(/^\d+$/), name: 'Filial Lobito', mcc: '5812', parentId: shop.merchantId, province: 'benguela', city: 'Lobito', nif: '5000000001',
      chargeRateBp: 50, chargeCap: 500_000, status: 'active',
    });
    // a sub-merchant settles into the owner's shards: it has no card and opens no accounts of its own
    const { rows } = await server.db.query<{ member_id: string; settlement_card_id: string | null }>('SELECT member_id::text, settlement_card_id::text FROM merchants WHERE id = $1', [answer.bizContent.merchant.merchantId]);
    expect(rows[0]).toEqual({ member_id: shop.memberId, settlement_card_id: null });
    expect((await register({ nif: undefined })).bizContent.merchant.nif).toBeNull();
  });

  it('refuses a place that is not in the list (MCH10017) and malformed fields', async () => {
    const before = await count();
    expect((await register({ provinceId: 'benguela', city: 'Ingombota' })).code).toBe('MCH10017');
    expect((await register({ provinceId: 'atlantida', city: 'Lobito' })).code).toBe('MCH10017');
    expect((await register({ provinceId: 'luanda', city: 'ingombota' })).code).toBe('MCH10017');
    expect((await register({ nif: '123' })).code).toBe('AGW10003');
    expect((await register({ name: '' })).code).toBe('AGW10003');
    expect((await register({ name: 'x'.repeat(61) })).code).toBe('AGW10003');
    expect(await count()).toBe(before);
  });

  it('is for merchants only (MCH10003): an individual, or an enterprise without a collection account', async () => {
    const before = await count();
    expect((await register({}, await server.memberToken('+244923000001'))).code).toBe('MCH10003');
    const { rows } = await server.db.query<{ email: string }>("INSERT INTO members (member_type, email, display_name) VALUES ('enterprise', 'nova@empresa.ao', 'Nova') RETURNING email");
    expect((await register({}, await server.memberToken(rows[0]!.email))).code).toBe('MCH10003');
    expect(await count()).toBe(before);
  });
});
