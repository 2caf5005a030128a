/**
 * Promotions at the till (README "Promotions"; migration 028): the quote gives the discount, the
 * coupon and the cashback a payment gets, the payment posts exactly those in its own transaction
 * (the cashback from its funding account to the payer's cashback account, the coupon marked used,
 * budgets, stocks and per-member limits taken), a replay moves nothing twice, a quote that no longer
 * holds refuses with its code, a refund claws back the cashback in proportion, and the ledger check
 * matches every campaign. Races (the last coupons of a stock, the last 1 000 Kz of a budget, one
 * member's limit) run for real on PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { hire, person, type Person } from '../support/records.ts';
import { quoteCode } from '../../server/merchantPayment/quote.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { DomainError } from '../../server/errors.ts';
import {
  claimCoupon, createCashbackPolicy, createCoupon, createDiscountPolicy, promotionSpend, setPromotionStatus,
} from '../../server/entities/promotions.ts';

const QUOTE = 'pay/merchant/quote';
const PAY = 'pay/merchant/pay';
const REFUND = 'merchant/refund/apply';
const KZ = 100;

describe.each(engines)('promotions on %s', (engine) => {
  let server: TestServer;

  const send = async (service: string, bizContent: object, token: string, requestNo = `T${crypto.randomBytes(8).toString('hex')}`, type = 'LOGIN_TOKEN'): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token, type }, 'en');
    payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const quote = async (shop: MerchantSetup, amount: number, payer: Person) => {
    const answer = await send(QUOTE, { serial: shop.storeSerial, amount }, payer.token);
    expect(answer.code).toBe('S0001');
    return answer.bizContent as { amount: number; payable: number; cashback: number; adjustments: Array<{ extension: string; kind: string; amount: number; reference: string | null; name: string | null }> };
  };
  /** The merchant's charge the payment module computes (never in the member's quote). */
  const chargeOf = async (shop: MerchantSetup, amount: number, payer: Person) => Number((await quoteCode(server.db, payer.id, shop.storeSerial, BigInt(amount))).figures!.charge);
  const cashbackOf = (q: { adjustments: Array<{ kind: string; amount: number }> }) => q.adjustments.find((a) => a.kind === 'cashback')?.amount ?? 0;
  /** Pays what `quoted` said (its payable, cashback and part paid with cashback), as a client that showed the quote does. */
  const pay = async (shop: MerchantSetup, amount: number, payer: Person, quoted?: { payable: number; cashback?: number; cashbackPaid?: number }, requestNo?: string) =>
    send(PAY, {
      serial: shop.storeSerial, amount, payToken: await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: shop.storeSerial }),
      ...(quoted ? { payable: quoted.payable, ...(quoted.cashback === undefined ? {} : { cashback: quoted.cashback }), ...(quoted.cashbackPaid ? { cashbackPaid: quoted.cashbackPaid } : {}) } : {}),
    }, payer.token, requestNo);
  const quoteAndPay = async (shop: MerchantSetup, amount: number, payer: Person) => {
    const q = await quote(shop, amount, payer);
    const cashbackPaid = q.adjustments.filter((a) => a.kind === 'cashbackDeduction').reduce((sum, a) => sum + a.amount, 0);
    return { quote: q, answer: await pay(shop, amount, payer, { payable: q.payable, cashback: cashbackOf(q), cashbackPaid }) };
  };
  const balance = async (memberId: string, kind: 'available' | 'cashback') =>
    BigInt((await server.db.query<{ b: string }>('SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = $2', [memberId, kind])).rows[0]!.b);
  const marketing = async () => BigInt((await server.db.query<{ b: string }>("SELECT sum(balance)::text AS b FROM ledger_accounts WHERE kind = 'marketing_funding'")).rows[0]!.b);
  const invariantsHold = async () => {
    const report = await checkInvariants(server.db);
    expect(report).toMatchObject({ ok: true, promotionsUnmatched: [], settlementMismatches: [], paymentsUnmatched: [], refundsUnmatched: [] });
  };
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
    return 'none';
  };
  const payer = async (name = 'Cliente Promo Demo', cents = 1_000_000n * 100n) => {
    const p = await person(server, name);
    await fund(server.db, p.id, cents);
    return p;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 120_000);
  afterAll(() => server.close());

  it('refuses bad policies and coupons with their codes, writing nothing', async () => {
    const shop = await createMerchantDirect(server);
    const other = await createMerchantDirect(server);
    const db = server.db;
    const mine = { merchantId: shop.merchantId };
    const base = { name: 'Dez por cento', type: 'ratio' as const, ratioBp: 1_000 };
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, ratioBp: 10_001 }))).toBe('PRM10010');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, ratioBp: 0 }))).toBe('PRM10010');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, minCashback: 500, maxCashback: 100 }))).toBe('PRM10011');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, budgetAmount: 0 }))).toBe('PRM10012');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, budgetAmount: -5 }))).toBe('PRM10012');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, budgetCount: 1.5 }))).toBe('PRM10012');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, startsAt: new Date('2030-01-02'), endsAt: new Date('2030-01-01') }))).toBe('PRM10013');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { name: 'Sorte', type: 'random' }))).toBe('PRM10016');
    expect(await refusal(createDiscountPolicy(db, shop.merchantId, shop.memberId, { name: 'Desconto', type: 'random', minAmount: 500, maxAmount: 100 }))).toBe('PRM10011');
    expect(await refusal(createDiscountPolicy(db, shop.merchantId, shop.memberId, { name: 'Desconto', type: 'random', maxAmount: 100, ratioBp: 20_000 }))).toBe('PRM10010');
    expect(await refusal(createDiscountPolicy(db, shop.merchantId, shop.memberId, { name: 'Desconto', type: 'random', maxAmount: 100, statistics: 'personalBusinessCount', accumulationLimit: 2 }))).toBe('PRM10016');
    expect(await refusal(createCoupon(db, shop.merchantId, shop.memberId, { name: 'Cupão', type: 1, amountOff: 100, stock: 0 }))).toBe('PRM10012');
    expect(await refusal(createCoupon(db, shop.merchantId, shop.memberId, { name: 'Cupão', type: 2, amountOff: 100, threshold: 50, stock: 5 }))).toBe('PRM10016');
    expect(await refusal(createCoupon(db, shop.merchantId, shop.memberId, { name: 'Cupão', type: 4, percentBp: 10_001, stock: 5 }))).toBe('PRM10010');
    // counts past an integer, a member who does not exist
    expect(await refusal(createCoupon(db, shop.merchantId, shop.memberId, { name: 'Cupão', type: 1, amountOff: 100, stock: 3_000_000_000 }))).toBe('PRM10012');
    expect(await refusal(createCashbackPolicy(db, mine, shop.memberId, { ...base, budgetCount: 2_147_483_648 }))).toBe('PRM10012');
    expect(await refusal(createCashbackPolicy(db, { platform: true }, 'op-demo', { ...base, memberId: '999999999' }))).toBe('PRM10016');
    const counts = async () => (await db.query('SELECT (SELECT count(*) FROM cashback_policies)::int AS c, (SELECT count(*) FROM discount_policies)::int AS d, (SELECT count(*) FROM coupons)::int AS k, (SELECT count(*) FROM promotion_slices)::int AS s')).rows[0];
    expect(await counts()).toEqual({ c: 0, d: 0, k: 0, s: 0 });

    // a coupon of another merchant: not claimable at this store, not pausable by this merchant; claimed twice: PRM10014
    const coupon = await createCoupon(db, other.merchantId, other.memberId, { name: 'Cupão rival', type: 1, amountOff: 100, stock: 5 });
    const ana = await payer('Ana Promo Demo');
    expect(await refusal(claimCoupon(db, ana.id, shop.storeId, coupon))).toBe('MCH10004');
    expect(await refusal(setPromotionStatus(db, mine, 'coupon', coupon, 'paused'))).toBe('MCH10004');
    await claimCoupon(db, ana.id, other.storeId, coupon);
    expect(await refusal(claimCoupon(db, ana.id, other.storeId, coupon))).toBe('PRM10014');
    // an auto coupon is granted by a payment past its threshold, never claimed
    const auto = await createCoupon(db, other.merchantId, other.memberId, { name: 'Volte', type: 1, amountOff: 100, stock: 5, autoThreshold: 20_000, autoBasis: 'paid' });
    expect(await refusal(claimCoupon(db, ana.id, other.storeId, auto))).toBe('MCH10004');
    // and its merchant's list says it is one (the screen offers no link to share for it)
    const listed = await send('merchant/promotion/list', {}, other.token);
    expect(listed.bizContent.promotions.map((p: { id: string; auto: boolean }) => [p.id, p.auto])).toEqual([[auto, true], [coupon, false]]);
    await setPromotionStatus(db, { merchantId: other.merchantId }, 'coupon', coupon, 'ended');
    expect(await refusal(setPromotionStatus(db, { merchantId: other.merchantId }, 'coupon', coupon, 'active'))).toBe('PRM10017');
    const later = await createCoupon(db, other.merchantId, other.memberId, { name: 'Depois', type: 1, amountOff: 100, stock: 5, startsAt: new Date(Date.now() + 86_400_000) });
    expect(await refusal(claimCoupon(db, ana.id, other.storeId, later))).toBe('PRM10015');
    await invariantsHold();
  });

  it('lets the owner make, list, pause and end its promotions through the gateway (a clerk STF10010, another merchant’s MCH10004) and a member claim a coupon once', async () => {
    const shop = await createMerchantDirect(server);
    const other = await createMerchantDirect(server);
    const clerk = await person(server, 'Carla Caixa Demo');
    await hire(server, shop, shop.storeId, clerk);
    const ana = await payer('Ana Gateway Demo');
    const cashback = { name: 'Dez por cento', type: 'ratio', ratioBp: 1_000, maxCashback: 500 * KZ, budgetAmount: 10_000 * KZ };
    expect((await send('merchant/promotion/saveCashback', cashback, clerk.token)).code).toBe('STF10010');
    expect((await send('merchant/promotion/saveCashback', { ...cashback, ratioBp: 10_001 }, shop.token)).code).toBe('PRM10010');
    expect((await send('merchant/promotion/saveCashback', { ...cashback, budgetAmount: 0 }, shop.token)).code).toBe('PRM10012');
    expect((await send('merchant/promotion/saveCashback', { ...cashback, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, shop.token)).code).toBe('PRM10013');
    const made = await send('merchant/promotion/saveCashback', cashback, shop.token);
    expect(made.code).toBe('S0001');
    const coupon = await send('merchant/promotion/saveCoupon', { name: 'Gaste 300', type: 2, threshold: 300 * KZ, amountOff: 30 * KZ, stock: 10 }, shop.token);
    expect(coupon.code).toBe('S0001');
    expect((await send('merchant/promotion/saveDiscount', { name: 'Desconto', type: 'random', minAmount: 500, maxAmount: 100 }, shop.token)).code).toBe('PRM10011');
    expect((await send('pay/coupon/claim', { storeId: other.storeId, couponId: coupon.bizContent.couponId }, ana.token)).code).toBe('MCH10004');
    expect((await send('pay/coupon/claim', { storeId: shop.storeId, couponId: coupon.bizContent.couponId }, ana.token)).code).toBe('S0001');
    expect((await send('pay/coupon/claim', { storeId: shop.storeId, couponId: coupon.bizContent.couponId }, ana.token)).code).toBe('PRM10014');
    const q = await quote(shop, 400 * KZ, ana);
    expect(q).toMatchObject({ payable: 370 * KZ, adjustments: [expect.objectContaining({ extension: 'coupon', amount: 30 * KZ }), expect.objectContaining({ extension: 'cashback', amount: 37 * KZ })] });
    expect((await pay(shop, 400 * KZ, ana, { payable: q.payable, cashback: cashbackOf(q) })).code).toBe('S0001');
    const listed = await send('merchant/promotion/list', {}, shop.token);
    expect(listed.bizContent.promotions).toEqual([
      { kind: 'coupon', id: coupon.bizContent.couponId, name: 'Gaste 300', status: 'active', auto: false, terms: { type: '2', ratioBp: null, min: null, max: null, from: 300 * KZ, amountOff: 30 * KZ }, spend: { amount: 30 * KZ, count: 1, amountLeft: null, countLeft: 9 } },
      { kind: 'cashback', id: made.bizContent.policyId, name: 'Dez por cento', status: 'active', auto: false, terms: { type: 'ratio', ratioBp: 1_000, min: 0, max: 500 * KZ, from: 1, amountOff: null }, spend: { amount: 37 * KZ, count: 1, amountLeft: (10_000 - 37) * KZ, countLeft: null } },
    ]);
    expect((await send('merchant/promotion/setStatus', { kind: 'cashback', id: made.bizContent.policyId, status: 'paused' }, other.token)).code).toBe('MCH10004');
    expect((await send('merchant/promotion/setStatus', { kind: 'cashback', id: made.bizContent.policyId, status: 'paused' }, clerk.token)).code).toBe('STF10010');
    expect((await send('merchant/promotion/setStatus', { kind: 'cashback', id: made.bizContent.policyId, status: 'paused' }, shop.token)).code).toBe('S0001');
    expect((await quote(shop, 400 * KZ, ana)).adjustments).toEqual([]);
    expect((await send('merchant/promotion/setStatus', { kind: 'cashback', id: made.bizContent.policyId, status: 'ended' }, shop.token)).code).toBe('S0001');
    expect((await send('merchant/promotion/setStatus', { kind: 'cashback', id: made.bizContent.policyId, status: 'active' }, shop.token)).code).toBe('PRM10017');
    await invariantsHold();
  });

  it('lets an operator make, pause and end a platform cashback policy, each step audited; a member token cannot', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Plataforma Demo');
    const token = await operatorOf(server);
    const asOperator = (service: string, body: object, who = token) => send(service, body, who, undefined, 'SSO-AUTH');
    const policy = { name: 'Plataforma', type: 'ratio', ratioBp: 500, maxCashback: 100 * KZ, budgetAmount: 5_000 * KZ, memberId: ana.id };
    expect((await asOperator('platform/promotion/saveCashback', policy, ana.token)).code).toBe('AGW10005');
    expect((await send('platform/promotion/saveCashback', policy, token)).code).toBe('AGW10005');
    expect((await asOperator('platform/promotion/saveCashback', { ...policy, ratioBp: 20_000 })).code).toBe('PRM10010');
    const made = await asOperator('platform/promotion/saveCashback', policy);
    expect(made.code).toBe('S0001');
    expect(cashbackOf(await quote(shop, 1_000 * KZ, ana))).toBe(50 * KZ);
    expect((await asOperator('platform/promotion/setStatus', { id: made.bizContent.policyId, status: 'paused' })).code).toBe('S0001');
    expect(cashbackOf(await quote(shop, 1_000 * KZ, ana))).toBe(0);
    expect((await asOperator('platform/promotion/setStatus', { id: made.bizContent.policyId, status: 'ended' })).code).toBe('S0001');
    const audit = await server.db.query("SELECT action, before, after FROM operator_audit WHERE subject_type = 'cashbackPolicy' AND subject_id = $1 ORDER BY id", [made.bizContent.policyId]);
    expect(audit.rows).toEqual([
      { action: 'promotion.cashback.create', before: null, after: expect.objectContaining({ ratioBp: 500, budgetAmount: 5_000 * KZ }) },
      { action: 'promotion.cashback.status', before: { status: 'active' }, after: { status: 'paused' } },
      { action: 'promotion.cashback.status', before: { status: 'paused' }, after: { status: 'ended' } },
    ]);
  });

  it('gives a platform-funded 10 % cashback of at most 500 Kz: quoted, posted to the payer’s cashback account with its record, once for a replay', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Cashback Demo');
    // for this member only, so that it does not reach the other tests' payments
    // (a count limit per member, so that the member's usage row is kept: a ratio without limits keeps none)
    const policy = await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: 'Dez por cento', type: 'ratio', ratioBp: 1_000, maxCashback: 500 * KZ, budgetAmount: 1_000_000 * KZ, memberCountLimit: 100, memberId: ana.id });
    const before = await marketing();
    const small = await quote(shop, 1_000 * KZ, ana);
    expect(small).toMatchObject({ amount: 1_000 * KZ, payable: 1_000 * KZ, cashback: 100 * KZ, adjustments: [{ extension: 'cashback', kind: 'cashback', amount: 100 * KZ, reference: `cashback:${policy}`, name: 'Dez por cento' }] });
    expect(await chargeOf(shop, 1_000 * KZ, ana)).toBe(500);
    const big = await quote(shop, 20_000 * KZ, ana);
    expect(cashbackOf(big)).toBe(500 * KZ);
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const payment = {
      serial: shop.storeSerial, amount: 20_000 * KZ, payable: big.payable, cashback: 500 * KZ,
      payToken: await payTokenDirect(server.db, ana.id, { service: PAY, amount: 20_000 * KZ, counterparty: shop.storeSerial }),
    };
    const paid = await send(PAY, payment, ana.token, requestNo);
    expect(paid.code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(500n * 100n);
    expect(await marketing()).toBe(before - 500n * 100n);
    const { rows: [record] } = await server.db.query(
      `SELECT r.transaction_no, r.trade_voucher_no, r.policy_id::text, r.consumer_amount::text, r.cashback_amount::text, r.beneficiary_member_id::text, r.beneficiary_role,
              r.reason, r.status, a.kind AS contributing_kind, b.kind AS beneficiary_kind
         FROM cashback_records r JOIN ledger_accounts a ON a.id = r.contributing_account_id JOIN ledger_accounts b ON b.id = r.beneficiary_account_id
        WHERE r.policy_id = $1`,
      [policy],
    );
    expect(record).toEqual({
      transaction_no: expect.stringMatching(/^CB\d{14}$/), trade_voucher_no: paid.bizContent.voucherNo, policy_id: policy, consumer_amount: String(20_000 * KZ),
      cashback_amount: String(500 * KZ), beneficiary_member_id: ana.id, beneficiary_role: 'payer', reason: 'merchantPayment', status: 'success',
      contributing_kind: 'marketing_funding', beneficiary_kind: 'cashback',
    });
    // the wallet's historical cashback total
    expect((await send('wallet/member/getUserAssets', {}, ana.token)).bizContent).toMatchObject({ cashbackTotal: 500 * KZ });
    // a replay answers the same and moves nothing
    const transfers = (await server.db.query('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0];
    expect(await send(PAY, payment, ana.token, requestNo)).toEqual(paid);
    expect((await server.db.query('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0]).toEqual(transfers);
    expect(await balance(ana.id, 'cashback')).toBe(500n * 100n);
    expect(await promotionSpend(server.db, 'cashback', policy)).toEqual({ amount: 500n * 100n, count: 1, amountLeft: (1_000_000n - 500n) * 100n, countLeft: null });
    // the ledger check sees a budget slice, a member's usage or a record that no longer matches the ledger
    const broken = async (tamper: string, undo: string) => {
      await server.db.query(tamper, [policy]);
      try {
        return (await checkInvariants(server.db)).promotionsUnmatched;
      } finally {
        await server.db.query(undo, [policy]);
      }
    };
    expect(await broken("UPDATE promotion_slices SET amount_left = amount_left + 1 WHERE kind = 'cashback' AND policy_id = $1 AND slice = 0",
      "UPDATE promotion_slices SET amount_left = amount_left - 1 WHERE kind = 'cashback' AND policy_id = $1 AND slice = 0")).toEqual([`cashback:${policy}`]);
    expect(await broken("UPDATE promotion_usage SET count = count + 1 WHERE kind = 'cashback' AND policy_id = $1",
      "UPDATE promotion_usage SET count = count - 1 WHERE kind = 'cashback' AND policy_id = $1")).toEqual([`usage:cashback:${policy}:${ana.id}`]);
    // a deleted usage row (it would reset the member's limit) is named too
    expect(await broken("DELETE FROM promotion_usage WHERE kind = 'cashback' AND policy_id = $1",
      `INSERT INTO promotion_usage (kind, policy_id, member_id, amount, count) VALUES ('cashback', $1, ${ana.id}, ${500 * KZ}, 1)`)).toEqual([`usage:cashback:${policy}:${ana.id}`]);
    expect(await broken('UPDATE cashback_records SET cashback_amount = cashback_amount + 1 WHERE policy_id = $1',
      'UPDATE cashback_records SET cashback_amount = cashback_amount - 1 WHERE policy_id = $1')).toEqual([`cashback:${policy}`, `cashbackAccount:${ana.id}`, 'marketingFunding']);
    await setPromotionStatus(server.db, { platform: true }, 'cashback', policy, 'ended');
    expect((await quote(shop, 1_000 * KZ, ana)).adjustments).toEqual([]);
    await invariantsHold();
  });

  it('takes a merchant-funded discount off the price, charges the merchant on what it receives, and refuses a payment that expects another amount (PRM10001)', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Desconto Demo');
    const policy = await createDiscountPolicy(server.db, shop.merchantId, shop.memberId, { name: 'Cinco por cento', type: 'random', ratioBp: 500, minAmount: 1, maxAmount: 100 * KZ });
    const q = await quote(shop, 4_000 * KZ, ana);
    // 5 % of 4 000 Kz is 200 Kz, at most 100 Kz; the charge is 0.5 % of the 3 900 Kz the merchant receives
    expect(q).toMatchObject({ amount: 4_000 * KZ, payable: 3_900 * KZ, adjustments: [{ extension: 'discount', kind: 'discount', amount: 100 * KZ, reference: `discount:${policy}`, name: 'Cinco por cento' }] });
    expect(await chargeOf(shop, 4_000 * KZ, ana)).toBe(1_950);
    // a client that showed no quote expects the price: refused, with the new payable
    const legacy = await pay(shop, 4_000 * KZ, ana);
    expect([legacy.code, legacy.subMsg]).toEqual(['PRM10001', String(3_900 * KZ)]);
    const availableBefore = await balance(ana.id, 'available');
    const settledBefore = (await settlementBalance(server.db, shop.memberId)).available;
    expect((await pay(shop, 4_000 * KZ, ana, { payable: q.payable })).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(availableBefore - 3_900n * 100n);
    expect((await settlementBalance(server.db, shop.memberId)).available).toBe(settledBefore + 3_900n * 100n - 1_950n);
    // the merchant's records count what the customer paid: 3 900 Kz, its net less the charge, all of it refundable
    const records = await send('merchant/records/query', {}, shop.token);
    expect(records.bizContent.items[0]).toMatchObject({ amount: 3_900 * KZ, charge: 1_950, net: 3_900 * KZ - 1_950, state: 'paid' });
    const detail = await send('merchant/records/detail', { recordId: records.bizContent.items[0].recordId }, shop.token);
    expect(detail.bizContent).toMatchObject({ amount: 3_900 * KZ, refundable: 3_900 * KZ });
    // 5 % of 50 cêntimos, rounded down
    expect(await quote(shop, 50, ana)).toMatchObject({ amount: 50, payable: 48 });
    await invariantsHold();
  });

  it('applies each coupon type the member claimed, once, and only where it fits (threshold, target)', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Cupao Demo');
    const db = server.db;
    // type 2: spend 300 Kz, get 30 Kz off; only for new customers
    const spend = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Gaste 300', type: 2, threshold: 300 * KZ, amountOff: 30 * KZ, target: 2, stock: 5 });
    const mine = await claimCoupon(db, ana.id, shop.storeId, spend);
    expect((await quote(shop, 299 * KZ, ana)).adjustments).toEqual([]);
    const fits = await quote(shop, 300 * KZ, ana);
    expect(fits).toMatchObject({ payable: 270 * KZ, adjustments: [{ extension: 'coupon', kind: 'coupon', amount: 30 * KZ, reference: `coupon:${mine}` }] });
    expect((await pay(shop, 300 * KZ, ana, { payable: fits.payable })).code).toBe('S0001');
    expect((await quote(shop, 300 * KZ, ana)).adjustments).toEqual([]);
    // type 1: 50 Kz off, for returning customers (ana has paid here now); type 4: 10 % off, at most 20 Kz, for all: the best one applies
    const amountOff = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Menos 50', type: 1, amountOff: 50 * KZ, target: 3, stock: 5 });
    const percent = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Dez por cento', type: 4, percentBp: 1_000, maxOff: 20 * KZ, stock: 5 });
    await claimCoupon(db, ana.id, shop.storeId, amountOff);
    await claimCoupon(db, ana.id, shop.storeId, percent);
    const best = await quote(shop, 1_000 * KZ, ana);
    expect(best.adjustments).toEqual([expect.objectContaining({ extension: 'coupon', amount: 50 * KZ })]);
    expect((await pay(shop, 1_000 * KZ, ana, { payable: best.payable })).code).toBe('S0001');
    const next = await quote(shop, 150 * KZ, ana);
    expect(next).toMatchObject({ payable: 135 * KZ, adjustments: [expect.objectContaining({ extension: 'coupon', amount: 15 * KZ })] });
    expect((await pay(shop, 150 * KZ, ana, { payable: next.payable })).code).toBe('S0001');
    expect((await quote(shop, 150 * KZ, ana)).adjustments).toEqual([]);
    // a new customer does not get a returning customers' coupon
    const bruno = await payer('Bruno Cupao Demo');
    await claimCoupon(db, bruno.id, shop.storeId, amountOff);
    expect((await quote(shop, 1_000 * KZ, bruno)).adjustments).toEqual([]);
    expect((await db.query('SELECT count(*)::int AS n FROM member_coupons mc JOIN coupons c ON c.id = mc.coupon_id WHERE c.merchant_id = $1 AND mc.used_payment_id IS NOT NULL', [shop.merchantId])).rows[0]).toEqual({ n: 3 });
    await invariantsHold();
  });

  it('grants an auto coupon to a payment past its threshold (on what was paid, or on the price), once, used by a later payment', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Auto Demo');
    const db = server.db;
    expect(await refusal(createCoupon(db, shop.merchantId, shop.memberId, { name: 'Auto', type: 1, amountOff: 10 * KZ, stock: 5, autoThreshold: 500 * KZ }))).toBe('PRM10016');
    await createDiscountPolicy(db, shop.merchantId, shop.memberId, { name: 'Menos 100', type: 'random', minAmount: 100 * KZ, maxAmount: 100 * KZ });
    const auto = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Volte', type: 1, amountOff: 10 * KZ, stock: 5, autoThreshold: 500 * KZ, autoBasis: 'paid' });
    // 550 Kz less 100 off is 450 paid: below the threshold
    expect((await quote(shop, 550 * KZ, ana)).adjustments.map((a) => a.reference)).toEqual([expect.stringMatching(/^discount:/)]);
    const q = await quote(shop, 600 * KZ, ana);
    expect(q.adjustments).toEqual([expect.objectContaining({ extension: 'discount' }), { extension: 'coupon', kind: 'coupon', amount: 0, reference: `grant:${auto}`, name: 'Volte' }]);
    expect(q.payable).toBe(500 * KZ);
    expect((await pay(shop, 600 * KZ, ana, { payable: q.payable })).code).toBe('S0001');
    expect((await db.query('SELECT count(*)::int AS n FROM member_coupons WHERE coupon_id = $1 AND member_id = $2', [auto, ana.id])).rows[0]).toEqual({ n: 1 });
    // the next payment uses it, and earns no second one
    const next = await quote(shop, 600 * KZ, ana);
    expect(next).toMatchObject({ payable: 490 * KZ, adjustments: [expect.objectContaining({ extension: 'discount' }), expect.objectContaining({ extension: 'coupon', amount: 10 * KZ })] });
    expect((await pay(shop, 600 * KZ, ana, { payable: next.payable })).code).toBe('S0001');
    expect((await quote(shop, 600 * KZ, ana)).adjustments.map((a) => a.extension)).toEqual(['discount']);
    // counted on the price: 550 Kz earns it
    const priced = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Preço', type: 1, amountOff: 5 * KZ, stock: 5, autoThreshold: 550 * KZ, autoBasis: 'preDiscount' });
    expect((await quote(shop, 550 * KZ, ana)).adjustments.map((a) => a.reference)).toEqual([expect.stringMatching(/^discount:/), `grant:${priced}`]);
    await invariantsHold();
  });

  it('never gives more cashback than is paid, and never spends a fixed coupon for less than it gives', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Limites Demo');
    const db = server.db;
    // a drawn cashback between 10 Kz and 500 Kz, from payments of 10 Kz: on 20 Kz it is cut to the 20 Kz paid
    await createCashbackPolicy(db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Sorte', type: 'random', minCashback: 10 * KZ, maxCashback: 500 * KZ, minPayment: 10 * KZ });
    for (const price of [10 * KZ, 20 * KZ, 35 * KZ]) {
      const q = await quote(shop, price, ana);
      expect(q.cashback).toBeGreaterThanOrEqual(Math.min(10 * KZ, q.payable));
      expect(q.cashback).toBeLessThanOrEqual(q.payable);
    }
    // 100 Kz off does not fit a 50 Kz price: the coupon is left for a later payment, not spent for 49,99 Kz
    const coupon = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Menos 100', type: 1, amountOff: 100 * KZ, stock: 3 });
    await claimCoupon(db, ana.id, shop.storeId, coupon);
    expect((await quote(shop, 50 * KZ, ana)).adjustments.map((a) => a.extension)).toEqual(['cashback']);
    expect((await quote(shop, 150 * KZ, ana)).adjustments.map((a) => a.extension)).toEqual(['coupon', 'cashback']);
    await invariantsHold();
  });

  it('stacks a discount, a coupon and a merchant-funded cashback in that order', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Tudo Demo');
    const db = server.db;
    await createDiscountPolicy(db, shop.merchantId, shop.memberId, { name: 'Menos 100', type: 'random', minAmount: 100 * KZ, maxAmount: 100 * KZ });
    const coupon = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Gaste 800', type: 2, threshold: 800 * KZ, amountOff: 80 * KZ, stock: 3 });
    await claimCoupon(db, ana.id, shop.storeId, coupon);
    await createCashbackPolicy(db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
    const q = await quote(shop, 1_000 * KZ, ana);
    // 1 000 − 100 (discount) = 900 ≥ 800: − 80 (coupon) = 820 paid; 10 % of 820 = 82 back
    // each named as the member knows it; the merchant's charge (0.5 % of 820, on what it receives) is not the member's to see
    expect(q).toMatchObject({ payable: 820 * KZ, cashback: 82 * KZ, adjustments: [
      expect.objectContaining({ extension: 'discount', amount: 100 * KZ, name: expect.any(String) }), expect.objectContaining({ extension: 'coupon', amount: 80 * KZ, name: expect.any(String) }),
      expect.objectContaining({ extension: 'cashback', amount: 82 * KZ, name: expect.any(String) })] });
    expect(q).not.toHaveProperty('charge');
    const settledBefore = (await settlementBalance(db, shop.memberId)).available;
    expect((await pay(shop, 1_000 * KZ, ana, { payable: q.payable, cashback: 82 * KZ })).code).toBe('S0001');
    expect((await settlementBalance(db, shop.memberId)).available).toBe(settledBefore + 820n * 100n - 410n - 82n * 100n);
    expect(await balance(ana.id, 'cashback')).toBe(82n * 100n);
    // a price below the discount keeps 1 cêntimo to pay (and no coupon: the rest is below its threshold)
    expect(await quote(shop, 50, ana)).toMatchObject({ amount: 50, payable: 1, adjustments: [expect.objectContaining({ extension: 'discount', amount: 49 })] });
    await invariantsHold();
  });

  it('claws back cashback in proportion to a refund: from the cashback account while it holds it, the rest off what the refund pays to available once it was spent; no balance below zero', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Reembolso Demo');
    await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
    const refund = async (recordId: string, amount: number) =>
      send(REFUND, { recordId, amount, payToken: await payTokenDirect(server.db, shop.memberId, { service: REFUND, amount, counterparty: recordId }) }, shop.token);
    // another customer's payment first: the settlement then holds enough for both of ana's refunds after paying her cashback
    expect((await quoteAndPay(shop, 1_000 * KZ, await payer('Bruno Reembolso Demo'))).answer.code).toBe('S0001');
    const first = await quoteAndPay(shop, 1_000 * KZ, ana);
    expect(first.answer.code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(100n * 100n);
    // half refunded: half the cashback back to the merchant's settlement
    expect((await refund(first.answer.bizContent.paymentId, 500 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(50n * 100n);
    const states = async () => (await server.db.query('SELECT due::int, clawed_back::int, from_refund::int, status FROM cashback_refunds ORDER BY id')).rows;
    expect(await states()).toEqual([{ due: 50 * KZ, clawed_back: 50 * KZ, from_refund: 0, status: 'success' }]);
    // ana spends 30 Kz of her cashback paying another merchant (a cashback deduction, migration 030): the rest of the refund finds 20 Kz of the 50 due
    const elsewhere = await createMerchantDirect(server);
    await createDiscountPolicy(server.db, elsewhere.merchantId, elsewhere.memberId, { name: 'Pague com cashback', type: 'cashbackDeduction', ratioBp: 10_000, maxAmount: 30 * KZ });
    const spend = async (kz: number) => {
      const spent = await quoteAndPay(elsewhere, 100 * KZ, ana);
      expect(spent.quote.adjustments).toEqual([expect.objectContaining({ kind: 'cashbackDeduction', amount: kz * KZ })]);
      expect(spent.answer.code).toBe('S0001');
    };
    await spend(30);
    const availableBefore = await balance(ana.id, 'available');
    expect((await refund(first.answer.bizContent.paymentId, 500 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'cashback')).toBe(0n);
    // the 30 Kz the cashback account could not give come off what the refund pays to available (migration 031): the clawback is whole
    expect(await balance(ana.id, 'available')).toBe(availableBefore + 470n * 100n);
    expect((await states())[1]).toEqual({ due: 50 * KZ, clawed_back: 50 * KZ, from_refund: 30 * KZ, status: 'success' });
    // a second payment, its cashback spent whole before the refund: all of it off the refund
    const second = await quoteAndPay(shop, 200 * KZ, ana);
    await spend(20);
    const availableBeforeSecond = await balance(ana.id, 'available');
    expect((await refund(second.answer.bizContent.paymentId, 200 * KZ)).code).toBe('S0001');
    expect(await balance(ana.id, 'available')).toBe(availableBeforeSecond + 180n * 100n);
    expect((await states())[2]).toEqual({ due: 20 * KZ, clawed_back: 20 * KZ, from_refund: 20 * KZ, status: 'success' });
    expect((await server.db.query('SELECT refund_status FROM cashback_records WHERE beneficiary_member_id = $1 ORDER BY id', [ana.id])).rows.map((r) => r.refund_status)).toEqual(['success', 'success']);
    await invariantsHold();
  });

  it('keeps a member within a policy’s per-member limits', async () => {
    const shop = await createMerchantDirect(server);
    const ana = await payer('Ana Limite Demo');
    await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dois', type: 'ratio', ratioBp: 1_000, memberCountLimit: 2, memberAmountLimit: 150 * KZ });
    expect(cashbackOf((await quoteAndPay(shop, 1_000 * KZ, ana)).quote)).toBe(100 * KZ);
    // what is left of the member's 150 Kz
    expect(cashbackOf((await quoteAndPay(shop, 1_000 * KZ, ana)).quote)).toBe(50 * KZ);
    expect(cashbackOf(await quote(shop, 1_000 * KZ, ana))).toBe(0);
    expect(await balance(ana.id, 'cashback')).toBe(150n * 100n);
    await invariantsHold();
  });

  describe.runIf(engine === 'postgres')('races', () => {
    const ROUNDS = 3;

    it('64 payments race for the last 10 coupons of a stock: exactly 10 win, the rest are refused with their code', async () => {
      const shop = await createMerchantDirect(server);
      const members = await Promise.all(Array.from({ length: 64 }, (_, i) => payer(`Corrida Cupao ${i} Demo`, 10_000n * 100n)));
      for (let round = 0; round < ROUNDS; round++) {
        const coupon = await createCoupon(server.db, shop.merchantId, shop.memberId, { name: `Ronda ${round}`, type: 1, amountOff: 10 * KZ, stock: 10 });
        for (const m of members) await claimCoupon(server.db, m.id, shop.storeId, coupon);
        const quotes = await Promise.all(members.map((m) => quote(shop, 100 * KZ, m)));
        expect(quotes.every((q) => q.payable === 90 * KZ)).toBe(true);
        const answers = await Promise.all(members.map((m, i) => pay(shop, 100 * KZ, m, { payable: quotes[i]!.payable })));
        const codes = answers.map((a) => a.code);
        expect(codes.filter((c) => c === 'S0001')).toHaveLength(10);
        expect(codes.filter((c) => c !== 'S0001').every((c) => c === 'PRM10002' || c === 'PRM10001')).toBe(true);
        expect(await promotionSpend(server.db, 'coupon', coupon)).toEqual({ amount: 100n * 10n * 10n, count: 10, amountLeft: null, countLeft: 0 });
        expect((await server.db.query('SELECT count(*)::int AS n FROM member_coupons WHERE coupon_id = $1 AND used_payment_id IS NOT NULL', [coupon])).rows[0]).toEqual({ n: 10 });
        console.log(`coupon race round ${round}: ${codes.filter((c) => c === 'S0001').length} won, ${codes.filter((c) => c === 'PRM10002').length} PRM10002, ${codes.filter((c) => c === 'PRM10001').length} PRM10001`);
        await invariantsHold();
      }
    }, 300_000);

    it('64 payments race for the last 1 000 Kz of a campaign budget: never exceeded by a cêntimo, the losers refused with their code', async () => {
      const shop = await createMerchantDirect(server);
      const members = await Promise.all(Array.from({ length: 64 }, (_, i) => payer(`Corrida Orcamento ${i} Demo`, 100_000n * 100n)));
      for (let round = 0; round < ROUNDS; round++) {
        const policy = await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: `Ronda ${round}`, type: 'ratio', ratioBp: 1_000, maxCashback: 500 * KZ, budgetAmount: 1_000 * KZ });
        // amounts from 100 to 3 250 Kz: cashback from 10 to 325 Kz, more than one slice's share (62.5 Kz) for most
        const amounts = members.map((_, i) => (100 + ((i * 7 + round * 13) % 64) * 50) * KZ);
        const quotes = await Promise.all(members.map((m, i) => quote(shop, amounts[i]!, m)));
        const answers = await Promise.all(members.map((m, i) => pay(shop, amounts[i]!, m, { payable: quotes[i]!.payable, cashback: cashbackOf(quotes[i]!) })));
        const codes = answers.map((a) => a.code);
        const won = codes.filter((c) => c === 'S0001').length;
        const spend = await promotionSpend(server.db, 'cashback', policy);
        expect(spend.amount + spend.amountLeft!).toBe(1_000n * 100n);
        expect(spend.amount <= 1_000n * 100n).toBe(true);
        expect(spend.count).toBe(won);
        expect(codes.filter((c) => c !== 'S0001').every((c) => c === 'PRM10003' || c === 'PRM10001')).toBe(true);
        // what the winners were quoted is what they got
        const granted = answers.reduce((sum, a, i) => sum + (a.code === 'S0001' ? BigInt(cashbackOf(quotes[i]!)) : 0n), 0n);
        expect(granted).toBe(spend.amount);
        console.log(`budget race round ${round}: ${won} won (${spend.amount} of 100000 cêntimos), ${codes.filter((c) => c === 'PRM10003').length} PRM10003, ${codes.filter((c) => c === 'PRM10001').length} PRM10001`);
        await setPromotionStatus(server.db, { platform: true }, 'cashback', policy, 'ended');
        await invariantsHold();
      }
    }, 300_000);

    it('refunds clawing back cashback while the same payers keep paying: every invariant intact', async () => {
      const shop = await createMerchantDirect(server);
      await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez', type: 'ratio', ratioBp: 1_000 });
      const members = await Promise.all(Array.from({ length: 8 }, (_, i) => payer(`Reembolso Corrida ${i} Demo`, 100_000n * 100n)));
      const first = await Promise.all(members.map((m) => quoteAndPay(shop, 1_000 * KZ, m)));
      expect(first.every((p) => p.answer.code === 'S0001')).toBe(true);
      const refund = async (recordId: string, amount: number) =>
        send(REFUND, { recordId, amount, payToken: await payTokenDirect(server.db, shop.memberId, { service: REFUND, amount, counterparty: recordId }) }, shop.token);
      const answers = await Promise.all([
        ...first.map((p) => refund(p.answer.bizContent.paymentId, 400 * KZ)),
        ...members.map((m) => quoteAndPay(shop, 300 * KZ, m).then((p) => p.answer)),
      ]);
      expect(answers.map((a) => a.code)).toEqual(answers.map(() => 'S0001'));
      // each refund of 40 % took back 40 % of its 100 Kz cashback; each later payment gave 30 Kz
      for (const m of members) expect(await balance(m.id, 'cashback')).toBe((100n - 40n + 30n) * 100n);
      await invariantsHold();
    }, 300_000);

    it('one member’s concurrent payments stay within the per-member limits', async () => {
      const shop = await createMerchantDirect(server);
      for (let round = 0; round < ROUNDS; round++) {
        const ana = await payer(`Ana Limite ${round} Demo`);
        const policy = await createCashbackPolicy(server.db, { merchantId: shop.merchantId }, shop.memberId, { name: `Tres ${round}`, type: 'ratio', ratioBp: 1_000, memberCountLimit: 3 });
        const quotes = await Promise.all(Array.from({ length: 12 }, () => quote(shop, 100 * KZ, ana)));
        const answers = await Promise.all(quotes.map((q) => pay(shop, 100 * KZ, ana, { payable: q.payable, cashback: cashbackOf(q) })));
        const codes = answers.map((a) => a.code);
        expect(codes.filter((c) => c === 'S0001')).toHaveLength(3);
        expect(codes.filter((c) => c !== 'S0001').every((c) => c === 'PRM10004' || c === 'PRM10001')).toBe(true);
        expect(await promotionSpend(server.db, 'cashback', policy)).toMatchObject({ amount: 30n * 100n, count: 3 });
        await setPromotionStatus(server.db, { merchantId: shop.merchantId }, 'cashback', policy, 'ended');
        await invariantsHold();
      }
    }, 300_000);
  });
});
