import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { verifyMember } from '../support/money.ts';
import { DEMO_MERCHANT_CARD, bindCardByApi, call, createCompanyCard, createMerchantDirect, newCompany, openMerchantWithStore, signUpEnterprise, verifyEnterprise } from '../support/merchant.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { SIM_TEST_CARDS } from '../../server/adapters/bankSimulator.ts';
import { decodeCollectionCode } from '../../services/emvco.ts';

describe.each(engines)('opening a collection account on %s', (engine) => {
  let server: TestServer;
  let loja: string;
  let ana: string;
  let anaCardId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    loja = await server.memberToken('loja@demo.ao');
    await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    ana = await server.memberToken('+244923000001');
    const anaCard = SIM_TEST_CARDS.find((c) => c.holderName === 'Ana Maria Demo' && /^BAI debit/.test(c.note))!;
    anaCardId = await bindCardByApi(server, ana, { cardNo: anaCard.cardNo, mobile: '923000001' });
  });
  afterAll(() => server.close());

  const settlementAccounts = async (memberId: string) =>
    (await server.db.query<{ shard: number; balance: string }>("SELECT shard, balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement' ORDER BY shard", [memberId])).rows;
  const lojaId = async () => (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE email = 'loja@demo.ao'")).rows[0]!.id;

  it('tells an individual it cannot open one, and refuses it (MCH10001)', async () => {
    expect((await call(server, 'merchant/open/query', {}, ana)).bizContent).toEqual({ state: 'individual', companyName: null, merchant: null, chargeTerms: { rateBp: 50, cap: 500_000 } });
    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: anaCardId, agreed: true }, ana)).code).toBe('MCH10001');
  });

  it('sends an unverified enterprise to verification first (FND10004), and says when it waits for review', async () => {
    expect((await call(server, 'merchant/open/query', {}, loja)).bizContent).toEqual({ state: 'notVerified', companyName: null, merchant: null, chargeTerms: { rateBp: 50, cap: 500_000 } });
    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: '1', agreed: true }, loja)).code).toBe('FND10004');
    const fresh = await signUpEnterprise(server);
    await server.db.query("UPDATE members SET verification_status = 'pending' WHERE id = $1", [fresh.memberId]);
    expect((await call(server, 'merchant/open/query', {}, fresh.token)).bizContent.state).toBe('pendingVerification');
  });

  it('lets a verified enterprise bind its business card in the company’s name and open the account', async () => {
    await verifyEnterprise(server, loja);
    expect((await call(server, 'merchant/open/query', {}, loja)).bizContent).toEqual({ state: 'canOpen', companyName: 'Loja Demo', merchant: null, chargeTerms: { rateBp: 50, cap: 500_000 } });
    // the approval made the registered company name the enterprise's verified name: the bank checks the card against it
    const cardId = await bindCardByApi(server, loja, { cardNo: DEMO_MERCHANT_CARD.cardNo, mobile: DEMO_MERCHANT_CARD.holderMobile.slice(4) });
    const before = await checkInvariants(server.db);

    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: cardId, agreed: false }, loja)).code).toBe('AGW10003');
    expect((await call(server, 'merchant/open/apply', { mcc: '0001', settlementCardId: cardId, agreed: true }, loja)).code).toBe('MCH10016');
    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: anaCardId, agreed: true }, loja)).code).toBe('CRD10008');
    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: '999999', agreed: true }, loja)).code).toBe('CRD10008');
    expect(await settlementAccounts(await lojaId())).toEqual([]);

    const opened = await call(server, 'merchant/open/apply', { mcc: '5812', settlementCardId: cardId, agreed: true }, loja);
    expect(opened.code).toBe('S0001');
    expect(opened.bizContent.merchant).toEqual({
      merchantId: expect.stringMatching(/^\d+$/), name: 'Loja Demo', mcc: '5812', parentId: null, province: 'luanda', city: 'Ingombota', nif: '5417123456',
      chargeRateBp: 50, chargeCap: 500_000, status: 'active',
    });
    const { rows } = await server.db.query<{ settlement_card_id: string; settlement_shards: number }>('SELECT settlement_card_id::text, settlement_shards FROM merchants WHERE id = $1', [opened.bizContent.merchant.merchantId]);
    expect(rows[0]).toEqual({ settlement_card_id: cardId, settlement_shards: 32 });
    const shards = await settlementAccounts(await lojaId());
    expect(shards.map((s) => s.shard)).toEqual([...Array(32).keys()]);
    expect(shards.every((s) => s.balance === '0')).toBe(true);
    expect((await call(server, 'merchant/open/query', {}, loja)).bizContent).toEqual({ state: 'open', companyName: 'Loja Demo', merchant: opened.bizContent.merchant, chargeTerms: { rateBp: 50, cap: 500_000 } });
    // opening moves no money
    const after = await checkInvariants(server.db);
    expect(after).toMatchObject({ ok: true, transfers: before.transfers });
  });

  it('opens one account per enterprise (MCH10002), also when two taps arrive at once', async () => {
    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: '1', agreed: true }, loja)).code).toBe('MCH10002');
    const fresh = await signUpEnterprise(server);
    const company = newCompany();
    await verifyEnterprise(server, fresh.token, company);
    const cardId = await bindCardByApi(server, fresh.token, await createCompanyCard(server, company.name));
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: cardId, agreed: true }, fresh.token)));
    expect(answers.map((a) => a.code).toSorted()).toEqual(['MCH10002', 'MCH10002', 'MCH10002', 'S0001']);
    expect((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM merchants WHERE member_id = $1', [fresh.memberId])).rows[0]!.n).toBe('1');
    expect(await settlementAccounts(fresh.memberId)).toHaveLength(32);
    expect(answers.find((a) => a.code === 'S0001')!.bizContent.merchant.name).toBe(company.shortName);
  });

  it('does not take a card of the company that was removed', async () => {
    const shop = await signUpEnterprise(server);
    const company = newCompany();
    await verifyEnterprise(server, shop.token, company);
    const cardId = await bindCardByApi(server, shop.token, await createCompanyCard(server, company.name));
    await server.db.query('UPDATE bank_cards SET removed_at = now() WHERE id = $1', [cardId]);
    expect((await call(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: cardId, agreed: true }, shop.token)).code).toBe('CRD10008');
  });

  it('opens merchants the fast way for load tests, with the settlement as one row when asked (the benchmark’s comparison)', async () => {
    const direct = await createMerchantDirect(server, { settlementShards: 1 });
    expect(direct.merchant).toMatchObject({ status: 'active', parentId: null, mcc: '5411' });
    expect(await settlementAccounts(direct.memberId)).toEqual([{ shard: 0, balance: '0' }]);
    expect((await server.db.query<{ settlement_shards: number }>('SELECT settlement_shards FROM merchants WHERE id = $1', [direct.merchantId])).rows[0]!.settlement_shards).toBe(1);
    expect(decodeCollectionCode(direct.storePayload)).toMatchObject({ ok: true, value: { serial: direct.storeSerial, merchantName: direct.merchant.name } });
    expect((await call(server, 'merchant/open/query', {}, direct.token)).bizContent.state).toBe('open');
  });

  it('gives enterprises approved before the verified name its company name (migration 020)', async () => {
    const shop = await openMerchantWithStore(server);
    const realName = async () => (await server.db.query<{ real_name: string | null }>('SELECT real_name FROM members WHERE id = $1', [shop.memberId])).rows[0]!.real_name;
    const name = await realName();
    expect(name).toMatch(/^Comercial [0-9A-F]{6}, Lda$/);
    await server.db.query('UPDATE members SET real_name = NULL WHERE id = $1', [shop.memberId]);
    const sql = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/020_enterprise_real_name.sql'), 'utf8');
    await server.db.query(sql.split('\n').filter((line) => !line.startsWith('--')).join('\n'));
    expect(await realName()).toBe(name);
  });
});
