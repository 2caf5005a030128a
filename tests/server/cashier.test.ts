/**
 * The till (merchant/cashier/*): a dynamic code for an amount, and charging a member's payment
 * code — paid at once within the member's password-free limit, else waiting for the member's pay
 * password. Only the merchant's owner, for its own stores (MCH10003 / MCH10004 otherwise).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { call, createMerchantDirect, createStore, ok, openMerchantWithStore, registerSubMerchant, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { decodeCollectionCode } from '../../services/emvco.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
/** The charge the payment module's quote must give (migration 027, merchant_payment_quote): the rate of the amount rounded up to the cêntimo, at most the cap — written out here as the test's own expectation. */
const merchantCharge = (amount: bigint, rateBp: number, cap: bigint | null) => { const c = (amount * BigInt(rateBp) + 9_999n) / 10_000n; return cap !== null && c > cap ? cap : c; };

const CHARGE = 'merchant/cashier/chargePaymentCode';
const charge = (amount: number) => Number(merchantCharge(BigInt(amount), 50, 500_000n));

describe.each(engines)('the cashier on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let ana: string;
  let anaId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
    rival = await createMerchantDirect(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 50_000n * 100n);
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token: string, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const issue = async (token = ana) => (await ok(server, 'pay/paymentCode/issue', { deviceId: 'phone-1' }, token)).code as string;
  const chargeCode = (code: string, amount: number, options: { merchant?: MerchantSetup; storeId?: string; requestNo?: string } = {}) =>
    send(CHARGE, { storeId: options.storeId ?? (options.merchant ?? shop).storeId, code, amount }, (options.merchant ?? shop).token, options.requestNo);
  const passwordFree = async (limit: number | null) => {
    if (limit === null) return ok(server, 'pay/passwordFree/set', { enabled: false }, ana);
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/passwordFree/set', amount: limit, counterparty: 'passwordFree' });
    return ok(server, 'pay/passwordFree/set', { enabled: true, limit, payToken }, ana);
  };
  const counts = async () => (await server.db.query<{ transfers: string; payments: string; charges: string }>(
    `SELECT (SELECT count(*) FROM ledger_transfers)::text AS transfers, (SELECT count(*) FROM merchant_payments)::text AS payments,
            (SELECT count(*) FROM payment_code_charges)::text AS charges`,
  )).rows[0];
  const codeState = async (code: string) => (await send('pay/paymentCode/status', { code }, ana)).bizContent.state;

  describe('dynamic codes', () => {
    it('writes an EMVCo dynamic payload for the amount: the store as store label, the member at the till as terminal, the serial as reference', async () => {
      const created = await send('merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 123_456 }, shop.token);
      expect(created.code).toBe('S0001');
      const { serial, payload, amount, expiresAt } = created.bizContent;
      expect(serial).toMatch(/^DY[0-9A-Z]{12}$/);
      expect(amount).toBe(123_456);
      expect(payload.slice(0, 12)).toBe('000201010212');
      expect(decodeCollectionCode(payload)).toEqual({
        ok: true,
        value: { kind: 'dynamic', serial, mcc: '5411', amountCents: 123_456, merchantName: 'Loja Demo', city: 'Ingombota', storeLabel: 'Loja Central', terminalLabel: `M${shop.memberId}`, reference: serial },
      });
      const lifetime = new Date(expiresAt).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(290_000);
      expect(lifetime).toBeLessThanOrEqual(300_000);
      expect((await send('merchant/cashier/queryDynamicCode', { serial }, shop.token)).bizContent).toEqual({ state: 'waiting', payment: null });
    });

    it('is for the merchant’s owner and its stores: MCH10003 for a member, MCH10004 another merchant’s store, MCH10005 a closed one', async () => {
      const codes = async () => (await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM collection_codes WHERE kind = 'dynamic'")).rows[0]!.n;
      const before = await codes();
      expect((await send('merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 100 }, ana)).code).toBe('MCH10003');
      expect((await send('merchant/cashier/createDynamicCode', { storeId: rival.storeId, amount: 100 }, shop.token)).code).toBe('MCH10004');
      expect((await send('merchant/cashier/createDynamicCode', { storeId: '999999', amount: 100 }, shop.token)).code).toBe('MCH10004');
      await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [shop.storeId]);
      expect((await send('merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 100 }, shop.token)).code).toBe('MCH10005');
      await server.db.query("UPDATE stores SET status = 'open' WHERE id = $1", [shop.storeId]);
      for (const amount of [0, -5, 1.5]) expect((await send('merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount }, shop.token)).code).toBe('AGW10003');
      const huge = await send('merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 1_000_000_000_000 }, shop.token);
      expect([huge.code, huge.subMsg]).toEqual(['FND10007', 'amount']); // more than the payload's amount field holds
      expect(await codes()).toBe(before);
    });

    it('serves a sub-merchant’s store, and shows the payment once paid, then another code expired', async () => {
      const sub = await registerSubMerchant(server, shop);
      const outlet = await createStore(server, shop.token, sub.merchantId, { name: 'Quiosque Viana' });
      const code = await ok(server, 'merchant/cashier/createDynamicCode', { storeId: outlet.store.storeId, amount: 20_000 }, shop.token);
      expect(decodeCollectionCode(code.payload)).toMatchObject({ ok: true, value: { merchantName: 'Filial Viana', storeLabel: 'Quiosque Viana' } });
      const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/merchant/pay', amount: 20_000, counterparty: code.serial });
      const paid = await ok(server, 'pay/merchant/pay', { serial: code.serial, amount: 20_000, payToken }, ana);
      expect(paid).toMatchObject({ merchantName: 'Filial Viana', storeName: 'Quiosque Viana', amount: 20_000 });
      const query = await send('merchant/cashier/queryDynamicCode', { serial: code.serial }, shop.token);
      expect(query.bizContent).toEqual({
        state: 'paid',
        payment: {
          paymentId: paid.paymentId, voucherNo: paid.voucherNo, tradeNo: expect.stringMatching(/^OP\d{8}\d{10}$/), storeId: outlet.store.storeId, storeName: 'Quiosque Viana',
          serial: code.serial, method: 'dynamic', amount: 20_000, charge: 100, net: 19_900, payerMasked: 'Ana M*** D***', at: paid.at,
        },
      });
      expect((await send('merchant/cashier/queryDynamicCode', { serial: code.serial }, rival.token)).code).toBe('MCH10004');
      expect((await send('merchant/cashier/queryDynamicCode', { serial: shop.storeSerial }, shop.token)).code).toBe('MCH10004'); // not a dynamic code
      const later = await ok(server, 'merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 5 }, shop.token);
      await server.db.query("UPDATE collection_codes SET expires_at = now() WHERE serial = $1", [later.serial]);
      expect((await send('merchant/cashier/queryDynamicCode', { serial: later.serial }, shop.token)).bizContent).toEqual({ state: 'expired', payment: null });
      // the sub-merchant's payment settles into the owner's shards
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
    });
  });

  describe('charging a payment code', () => {
    it('pays at once within the member’s password-free limit, spending the code', async () => {
      await passwordFree(100_000);
      const code = await issue();
      const settled = (await settlementBalance(server.db, shop.memberId)).available;
      const answer = await chargeCode(code, 100_000);
      expect(answer.code).toBe('S0001');
      expect(answer.bizContent).toEqual({
        chargeId: expect.stringMatching(/^\d+$/), state: 'paid', amount: 100_000, refusalCode: null,
        payment: expect.objectContaining({ method: 'paymentCode', amount: 100_000, charge: 500, net: 99_500, serial: null, storeId: shop.storeId, payerMasked: 'Ana M*** D***' }),
      });
      expect((await settlementBalance(server.db, shop.memberId)).available).toBe(settled + 99_500n);
      expect((await send('merchant/cashier/queryCharge', { chargeId: answer.bizContent.chargeId }, shop.token)).bizContent).toEqual(answer.bizContent);
      const status = (await send('pay/paymentCode/status', { code }, ana)).bizContent;
      expect(status).toMatchObject({ state: 'paid', refusalCode: null, charge: { chargeId: answer.bizContent.chargeId, amount: 100_000, merchantName: 'Loja Demo', storeName: 'Loja Central' } });
      expect(status.receipt).toMatchObject({ paymentId: answer.bizContent.payment.paymentId, merchantName: 'Loja Demo', amount: 100_000 });
      // a screenshot of the spent code pays nothing
      expect((await chargeCode(code, 100)).code).toBe('MCH10008');
      expect((await chargeCode(code, 100, { merchant: rival })).code).toBe('MCH10008');
    });

    it('waits for the member above the limit, or with password-free payments off', async () => {
      const above = await chargeCode(await issue(), 100_001);
      expect(above.bizContent).toEqual({ chargeId: expect.any(String), state: 'awaitingConfirmation', amount: 100_001, payment: null, refusalCode: null });
      await passwordFree(null);
      const small = await chargeCode(await issue(), 1);
      expect(small.bizContent.state).toBe('awaitingConfirmation');
      await passwordFree(100_000);
    });

    it('refuses another merchant’s store (MCH10004), a closed one (MCH10005), a member who is no merchant (MCH10003), its owner’s own code (MCH10014): the code stays usable', async () => {
      const code = await issue();
      const before = await counts();
      expect((await chargeCode(code, 100, { storeId: rival.storeId })).code).toBe('MCH10004');
      expect((await send(CHARGE, { storeId: shop.storeId, code, amount: 100 }, ana)).code).toBe('MCH10003');
      await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [shop.storeId]);
      expect((await chargeCode(code, 100)).code).toBe('MCH10005');
      await server.db.query("UPDATE stores SET status = 'open' WHERE id = $1", [shop.storeId]);
      for (const amount of [0, -1, 0.5]) expect((await chargeCode(code, amount)).code).toBe('AGW10003');
      expect((await chargeCode('12345', 100)).code).toBe('AGW10003');
      expect(await counts()).toEqual(before);
      expect(await codeState(code)).toBe('active');
      // the owner's own payment code at its own till
      await fund(server.db, shop.memberId, 1_000n);
      const own = (await ok(server, 'pay/paymentCode/issue', { deviceId: 'till' }, shop.token)).code as string;
      expect((await chargeCode(own, 100)).code).toBe('MCH10014');
      expect((await chargeCode(code, 100)).bizContent.state).toBe('paid');
    });

    it('refuses an unknown, expired or replaced code (MCH10008)', async () => {
      expect((await chargeCode('000000000000000000', 100)).code).toBe('MCH10008');
      const old = await issue();
      const fresh = await issue();
      expect((await chargeCode(old, 100)).code).toBe('MCH10008');
      expect(await codeState(old)).toBe('replaced');
      await server.db.query("UPDATE payment_codes SET expires_at = now() WHERE member_id = $1 AND state = 'active'", [anaId]);
      expect((await chargeCode(fresh, 100)).code).toBe('MCH10008');
      expect(await codeState(fresh)).toBe('expired');
    });

    it('refuses the member’s own refusals at once (FND10001, FND10004) and leaves the code usable', async () => {
      await server.db.query("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', '+244923555666', 'Carla')");
      const carlaId = await verifyMember(server.db, '+244923555666', 'Carla Sousa Neto');
      const carla = await server.memberToken('+244923555666');
      await fund(server.db, carlaId, 1_000n); // 10 Kz
      const payToken = await payTokenDirect(server.db, carlaId, { service: 'pay/passwordFree/set', amount: 500_000, counterparty: 'passwordFree' });
      await ok(server, 'pay/passwordFree/set', { enabled: true, limit: 500_000, payToken }, carla);
      const code = await issue(carla);
      const before = await counts();
      expect((await chargeCode(code, 1_001)).code).toBe('FND10001');
      expect(await counts()).toEqual(before);
      expect((await send('pay/paymentCode/status', { code }, carla)).bizContent.state).toBe('active');
      // a member whose verification was withdrawn after the code was issued
      await server.db.query("UPDATE members SET verification_status = 'unverified' WHERE id = $1", [carlaId]);
      expect((await chargeCode(code, 1_000)).code).toBe('FND10004');
      await server.db.query("UPDATE members SET verification_status = 'verified' WHERE id = $1", [carlaId]);
      expect(await counts()).toEqual(before);
      const paid = await chargeCode(code, 1_000);
      expect(paid.bizContent).toMatchObject({ state: 'paid', amount: 1_000 });
      expect((await server.db.query<{ b: string }>("SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [carlaId])).rows[0]!.b).toBe('0');
    });

    it('answers a replayed charge the same and charges once; another payload under its requestNo is FND10002', async () => {
      const code = await issue();
      const requestNo = `C${crypto.randomBytes(8).toString('hex')}`;
      const first = await chargeCode(code, 2_500, { requestNo });
      expect(first.bizContent.state).toBe('paid');
      const before = await counts();
      expect(await chargeCode(code, 2_500, { requestNo })).toEqual(first);
      expect(await counts()).toEqual(before);
      expect((await chargeCode(code, 2_600, { requestNo })).code).toBe('FND10002');
      expect(await counts()).toEqual(before);
    });

    it('pays once when two cashiers charge the same code at the same moment: one paid, one MCH10008', async () => {
      for (let i = 0; i < 6; i++) {
        const code = await issue();
        const before = await counts();
        const [a, b] = await Promise.all([chargeCode(code, 1_000 + i), chargeCode(code, 1_000 + i, { merchant: i % 2 ? rival : shop })]);
        expect([a.code, b.code].sort()).toEqual(['MCH10008', 'S0001']);
        const after = await counts();
        expect(Number(after!.payments) - Number(before!.payments)).toBe(1);
        expect(Number(after!.charges) - Number(before!.charges)).toBe(1);
      }
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
    });

    it('shows another merchant’s charge to nobody but its merchant (MCH10004)', async () => {
      const answer = await chargeCode(await issue(), 300);
      expect((await send('merchant/cashier/queryCharge', { chargeId: answer.bizContent.chargeId }, rival.token)).code).toBe('MCH10004');
      expect((await send('merchant/cashier/queryCharge', { chargeId: '99999999' }, shop.token)).code).toBe('MCH10004');
      expect((await send('merchant/cashier/queryCharge', { chargeId: answer.bizContent.chargeId }, ana)).code).toBe('MCH10003');
    });

    it('keeps the merchant’s settlement equal to its payments less charges', async () => {
      const { rows } = await server.db.query<{ net: string; n: string }>('SELECT sum(amount - charge)::text AS net, count(*)::text AS n FROM merchant_payments WHERE merchant_id = $1', [shop.merchantId]);
      expect((await settlementBalance(server.db, shop.memberId)).available).toBe(BigInt(rows[0]!.net));
      expect(charge(100_000)).toBe(500);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true, settlementMismatches: [] });
    });
  });

  it('answers only members (the cashier is a member’s call)', async () => {
    expect((await call(server, 'merchant/cashier/queryCharge', { chargeId: '1' }, 'not-a-token')).code).toBe('AGW20001');
  });
});
