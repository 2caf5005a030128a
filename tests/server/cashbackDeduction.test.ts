/**
 * Paying part of a price with the cashback balance (the discount policy type `cashbackDeduction`,
 * migration 030; README "Promotions"): the quote gives the deduction within the policy's ratio, least,
 * most and start amount, the member's cashback balance and the price less 1 cêntimo after the other
 * adjustments; the payment posts it from the payer's cashback account into the settlement shard (the
 * merchant receives the whole price; the charge and the merchant's figures count it as received); the
 * cashback earned is on what the available balance paid; refunds give the cashback-paid share back to
 * the cashback account (⌊deduction × refunded ÷ paid⌋, cumulative) and the rest to available; the
 * ledger check matches every deduction posting with its payment and each member's cashback account.
 * On PostgreSQL, one member's concurrent payments never spend one cashback balance twice.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { person, type Person } from '../support/records.ts';
import { quoteCode } from '../../server/merchantPayment/quote.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { createCashbackPolicy, createDiscountPolicy, promotionSpend } from '../../server/entities/promotions.ts';
import { runVoucherExpiryOnce } from '../../server/jobs/groupVoucherExpiry.ts';

const QUOTE = 'pay/merchant/quote';
const PAY = 'pay/merchant/pay';
const REFUND = 'merchant/refund/apply';
const KZ = 100;

type Quote = { amount: number; payable: number; cashback: number; adjustments: Array<{ extension: string; kind: string; amount: number; reference: string | null; name: string | null }> };

describe.each(engines)('cashback deduction on %s', (engine) => {
  let server: TestServer;
  let earnShop: MerchantSetup;

  const send = async (service: string, bizContent: object, token: string, requestNo = `T${crypto.randomBytes(8).toString('hex')}`): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token, type: 'LOGIN_TOKEN' }, 'en');
    payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const quote = async (shop: MerchantSetup, amount: number, payer: Person): Promise<Quote> => {
    const answer = await send(QUOTE, { serial: shop.storeSerial, amount }, payer.token);
    expect(answer.code).toBe('S0001');
    return answer.bizContent as Quote;
  };
  const deductionOf = (q: Quote) => q.adjustments.filter((a) => a.kind === 'cashbackDeduction').reduce((sum, a) => sum + a.amount, 0);
  const cashbackOf = (q: Quote) => q.adjustments.find((a) => a.kind === 'cashback')?.amount ?? 0;
  const pay = async (shop: MerchantSetup, amount: number, payer: Person, quoted: Quote) =>
    send(PAY, {
      serial: shop.storeSerial, amount, payable: quoted.payable, cashback: cashbackOf(quoted), ...(deductionOf(quoted) > 0 ? { cashbackPaid: deductionOf(quoted) } : {}),
      payToken: await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: shop.storeSerial }),
    }, payer.token);
  const quoteAndPay = async (shop: MerchantSetup, amount: number, payer: Person) => {
    const q = await quote(shop, amount, payer);
    return { quote: q, answer: await pay(shop, amount, payer, q) };
  };
  const refund = async (shop: MerchantSetup, recordId: string, amount: number) =>
    send(REFUND, { recordId, amount, payToken: await payTokenDirect(server.db, shop.memberId, { service: REFUND, amount, counterparty: recordId }) }, shop.token);
  const balance = async (memberId: string, kind: 'available' | 'cashback') =>
    BigInt((await server.db.query<{ b: string }>('SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = $2', [memberId, kind])).rows[0]!.b);
  const settled = async (shop: MerchantSetup) => (await settlementBalance(server.db, shop.memberId)).available;
  const invariantsHold = async () => {
    const report = await checkInvariants(server.db);
    expect(report).toMatchObject({ ok: true, promotionsUnmatched: [], settlementMismatches: [], paymentsUnmatched: [], refundsUnmatched: [], negativeAccounts: [] });
  };
  /** A group package of `shop`'s store on sale for 30 days, 3 in stock: its id. */
  const packageOnSale = async (shop: { storeId: string; token: string }, offer: { name: string; content: string[]; groupPrice: number; normalPrice: number }) => {
    const made = await send('merchant/groupPackage/save', { storeId: shop.storeId, ...offer, stock: 3, endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }, shop.token);
    expect(made.code).toBe('S0001');
    return made.bizContent.packageId as string;
  };
  /** The refund messages sent to `memberId`, oldest first. */
  const refundMessages = async (memberId: string) =>
    (await server.db.query<{ body: string }>("SELECT body FROM outbox_messages WHERE destination = (SELECT mobile FROM members WHERE id = $1) AND body LIKE '%reembolsou%' ORDER BY id", [memberId])).rows.map((row) => row.body);
  const payer = async (name: string, cents = 100_000n * 100n) => {
    const p = await person(server, name);
    await fund(server.db, p.id, cents);
    return p;
  };
  /** Gives `member` `kz` Kz of cashback the real way: a payment of `kz` at another merchant under a platform policy of 100 % for them, once. */
  const giveCashback = async (member: Person, kz: number) => {
    await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: 'Tudo de volta', type: 'ratio', ratioBp: 10_000, memberId: member.id, memberCountLimit: 1 });
    const earned = await quoteAndPay(earnShop, kz * KZ, member);
    expect(earned.answer.code).toBe('S0001');
    expect(cashbackOf(earned.quote)).toBe(kz * KZ);
  };
  /** 20 % of the price, at least 10 Kz and at most 50 Kz, from a price of 20 Kz. */
  const TERMS = { type: 'cashbackDeduction' as const, ratioBp: 2_000, minAmount: 10 * KZ, maxAmount: 50 * KZ, startAmount: 20 * KZ };

  beforeAll(async () => {
    server = await startTestServer(engine);
    earnShop = await createMerchantDirect(server);
  }, 120_000);
  afterAll(() => server.close());

  it('quotes the deduction within the ratio, least, most and start amount, the cashback balance and the price less 1 cêntimo; none below the policy’s minimum balance or without cashback', async () => {
    const shop = await createMerchantDirect(server);
    const policy = await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    const ana = await payer('Ana Deducao Demo');
    await giveCashback(ana, 100);
    // below the start amount: none
    expect(await quote(shop, 19 * KZ, ana)).toMatchObject({ payable: 19 * KZ, adjustments: [] });
    // 20 % of 25 Kz is 5 Kz, raised to the least, 10 Kz
    expect(await quote(shop, 25 * KZ, ana)).toMatchObject({ payable: 15 * KZ, adjustments: [
      { extension: 'cashbackDeduction', kind: 'cashbackDeduction', amount: 10 * KZ, reference: `cashbackDeduction:${policy}`, name: 'Pague com cashback' }] });
    // 20 % of 100 Kz; of 1 000 Kz cut to the most, 50 Kz
    expect(deductionOf(await quote(shop, 100 * KZ, ana))).toBe(20 * KZ);
    expect(await quote(shop, 1_000 * KZ, ana)).toMatchObject({ amount: 1_000 * KZ, payable: 950 * KZ });
    // the merchant's charge is on what it receives, the whole price: 0.5 % of 1 000 Kz
    expect((await quoteCode(server.db, ana.id, shop.storeSerial, BigInt(1_000 * KZ))).figures!.charge).toBe(500n);
    // a balance of 30 Kz: at most 30 Kz
    const bruno = await payer('Bruno Deducao Demo');
    await giveCashback(bruno, 30);
    expect(deductionOf(await quote(shop, 1_000 * KZ, bruno))).toBe(30 * KZ);
    // a balance of 5 Kz is below the policy's least (10 Kz): the policy does not apply
    const carla = await payer('Carla Deducao Demo');
    await giveCashback(carla, 5);
    expect(await quote(shop, 1_000 * KZ, carla)).toMatchObject({ payable: 1_000 * KZ, adjustments: [] });
    // no cashback account at all: none
    const dino = await payer('Dino Deducao Demo');
    expect(await quote(shop, 1_000 * KZ, dino)).toMatchObject({ payable: 1_000 * KZ, adjustments: [] });
    // after a discount, the deduction keeps 1 cêntimo to pay from the wallet
    const other = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, other.merchantId, other.memberId, { name: 'Menos 90', type: 'random', minAmount: 90 * KZ, maxAmount: 90 * KZ });
    await createDiscountPolicy(server.db, other.merchantId, other.memberId, { name: 'Tudo com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 1_000 * KZ });
    expect(await quote(other, 100 * KZ, ana)).toMatchObject({ payable: 1, adjustments: [
      expect.objectContaining({ extension: 'discount', amount: 90 * KZ }), expect.objectContaining({ extension: 'cashbackDeduction', amount: 10 * KZ - 1 })] });
    await invariantsHold();
  });

  it('posts the deduction exactly: the merchant receives the whole price, the cashback is earned on what the wallet paid, a replay moves nothing', async () => {
    const shop = await createMerchantDirect(server);
    const policy = await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
    // another customer first, so the settlement holds the cashback it funds
    expect((await quoteAndPay(shop, 100 * KZ, await payer('Outro Cliente Demo'))).answer.code).toBe('S0001');
    const ana = await payer('Ana Paga Demo');
    await giveCashback(ana, 100);
    const before = { available: await balance(ana.id, 'available'), cashback: await balance(ana.id, 'cashback'), settled: await settled(shop) };
    const q = await quote(shop, 200 * KZ, ana);
    // 20 % of 200 Kz = 40 Kz from cashback, 160 Kz from the wallet, 10 % of 160 Kz = 16 Kz back
    expect(q).toMatchObject({ amount: 200 * KZ, payable: 160 * KZ, cashback: 16 * KZ, adjustments: [
      expect.objectContaining({ extension: 'cashbackDeduction', amount: 40 * KZ }), expect.objectContaining({ extension: 'cashback', amount: 16 * KZ })] });
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const body = { serial: shop.storeSerial, amount: 200 * KZ, payable: q.payable, cashback: q.cashback, cashbackPaid: deductionOf(q), payToken: await payTokenDirect(server.db, ana.id, { service: PAY, amount: 200 * KZ, counterparty: shop.storeSerial }) };
    const paid = await send(PAY, body, ana.token, requestNo);
    expect(paid.code).toBe('S0001');
    expect(paid.bizContent).toMatchObject({ amount: 200 * KZ, paid: 160 * KZ, cashbackPaid: 40 * KZ, cashback: 16 * KZ });
    expect(await balance(ana.id, 'available')).toBe(before.available - 160n * 100n);
    expect(await balance(ana.id, 'cashback')).toBe(before.cashback - 40n * 100n + 16n * 100n);
    // the settlement: the whole 200 Kz, less the charge on 200 Kz (1 Kz) and the 16 Kz cashback it funds
    expect(await settled(shop)).toBe(before.settled + 200n * 100n - 100n - 16n * 100n);
    const { rows: [row] } = await server.db.query(
      `SELECT p.amount::int, p.discount::int, p.cashback_paid::int, p.charge::int, t.amount::int AS wallet, d.amount::int AS deduction, d.kind, r.consumer_amount::int
         FROM merchant_payments p JOIN ledger_transfers t ON t.id = p.transfer_id
         JOIN ledger_transfers d ON d.idempotency_key = 'merchant_pay:' || p.payer_id || ':' || p.request_no || ':cashbackDeduction'
         JOIN cashback_records r ON r.payment_id = p.id WHERE p.id = $1`,
      [paid.bizContent.paymentId],
    );
    expect(row).toEqual({ amount: 200 * KZ, discount: 0, cashback_paid: 40 * KZ, charge: 100, wallet: 160 * KZ, deduction: 40 * KZ, kind: 'cashback_deduction', consumer_amount: 160 * KZ });
    // the merchant's record counts it as received (amount − discount: the deduction is not a discount), its net less the charge only
    const record = await send('merchant/records/detail', { recordId: paid.bizContent.paymentId }, shop.token);
    expect(record.code).toBe('S0001');
    expect(record.bizContent).toMatchObject({ amount: 200 * KZ, net: 200 * KZ - 100, refundable: 200 * KZ });
    expect(await promotionSpend(server.db, 'cashbackDeduction', policy)).toEqual({ amount: 40n * 100n, count: 1, amountLeft: null, countLeft: null });
    // a replay answers the same and moves nothing
    const transfers = (await server.db.query('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0];
    expect(await send(PAY, body, ana.token, requestNo)).toEqual(paid);
    expect((await server.db.query('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0]).toEqual(transfers);
    await invariantsHold();
  });

  it('refunds half then the rest: the cashback-paid share back to cashback, the rest to available, the earned cashback clawed back', async () => {
    const shop = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
    expect((await quoteAndPay(shop, 500 * KZ, await payer('Outro Reembolso Demo'))).answer.code).toBe('S0001');
    const ana = await payer('Ana Reembolso Deducao Demo');
    await giveCashback(ana, 100);
    const start = { available: await balance(ana.id, 'available'), cashback: await balance(ana.id, 'cashback') };
    const paid = await quoteAndPay(shop, 200 * KZ, ana);
    expect(paid.answer.code).toBe('S0001');
    // 40 Kz from cashback, 16 Kz cashback earned: 76 Kz
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback - 40n * 100n + 16n * 100n);
    const id = paid.answer.bizContent.paymentId as string;
    // half: ⌊40 × 100 ÷ 200⌋ = 20 Kz back to cashback, 80 Kz to available; half the 16 Kz earned clawed back
    expect((await refund(shop, id, 100 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(start.available - 160n * 100n + 80n * 100n);
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback - 40n * 100n + 16n * 100n + 20n * 100n - 8n * 100n);
    // her message says where the 100 Kz went, not that it is all in her balance
    expect((await refundMessages(ana.id)).at(-1)).toMatch(/reembolsou 100,00 Kz do pagamento \S+: 80,00 Kz no seu saldo e 20,00 Kz na sua conta de cashback\.$/);
    // the rest: all of it back where it came from
    expect((await refund(shop, id, 100 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(start.available);
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback);
    // the wallet's historical cashback total counts cashback received (100 Kz given, 16 Kz earned), not the 40 Kz of her own given back
    expect((await send('wallet/member/getUserAssets', {}, ana.token)).bizContent).toMatchObject({ cashbackTotal: 116 * KZ });
    const refunds = await server.db.query('SELECT amount::int, cashback_returned::int, transfer_id IS NOT NULL AS to_available FROM merchant_refunds WHERE payment_id = $1 ORDER BY id', [id]);
    expect(refunds.rows).toEqual([{ amount: 100 * KZ, cashback_returned: 20 * KZ, to_available: true }, { amount: 100 * KZ, cashback_returned: 20 * KZ, to_available: true }]);
    await invariantsHold();
  });

  it('rounds the cashback share down, cumulatively: refunds of 1 cêntimo at a time give back exactly the deduction and exactly what the wallet paid', async () => {
    const shop = await createMerchantDirect(server);
    const other = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, other.merchantId, other.memberId, { name: 'Menos 90', type: 'random', minAmount: 90 * KZ, maxAmount: 90 * KZ });
    await createDiscountPolicy(server.db, other.merchantId, other.memberId, { name: 'Tudo com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 1_000 * KZ });
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    expect((await quoteAndPay(shop, 500 * KZ, await payer('Outro Arredondamento Demo'))).answer.code).toBe('S0001');
    expect((await quoteAndPay(other, 500 * KZ, await payer('Mais Um Arredondamento Demo'))).answer.code).toBe('S0001');
    const ana = await payer('Ana Arredonda Demo');
    await giveCashback(ana, 100);
    const start = { available: await balance(ana.id, 'available'), cashback: await balance(ana.id, 'cashback') };
    // 30 Kz: 20 % is 6 Kz, raised to 10 Kz from cashback, 20 Kz from the wallet (paid 3 000 cêntimos, 1 000 of them cashback)
    const paid = await quoteAndPay(shop, 30 * KZ, ana);
    expect(paid.answer.bizContent).toMatchObject({ paid: 20 * KZ, cashbackPaid: 10 * KZ });
    const id = paid.answer.bizContent.paymentId as string;
    const returned = async () => (await server.db.query('SELECT amount::int, cashback_returned::int FROM merchant_refunds WHERE payment_id = $1 ORDER BY id', [id])).rows;
    expect((await refund(shop, id, 1)).code).toBe('S0001'); // ⌊1000 × 1 ÷ 3000⌋ = 0
    expect((await refund(shop, id, 2)).code).toBe('S0001'); // ⌊1000 × 3 ÷ 3000⌋ = 1
    expect((await refund(shop, id, 30 * KZ - 3)).code).toBe('S0001'); // 1000 − 1
    expect(await returned()).toEqual([{ amount: 1, cashback_returned: 0 }, { amount: 2, cashback_returned: 1 }, { amount: 2_997, cashback_returned: 999 }]);
    expect(await balance(ana.id, 'available')).toBe(start.available);
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback);
    // a payment paid 1 cêntimo from the wallet: a refund can go back to cashback whole, with no posting to available
    const tiny = await quoteAndPay(other, 100 * KZ, ana);
    expect(tiny.answer.bizContent).toMatchObject({ paid: 1, cashbackPaid: 10 * KZ - 1 });
    const tinyId = tiny.answer.bizContent.paymentId as string;
    expect((await refund(other, tinyId, 1)).code).toBe('S0001'); // ⌊999 × 1 ÷ 1000⌋ = 0: to available
    expect((await refund(other, tinyId, 1)).code).toBe('S0001'); // ⌊999 × 2 ÷ 1000⌋ = 1: to cashback, nothing to available
    expect((await server.db.query('SELECT amount::int, cashback_returned::int, transfer_id IS NULL AS no_available, cashback_transfer_id IS NOT NULL AS to_cashback FROM merchant_refunds WHERE payment_id = $1 ORDER BY id', [tinyId])).rows)
      .toEqual([{ amount: 1, cashback_returned: 0, no_available: false, to_cashback: false }, { amount: 1, cashback_returned: 1, no_available: true, to_cashback: true }]);
    expect((await refund(other, tinyId, 10 * KZ - 2)).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(start.available);
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback);
    await invariantsHold();
  });

  it('refunds an unused group voucher bought partly with cashback through the same path: the cashback part back to cashback', async () => {
    const shop = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    const ana = await payer('Ana Pacote Deducao Demo');
    await giveCashback(ana, 100);
    const start = { available: await balance(ana.id, 'available'), cashback: await balance(ana.id, 'cashback') };
    const packageId = await packageOnSale(shop, { name: 'Pizza para quatro', content: ['2 pizzas grandes'], groupPrice: 4_500 * KZ, normalPrice: 6_000 * KZ });
    const q = (await send(QUOTE, { packageId }, ana.token)).bizContent as Quote;
    // 20 % of 4 500 Kz, cut to the most: 50 Kz from cashback
    expect(q).toMatchObject({ amount: 4_500 * KZ, payable: 4_450 * KZ });
    const payToken = await payTokenDirect(server.db, ana.id, { service: 'pay/groupPackage/buy', amount: 4_500 * KZ, counterparty: packageId });
    const bought = await send('pay/groupPackage/buy', { packageId, payToken, payable: q.payable, cashback: q.cashback, cashbackPaid: deductionOf(q) }, ana.token);
    expect(bought.code).toBe('S0001');
    expect(bought.bizContent.receipt).toMatchObject({ amount: 4_500 * KZ, paid: 4_450 * KZ, cashbackPaid: 50 * KZ });
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback - 50n * 100n);
    await server.db.query(
      `WITH g AS (UPDATE group_packages SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 minute' WHERE id = $1 RETURNING ends_at)
       UPDATE group_vouchers SET expires_at = (SELECT ends_at FROM g) WHERE package_id = $1`,
      [packageId],
    );
    expect(await runVoucherExpiryOnce(server.db, { now: true })).toEqual({ claimed: 1, refunded: 1, refused: 0 });
    expect(await balance(ana.id, 'available')).toBe(start.available);
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback);
    expect((await server.db.query('SELECT state FROM group_vouchers WHERE payment_id = $1', [bought.bizContent.receipt.paymentId])).rows[0]).toEqual({ state: 'refunded' });
    await invariantsHold();
  });

  it('lets the owner make a deduction policy through the gateway (PRM10016 without its ratio) and lists it with its terms and spend', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Lista Demo');
    await giveCashback(ana, 100);
    expect((await send('merchant/promotion/saveDiscount', { name: 'Sem razão', type: 'cashbackDeduction', maxAmount: 50 * KZ }, shop.token)).code).toBe('PRM10016');
    const made = await send('merchant/promotion/saveDiscount', { name: 'Pague com cashback', ...TERMS }, shop.token);
    expect(made.code).toBe('S0001');
    expect((await quoteAndPay(shop, 100 * KZ, ana)).answer.code).toBe('S0001');
    const listed = await send('merchant/promotion/list', {}, shop.token);
    expect(listed.bizContent.promotions).toEqual([{
      kind: 'discount', id: made.bizContent.policyId, name: 'Pague com cashback', status: 'active', auto: false,
      terms: { type: 'cashbackDeduction', ratioBp: 2_000, min: 10 * KZ, max: 50 * KZ, from: 20 * KZ, amountOff: null },
      spend: { amount: 20 * KZ, count: 1, amountLeft: null, countLeft: null },
    }]);
    // paused: no deduction
    expect((await send('merchant/promotion/setStatus', { kind: 'discount', id: made.bizContent.policyId, status: 'paused' }, shop.token)).code).toBe('S0001');
    expect((await quote(shop, 100 * KZ, ana)).adjustments).toEqual([]);
    await invariantsHold();
  });

  it('keeps a member within a deduction policy’s count limit and an activity’s amount', async () => {
    const shop = await createMerchantDirect(server);
    const policy = await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Duas vezes', ...TERMS, statistics: 'personalBusinessAmount', accumulationLimit: 30 * KZ, activityLimit: 1_000 * KZ });
    const ana = await payer('Ana Limite Deducao Demo');
    await giveCashback(ana, 100);
    expect(deductionOf((await quoteAndPay(shop, 100 * KZ, ana)).quote)).toBe(20 * KZ);
    // what is left of her 30 Kz
    expect(deductionOf((await quoteAndPay(shop, 100 * KZ, ana)).quote)).toBe(10 * KZ);
    expect(deductionOf(await quote(shop, 100 * KZ, ana))).toBe(0);
    expect(await promotionSpend(server.db, 'cashbackDeduction', policy)).toEqual({ amount: 30n * 100n, count: 2, amountLeft: 970n * 100n, countLeft: null });
    await invariantsHold();
  });

  it('detects a payment’s cashback-paid part that no longer matches its promotion row or its posting', async () => {
    const shop = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    const ana = await payer('Ana Adultera Demo');
    await giveCashback(ana, 100);
    const paid = await quoteAndPay(shop, 100 * KZ, ana);
    const id = paid.answer.bizContent.paymentId as string;
    const broken = async (tamper: string, undo: string) => {
      await server.db.query(tamper, [id]);
      try {
        return (await checkInvariants(server.db)).promotionsUnmatched;
      } finally {
        await server.db.query(undo, [id]);
      }
    };
    expect(await broken("UPDATE payment_promotions SET amount = amount + 1 WHERE payment_id = $1 AND extension = 'cashbackDeduction'",
      "UPDATE payment_promotions SET amount = amount - 1 WHERE payment_id = $1 AND extension = 'cashbackDeduction'")).toEqual([`cashbackDeduction:${id}`]);
    expect(await broken("DELETE FROM payment_promotions WHERE payment_id = $1 AND extension = 'cashbackDeduction'",
      `INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) SELECT $1, 'cashbackDeduction', split_part('${paid.quote.adjustments[0]!.reference}', ':', 2)::bigint, ${20 * KZ}`))
      .toEqual([`cashbackDeduction:${id}`]);
    // the payment's record says it took less from cashback: its posting no longer matches it, nor the member's cashback account
    expect(await broken('UPDATE merchant_payments SET cashback_paid = cashback_paid - 1 WHERE id = $1', 'UPDATE merchant_payments SET cashback_paid = cashback_paid + 1 WHERE id = $1'))
      .toEqual([`cashbackAccount:${ana.id}`, `cashbackDeduction:${id}`, expect.stringMatching(/^cashbackDeductionTransfer:\d+$/)]);
    await invariantsHold();
  });


  it('refuses a pay request whose part paid with cashback is not the server’s (a discount paused between quote and pay, payable unchanged): PRM10001, nothing moved; quoted again, it pays', async () => {
    const shop = await createMerchantDirect(server);
    const discount = await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Menos 90', type: 'random', minAmount: 90 * KZ, maxAmount: 90 * KZ });
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Tudo com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 1_000 * KZ });
    const ana = await payer('Ana Pausa Demo');
    await giveCashback(ana, 200);
    const quoted = await quote(shop, 100 * KZ, ana);
    // 90 Kz off, 10 Kz − 1 cêntimo from cashback, 1 cêntimo from the wallet
    expect(quoted).toMatchObject({ payable: 1 });
    expect(deductionOf(quoted)).toBe(10 * KZ - 1);
    const start = { available: await balance(ana.id, 'available'), cashback: await balance(ana.id, 'cashback'), settled: await settled(shop) };
    // the merchant pauses the discount: payable stays 1 cêntimo, the cashback would pay 100 Kz − 1 cêntimo
    await server.db.query("UPDATE discount_policies SET status = 'paused' WHERE id = $1", [discount]);
    const requoted = await quote(shop, 100 * KZ, ana);
    expect(requoted.payable).toBe(1);
    expect(deductionOf(requoted)).toBe(100 * KZ - 1);
    // the quoted figures: refused, nothing moved
    const refused = await pay(shop, 100 * KZ, ana, quoted);
    expect(refused).toMatchObject({ code: 'PRM10001', subMsg: '1' });
    // the same request without the part paid with cashback (an old client: 0) is refused too
    const bare = await send(PAY, {
      serial: shop.storeSerial, amount: 100 * KZ, payable: quoted.payable, cashback: 0,
      payToken: await payTokenDirect(server.db, ana.id, { service: PAY, amount: 100 * KZ, counterparty: shop.storeSerial }),
    }, ana.token);
    expect(bare.code).toBe('PRM10001');
    expect({ available: await balance(ana.id, 'available'), cashback: await balance(ana.id, 'cashback'), settled: await settled(shop) }).toEqual(start);
    // quoted again, the member pays what the new quote says
    const paid = await pay(shop, 100 * KZ, ana, requoted);
    expect(paid.code).toBe('S0001');
    expect(paid.bizContent).toMatchObject({ amount: 100 * KZ, paid: 1, cashbackPaid: 100 * KZ - 1 });
    expect(await balance(ana.id, 'cashback')).toBe(start.cashback - BigInt(100 * KZ - 1));
    expect(await balance(ana.id, 'available')).toBe(start.available - 1n);
    await invariantsHold();
  });

  it('refuses the payment-code confirmation and pay/groupPackage/buy whose part paid with cashback differs from the quote’s (PRM10001)', async () => {
    const shop = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
    const ana = await payer('Ana Pacote Divergente Demo');
    await giveCashback(ana, 100);
    const packageId = await packageOnSale(shop, { name: 'Jantar', content: ['1 jantar'], groupPrice: 100 * KZ, normalPrice: 150 * KZ });
    const q = (await send(QUOTE, { packageId }, ana.token)).bizContent as Quote;
    expect(deductionOf(q)).toBe(20 * KZ);
    const token = () => payTokenDirect(server.db, ana.id, { service: 'pay/groupPackage/buy', amount: 100 * KZ, counterparty: packageId });
    const cashback = await balance(ana.id, 'cashback');
    expect((await send('pay/groupPackage/buy', { packageId, payToken: await token(), payable: q.payable, cashback: q.cashback }, ana.token)).code).toBe('PRM10001');
    expect((await send('pay/groupPackage/buy', { packageId, payToken: await token(), payable: q.payable, cashback: q.cashback, cashbackPaid: 10 * KZ }, ana.token)).code).toBe('PRM10001');
    expect(await balance(ana.id, 'cashback')).toBe(cashback);
    expect((await send('pay/groupPackage/buy', { packageId, payToken: await token(), payable: q.payable, cashback: q.cashback, cashbackPaid: 20 * KZ }, ana.token)).code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(cashback - 20n * 100n);
    await invariantsHold();
  });

  it('refuses PRM10001 at posting when the cashback balance, locked, is below the policy’s minimum though it still holds the deduction', async () => {
    const shop = await createMerchantDirect(server);
    // at least 50 Kz held; a price of 20 Kz caps the deduction at 20 Kz − 1 cêntimo
    await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Com minimo', type: 'cashbackDeduction', ratioBp: 10_000, minAmount: 50 * KZ, maxAmount: 1_000 * KZ });
    const ana = await payer('Ana Minimo Demo');
    await giveCashback(ana, 60);
    const stale = await quoteCode(server.db, ana.id, shop.storeSerial, BigInt(20 * KZ));
    expect(stale.figures!.payable).toBe(1n);
    // 31 Kz paid here first, 31 Kz − 1 cêntimo of it with cashback: 29 Kz + 1 cêntimo left, more than the stale deduction, less than the minimum
    expect((await quoteAndPay(shop, 31 * KZ, ana)).answer.code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(29n * 100n + 1n);
    const cashback = await balance(ana.id, 'cashback');
    const { amount, charge, payable, adjustments } = stale.figures!;
    await expect(server.db.query(
      "SELECT * FROM merchant_pay($1, $2, $3, NULL, NULL, 'static', NULL, $4, $5, $6, $7, $8)",
      [ana.id, stale.ownerId, stale.storeId, `T${crypto.randomBytes(8).toString('hex')}`, amount.toString(), charge.toString(), payable.toString(), JSON.stringify(adjustments)],
    )).rejects.toMatchObject({ message: 'PRM10001', detail: String(20 * KZ) });
    expect(await balance(ana.id, 'cashback')).toBe(cashback);
    await invariantsHold();
  });

  it('takes earned cashback spent before a refund off what the refund pays to available: M pays back 900 Kz of 1 000, the member gets 900, the clawback is whole', async () => {
    const m = await createMerchantDirect(server);
    const n = await createMerchantDirect(server);
    await createCashbackPolicy(server.db, { merchantId: m.merchantId }, m.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
    await createDiscountPolicy(server.db, n.merchantId, n.memberId, { name: 'Tudo com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 1_000 * KZ });
    const ana = await payer('Ana Gasta Antes Demo');
    const paid = await quoteAndPay(m, 1_000 * KZ, ana);
    expect(paid.answer.code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(100n * 100n);
    // the 100 Kz spent at N with a deduction
    const spent = await quoteAndPay(n, 200 * KZ, ana);
    expect(spent.answer.bizContent).toMatchObject({ paid: 100 * KZ, cashbackPaid: 100 * KZ });
    expect(await balance(ana.id, 'cashback')).toBe(0n);
    const before = { available: await balance(ana.id, 'available'), settled: await settled(m) };
    expect((await refund(m, paid.answer.bizContent.paymentId as string, 1_000 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(before.available + 900n * 100n);
    expect(await balance(ana.id, 'cashback')).toBe(0n);
    expect(await refundMessages(ana.id)).toEqual([expect.stringMatching(/reembolsou 1000,00 Kz do pagamento \S+: 900,00 Kz no seu saldo e 100,00 Kz descontados pelo cashback que este pagamento lhe deu\.$/)]);
    // M's settlement pays back 1 000 − 100 Kz, and gets its 0.5 % charge (5 Kz) back from fee income
    expect(await settled(m)).toBe(before.settled - 900n * 100n + 500n);
    const { rows } = await server.db.query(
      `SELECT cr.due::int, cr.clawed_back::int, cr.from_refund::int, cr.status, cr.transfer_id IS NULL AS no_posting, r.clawed_back::int AS record_clawed, r.refund_status,
              t.amount::int AS to_available
         FROM cashback_refunds cr JOIN cashback_records r ON r.id = cr.cashback_id JOIN merchant_refunds mr ON mr.id = cr.refund_id
         JOIN ledger_transfers t ON t.id = mr.transfer_id WHERE r.payment_id = $1`,
      [paid.answer.bizContent.paymentId],
    );
    expect(rows).toEqual([{ due: 100 * KZ, clawed_back: 100 * KZ, from_refund: 100 * KZ, status: 'success', no_posting: true, record_clawed: 100 * KZ, refund_status: 'success', to_available: 900 * KZ }]);
    await invariantsHold();
  });

  it('covers a platform-funded clawback the same way: the part off the refund goes from the settlement to the marketing funding', async () => {
    const m = await createMerchantDirect(server);
    const n = await createMerchantDirect(server);
    const ana = await payer('Ana Plataforma Gasta Demo');
    await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: 'Plataforma dez', type: 'ratio', ratioBp: 1_000, memberId: ana.id, memberCountLimit: 1 });
    await createDiscountPolicy(server.db, n.merchantId, n.memberId, { name: 'Tudo com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 1_000 * KZ });
    const paid = await quoteAndPay(m, 1_000 * KZ, ana);
    expect(cashbackOf(paid.quote)).toBe(100 * KZ);
    // 60 Kz of the 100 spent at N: the clawback takes 40 from cashback, 60 off the refund
    await server.db.query("UPDATE discount_policies SET max_amount = $2 WHERE merchant_id = $1", [n.merchantId, 60 * KZ]);
    expect((await quoteAndPay(n, 200 * KZ, ana)).answer.bizContent).toMatchObject({ cashbackPaid: 60 * KZ });
    const before = { available: await balance(ana.id, 'available'), settled: await settled(m) };
    expect((await refund(m, paid.answer.bizContent.paymentId as string, 1_000 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(before.available + 940n * 100n);
    expect(await balance(ana.id, 'cashback')).toBe(0n);
    expect(await settled(m)).toBe(before.settled - 1_000n * 100n + 500n);
    expect((await server.db.query('SELECT cr.clawed_back::int, cr.from_refund::int, cr.status, cr.from_refund_transfer_id IS NOT NULL AS covered FROM cashback_refunds cr JOIN cashback_records r ON r.id = cr.cashback_id WHERE r.payment_id = $1', [paid.answer.bizContent.paymentId])).rows)
      .toEqual([{ clawed_back: 100 * KZ, from_refund: 60 * KZ, status: 'success', covered: true }]);
    await invariantsHold();
  });

  describe.runIf(engine === 'postgres')('races', () => {
    it('8 concurrent payments of one member each quoting the whole 100 Kz of cashback: exactly one pays with it, the other 7 are PRM10001 (quote again)', async () => {
      const shop = await createMerchantDirect(server);
      await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Tudo com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 100 * KZ });
      for (let round = 0; round < 3; round++) {
        const ana = await payer(`Ana Corrida ${round} Demo`);
        await giveCashback(ana, 100);
        const available = await balance(ana.id, 'available');
        const quotes = await Promise.all(Array.from({ length: 8 }, () => quote(shop, 200 * KZ, ana)));
        expect(quotes.every((q) => deductionOf(q) === 100 * KZ && q.payable === 100 * KZ)).toBe(true);
        const answers = await Promise.all(quotes.map((q) => pay(shop, 200 * KZ, ana, q)));
        const codes = answers.map((a) => a.code);
        expect(codes.filter((c) => c === 'S0001')).toHaveLength(1);
        expect(codes.filter((c) => c === 'PRM10001')).toHaveLength(7);
        // the refused are told what a new quote comes to: the whole price from the wallet
        expect(answers.filter((a) => a.code === 'PRM10001').every((a) => a.subMsg === String(200 * KZ))).toBe(true);
        expect(await balance(ana.id, 'cashback')).toBe(0n);
        expect(await balance(ana.id, 'available')).toBe(available - 100n * 100n);
        await invariantsHold();
      }
    }, 300_000);

    it('refunds and deductions of the same members at once: every invariant intact', async () => {
      const shop = await createMerchantDirect(server);
      await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Pague com cashback', ...TERMS });
      await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
      expect((await quoteAndPay(shop, 2_000 * KZ, await payer('Outro Corrida Demo'))).answer.code).toBe('S0001');
      const members = await Promise.all(Array.from({ length: 8 }, (_, i) => payer(`Reembolso Deducao ${i} Demo`)));
      for (const m of members) await giveCashback(m, 100);
      const first = await Promise.all(members.map((m) => quoteAndPay(shop, 200 * KZ, m)));
      expect(first.map((p) => p.answer.code)).toEqual(members.map(() => 'S0001'));
      const answers = await Promise.all([
        ...first.map((p) => refund(shop, p.answer.bizContent.paymentId, 100 * KZ)),
        ...members.map((m) => quoteAndPay(shop, 100 * KZ, m).then((p) => p.answer)),
      ]);
      // a payment quoted before a refund gave cashback back may find more cashback in its own quote: PRM10001, never a wrong split
      expect(answers.map((a) => a.code).every((c) => c === 'S0001' || c === 'PRM10001')).toBe(true);
      expect(answers.slice(0, 8).map((a) => a.code)).toEqual(members.map(() => 'S0001'));
      await invariantsHold();
    }, 300_000);
  });
});
