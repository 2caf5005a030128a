/**
 * The payment module (server/merchantPayment/): `quote` before the pay password, for every way of
 * paying a merchant — a static code, a printed sticker, a dynamic code, a cashier's charge on a
 * payment code — and `pay`, which posts exactly what the quote said: the amount the member pays,
 * the merchant's charge, the settlement and fee income shards. The quote refuses with the codes
 * the payment gives and writes nothing. Concurrency (one dynamic code by three payers, one payment
 * code at three tills, one charge confirmed twice at once) races for real on PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { createMerchantDirect, issueStickerBatch, bindSticker, ok, openMerchantWithStore, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { person } from '../support/records.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { PAYMENT_EXTENSIONS, adjustmentsOf } from '../../server/merchantPayment/index.ts';
import { quoteCharge, quoteCode } from '../../server/merchantPayment/quote.ts';

const QUOTE = 'pay/merchant/quote';
const PAY = 'pay/merchant/pay';
const CONFIRM = 'pay/paymentCode/confirm';

describe.each(engines)('the payment module on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let ana: string;
  let anaId: string;
  const payers: Array<{ id: string; token: string }> = [];
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
    rival = await createMerchantDirect(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 100_000n * 100n);
    for (const name of ['Pagador Um Demo', 'Pagador Dois Demo', 'Pagador Tres Demo']) {
      const payer = await person(server, name);
      await fund(server.db, payer.id, 10_000n * 100n);
      payers.push(payer);
    }
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token = ana, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const quote = (request: object, token = ana) => send(QUOTE, request, token);
  /** The merchant's charge the payment module computes: never in the member's quote, so asked of the module itself. */
  const chargeOf = async (request: { serial: string; amount?: number } | { chargeId: string }, payer = anaId) => Number(('chargeId' in request
    ? await quoteCharge(server.db, payer, request.chargeId)
    : await quoteCode(server.db, payer, request.serial, request.amount === undefined ? null : BigInt(request.amount))).figures!.charge);
  const pay = async (serial: string, amount: number, payer = { id: anaId, token: ana }) =>
    send(PAY, { serial, amount, payToken: await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: serial }) }, payer.token);
  const dynamicCode = async (amount: number, merchant = shop) => ok(server, 'merchant/cashier/createDynamicCode', { storeId: merchant.storeId, amount }, merchant.token) as Promise<{ serial: string; expiresAt: string }>;
  const issuePaymentCode = async (token = ana) => (await ok(server, 'pay/paymentCode/issue', { deviceId: 'phone-1' }, token)).code as string;
  const chargeAt = (merchant: MerchantSetup, code: string, amount: number) =>
    send('merchant/cashier/chargePaymentCode', { storeId: merchant.storeId, code, amount }, merchant.token);
  const passwordFree = async (limit: number | null) => {
    if (limit === null) return ok(server, 'pay/passwordFree/set', { enabled: false }, ana);
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/passwordFree/set', amount: limit, counterparty: 'passwordFree' });
    return ok(server, 'pay/passwordFree/set', { enabled: true, limit, payToken }, ana);
  };
  const available = async (memberId = anaId) => BigInt((await server.db.query<{ b: string }>("SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [memberId])).rows[0]!.b);
  const feeIncome = async () => BigInt((await server.db.query<{ b: string }>("SELECT sum(balance)::text AS b FROM ledger_accounts WHERE kind = 'fee_income'")).rows[0]!.b);
  /** Everything a quote must not write: claims, usage, transfers, payments, pay confirmations spent. */
  const written = async () => (await server.db.query(
    `SELECT (SELECT count(*) FROM idempotent_requests)::text AS claims, (SELECT count(*) FROM ledger_transfers)::text AS transfers,
            (SELECT count(*) FROM merchant_payments)::text AS payments, (SELECT coalesce(sum(amount), 0) FROM member_outgoing_usage)::text AS usage,
            (SELECT count(*) FROM collection_codes WHERE paid_payment_id IS NOT NULL)::text AS paid_codes`,
  )).rows[0];
  const paymentRow = async (paymentId: string) => (await server.db.query<{ amount: string; charge: string; method: string; transfer_id: string }>(
    'SELECT amount::text, charge::text, method, transfer_id::text FROM merchant_payments WHERE id = $1', [paymentId],
  )).rows[0]!;
  /** What the payment's two postings moved: the amount off the payer, the charge into fee income. */
  const postings = async (paymentId: string) => (await server.db.query<{ kind: string; amount: string }>(
    `SELECT t.kind, t.amount::text FROM merchant_payments p JOIN ledger_transfers t ON t.idempotency_key IN ('merchant_pay:' || p.payer_id || ':' || p.request_no, 'merchant_pay:' || p.payer_id || ':' || p.request_no || ':charge')
      WHERE p.id = $1 ORDER BY t.id`, [paymentId],
  )).rows;

  describe('quote', () => {
    it('quotes a static code for the amount typed: the price, nothing off, the names, never the merchant’s charge (0.5 %, rounded up); none without an amount', async () => {
      const answer = await quote({ serial: shop.storeSerial, amount: 1_234_56 });
      expect(answer.code).toBe('S0001');
      expect(answer.bizContent).toEqual({
        method: 'static', serial: shop.storeSerial, chargeId: null, merchantName: 'Loja Demo', storeName: 'Loja Central', mcc: '5411',
        amount: 1_234_56, adjustments: [], payable: 1_234_56, cashback: 0, expiresAt: null,
      });
      expect(await chargeOf({ serial: shop.storeSerial, amount: 1_234_56 })).toBe(618);
      expect([(await quote({ serial: shop.storeSerial })).code, (await quote({ serial: shop.storeSerial })).subMsg]).toEqual(['AGW10003', 'amount']);
    });

    it('quotes a printed sticker through its binding as the store it is bound to', async () => {
      const batch = await issueStickerBatch(server, 1);
      await bindSticker(server, shop, batch.payloads[0]!);
      expect((await quote({ serial: batch.serials[0]!, amount: 500 })).bizContent).toMatchObject({ method: 'static', serial: batch.serials[0], storeName: 'Loja Central', amount: 500, payable: 500 });
      expect(await chargeOf({ serial: batch.serials[0]!, amount: 500 })).toBe(3);
    });

    it('quotes a dynamic code for its own amount, with its end; another amount is MCH10011', async () => {
      const code = await dynamicCode(43_210);
      const expected = { method: 'dynamic', serial: code.serial, chargeId: null, merchantName: 'Loja Demo', storeName: 'Loja Central', mcc: '5411', amount: 43_210, adjustments: [], payable: 43_210, cashback: 0, expiresAt: code.expiresAt };
      expect(await chargeOf({ serial: code.serial })).toBe(217);
      expect((await quote({ serial: code.serial })).bizContent).toEqual(expected);
      expect((await quote({ serial: code.serial, amount: 43_210 })).bizContent).toEqual(expected);
      expect((await quote({ serial: code.serial, amount: 43_211 })).code).toBe('MCH10011');
    });

    it('quotes the merchant’s charge at its cap', async () => {
      await server.db.query('UPDATE merchants SET charge_rate_bp = 200, charge_cap = 1000 WHERE id = $1', [rival.merchantId]);
      try {
        expect(await chargeOf({ serial: rival.storeSerial, amount: 40_000 })).toBe(800);
        expect(await chargeOf({ serial: rival.storeSerial, amount: 60_000 })).toBe(1000);
      } finally {
        await server.db.query('UPDATE merchants SET charge_rate_bp = 50, charge_cap = 500000 WHERE id = $1', [rival.merchantId]);
      }
    });

    it('quotes a cashier’s charge on the member’s payment code for that member only (MCH10013 for anyone else’s or one no longer waiting, MCH10008 past its window)', async () => {
      await passwordFree(null);
      const charged = (await chargeAt(shop, await issuePaymentCode(), 2_000_00)).bizContent;
      expect(charged.state).toBe('awaitingConfirmation');
      expect((await quote({ chargeId: charged.chargeId })).bizContent).toEqual({
        method: 'paymentCode', serial: null, chargeId: charged.chargeId, merchantName: 'Loja Demo', storeName: 'Loja Central', mcc: '5411',
        amount: 2_000_00, adjustments: [], payable: 2_000_00, cashback: 0, expiresAt: expect.any(String),
      });
      expect(await chargeOf({ chargeId: charged.chargeId })).toBe(1_000);
      expect((await quote({ chargeId: charged.chargeId }, payers[0]!.token)).code).toBe('MCH10013');
      expect((await quote({ chargeId: '999999999' })).code).toBe('MCH10013');
      await server.db.query("UPDATE payment_code_charges SET expires_at = now() - interval '1 second' WHERE id = $1", [charged.chargeId]);
      expect((await quote({ chargeId: charged.chargeId })).code).toBe('MCH10008');
      const declined = (await chargeAt(shop, await issuePaymentCode(), 3_000_00)).bizContent;
      expect((await send('pay/paymentCode/decline', { chargeId: declined.chargeId })).code).toBe('S0001');
      expect((await quote({ chargeId: declined.chargeId })).code).toBe('MCH10013');
    });

    it('refuses what the payment would refuse, and writes nothing: unknown, unbound, closed, expired, paid, one’s own', async () => {
      const batch = await issueStickerBatch(server, 1);
      const expired = await dynamicCode(700);
      await server.db.query("UPDATE collection_codes SET expires_at = now() - interval '1 second' WHERE serial = $1", [expired.serial]);
      const paid = await dynamicCode(800);
      expect((await pay(paid.serial, 800)).code).toBe('S0001');
      const before = await written();
      const cases: Array<[string, object, string, string?]> = [
        ['unknown', { serial: 'ST9999999999', amount: 100 }, 'MCH10006'],
        ['unbound sticker', { serial: batch.serials[0]!, amount: 100 }, 'MCH10007'],
        ['expired', { serial: expired.serial }, 'MCH10008'],
        ['paid', { serial: paid.serial }, 'MCH10009'],
        ['own store', { serial: rival.storeSerial, amount: 100 }, 'MCH10014', rival.token],
      ];
      for (const [name, request, code, token] of cases) expect((await quote(request, token)).code, name).toBe(code);
      await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [rival.storeId]);
      expect((await quote({ serial: rival.storeSerial, amount: 100 })).code, 'closed store').toBe('MCH10005');
      await server.db.query("UPDATE stores SET status = 'open' WHERE id = $1", [rival.storeId]);
      await server.db.query("UPDATE merchants SET status = 'closed' WHERE id = $1", [rival.merchantId]);
      expect((await quote({ serial: rival.storeSerial, amount: 100 })).code, 'closed merchant').toBe('MCH10005');
      await server.db.query("UPDATE merchants SET status = 'active' WHERE id = $1", [rival.merchantId]);
      expect(await written()).toEqual(before);
      // and the payment gives the same codes
      expect((await pay('ST9999999999', 100)).code).toBe('MCH10006');
      expect((await pay(batch.serials[0]!, 100)).code).toBe('MCH10007');
      expect((await pay(expired.serial, 700)).code).toBe('MCH10008');
      expect((await pay(paid.serial, 800)).code).toBe('MCH10009');
    });

    it('refuses a posting into the payer’s own merchant in merchant_pay itself, whoever calls it without a quote (MCH10014), and writes nothing', async () => {
      await fund(server.db, rival.memberId, 1_000n * 100n);
      const before = await written();
      await expect(server.db.query(
        "SELECT payment_id FROM merchant_pay($1, $2, $3, NULL, NULL, 'static', NULL, 'direct-own-merchant', 10000, 50, 10000, '[]'::jsonb)",
        [rival.memberId, rival.merchantId, rival.storeId],
      )).rejects.toThrow(/MCH10014/);
      expect(await written()).toEqual(before);
    });
  });

  describe('pay posts exactly the quote', () => {
    it('a static code: the quote’s amount off the payer, its charge into fee income, the rest into the settlement', async () => {
      const quoted = { ...(await quote({ serial: shop.storeSerial, amount: 98_765 })).bizContent, charge: await chargeOf({ serial: shop.storeSerial, amount: 98_765 }) };
      const [balance, settled, fees] = [await available(), await settlementBalance(server.db, shop.memberId), await feeIncome()];
      const paid = await pay(shop.storeSerial, 98_765);
      expect(paid.code).toBe('S0001');
      expect(paid.bizContent).toMatchObject({ amount: quoted.amount, paid: quoted.payable, cashback: 0, merchantName: quoted.merchantName, storeName: quoted.storeName, available: Number(balance) - quoted.payable });
      expect(await paymentRow(paid.bizContent.paymentId)).toMatchObject({ amount: String(quoted.amount), charge: String(quoted.charge), method: 'static' });
      expect(await postings(paid.bizContent.paymentId)).toEqual([{ kind: 'merchant_pay', amount: String(quoted.payable) }, { kind: 'merchant_charge', amount: String(quoted.charge) }]);
      expect(await available()).toBe(balance - BigInt(quoted.payable));
      expect((await settlementBalance(server.db, shop.memberId)).available).toBe(settled.available + BigInt(quoted.amount - quoted.charge));
      expect(await feeIncome()).toBe(fees + BigInt(quoted.charge));
    });

    it('a dynamic code: the code’s amount and its charge, the cashier on the record', async () => {
      const code = await dynamicCode(5_001);
      const quoted = { ...(await quote({ serial: code.serial })).bizContent, charge: await chargeOf({ serial: code.serial }) };
      const paid = await pay(code.serial, quoted.amount);
      expect(paid.code).toBe('S0001');
      expect(await paymentRow(paid.bizContent.paymentId)).toMatchObject({ amount: '5001', charge: String(quoted.charge), method: 'dynamic' });
      expect(await postings(paid.bizContent.paymentId)).toEqual([{ kind: 'merchant_pay', amount: '5001' }, { kind: 'merchant_charge', amount: String(quoted.charge) }]);
    });

    it('a payment-code charge, confirmed by the member and at once within the password-free limit', async () => {
      await passwordFree(null);
      const waiting = (await chargeAt(shop, await issuePaymentCode(), 12_345)).bizContent;
      const quoted = { ...(await quote({ chargeId: waiting.chargeId })).bizContent, charge: await chargeOf({ chargeId: waiting.chargeId }) };
      const balance = await available();
      const confirmed = await send(CONFIRM, { chargeId: waiting.chargeId, payToken: await payTokenDirect(server.db, anaId, { service: CONFIRM, amount: quoted.amount, counterparty: waiting.chargeId }) });
      expect(confirmed.code).toBe('S0001');
      expect(await paymentRow(confirmed.bizContent.paymentId)).toMatchObject({ amount: '12345', charge: String(quoted.charge), method: 'paymentCode' });
      expect(await available()).toBe(balance - BigInt(quoted.payable));
      await passwordFree(500_00);
      const atOnce = (await chargeAt(shop, await issuePaymentCode(), 40_000)).bizContent;
      expect(atOnce.state).toBe('paid');
      expect(atOnce.payment).toMatchObject({ amount: 40_000, charge: 200 });
      await passwordFree(null);
    });

    it('keeps the ledger’s invariants', async () => {
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true, settlementMismatches: [], refundsUnmatched: [] });
    });
  });

  describe('at the same moment', () => {
    it('pays one dynamic code once when three members pay it together: one S0001, two MCH10009', async () => {
      for (let i = 0; i < 4; i++) {
        const code = await dynamicCode(900 + i);
        const answers = await Promise.all(payers.map((p) => pay(code.serial, 900 + i, p)));
        expect(answers.map((a) => a.code).sort()).toEqual(['MCH10009', 'MCH10009', 'S0001']);
        const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM merchant_payments WHERE serial = $1', [code.serial]);
        expect(rows[0]!.n).toBe('1');
      }
    });

    it('charges one payment code once at three tills together: one paid, two MCH10008', async () => {
      const tills = [shop, rival, await createMerchantDirect(server)];
      await passwordFree(500_00);
      try {
        for (let i = 0; i < 4; i++) {
          const code = await issuePaymentCode();
          const before = Number((await written())!.payments);
          const answers = await Promise.all(tills.map((till) => chargeAt(till, code, 1_100 + i)));
          expect(answers.map((a) => a.code).sort()).toEqual(['MCH10008', 'MCH10008', 'S0001']);
          expect(answers.find((a) => a.code === 'S0001')!.bizContent.state).toBe('paid');
          expect(Number((await written())!.payments)).toBe(before + 1);
        }
      } finally {
        await passwordFree(null);
      }
    });

    it('pays a charge once when the member confirms it twice together (two requests): one S0001, one MCH10013', async () => {
      await passwordFree(null);
      for (let i = 0; i < 3; i++) {
        const waiting = (await chargeAt(shop, await issuePaymentCode(), 2_200 + i)).bizContent;
        const confirmOnce = async () => send(CONFIRM, { chargeId: waiting.chargeId, payToken: await payTokenDirect(server.db, anaId, { service: CONFIRM, amount: 2_200 + i, counterparty: waiting.chargeId }) }, ana, `Q${crypto.randomBytes(8).toString('hex')}`);
        const answers = await Promise.all([confirmOnce(), confirmOnce()]);
        expect(answers.map((a) => a.code).sort()).toEqual(['MCH10013', 'S0001']);
      }
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
    });
  });
});

describe('the extension point', () => {
  it('has the promotions in their stacking order, and reads a quote’s adjustments only from declared ones', () => {
    expect(PAYMENT_EXTENSIONS.map((e) => [e.name, e.kinds])).toEqual([['discount', ['discount']], ['coupon', ['coupon']], ['cashbackDeduction', ['cashbackDeduction']], ['cashback', ['cashback']], ['draw', ['draw']]]);
    expect(adjustmentsOf('[]')).toEqual([]);
    const cashback = { extension: 'cashback', kind: 'cashback', amount: 100, reference: null };
    expect(adjustmentsOf([cashback])).toEqual([cashback]);
    const draw = { extension: 'draw', kind: 'draw', amount: 1, reference: 'lottery:1' };
    expect(adjustmentsOf([draw])).toEqual([draw]);
    expect(() => adjustmentsOf([{ ...cashback, extension: 'lottery', kind: 'draw' }])).toThrow(/no such extension/);
    expect(() => adjustmentsOf([draw], PAYMENT_EXTENSIONS.filter((e) => e.name !== 'draw'))).toThrow(/no such extension/);
    expect(() => adjustmentsOf([{ ...cashback, kind: 'coupon' }])).toThrow(/no such extension/);
    expect(adjustmentsOf([cashback], [{ name: 'cashback', kinds: ['cashback'], migration: '028_cashback.sql' }])).toEqual([cashback]);
    expect(() => adjustmentsOf([{ ...cashback, amount: -1 }], [{ name: 'cashback', kinds: ['cashback'], migration: '028_cashback.sql' }])).toThrow();
  });
});
