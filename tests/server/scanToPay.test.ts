/**
 * Paying a merchant by scanning its code (pay/merchant/resolveCode, pay/merchant/pay): a store's
 * own static code, a printed sticker through its binding, a cashier's dynamic code paid once. The
 * money side: payer → a settlement shard of the merchant's owner (amount) → a fee income shard
 * (the charge), with the claim, the pay confirmation, the limits and the stored answer in one
 * statement. Every refusal is coded and moves nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenByKeypad, payTokenDirect, verifyMember } from '../support/money.ts';
import { bindSticker, call, createMerchantDirect, issueStickerBatch, ok, openMerchantWithStore, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { crc16, encodeCollectionCode, parseObjects, tlv } from '../../services/emvco.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { hashToken } from '../../server/auth/sessions.ts';
/** The charge the payment module's quote must give (migration 027, merchant_payment_quote): the rate of the amount rounded up to the cêntimo, at most the cap — written out here as the test's own expectation. */
const merchantCharge = (amount: bigint, rateBp: number, cap: bigint | null) => { const c = (amount * BigInt(rateBp) + 9_999n) / 10_000n; return cap !== null && c > cap ? cap : c; };

const KZ = 100;
const PAY = 'pay/merchant/pay';
const charge = (amount: number) => Number(merchantCharge(BigInt(amount), 50, 500_000n));

/** The payload with top-level field `id` set to `value` (appended if absent), its CRC written again: a forged but well-formed code. */
function withField(payload: string, id: string, value: string): string {
  const objects = parseObjects(payload)!.filter((o) => o.id !== '63');
  const at = objects.findIndex((o) => o.id === id);
  if (at >= 0) objects[at] = { id, value };
  else objects.push({ id, value });
  const body = `${objects.map((o) => tlv(o.id, o.value)).join('')}6304`;
  return body + crc16(body);
}

describe.each(engines)('scan to pay on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let ana: string;
  let anaId: string;
  let bruno: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
    rival = await createMerchantDirect(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    bruno = await server.memberToken('+244943000002');
    await fund(server.db, anaId, 300_000n * 100n);
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token = ana, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const resolve = (code: string, token = ana) => send('pay/merchant/resolveCode', { code }, token);
  const pay = async (serial: string, amount: number, options: { requestNo?: string; payToken?: string; token?: string; memberId?: string } = {}) => {
    const payToken = options.payToken ?? await payTokenDirect(server.db, options.memberId ?? anaId, { service: PAY, amount, counterparty: serial });
    return send(PAY, { serial, amount, payToken }, options.token ?? ana, options.requestNo);
  };
  const available = async (memberId = anaId) => BigInt((await server.db.query<{ b: string }>("SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [memberId])).rows[0]!.b);
  const feeIncome = async () => BigInt((await server.db.query<{ b: string }>("SELECT sum(balance)::text AS b FROM ledger_accounts WHERE kind = 'fee_income'")).rows[0]!.b);
  /** Everything that could have moved: transfers, payments, the balances. */
  const ledgerState = async () => (await server.db.query<{ transfers: string; payments: string; balances: string; usage: string }>(
    `SELECT (SELECT count(*) FROM ledger_transfers)::text AS transfers, (SELECT count(*) FROM merchant_payments)::text AS payments,
            (SELECT string_agg(id || ':' || balance, ',' ORDER BY id) FROM ledger_accounts) AS balances,
            (SELECT coalesce(sum(amount), 0) FROM member_outgoing_usage)::text AS usage`,
  )).rows[0];
  const invariantsHold = async () => expect(await checkInvariants(server.db)).toMatchObject({ ok: true, settlementMismatches: [], merchantsWithWrongShards: [], feeIncomeShardsWrong: [] });

  it('shows what a scanned store code pays: the merchant’s name, the store, the category; the payer types the amount', async () => {
    const expected = { serial: shop.storeSerial, kind: 'static', merchantName: 'Loja Demo', storeName: 'Loja Central', mcc: '5411', amount: null, expiresAt: null };
    expect((await resolve(shop.storePayload)).bizContent).toEqual(expected);
    // the serial typed from under the code, as a person types it
    expect((await resolve(` ${shop.storeSerial.toLowerCase().slice(0, 6)}-${shop.storeSerial.toLowerCase().slice(6)} `)).bizContent).toEqual(expected);
  });

  it('pays a store’s code: the payer’s money to the merchant’s settlement, the charge to fee income, with a receipt', async () => {
    const [before, settledBefore, feesBefore] = [await available(), await settlementBalance(server.db, shop.memberId), await feeIncome()];
    const payToken = await payTokenByKeypad(server, ana, { service: PAY, amount: 1_250 * KZ, counterparty: shop.storeSerial });
    const paid = await pay(shop.storeSerial, 1_250 * KZ, { payToken });
    expect(paid.code).toBe('S0001');
    expect(paid.bizContent).toEqual({
      paymentId: expect.stringMatching(/^\d+$/), voucherNo: expect.stringMatching(/^MP\d{14}$/), merchantName: 'Loja Demo', storeName: 'Loja Central',
      amount: 125_000, paid: 125_000, cashback: 0, available: Number(before) - 125_000, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await available()).toBe(before - 125_000n);
    expect((await settlementBalance(server.db, shop.memberId)).available).toBe(settledBefore.available + 125_000n - 625n); // 0.5 %
    expect(await feeIncome()).toBe(feesBefore + 625n);
    const { rows } = await server.db.query<{ merchant_id: string; store_id: string; serial: string; method: string; amount: string; charge: string; payer_id: string; cashier_id: string | null; voucher_no: string }>(
      'SELECT merchant_id::text, store_id::text, serial, method, amount::text, charge::text, payer_id::text, cashier_id::text, voucher_no FROM merchant_payments WHERE id = $1',
      [paid.bizContent.paymentId],
    );
    expect(rows[0]).toEqual({ merchant_id: shop.merchantId, store_id: shop.storeId, serial: shop.storeSerial, method: 'static', amount: '125000', charge: '625', payer_id: anaId, cashier_id: null, voucher_no: paid.bizContent.voucherNo });
    expect((await pay(shop.storeSerial, 1_250 * KZ, { payToken })).code).toBe('FND10008'); // the confirmation is spent
    await invariantsHold();
  });

  it('takes the pay confirmation for this payment only: another amount or another code is FND10008, nothing moved', async () => {
    const before = await ledgerState();
    const payToken = await payTokenDirect(server.db, anaId, { service: PAY, amount: 10 * KZ, counterparty: shop.storeSerial });
    expect((await pay(shop.storeSerial, 11 * KZ, { payToken })).code).toBe('FND10008');
    expect((await pay(rival.storeSerial, 10 * KZ, { payToken })).code).toBe('FND10008');
    expect(await ledgerState()).toEqual(before);
  });

  it('answers a replayed requestNo with the first answer and moves nothing; another payload under it is FND10002', async () => {
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const payToken = await payTokenDirect(server.db, anaId, { service: PAY, amount: 30 * KZ, counterparty: shop.storeSerial });
    const first = await pay(shop.storeSerial, 30 * KZ, { requestNo, payToken });
    expect(first.code).toBe('S0001');
    const before = await ledgerState();
    const again = await pay(shop.storeSerial, 30 * KZ, { requestNo, payToken }); // the same envelope, after a lost answer
    expect(again).toEqual(first);
    expect(await ledgerState()).toEqual(before);
    expect((await pay(shop.storeSerial, 31 * KZ, { requestNo })).code).toBe('FND10002');
    expect((await pay(rival.storeSerial, 30 * KZ, { requestNo })).code).toBe('FND10002');
    expect(await ledgerState()).toEqual(before);
  });

  it('refuses a replayed refusal the same way, even once it would now pass', async () => {
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const payToken = await payTokenDirect(server.db, anaId, { service: PAY, amount: 5 * KZ, counterparty: shop.storeSerial });
    await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [shop.storeId]);
    expect((await pay(shop.storeSerial, 5 * KZ, { requestNo, payToken })).code).toBe('MCH10005');
    await server.db.query("UPDATE stores SET status = 'open' WHERE id = $1", [shop.storeId]);
    expect((await pay(shop.storeSerial, 5 * KZ, { requestNo, payToken })).code).toBe('MCH10005');
    expect((await pay(shop.storeSerial, 5 * KZ)).code).toBe('S0001');
  });

  it('refuses malformed, foreign-currency, wrong-CRC, over-long and other wallets’ payloads (MCH10006, the reason as the detail)', async () => {
    const payload = shop.storePayload;
    const cases: Record<string, [string, string, string]> = {
      malformed: ['000201010211zz', 'MCH10006', 'malformed'],
      wrongCrc: [payload.slice(0, -4) + (payload.slice(-4) === '0000' ? '0001' : '0000'), 'MCH10006', 'crcWrong'],
      noCrc: [payload.slice(0, -8), 'MCH10006', 'crcMissing'],
      foreignCurrency: [withField(payload, '53', '840'), 'MCH10006', 'currency'],
      foreignCountry: [withField(payload, '58', 'BR'), 'MCH10006', 'country'],
      overLongName: [withField(payload, '59', 'A'.repeat(26)), 'MCH10006', 'tooLong'],
      overLongStoreLabel: [withField(payload, '62', tlv('03', 'B'.repeat(26))), 'MCH10006', 'tooLong'],
      anotherWallet: [withField(payload, '26', tlv('00', 'BR.GOV.BCB.PIX') + tlv('01', shop.storeSerial)), 'MCH10006', 'notOurs'],
      promptPay: ['00020101021129370016A000000677010111011300668012345675802TH530376463046197', 'MCH10006', 'fieldMissing'], // no name or city, as PromptPay writes it
      // a static code dressed as a dynamic one with an amount: not what the serial is
      staticAsDynamic: [withField(withField(payload, '01', '12'), '54', '10'), 'MCH10006', 'kind'],
      unknownSerial: ['ST0000000000', 'MCH10006', ''],
      garbage: ['hello world!', 'MCH10006', ''],
      overLongPayload: [`${payload}${'0'.repeat(520)}`, 'AGW10003', 'code'],
      empty: ['', 'AGW10003', 'code'],
    };
    for (const [name, [code, refusal, detail]] of Object.entries(cases)) {
      const answer = await resolve(code);
      expect([answer.code, answer.subMsg], name).toEqual([refusal, detail]);
      expect(answer.bizContent, name).toBeNull();
    }
    // the same payloads with their own CRC but another store's name still show the merchant the serial belongs to
    expect((await resolve(withField(payload, '59', 'Banco Falso'))).bizContent).toMatchObject({ merchantName: 'Loja Demo', storeName: 'Loja Central' });
  });

  it('refuses a code that cannot be paid: unknown (MCH10006), a sticker not bound (MCH10007), a closed store (MCH10005), one’s own (MCH10014), nothing moved', async () => {
    const batch = await issueStickerBatch(server, 2);
    const before = await ledgerState();
    const refused = async (serial: string, code: string, token = ana, memberId = anaId) => {
      expect((await resolve(serial, token)).code, `resolve ${serial}`).toBe(code);
      expect((await pay(serial, 10 * KZ, { token, memberId })).code, `pay ${serial}`).toBe(code);
    };
    await refused('ST9999999999', 'MCH10006');
    await refused('DY0000000000AB', 'MCH10006');
    await refused(batch.serials[0]!, 'MCH10007');
    await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [rival.storeId]);
    await refused(rival.storeSerial, 'MCH10005');
    await server.db.query("UPDATE stores SET status = 'open' WHERE id = $1", [rival.storeId]);
    await server.db.query("UPDATE merchants SET status = 'closed' WHERE id = $1", [rival.merchantId]);
    await refused(rival.storeSerial, 'MCH10005');
    await server.db.query("UPDATE merchants SET status = 'active' WHERE id = $1", [rival.merchantId]);
    await fund(server.db, rival.memberId, 100n * 100n);
    await refused(rival.storeSerial, 'MCH10014', rival.token, rival.memberId);
    expect((await ledgerState())!.transfers).toBe(String(Number(before!.transfers) + 1)); // only the rival's top-up
    expect((await ledgerState())!.payments).toBe(before!.payments);
  });

  it('refuses amounts of 0, negative, fractional cêntimos (AGW10003 amount), above the limits (FND10003) or the balance (FND10001), nothing moved', async () => {
    const before = await ledgerState();
    for (const amount of [0, -100, 12.5, 0.01, Number.MAX_SAFE_INTEGER + 2]) {
      const answer = await send(PAY, { serial: shop.storeSerial, amount, payToken: await payTokenDirect(server.db, anaId, { service: PAY, amount: 100, counterparty: shop.storeSerial }) });
      expect([answer.code, answer.subMsg], String(amount)).toEqual(['AGW10003', 'amount']);
    }
    for (const amount of ['100', null]) {
      expect((await send(PAY, { serial: shop.storeSerial, amount, payToken: 'x'.repeat(30) })).code).toBe('AGW10003');
    }
    const over = await pay(shop.storeSerial, 100_001 * KZ); // level III: 100 000 Kz a payment
    expect([over.code, over.subMsg]).toEqual(['FND10003', 'perTransaction']);
    expect(await ledgerState()).toEqual(before);
    // Bruno (verified, no money)
    const brunoId = (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE mobile = '+244943000002'")).rows[0]!.id;
    expect((await pay(shop.storeSerial, 1 * KZ, { token: bruno, memberId: brunoId })).code).toBe('FND10001');
    await fund(server.db, brunoId, 5_000n);
    expect((await pay(shop.storeSerial, 51 * KZ, { token: bruno, memberId: brunoId })).code).toBe('FND10001');
    expect(await available(brunoId)).toBe(50n * 100n);
    expect((await pay(shop.storeSerial, 50 * KZ, { token: bruno, memberId: brunoId })).code).toBe('S0001'); // all of it
    expect(await available(brunoId)).toBe(0n);
  });

  it('counts payments against the day’s limit with transfers: the day’s last cêntimo, then FND10003 daily', async () => {
    const { rows } = await server.db.query<{ amount: string }>("SELECT amount::text FROM member_outgoing_usage WHERE member_id = $1", [anaId]);
    const used = BigInt(rows[0]?.amount ?? '0');
    const left = 200_000n * 100n - used; // level III: 200 000 Kz a day
    let rest = left;
    while (rest > 0n) {
      const step = rest > 100_000n * 100n ? 100_000n * 100n : rest;
      await fund(server.db, anaId, step);
      expect((await pay(shop.storeSerial, Number(step))).code).toBe('S0001');
      rest -= step;
    }
    await fund(server.db, anaId, 100n);
    const daily = await pay(shop.storeSerial, 1);
    expect([daily.code, daily.subMsg]).toEqual(['FND10003', 'daily']);
    await server.db.query('DELETE FROM member_outgoing_usage WHERE member_id = $1', [anaId]);
  });

  it('lets only a verified member pay (FND10004)', async () => {
    const joanaId = (await server.db.query<{ id: string }>(
      "INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', '+244923111222', 'Joana') RETURNING id::text",
    )).rows[0]!.id;
    await fund(server.db, joanaId, 10_000n);
    const joana = await server.memberToken('+244923111222');
    expect((await pay(shop.storeSerial, 10 * KZ, { token: joana, memberId: joanaId })).code).toBe('FND10004');
    expect(await available(joanaId)).toBe(10_000n);
  });

  it('pays a printed sticker into the store it is bound to, recorded with its binding', async () => {
    const batch = await issueStickerBatch(server, 1);
    const binding = await bindSticker(server, shop, batch.payloads[0]!);
    expect((await resolve(batch.payloads[0]!)).bizContent).toEqual({ serial: batch.serials[0], kind: 'static', merchantName: 'Loja Demo', storeName: 'Loja Central', mcc: '5411', amount: null, expiresAt: null });
    const paid = await pay(batch.serials[0]!, 77 * KZ);
    expect(paid.code).toBe('S0001');
    const { rows } = await server.db.query<{ binding_id: string; store_id: string }>('SELECT binding_id::text, store_id::text FROM merchant_payments WHERE id = $1', [paid.bizContent.paymentId]);
    expect(rows[0]).toEqual({ binding_id: binding.bindingId, store_id: shop.storeId });
    await ok(server, 'merchant/code/unbind', { bindingId: binding.bindingId }, shop.token);
    expect((await pay(batch.serials[0]!, 77 * KZ)).code).toBe('MCH10007');
  });

  it('shows the payment in the payer’s fund detail under the name on the code, unmasked, with the receipt’s voucher', async () => {
    const paid = await pay(shop.storeSerial, 43_21);
    expect(paid.code).toBe('S0001');
    const lines = (await send('wallet/fund/queryFundDetails', { shortcut: '7', pageSize: 50 })).bizContent.items as Array<{ id: string; kind: string; amount: number; counterparty: string | null }>;
    const line = lines.find((l) => l.kind === 'merchant_pay' && l.amount === 43_21)!;
    // the enterprise behind it is “Loja Demo, Lda”: a person's masking would read “Loja D*** L***”
    expect(line).toMatchObject({ direction: 'expenditure', counterparty: 'Loja Demo' });
    expect((await send('wallet/fund/queryFundDetail', { id: line.id })).bizContent).toMatchObject({
      counterparty: 'Loja Demo', voucherNo: paid.bizContent.voucherNo, facts: { type: 'merchantPayment', merchant: 'Loja Demo', store: 'Loja Central', voucherNo: paid.bizContent.voucherNo },
    });
    // a person on the other side of a transfer stays masked
    const transfer = lines.find((l) => l.kind === 'transfer' && l.counterparty !== null);
    if (transfer) expect(transfer.counterparty).toMatch(/\*\*\*/);
  });

  describe('dynamic codes', () => {
    const create = async (amount: number, merchant = shop) => ok(server, 'merchant/cashier/createDynamicCode', { storeId: merchant.storeId, amount }, merchant.token);

    it('shows the fixed amount and expiry; pays once for exactly that amount', async () => {
      const code = await create(4_321);
      expect((await resolve(code.payload)).bizContent).toEqual({ serial: code.serial, kind: 'dynamic', merchantName: 'Loja Demo', storeName: 'Loja Central', mcc: '5411', amount: 4_321, expiresAt: code.expiresAt });
      expect((await pay(code.serial, 4_320)).code).toBe('MCH10011');
      const paid = await pay(code.serial, 4_321);
      expect(paid.code).toBe('S0001');
      expect((await resolve(code.payload)).code).toBe('MCH10009');
      expect((await pay(code.serial, 4_321)).code).toBe('MCH10009');
      const { rows } = await server.db.query<{ method: string; cashier_id: string; paid: string }>(
        'SELECT p.method, p.cashier_id::text, c.paid_payment_id::text AS paid FROM merchant_payments p JOIN collection_codes c ON c.serial = p.serial WHERE p.id = $1',
        [paid.bizContent.paymentId],
      );
      expect(rows[0]).toEqual({ method: 'dynamic', cashier_id: shop.memberId, paid: paid.bizContent.paymentId });
    });

    it('refuses an expired code (MCH10008) and a payload whose amount was changed (MCH10011)', async () => {
      const code = await create(999);
      const forged = withField(code.payload, '54', '1.00');
      expect((await resolve(forged)).code).toBe('MCH10011');
      await server.db.query("UPDATE collection_codes SET expires_at = now() - interval '1 second' WHERE serial = $1", [code.serial]);
      expect((await resolve(code.payload)).code).toBe('MCH10008');
      const before = await ledgerState();
      expect((await pay(code.serial, 999)).code).toBe('MCH10008');
      expect(await ledgerState()).toEqual(before);
    });

    it('pays once when paid twice at the same moment (by two members): one S0001, one MCH10009', async () => {
      const brunoId = (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE mobile = '+244943000002'")).rows[0]!.id;
      await fund(server.db, brunoId, 10_000n);
      for (let i = 0; i < 5; i++) {
        const code = await create(1_000 + i);
        const [a, b] = await Promise.all([pay(code.serial, 1_000 + i), pay(code.serial, 1_000 + i, { token: bruno, memberId: brunoId })]);
        expect([a.code, b.code].sort()).toEqual(['MCH10009', 'S0001']);
        const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM merchant_payments WHERE serial = $1', [code.serial]);
        expect(rows[0]!.n).toBe('1');
      }
      await invariantsHold();
    });
  });

  it('pays in one statement to the database, the session check included', async () => {
    const spy = vi.spyOn(server.db, 'query');
    try {
      expect((await pay(shop.storeSerial, 3 * KZ)).code).toBe('S0001');
      const money = spy.mock.calls.map(([sql]) => sql).filter((sql) => /session_principal|scan_to_pay|merchant_pay/.test(sql));
      expect(money).toEqual([expect.stringContaining('scan_to_pay_in_session(')]);
    } finally {
      spy.mockRestore();
    }
  });

  it('checks the session in the payment statement as every other call does', async () => {
    const before = await available();
    const loggedOut = await server.memberToken('+244923000001');
    expect((await send('common/logout', {}, loggedOut)).code).toBe('S0001');
    expect((await pay(shop.storeSerial, 5 * KZ, { token: loggedOut })).code).toBe('AGW20001');
    const idle = await server.memberToken('+244923000001');
    await server.db.query("UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1", [hashToken(idle)]);
    expect((await pay(shop.storeSerial, 5 * KZ, { token: idle })).code).toBe('AGW20001');
    expect((await pay(shop.storeSerial, 5 * KZ, { token: '' })).code).toBe('AGW20001');
    const asOperator = envelope(PAY, { serial: shop.storeSerial, amount: 5 * KZ, payToken: await payTokenDirect(server.db, anaId, { service: PAY, amount: 5 * KZ, counterparty: shop.storeSerial }) }, { token: ana, type: 'SSO-AUTH' });
    expect((await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: asOperator })).json().code).toBe('AGW10005');
    expect(await available()).toBe(before);
  });

  it('keeps every invariant: settlement shards, the merchants’ settlement equal to their payments’ net, fee income shards', async () => {
    await invariantsHold();
    const { rows } = await server.db.query<{ net: string; charges: string }>(
      'SELECT sum(amount - charge)::text AS net, sum(charge)::text AS charges FROM merchant_payments WHERE merchant_id = $1',
      [shop.merchantId],
    );
    expect((await settlementBalance(server.db, shop.memberId)).available).toBe(BigInt(rows[0]!.net));
    expect(charge(125_000)).toBe(625);
    expect((await call(server, 'merchant/home/summary', {}, shop.token)).bizContent.settlement.available).toBe(Number(rows[0]!.net));
  });
});

describe('payload forging helper', () => {
  it('writes a payload the decoder reads, CRC and all', () => {
    const payload = encodeCollectionCode({ kind: 'static', serial: 'ST0000000001', mcc: '5411', merchantName: 'Loja', city: 'Luanda' });
    expect(withField(payload, '59', 'Loja')).toBe(payload);
  });
});
