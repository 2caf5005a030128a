import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { bindSticker, call, createStore, issueStickerBatch, openMerchantWithStore, registerSubMerchant, type MerchantSetup } from '../support/merchant.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

/** The merchant's service charge on one payment: 0.5 %, rounded up to the cêntimo, at most 5 000 Kz (the merchants table's defaults). */
const charge = (amount: number) => Math.min(500_000, Math.ceil((amount * 50) / 10_000));

/** Luanda's midnight that started today (UTC+1, no summer time). */
function luandaMidnight(now = Date.now()): Date {
  const luanda = new Date(now + 3_600_000);
  return new Date(Date.UTC(luanda.getUTCFullYear(), luanda.getUTCMonth(), luanda.getUTCDate()) - 3_600_000);
}

describe.each(engines)('the merchant’s home on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let anaId: string;
  let ana: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
    rival = await openMerchantWithStore(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await fund(server.db, anaId, 15_000_000n);
    ana = await server.memberToken('+244923000001');
  });
  afterAll(() => server.close());

  /** Ana pays a code through the member's real call (pay/merchant/pay), with a confirmation for that payment. */
  async function pay(serial: string, amount: number) {
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/merchant/pay', amount, counterparty: serial });
    const res = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: { ...envelope('pay/merchant/pay', { serial, amount, payToken }, { token: ana }, 'en'), requestNo: `H${crypto.randomBytes(8).toString('hex')}` } });
    const answer = res.json();
    if (answer.code !== 'S0001') throw new Error(`pay: ${answer.code} ${answer.subMsg}`);
    return answer.bizContent as { paymentId: string; amount: number };
  }
  const summary = async (token = shop.token) => (await call(server, 'merchant/home/summary', {}, token)).bizContent;

  it('is for merchants only (MCH10003)', async () => {
    expect((await call(server, 'merchant/home/summary', {}, ana)).code).toBe('MCH10003');
  });

  it('starts at nothing taken, with the merchant’s stores', async () => {
    expect(await summary()).toEqual({
      merchant: shop.merchant,
      today: { amount: 0, charge: 0, refunds: 0, net: 0, count: 0 },
      settlement: { available: 0, frozen: 0 },
      stores: [{ storeId: shop.storeId, name: 'Loja Central', status: 'open' }],
    });
  });

  it('adds up today’s payments in Luanda days — its sub-merchants’ stores and stickers too, never another merchant’s — and the settlement shards', async () => {
    const sub = await registerSubMerchant(server, shop);
    const outlet = await createStore(server, shop.token, sub.merchantId, { name: 'Quiosque Viana' });
    const batch = await issueStickerBatch(server, 1);
    await bindSticker(server, shop, batch.serials[0]!, outlet.store.storeId);

    const amounts = [10_000, 250_001, 9_876_543];
    await pay(shop.storeSerial, amounts[0]!);
    await pay(batch.serials[0]!, amounts[1]!);
    await pay(outlet.serial, amounts[2]!);
    await pay(rival.storeSerial, 77_700);

    const gross = amounts.reduce((a, b) => a + b, 0);
    const charges = amounts.map(charge).reduce((a, b) => a + b, 0);
    const home = await summary();
    expect(home.today).toEqual({ amount: gross, charge: charges, refunds: 0, net: gross - charges, count: 3 });
    expect(home.settlement).toEqual({ available: gross - charges, frozen: 0 });
    expect(home.stores).toEqual([
      { storeId: shop.storeId, name: 'Loja Central', status: 'open' },
      { storeId: outlet.store.storeId, name: 'Quiosque Viana', status: 'open' },
    ]);
    expect((await summary(rival.token)).today).toEqual({ amount: 77_700, charge: charge(77_700), refunds: 0, net: 77_700 - charge(77_700), count: 1 });
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  });

  it('counts from Luanda’s midnight: 00:00:01 there counts, 23:59:59 the day before does not (and the balance keeps both)', async () => {
    const before = await summary();
    const first = await pay(shop.storeSerial, 5_000);
    const second = await pay(shop.storeSerial, 7_000);
    const midnight = luandaMidnight();
    await server.db.query('UPDATE merchant_payments SET created_at = $2 WHERE id = $1', [first.paymentId, new Date(midnight.getTime() + 1_000)]);
    await server.db.query('UPDATE merchant_payments SET created_at = $2 WHERE id = $1', [second.paymentId, new Date(midnight.getTime() - 1_000)]);
    const after = await summary();
    expect(after.today).toEqual({
      amount: before.today.amount + 5_000, charge: before.today.charge + charge(5_000), refunds: 0, net: before.today.net + 5_000 - charge(5_000), count: before.today.count + 1,
    });
    expect(after.settlement.available).toBe(before.settlement.available + 5_000 - charge(5_000) + 7_000 - charge(7_000));
  });

  it('after a refund, today after charges is what the settlement gained today and what the analysis says for the day', async () => {
    const before = await summary(rival.token);
    const paid = await pay(rival.storeSerial, 10_050);
    const refundToken = await payTokenDirect(server.db, rival.memberId, { service: 'merchant/refund/apply', amount: 5_025, counterparty: paid.paymentId });
    const refunded = await call(server, 'merchant/refund/apply', { recordId: paid.paymentId, amount: 5_025, payToken: refundToken }, rival.token);
    expect(refunded.code).toBe('S0001');
    const after = await summary(rival.token);
    // the refund returned its share of the charge: the day's net moves exactly as the settlement does
    expect(after.today.net - before.today.net).toBe(after.settlement.available - before.settlement.available);
    expect(after.today.refunds - before.today.refunds).toBe(5_025);
    const analysis = (await call(server, 'merchant/analysis/query', { shortcut: '7' }, rival.token)).bizContent;
    expect(analysis.totals.net).toBe(after.today.net);
    expect(analysis.totals.collected).toBe(after.today.amount);
  });
});
