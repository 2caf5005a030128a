/**
 * The platform's cashback policies as operators keep them (`platformPromotions` flow): the list of
 * policies funded by the platform (merchant_id NULL) with their spend against their budget, for
 * operators only; a merchant's own policies never show in it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, operatorOf, type Answer } from '../support/merchant.ts';
import { person } from '../support/records.ts';

const KZ = 100;
const LIST = 'platform/promotion/list';

describe.each(engines)('platform promotions on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token: string, type = 'LOGIN_TOKEN'): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token, type }, 'en');
    payload.requestNo = `T${crypto.randomBytes(8).toString('hex')}`;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };

  it('lists the platform policies with their spend, newest first, to operators only', async () => {
    const operator = await operatorOf(server);
    const asOperator = (service: string, body: object) => send(service, body, operator, 'SSO-AUTH');
    const shop = await createMerchantDirect(server);
    const ana = await person(server, 'Ana Lista Plataforma');
    await fund(server.db, ana.id, 100_000n * 100n);

    // a merchant's own policy is not the platform's
    expect((await send('merchant/promotion/saveCashback', { name: 'Da loja', type: 'ratio', ratioBp: 100 }, shop.token)).code).toBe('S0001');
    const everyone = await asOperator('platform/promotion/saveCashback', { name: 'Todos', type: 'ratio', ratioBp: 500, maxCashback: 100 * KZ, budgetAmount: 5_000 * KZ });
    const forAna = await asOperator('platform/promotion/saveCashback', {
      name: 'Só a Ana', type: 'random', minCashback: 1 * KZ, maxCashback: 2 * KZ, budgetCount: 10, memberId: ana.id, endsAt: '2099-01-01T00:00:00.000Z',
    });
    expect([everyone.code, forAna.code]).toEqual(['S0001', 'S0001']);
    expect((await asOperator('platform/promotion/setStatus', { id: forAna.bizContent.policyId, status: 'paused' })).code).toBe('S0001');

    // one payment earns the larger cashback: the platform's 5 % of 1 000 Kz
    const quote = await send('pay/merchant/quote', { serial: shop.storeSerial, amount: 1_000 * KZ }, ana.token);
    const q = quote.bizContent as { payable: number; adjustments: Array<{ kind: string; amount: number }> };
    const cashback = q.adjustments.find((a) => a.kind === 'cashback')!.amount;
    expect(cashback).toBe(50 * KZ);
    const payToken = await payTokenDirect(server.db, ana.id, { service: 'pay/merchant/pay', amount: 1_000 * KZ, counterparty: shop.storeSerial });
    expect((await send('pay/merchant/pay', { serial: shop.storeSerial, amount: 1_000 * KZ, payToken, payable: q.payable, cashback }, ana.token)).code).toBe('S0001');

    const listed = await asOperator(LIST, {});
    expect(listed.code).toBe('S0001');
    const policies = listed.bizContent.policies as Array<Record<string, unknown>>;
    expect(policies.map((p) => p.name)).toEqual(['Só a Ana', 'Todos']);
    expect(policies[0]).toEqual({
      id: forAna.bizContent.policyId, name: 'Só a Ana', status: 'paused', type: 'random', ratioBp: null, minCashback: 1 * KZ, maxCashback: 2 * KZ, minPayment: 1,
      budgetAmount: null, budgetCount: 10, memberId: ana.id, startsAt: expect.any(String), endsAt: '2099-01-01T00:00:00.000Z',
      spend: { amount: 0, count: 0, amountLeft: null, countLeft: 10 },
    });
    expect(policies[1]).toMatchObject({
      id: everyone.bizContent.policyId, status: 'active', type: 'ratio', ratioBp: 500, memberId: null, endsAt: null, budgetAmount: 5_000 * KZ,
      spend: { amount: 50 * KZ, count: 1, amountLeft: (5_000 - 50) * KZ, countLeft: null },
    });
  });

  it('is refused to a member and to a merchant, whatever token type they claim', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await person(server, 'Ana Sem Plataforma');
    for (const token of [shop.token, ana.token]) {
      expect((await send(LIST, {}, token)).code).toBe('AGW10005');
      expect((await send(LIST, {}, token, 'SSO-AUTH')).code).toBe('AGW10005');
    }
  });
});
