/**
 * Group purchases, the server side (README "Group purchases"; migration 029): the owner makes
 * packages (bad ones refused with their codes, nothing written), a member quotes and buys one as a
 * merchant payment through the payment module (idempotent on requestNo, the stock taken in the
 * payment's transaction, the voucher written there), a clerk or the owner redeems the voucher once at
 * one of the merchant's stores, the expiry job refunds unused vouchers past their end once however
 * often it runs, and the ledger check matches packages, vouchers and payments. On PostgreSQL, 64
 * buyers race for the last 5 of a stock, and two expiry jobs run at once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, createStore, ok, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { hire, person, type Person } from '../support/records.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { createCashbackPolicy } from '../../server/entities/promotions.ts';
import { runVoucherExpiryOnce } from '../../server/jobs/groupVoucherExpiry.ts';
import { DEFAULT_CHANNEL, serviceCharge } from '../../server/entities/bankChannels.ts';
import { largestWithdrawal } from '../../server/domains/withdrawal/handlers.ts';

const QUOTE = 'pay/merchant/quote';
const BUY = 'pay/groupPackage/buy';
const SAVE = 'merchant/groupPackage/save';
const REDEEM = 'merchant/groupPackage/redeem';
const KZ = 100;
const DAY = 86_400_000;

describe.each(engines)('group packages on %s', (engine) => {
  let server: TestServer;

  const send = async (service: string, bizContent: object, token: string, requestNo = `T${crypto.randomBytes(8).toString('hex')}`): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token, type: 'LOGIN_TOKEN' }, 'en');
    payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const okOf = async (service: string, bizContent: object, token: string) => {
    const answer = await send(service, bizContent, token);
    expect(answer.code, `${service}: ${answer.code} ${answer.subMsg ?? ''}`).toBe('S0001');
    return answer.bizContent;
  };
  const packageOf = (shop: MerchantSetup, fields: Record<string, unknown> = {}) => ({
    storeId: shop.storeId, name: 'Pizza para quatro', content: ['2 pizzas grandes', '1 refrigerante 1,5 l'], groupPrice: 4_500 * KZ, normalPrice: 6_000 * KZ,
    stock: 10, endsAt: new Date(Date.now() + 30 * DAY).toISOString(), ...fields,
  });
  const makePackage = async (shop: MerchantSetup, fields: Record<string, unknown> = {}) => (await okOf(SAVE, packageOf(shop, fields), shop.token)).packageId as string;
  const quote = async (packageId: string, buyer: Person) => okOf(QUOTE, { packageId }, buyer.token) as Promise<{ method: string; amount: number; payable: number; cashback: number; expiresAt: string }>;
  /** Buys as a client that showed the quote does (its payable and cashback). */
  const buy = async (packageId: string, buyer: Person, shown?: { payable: number; cashback: number }, requestNo?: string, amount?: number) => {
    const q = shown ?? (await quote(packageId, buyer));
    const price = amount ?? (await server.db.query<{ p: string }>('SELECT group_price::text AS p FROM group_packages WHERE id = $1', [packageId])).rows[0]!.p;
    const payToken = await payTokenDirect(server.db, buyer.id, { service: BUY, amount: Number(price), counterparty: packageId });
    return send(BUY, { packageId, payToken, payable: q.payable, cashback: q.cashback }, buyer.token, requestNo);
  };
  const buyer = async (name: string, cents = 100_000n * 100n) => {
    const p = await person(server, name);
    await fund(server.db, p.id, cents);
    return p;
  };
  const available = async (memberId: string) =>
    BigInt((await server.db.query<{ b: string }>("SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [memberId])).rows[0]!.b);
  const invariantsHold = async () => {
    const report = await checkInvariants(server.db);
    expect(report).toMatchObject({ ok: true, groupPackagesUnmatched: [], promotionsUnmatched: [], settlementMismatches: [], paymentsUnmatched: [], refundsUnmatched: [] });
  };
  /** The package and its vouchers past their end (as time would make them). */
  const expire = async (packageId: string) => {
    await server.db.query(
      `WITH g AS (UPDATE group_packages SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 minute' WHERE id = $1 RETURNING ends_at)
       UPDATE group_vouchers SET expires_at = (SELECT ends_at FROM g) WHERE package_id = $1`,
      [packageId],
    );
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 120_000);
  afterAll(() => server.close());

  it('refuses bad packages with their codes, writing nothing; the owner lists, pauses, resumes and ends its own', async () => {
    const shop = await createMerchantDirect(server);
    const rival = await createMerchantDirect(server);
    const clerk = await person(server, 'Carla Caixa Demo');
    await hire(server, shop, shop.storeId, clerk);
    const refusal = async (fields: Record<string, unknown>, token = shop.token) => (await send(SAVE, packageOf(shop, fields), token)).code;
    expect(await refusal({ groupPrice: 7_000 * KZ })).toBe('GRP10001');
    expect(await refusal({ groupPrice: 6_000 * KZ })).toBe('GRP10001');
    expect(await refusal({ groupPrice: 0 })).toBe('GRP10001');
    expect(await refusal({ stock: 0 })).toBe('GRP10002');
    expect(await refusal({ stock: 2.5 })).toBe('AGW10003');
    expect(await refusal({ startsAt: new Date(Date.now() + 10 * DAY).toISOString(), endsAt: new Date(Date.now() + 5 * DAY).toISOString() })).toBe('GRP10003');
    expect(await refusal({ endsAt: new Date(Date.now() - DAY).toISOString() })).toBe('GRP10003');
    expect(await refusal({ content: [] })).toBe('GRP10004');
    expect(await refusal({ content: ['1 pizza', '  '] })).toBe('GRP10004');
    expect(await refusal({ storeId: rival.storeId })).toBe('MCH10004');
    expect(await refusal({}, clerk.token)).toBe('STF10010');
    const counts = async () => (await server.db.query("SELECT (SELECT count(*) FROM group_packages)::int AS g, (SELECT count(*) FROM promotion_slices WHERE kind = 'groupPackage')::int AS s")).rows[0];
    expect(await counts()).toEqual({ g: 0, s: 0 });

    const packageId = await makePackage(shop, { stock: 7 });
    expect(await counts()).toEqual({ g: 1, s: 16 });
    const listed = await okOf('merchant/groupPackage/list', {}, shop.token);
    expect(listed.packages).toEqual([expect.objectContaining({ packageId, storeId: shop.storeId, name: 'Pizza para quatro', content: ['2 pizzas grandes', '1 refrigerante 1,5 l'], groupPrice: 4_500 * KZ, normalPrice: 6_000 * KZ, stock: 7, left: 7, sold: 0, status: 'active' })]);
    expect((await okOf('merchant/groupPackage/list', {}, rival.token)).packages).toEqual([]);
    expect((await send('merchant/groupPackage/list', { storeId: rival.storeId }, shop.token)).code).toBe('MCH10004');
    // paused: not on sale; resumed: on sale; another merchant cannot touch it; ended: final
    const ana = await buyer('Ana Pacote Demo');
    await okOf('merchant/groupPackage/setStatus', { packageId, status: 'paused' }, shop.token);
    expect((await send(QUOTE, { packageId }, ana.token)).code).toBe('GRP10007');
    expect((await buy(packageId, ana, { payable: 4_500 * KZ, cashback: 0 })).code).toBe('GRP10007');
    await okOf('merchant/groupPackage/setStatus', { packageId, status: 'active' }, shop.token);
    expect((await quote(packageId, ana)).payable).toBe(4_500 * KZ);
    expect((await send('merchant/groupPackage/setStatus', { packageId, status: 'paused' }, rival.token)).code).toBe('MCH10004');
    await okOf('merchant/groupPackage/setStatus', { packageId, status: 'ended' }, shop.token);
    expect((await send('merchant/groupPackage/setStatus', { packageId, status: 'active' }, shop.token)).code).toBe('GRP10005');
    expect((await send(QUOTE, { packageId }, ana.token)).code).toBe('GRP10007');
    expect((await send(QUOTE, { packageId: '999999999' }, ana.token)).code).toBe('GRP10006');
    // not started yet: not on sale
    const later = await makePackage(shop, { startsAt: new Date(Date.now() + DAY).toISOString() });
    expect((await send(QUOTE, { packageId: later }, ana.token)).code).toBe('GRP10007');
    // the owner cannot buy its own
    const own = await makePackage(shop);
    expect((await send(QUOTE, { packageId: own }, shop.token)).code).toBe('MCH10014');
    expect(await available(ana.id)).toBe(100_000n * 100n);
    await invariantsHold();
  });

  it('buys a package as a merchant payment (idempotent on requestNo) and redeems its voucher once, at one of the merchant’s stores', async () => {
    const shop = await createMerchantDirect(server);
    const rival = await createMerchantDirect(server);
    const secondStore = (await createStore(server, shop.token, shop.merchantId, { name: 'Loja Norte' })).store.storeId;
    const [clerk, rivalClerk] = [await person(server, 'Caixa Pacote Demo'), await person(server, 'Caixa Rival Demo')];
    await hire(server, shop, shop.storeId, clerk);
    await hire(server, rival, rival.storeId, rivalClerk);
    const [ana, bruno] = [await buyer('Ana Maria Demo'), await buyer('Bruno Pacote Demo')];
    const packageId = await makePackage(shop, { stock: 3 });

    const q = await quote(packageId, ana);
    expect(q).toMatchObject({ method: 'groupPackage', amount: 4_500 * KZ, payable: 4_500 * KZ, cashback: 0 });
    const settlementBefore = (await settlementBalance(server.db, shop.memberId)).available;
    const requestNo = `T${crypto.randomBytes(8).toString('hex')}`;
    const body = { packageId, payToken: await payTokenDirect(server.db, ana.id, { service: BUY, amount: 4_500 * KZ, counterparty: packageId }), payable: q.payable, cashback: q.cashback };
    const bought = await send(BUY, body, ana.token, requestNo);
    expect(bought.code).toBe('S0001');
    const { receipt, voucher } = bought.bizContent;
    expect(receipt).toMatchObject({ amount: 4_500 * KZ, paid: 4_500 * KZ, cashback: 0, storeName: shop.store.name, available: (100_000 - 4_500) * KZ });
    expect(voucher).toMatchObject({ state: 'unused', packageId, packageName: 'Pizza para quatro', paid: 4_500 * KZ, paymentId: receipt.paymentId, voucherNo: receipt.voucherNo, redeemedAt: null });
    expect(voucher.code).toMatch(/^GV\d{20}$/);
    expect(voucher.expiresAt).toBe(q.expiresAt);
    // a replay answers the same and moves nothing; the same requestNo for another payload is FND10002
    expect(await send(BUY, body, ana.token, requestNo)).toMatchObject({ code: 'S0001', bizContent: bought.bizContent });
    const other = await makePackage(shop);
    expect((await send(BUY, { ...body, packageId: other }, ana.token, requestNo)).code).toBe('FND10002');
    expect(await available(ana.id)).toBe(BigInt((100_000 - 4_500) * KZ));
    const payment = (await server.db.query('SELECT method, amount::int, serial, cashier_id FROM merchant_payments WHERE id = $1', [receipt.paymentId])).rows[0];
    expect(payment).toEqual({ method: 'groupPackage', amount: 4_500 * KZ, serial: null, cashier_id: null });
    const charge = BigInt((await server.db.query<{ c: string }>('SELECT charge::text AS c FROM merchant_payments WHERE id = $1', [receipt.paymentId])).rows[0]!.c);
    expect((await settlementBalance(server.db, shop.memberId)).available).toBe(settlementBefore + 4_500n * 100n - charge);
    // the merchant's records show it as any payment
    const records = await okOf('merchant/records/query', {}, shop.token);
    expect(records.items).toEqual([expect.objectContaining({ recordId: receipt.paymentId, method: 'groupPackage', amount: 4_500 * KZ })]);
    // a wrong pay confirmation moves nothing
    expect((await send(BUY, { packageId, payToken: 'x'.repeat(32) }, bruno.token)).code).toBe('FND10008');
    // the member's packages
    const mine = await okOf('wallet/groupPackage/list', {}, ana.token);
    expect(mine.vouchers).toEqual([expect.objectContaining({ voucherId: voucher.voucherId, code: voucher.code, state: 'unused' })]);
    expect((await okOf('wallet/groupPackage/list', { state: 'redeemed' }, ana.token)).vouchers).toEqual([]);
    expect((await okOf('wallet/groupPackage/list', {}, bruno.token)).vouchers).toEqual([]);
    expect((await okOf('merchant/groupPackage/list', {}, shop.token)).packages.find((p: { packageId: string }) => p.packageId === packageId)).toMatchObject({ sold: 1, left: 2 });

    // redeeming: another merchant's store or clerk, then the clerk at their store, once
    const second = (await buy(packageId, bruno)).bizContent.voucher;
    expect((await send(REDEEM, { storeId: rival.storeId, code: voucher.code }, rivalClerk.token)).code).toBe('GRP10011');
    expect((await send(REDEEM, { storeId: rival.storeId, code: voucher.code }, rival.token)).code).toBe('GRP10011');
    expect((await send(REDEEM, { storeId: secondStore, code: voucher.code }, clerk.token)).code).toBe('MCH10004');
    expect((await send(REDEEM, { storeId: shop.storeId, code: 'GV12345678901234567890' }, clerk.token)).code).toBe('GRP10010');
    expect((await send(REDEEM, { storeId: shop.storeId, code: 'not a voucher' }, clerk.token)).code).toBe('GRP10010');
    // what the till sees before redeeming: the package and the payer, nothing written
    const looked = await okOf('merchant/groupPackage/voucher', { storeId: shop.storeId, code: voucher.code }, clerk.token);
    expect(looked).toMatchObject({ payerMasked: 'Ana M*** D***', voucher: { voucherId: voucher.voucherId, state: 'unused', content: ['2 pizzas grandes', '1 refrigerante 1,5 l'] } });
    expect((await send('merchant/groupPackage/voucher', { storeId: rival.storeId, code: voucher.code }, rivalClerk.token)).code).toBe('GRP10011');
    const redeemed = await okOf(REDEEM, { storeId: shop.storeId, code: voucher.code.replace(/(\d{4})/g, '$1 ') }, clerk.token);
    expect(redeemed).toMatchObject({ payerMasked: 'Ana M*** D***', voucher: { voucherId: voucher.voucherId, state: 'redeemed', code: null, redeemedStoreName: shop.store.name, content: ['2 pizzas grandes', '1 refrigerante 1,5 l'] } });
    expect((await send(REDEEM, { storeId: shop.storeId, code: voucher.code }, clerk.token)).code).toBe('GRP10012');
    expect((await send(REDEEM, { storeId: shop.storeId, code: voucher.code }, shop.token)).code).toBe('GRP10012');
    expect((await send('merchant/groupPackage/voucher', { storeId: shop.storeId, code: voucher.code }, clerk.token)).code).toBe('GRP10012');
    // a replay of the purchase now: the voucher as it is, its code no longer shown (nor kept in the stored answer)
    expect((await send(BUY, body, ana.token, requestNo)).bizContent.voucher).toMatchObject({ voucherId: voucher.voucherId, state: 'redeemed', code: null });
    expect((await server.db.query("SELECT count(*)::int AS n FROM idempotent_requests WHERE answer::text LIKE '%' || $1 || '%'", [voucher.code])).rows[0]).toEqual({ n: 0 });
    // the owner may refund part of a used voucher's payment, never all of it (that would cancel a voucher already used)
    const refundOf = async (amount: number) => send('merchant/refund/apply', { recordId: receipt.paymentId, amount, payToken: await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount, counterparty: receipt.paymentId }) }, shop.token);
    expect((await refundOf(4_500 * KZ)).code).toBe('GRP10015');
    expect((await refundOf(500 * KZ)).code).toBe('S0001');
    expect((await refundOf(4_000 * KZ)).code).toBe('GRP10015');
    expect(await available(ana.id)).toBe(BigInt((100_000 - 4_500 + 500) * KZ));
    const row = (await server.db.query('SELECT redeemed_by::text, redeemed_store_id::text FROM group_vouchers WHERE id = $1', [voucher.voucherId])).rows[0];
    expect(row).toEqual({ redeemed_by: clerk.id, redeemed_store_id: shop.storeId });
    // the owner at another of its stores
    expect((await okOf(REDEEM, { storeId: secondStore, code: second.code }, shop.token)).voucher.state).toBe('redeemed');
    // the last one; then sold out
    expect((await buy(packageId, bruno)).code).toBe('S0001');
    expect((await send(QUOTE, { packageId }, ana.token)).code).toBe('GRP10008');
    expect((await buy(packageId, ana, { payable: 4_500 * KZ, cashback: 0 })).code).toBe('GRP10008');
    await invariantsHold();
  });

  it('refuses a refunded voucher and an expired one at the till', async () => {
    const shop = await createMerchantDirect(server);
    const clerk = await person(server, 'Caixa Expira Demo');
    await hire(server, shop, shop.storeId, clerk);
    const ana = await buyer('Ana Reembolso Pacote Demo');
    const packageId = await makePackage(shop);
    const first = (await buy(packageId, ana)).bizContent;
    const second = (await buy(packageId, ana)).bizContent;
    // the owner refunds the first payment whole: its voucher is refunded with it
    const recordId = first.receipt.paymentId;
    const payToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 4_500 * KZ, counterparty: recordId });
    expect((await send('merchant/refund/apply', { recordId, amount: 4_500 * KZ, payToken }, shop.token)).code).toBe('S0001');
    expect((await send(REDEEM, { storeId: shop.storeId, code: first.voucher.code }, clerk.token)).code).toBe('GRP10013');
    await expire(packageId);
    expect((await send(REDEEM, { storeId: shop.storeId, code: second.voucher.code }, clerk.token)).code).toBe('GRP10014');
    const states = (await okOf('wallet/groupPackage/list', {}, ana.token)).vouchers.map((v: { state: string; code: string | null }) => [v.state, v.code]);
    expect(states).toEqual([['expired', null], ['refunded', null]]);
    await invariantsHold();
    // the job refunds the expired one (and leaves the refunded one), so the next tests start with nothing due
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 1, refunded: 1, refused: 0 });
    await invariantsHold();
  });

  it('refunds every unused voucher past its end once, however often the job runs, clawing back its cashback; a redeemed one stays', async () => {
    const shop = await createMerchantDirect(server);
    await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
    const members = [await buyer('Ana Expira Demo'), await buyer('Bruno Expira Demo'), await buyer('Carla Expira Demo')];
    const packageId = await makePackage(shop, { stock: 5 });
    const bought: Answer['bizContent'][] = [];
    for (const m of members) {
      const q = await quote(packageId, m);
      expect(q.cashback).toBe(450 * KZ);
      const answer = await buy(packageId, m, q);
      expect(answer.code).toBe('S0001');
      bought.push(answer.bizContent);
    }
    await okOf(REDEEM, { storeId: shop.storeId, code: bought[0].voucher.code }, shop.token);
    // not due yet: nothing happens
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 0, refunded: 0, refused: 0 });
    await expire(packageId);
    const before = await Promise.all(members.map((m) => available(m.id)));
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 2, refunded: 2, refused: 0 });
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 0, refunded: 0, refused: 0 });
    const after = await Promise.all(members.map((m) => available(m.id)));
    expect(after.map((a, i) => a - before[i]!)).toEqual([0n, 4_500n * 100n, 4_500n * 100n]);
    const cashback = await server.db.query<{ member: string; b: string }>(
      "SELECT member_id::text AS member, balance::text AS b FROM ledger_accounts WHERE kind = 'cashback' AND member_id = ANY($1::bigint[]) ORDER BY member_id",
      [members.map((m) => m.id)],
    );
    expect(cashback.rows.map((r) => [r.member, r.b])).toEqual(members.map((m, i) => [m.id, i === 0 ? String(450 * KZ) : '0']));
    const refunds = await server.db.query<{ request_no: string; refunded_by: string }>(
      'SELECT request_no, refunded_by::text FROM merchant_refunds WHERE payment_id = ANY($1::bigint[]) ORDER BY id',
      [bought.map((b) => b.receipt.paymentId)],
    );
    expect(refunds.rows).toEqual([bought[1], bought[2]].map((b) => ({ request_no: `voucherExpiry:${b.voucher.voucherId}`, refunded_by: shop.memberId })));
    const states = (await okOf('wallet/groupPackage/list', {}, members[1]!.token)).vouchers.map((v: { state: string }) => v.state);
    expect(states).toEqual(['refunded']);
    expect((await okOf('wallet/groupPackage/list', {}, members[0]!.token)).vouchers.map((v: { state: string }) => v.state)).toEqual(['redeemed']);
    // the payers are told, as for any refund
    const told = await server.db.query('SELECT count(*)::int AS n FROM outbox_messages WHERE body LIKE $1', [`%${bought[1].receipt.voucherNo}%`]);
    expect(told.rows[0]).toEqual({ n: 1 });
    await invariantsHold();
  });

  it('leaves a voucher a running job leased to it, and refunds it once the lease lapses (a gateway stopped half-way)', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await buyer('Ana Reinicio Demo');
    const packageId = await makePackage(shop);
    const { voucher } = (await buy(packageId, ana)).bizContent;
    await expire(packageId);
    // another gateway claimed it a moment ago and stopped before refunding
    await server.db.query("UPDATE group_vouchers SET refund_next_at = now() + interval '1 hour' WHERE id = $1", [voucher.voucherId]);
    expect(await runVoucherExpiryOnce(server.db)).toEqual({ claimed: 0, refunded: 0, refused: 0 });
    await server.db.query("UPDATE group_vouchers SET refund_next_at = now() - interval '1 second' WHERE id = $1", [voucher.voucherId]);
    expect(await runVoucherExpiryOnce(server.db)).toEqual({ claimed: 1, refunded: 1, refused: 0 });
    expect((await server.db.query('SELECT state FROM group_vouchers WHERE id = $1', [voucher.voucherId])).rows[0]).toEqual({ state: 'refunded' });
    await invariantsHold();
  });

  it('keeps what unused vouchers may pay back out of the merchant’s withdrawals (GRP10016), and owes an expired one while refunds of other payments took it', async () => {
    const shop = await createMerchantDirect(server);
    const [ana, bruno] = [await buyer('Ana Devida Demo'), await buyer('Bruno Loja Demo')];
    const packageId = await makePackage(shop);
    const { voucher, receipt } = (await buy(packageId, ana)).bizContent;
    const charge = BigInt((await server.db.query<{ c: string }>('SELECT charge::text AS c FROM merchant_payments WHERE id = $1', [receipt.paymentId])).rows[0]!.c);
    // another customer pays 5 000 Kz at the shop
    const pay = async (amount: number) => {
      const payToken = await payTokenDirect(server.db, bruno.id, { service: 'pay/merchant/pay', amount, counterparty: shop.storeSerial });
      return (await okOf('pay/merchant/pay', { serial: shop.storeSerial, amount, payToken }, bruno.token)) as { paymentId: string };
    };
    const brunoPayment = await pay(5_000 * KZ);
    const settlement = (await settlementBalance(server.db, shop.memberId)).available;
    // what the voucher's whole refund takes from the settlement (fee income gives the charge back) is held
    const held = 4_500n * 100n - charge;
    const info = await okOf('wallet/withdraw/queryWithdrawInfo', {}, shop.token);
    expect(BigInt(info.available)).toBe(settlement - held);
    const withdraw = async (amount: number) => {
      const payToken = await payTokenDirect(server.db, shop.memberId, { service: 'wallet/withdraw/applyWithdraw', amount, counterparty: shop.cardId });
      return send('wallet/withdraw/applyWithdraw', { cardId: shop.cardId, amount, charge: Number(serviceCharge(DEFAULT_CHANNEL, BigInt(amount))), payToken }, shop.token);
    };
    // all of the settlement: refused, nothing moved; all it may: done
    const channel = { ...DEFAULT_CHANNEL, bankCode: '0040', needsBranch: false };
    const whole = Number(largestWithdrawal(channel, settlement, settlement));
    const refused = await withdraw(whole);
    expect(refused).toMatchObject({ code: 'GRP10016', subMsg: String(settlement - held) });
    expect((await settlementBalance(server.db, shop.memberId)).available).toBe(settlement);
    const { maxAmount } = await okOf('wallet/withdraw/queryLimits', { cardId: shop.cardId }, shop.token);
    expect(BigInt(maxAmount)).toBe(largestWithdrawal(channel, settlement - held, settlement - held));
    expect((await withdraw(maxAmount)).code).toBe('S0001');
    expect((await settlementBalance(server.db, shop.memberId)).available).toBeGreaterThanOrEqual(held);
    await invariantsHold();

    // the owner refunds 1 000 Kz of Bruno's payment: refunds are not held back, so the voucher's money pays it
    const refundToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 1_000 * KZ, counterparty: brunoPayment.paymentId });
    expect((await send('merchant/refund/apply', { recordId: brunoPayment.paymentId, amount: 1_000 * KZ, payToken: refundToken }, shop.token)).code).toBe('S0001');
    await expire(packageId);
    const before = await available(ana.id);
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 1, refunded: 0, refused: 1 });
    const row = async () => (await server.db.query('SELECT state, refund_attempts, refund_refusal, refund_next_at > now() AS later FROM group_vouchers WHERE id = $1', [voucher.voucherId])).rows[0];
    expect(await row()).toEqual({ state: 'expired', refund_attempts: 1, refund_refusal: 'FND10001', later: true });
    expect(await available(ana.id)).toBe(before);
    // not again before its time
    expect(await runVoucherExpiryOnce(server.db)).toEqual({ claimed: 0, refunded: 0, refused: 0 });
    await invariantsHold();
    // Bruno pays the shop again: its settlement can refund again
    await pay(5_000 * KZ);
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 1, refunded: 1, refused: 0 });
    expect((await row())!.state).toBe('refunded');
    expect(await available(ana.id)).toBe(before + 4_500n * 100n);
    await invariantsHold();
  });

  it('postpones a voucher whose refund fails for another reason than a refusal, and refunds the rest of the batch', async () => {
    const shop = await createMerchantDirect(server);
    const [ana, bruno] = [await buyer('Ana Falha Demo'), await buyer('Bruno Falha Demo')];
    const packageId = await makePackage(shop);
    const first = (await buy(packageId, ana)).bizContent.voucher;
    const second = (await buy(packageId, bruno)).bizContent.voucher;
    await expire(packageId);
    // a database that fails the first voucher's refund (as a bug or a lost connection would)
    const failing = (db: typeof server.db): typeof server.db => new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'query') {
          return (sql: string, params?: unknown[]) => {
            if (sql.startsWith('SELECT payment_id::text FROM group_vouchers') && params?.[0] === first.voucherId) return Promise.reject(new Error('connection lost'));
            return target.query(sql, params as never);
          };
        }
        if (property === 'transaction') return (work: (tx: typeof server.db) => Promise<unknown>) => target.transaction((tx) => work(failing(tx as typeof server.db)));
        return Reflect.get(target, property, receiver);
      },
    });
    const errors: string[] = [];
    expect(await runVoucherExpiryOnce(failing(server.db), { now: true, onError: (_, id) => errors.push(id) })).toEqual({ claimed: 2, refunded: 1, refused: 1 });
    expect(errors).toEqual([first.voucherId]);
    const states = await server.db.query<{ id: string; state: string; refund_refusal: string | null }>('SELECT id::text, state, refund_refusal FROM group_vouchers WHERE id = ANY($1::bigint[]) ORDER BY id', [[first.voucherId, second.voucherId]]);
    expect(states.rows).toEqual([{ id: first.voucherId, state: 'expired', refund_refusal: 'internal' }, { id: second.voucherId, state: 'refunded', refund_refusal: null }]);
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 1, refunded: 1, refused: 0 });
    await invariantsHold();
  });

  describe.runIf(engine === 'postgres')('races (PostgreSQL)', () => {
    it('64 buyers race for the last 5 of a stock: exactly 5 win, the rest are refused GRP10008, nothing oversold', async () => {
      const shop = await createMerchantDirect(server);
      const members = await Promise.all(Array.from({ length: 64 }, (_, i) => buyer(`Corrida Pacote ${i} Demo`, 10_000n * 100n)));
      for (let round = 0; round < 2; round++) {
        const packageId = await makePackage(shop, { name: `Ronda ${round}`, groupPrice: 500 * KZ, normalPrice: 800 * KZ, stock: 20 });
        for (const m of members.slice(0, 15)) expect((await buy(packageId, m)).code).toBe('S0001');
        const quotes = await Promise.all(members.map((m) => quote(packageId, m)));
        const answers = await Promise.all(members.map((m, i) => buy(packageId, m, quotes[i], undefined, 500 * KZ)));
        const codes = answers.map((a) => a.code);
        expect(codes.filter((c) => c === 'S0001')).toHaveLength(5);
        expect(codes.filter((c) => c !== 'S0001').every((c) => c === 'GRP10008')).toBe(true);
        const sold = await server.db.query("SELECT (SELECT count(*) FROM group_vouchers WHERE package_id = $1)::int AS vouchers, (SELECT sum(count_left) FROM promotion_slices WHERE kind = 'groupPackage' AND policy_id = $1)::int AS left_, (SELECT count(*) FROM merchant_payments p JOIN group_vouchers v ON v.payment_id = p.id WHERE v.package_id = $1)::int AS payments", [packageId]);
        expect(sold.rows[0]).toEqual({ vouchers: 20, left_: 0, payments: 20 });
        // the losers paid nothing
        const losers = members.filter((_, i) => codes[i] !== 'S0001' && i >= 15);
        for (const m of losers) expect(await available(m.id)).toBe(10_000n * 100n);
        console.log(`package race round ${round}: ${codes.filter((c) => c === 'S0001').length} won, ${codes.filter((c) => c === 'GRP10008').length} GRP10008`);
        for (const m of members) {
          const spent = 10_000n * 100n - (await available(m.id));
          if (spent > 0n) await fund(server.db, m.id, spent);
        }
        await invariantsHold();
      }
    }, 300_000);

    it('two tills redeeming one voucher at once: one redeems it, the other is told GRP10012', async () => {
      const shop = await createMerchantDirect(server);
      const clerks = [await person(server, 'Caixa Um Demo'), await person(server, 'Caixa Dois Demo')];
      for (const c of clerks) await hire(server, shop, shop.storeId, c);
      const packageId = await makePackage(shop);
      for (let round = 0; round < 5; round++) {
        const { voucher } = (await buy(packageId, await buyer(`Cliente Caixas ${round} Demo`))).bizContent;
        const answers = await Promise.all([...clerks, shop].map((c) => send(REDEEM, { storeId: shop.storeId, code: voucher.code }, c.token)));
        expect(answers.map((a) => a.code).sort()).toEqual(['GRP10012', 'GRP10012', 'S0001']);
      }
      await invariantsHold();
    }, 120_000);

    it('a clerk redeeming a voucher while the owner refunds its payment whole: one of them wins, never both', async () => {
      const shop = await createMerchantDirect(server);
      const clerk = await person(server, 'Caixa Corrida Reembolso Demo');
      await hire(server, shop, shop.storeId, clerk);
      const packageId = await makePackage(shop, { groupPrice: 500 * KZ, normalPrice: 800 * KZ, stock: 10 });
      const outcomes: string[] = [];
      for (let round = 0; round < 10; round++) {
        const ana = await buyer(`Corrida Vale ${round} Demo`, 1_000n * 100n);
        const { voucher, receipt } = (await buy(packageId, ana, undefined, undefined, 500 * KZ)).bizContent;
        const payToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 500 * KZ, counterparty: receipt.paymentId });
        const [redeemed, refunded] = await Promise.all([
          send(REDEEM, { storeId: shop.storeId, code: voucher.code }, clerk.token),
          send('merchant/refund/apply', { recordId: receipt.paymentId, amount: 500 * KZ, payToken }, shop.token),
        ]);
        const pair = `${redeemed.code}/${refunded.code}`;
        expect(['S0001/GRP10015', 'GRP10013/S0001']).toContain(pair);
        outcomes.push(pair);
        const state = (await server.db.query('SELECT state FROM group_vouchers WHERE id = $1', [voucher.voucherId])).rows[0]!.state;
        expect(state).toBe(redeemed.code === 'S0001' ? 'redeemed' : 'refunded');
        expect(await available(ana.id)).toBe(refunded.code === 'S0001' ? 1_000n * 100n : 500n * 100n);
      }
      console.log(`redeem/refund race: ${outcomes.join(', ')}`);
      await invariantsHold();
    }, 120_000);

    it('the owner’s whole refund and the expiry job at the same moment: the member is refunded once, nothing waits for ever', async () => {
      const shop = await createMerchantDirect(server);
      const members = await Promise.all(Array.from({ length: 8 }, (_, i) => buyer(`Reembolso Corrida Pacote ${i} Demo`, 10_000n * 100n)));
      const packageId = await makePackage(shop, { groupPrice: 500 * KZ, normalPrice: 800 * KZ, stock: 8 });
      const bought: Answer['bizContent'][] = [];
      for (const m of members) bought.push((await buy(packageId, m, undefined, undefined, 500 * KZ)).bizContent);
      await expire(packageId);
      const refund = async (recordId: string) =>
        send('merchant/refund/apply', { recordId, amount: 500 * KZ, payToken: await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 500 * KZ, counterparty: recordId }) }, shop.token);
      const [owner, job] = await Promise.all([Promise.all(bought.map((b) => refund(b.receipt.paymentId))), runVoucherExpiryOnce(server.db, { now: true })]);
      const ownerWon = owner.filter((a) => a.code === 'S0001').length;
      expect(owner.every((a) => a.code === 'S0001' || a.code === 'STF10012')).toBe(true);
      expect(ownerWon + job.refunded).toBe(8);
      for (const m of members) expect(await available(m.id)).toBe(10_000n * 100n);
      const states = await server.db.query('SELECT state, count(*)::int AS n FROM group_vouchers WHERE package_id = $1 GROUP BY state', [packageId]);
      expect(states.rows).toEqual([{ state: 'refunded', n: 8 }]);
      console.log(`refund against the job: the owner refunded ${ownerWon}, the job ${job.refunded}`);
      await invariantsHold();
    }, 120_000);

    it('two expiry jobs at once refund each voucher once', async () => {
      const shop = await createMerchantDirect(server);
      const members = await Promise.all(Array.from({ length: 12 }, (_, i) => buyer(`Expira Corrida ${i} Demo`, 10_000n * 100n)));
      const packageId = await makePackage(shop, { groupPrice: 500 * KZ, normalPrice: 800 * KZ, stock: 12 });
      await Promise.all(members.map(async (m) => expect((await buy(packageId, m, undefined, undefined, 500 * KZ)).code).toBe('S0001')));
      await expire(packageId);
      const ticks = await Promise.all([runVoucherExpiryOnce(server.db, { now: true, batch: 5 }), runVoucherExpiryOnce(server.db, { now: true, batch: 5 }), runVoucherExpiryOnce(server.db, { now: true })]);
      expect(ticks.reduce((sum, t) => sum + t.refunded, 0)).toBe(12);
      expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 0, refunded: 0, refused: 0 });
      for (const m of members) expect(await available(m.id)).toBe(10_000n * 100n);
      const refunds = await server.db.query('SELECT count(*)::int AS n, count(DISTINCT r.payment_id)::int AS payments FROM merchant_refunds r JOIN group_vouchers v ON v.payment_id = r.payment_id WHERE v.package_id = $1', [packageId]);
      expect(refunds.rows[0]).toEqual({ n: 12, payments: 12 });
      await invariantsHold();
    }, 300_000);
  });
});
