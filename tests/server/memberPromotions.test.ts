/**
 * The member's side of promotions (issue 23): after a payment with a discount, a coupon and a
 * cashback, the payer reads their cashback (list, record in full with its clawback once refunded),
 * their reductions, their coupons by state, a store's coupon on its claim page, and the platform's
 * running cashback campaigns; another member reads none of it (CNT40401, as an id that does not
 * exist; MCH10004 for another merchant's coupon). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { person, type Person } from '../support/records.ts';
import { createCashbackPolicy, createCoupon, createDiscountPolicy, setPromotionStatus } from '../../server/entities/promotions.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

const QUOTE = 'pay/merchant/quote';
const PAY = 'pay/merchant/pay';
const REFUND = 'merchant/refund/apply';
const KZ = 100;

describe.each(engines)('the member’s promotions on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let other: MerchantSetup;
  let ana: Person;
  let bruno: Person;
  let couponId: string;
  let paymentId: string;
  let voucherNo: string;

  const send = async (service: string, bizContent: object, token: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token, type: 'LOGIN_TOKEN' }, 'en');
    payload.requestNo = `T${crypto.randomBytes(8).toString('hex')}`;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const ok = async (service: string, bizContent: object, token: string) => {
    const answer = await send(service, bizContent, token);
    expect(answer.code, `${service}: ${answer.msg} ${answer.subMsg}`).toBe('S0001');
    return answer.bizContent;
  };
  const quoteAndPay = async (amount: number, payer: Person) => {
    const q = await ok(QUOTE, { serial: shop.storeSerial, amount }, payer.token);
    const cashback = (q.adjustments as Array<{ kind: string; amount: number }>).find((a) => a.kind === 'cashback')?.amount ?? 0;
    return ok(PAY, {
      serial: shop.storeSerial, amount, payable: q.payable, cashback,
      payToken: await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: shop.storeSerial }),
    }, payer.token);
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server);
    other = await createMerchantDirect(server);
    ana = await person(server, 'Ana Maria Demo');
    bruno = await person(server, 'Bruno Costa Demo');
    for (const p of [ana, bruno]) await fund(server.db, p.id, 100_000n * 100n);
    const db = server.db;
    await createDiscountPolicy(db, shop.merchantId, shop.memberId, { name: 'Menos 100', type: 'random', minAmount: 100 * KZ, maxAmount: 100 * KZ });
    couponId = await createCoupon(db, shop.merchantId, shop.memberId, { name: 'Gaste 800', type: 2, threshold: 800 * KZ, amountOff: 80 * KZ, stock: 3 });
    await createCashbackPolicy(db, { merchantId: shop.merchantId }, shop.memberId, { name: 'Dez por cento', type: 'ratio', ratioBp: 1_000 });
  }, 120_000);
  afterAll(() => server.close());

  it('shows a store’s coupon on its claim page, claims it once, and lists it among the member’s usable coupons', async () => {
    const shown = await ok('pay/coupon/get', { storeId: shop.storeId, couponId }, ana.token);
    expect(shown).toMatchObject({
      couponId, name: 'Gaste 800', merchant: shop.merchant.name, store: shop.store.name, type: 2, amountOff: 80 * KZ, threshold: 800 * KZ, percentBp: null,
      target: 1, endsAt: null, stockLeft: 3, live: true, claimed: false,
    });
    // another merchant's store does not offer it: the claim's own answer
    expect((await send('pay/coupon/get', { storeId: other.storeId, couponId }, ana.token)).code).toBe('MCH10004');
    expect((await send('pay/coupon/get', { storeId: shop.storeId, couponId: '999999999' }, ana.token)).code).toBe('MCH10004');
    await ok('pay/coupon/claim', { storeId: shop.storeId, couponId }, ana.token);
    expect((await send('pay/coupon/claim', { storeId: shop.storeId, couponId }, ana.token)).code).toBe('PRM10014');
    expect(await ok('pay/coupon/get', { storeId: shop.storeId, couponId }, ana.token)).toMatchObject({ claimed: true });
    const usable = await ok('wallet/coupon/list', { state: 'usable' }, ana.token);
    expect(usable).toEqual({
      items: [expect.objectContaining({ couponId, name: 'Gaste 800', merchant: shop.merchant.name, state: 'usable', type: 2, usedAt: null, appliesNow: true })],
      nextCursor: null,
    });
    // paused by its merchant: still hers to use later, but the till would not apply it today
    await setPromotionStatus(server.db, { merchantId: shop.merchantId }, 'coupon', couponId, 'paused');
    expect((await ok('wallet/coupon/list', { state: 'usable' }, ana.token)).items).toEqual([expect.objectContaining({ couponId, appliesNow: false })]);
    await setPromotionStatus(server.db, { merchantId: shop.merchantId }, 'coupon', couponId, 'active');
    expect(await ok('wallet/coupon/list', { state: 'usable' }, bruno.token)).toEqual({ items: [], nextCursor: null });
    expect((await send('wallet/coupon/list', { state: 'lost' }, ana.token)).code).toBe('AGW10003');
  });

  it('lists the payment’s cashback and reduction for the payer alone, each in full, and the coupon as used', async () => {
    const paid = await quoteAndPay(1_000 * KZ, ana);
    paymentId = paid.paymentId;
    voucherNo = paid.voucherNo;
    // 1 000 − 100 (discount) − 80 (coupon) = 820 paid; 10 % back = 82
    const cashbacks = await ok('wallet/cashback/list', {}, ana.token);
    expect(cashbacks).toEqual({
      items: [{ id: expect.stringMatching(/^\d+$/), amount: 82 * KZ, merchant: shop.merchant.name, store: shop.store.name, at: expect.any(String), status: 'success', clawedBack: 0, refundStatus: null }],
      nextCursor: null,
    });
    const id = cashbacks.items[0].id as string;
    const record = await ok('wallet/cashback/detail', { id }, ana.token);
    expect(record).toMatchObject({
      id, amount: 82 * KZ, cashbackNo: expect.stringMatching(/^CB\d{14}$/), transactionNo: expect.stringMatching(/^OP\d{18}$/), tradeVoucherNo: voucherNo,
      refundTransactionNo: null, refundVoucherNo: null, policyName: 'Dez por cento', consumerAmount: 820 * KZ,
      contributor: { kind: 'merchant', name: shop.merchant.name },
      beneficiary: { memberId: ana.id, name: 'Ana M*** D***', login: expect.stringMatching(/^9\*\* \*\*\* \d{3}$/), account: 'cashback' },
      role: 'payer', reason: 'merchantPayment', clawbackDue: 0, refunds: [],
    });
    // no account id of anyone in the answer
    expect(JSON.stringify(record)).not.toMatch(/account_id|accountId/);
    // someone else's record is not found, as one that does not exist
    expect((await send('wallet/cashback/detail', { id }, bruno.token)).code).toBe('CNT40401');
    expect((await send('wallet/cashback/detail', { id: '999999999' }, ana.token)).code).toBe('CNT40401');
    expect(await ok('wallet/cashback/list', {}, bruno.token)).toEqual({ items: [], nextCursor: null });

    const reductions = await ok('wallet/reduction/list', {}, ana.token);
    expect(reductions).toEqual({
      items: [{ id: paymentId, price: 1_000 * KZ, discount: 100 * KZ, coupon: { name: 'Gaste 800', amount: 80 * KZ }, paid: 820 * KZ, merchant: shop.merchant.name, store: shop.store.name, at: expect.any(String), voucherNo }],
      nextCursor: null,
    });
    expect(await ok('wallet/reduction/detail', { id: paymentId }, ana.token)).toMatchObject({
      id: paymentId, discountName: 'Menos 100', transactionNo: record.transactionNo, refunded: 0, cashback: { id, amount: 82 * KZ },
    });
    expect((await send('wallet/reduction/detail', { id: paymentId }, bruno.token)).code).toBe('CNT40401');
    expect(await ok('wallet/reduction/list', {}, bruno.token)).toEqual({ items: [], nextCursor: null });

    expect((await ok('wallet/coupon/list', { state: 'usable' }, ana.token)).items).toEqual([]);
    expect((await ok('wallet/coupon/list', { state: 'used' }, ana.token)).items).toEqual([expect.objectContaining({ couponId, state: 'used', usedAt: expect.any(String) })]);
  });

  it('a payment without a reduction is not a reduction; pages come newest first through the cursor', async () => {
    await setPromotionStatus(server.db, { merchantId: shop.merchantId }, 'discount', (await server.db.query<{ id: string }>('SELECT id::text FROM discount_policies WHERE merchant_id = $1', [shop.merchantId])).rows[0]!.id, 'paused');
    await quoteAndPay(50 * KZ, ana);
    expect((await ok('wallet/reduction/list', {}, ana.token)).items).toHaveLength(1);
    const first = await ok('wallet/cashback/list', { pageSize: 1 }, ana.token);
    expect(first.items[0].amount).toBe(5 * KZ);
    expect(first.nextCursor).toBe(first.items[0].id);
    const second = await ok('wallet/cashback/list', { pageSize: 1, cursor: first.nextCursor }, ana.token);
    expect(second).toEqual({ items: [expect.objectContaining({ amount: 82 * KZ })], nextCursor: null });
  });

  it('shows a refund’s clawback on the cashback record: the refund’s numbers, its state and amount', async () => {
    const amount = 410 * KZ;
    const refunded = await ok(REFUND, { recordId: paymentId, amount, payToken: await payTokenDirect(server.db, shop.memberId, { service: REFUND, amount, counterparty: paymentId }) }, shop.token);
    const id = (await ok('wallet/cashback/list', {}, ana.token)).items.find((c: { amount: number }) => c.amount === 82 * KZ).id;
    const record = await ok('wallet/cashback/detail', { id }, ana.token);
    // half of what was paid refunded: half the cashback back
    expect(record).toMatchObject({
      clawedBack: 41 * KZ, clawbackDue: 41 * KZ, refundStatus: 'success', refundTransactionNo: expect.stringMatching(/^OP\d{18}$/), refundVoucherNo: refunded.refundNo,
      refunds: [{ refundNo: refunded.refundNo, due: 41 * KZ, clawedBack: 41 * KZ, status: 'success', at: expect.any(String) }],
    });
    // the refund's operation number is its own posting's, as the payer's statement shows the refund
    const lines = (await server.db.query<{ transfer_id: string; created_at: Date }>("SELECT transfer_id::text, created_at FROM merchant_refunds WHERE payment_id = $1", [paymentId])).rows;
    expect(record.refundTransactionNo).toBe(`OP${lines[0]!.created_at.toISOString().slice(0, 10).replace(/-/g, '')}${lines[0]!.transfer_id.padStart(10, '0')}`);
    expect(await ok('wallet/reduction/detail', { id: paymentId }, ana.token)).toMatchObject({ refunded: amount });
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  });

  it('lists ended and past coupons as expired, and announces the platform’s running cashback campaigns to those they reach', async () => {
    const ended = await createCoupon(server.db, shop.merchantId, shop.memberId, { name: 'Fim de semana', type: 4, percentBp: 1_000, maxOff: 20 * KZ, stock: 5 });
    await ok('pay/coupon/claim', { storeId: shop.storeId, couponId: ended }, ana.token);
    await setPromotionStatus(server.db, { merchantId: shop.merchantId }, 'coupon', ended, 'ended');
    expect((await ok('wallet/coupon/list', { state: 'expired' }, ana.token)).items).toEqual([expect.objectContaining({ couponId: ended, type: 4, percentBp: 1_000, maxOff: 20 * KZ, state: 'expired' })]);
    expect(await ok('pay/coupon/get', { storeId: shop.storeId, couponId: ended }, bruno.token)).toMatchObject({ live: false, claimed: false });
    expect((await send('pay/coupon/claim', { storeId: shop.storeId, couponId: ended }, bruno.token)).code).toBe('PRM10015');

    const endsAt = new Date(Date.now() + 7 * 86_400_000);
    const everyone = await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: 'Semana do cashback', type: 'ratio', ratioBp: 500, maxCashback: 200 * KZ, minPayment: 1_000 * KZ, endsAt });
    const anaOnly = await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: 'Só para a Ana', type: 'random', minCashback: 1 * KZ, maxCashback: 50 * KZ, memberId: ana.id });
    const paused = await createCashbackPolicy(server.db, { platform: true }, 'op-demo', { name: 'Em pausa', type: 'ratio', ratioBp: 100 });
    await setPromotionStatus(server.db, { platform: true }, 'cashback', paused, 'paused');
    const forAna = await ok('wallet/cashback/announcement', {}, ana.token);
    expect(forAna.campaigns).toEqual([
      { id: everyone, name: 'Semana do cashback', type: 'ratio', ratioBp: 500, minCashback: 0, maxCashback: 200 * KZ, minPayment: 1_000 * KZ, endsAt: endsAt.toISOString() },
      { id: anaOnly, name: 'Só para a Ana', type: 'random', ratioBp: null, minCashback: 1 * KZ, maxCashback: 50 * KZ, minPayment: 1, endsAt: null },
    ]);
    expect((await ok('wallet/cashback/announcement', {}, bruno.token)).campaigns.map((c: { id: string }) => c.id)).toEqual([everyone]);
    // a merchant's own policy is not the platform's announcement
    expect(forAna.campaigns.map((c: { name: string }) => c.name)).not.toContain('Dez por cento');
    for (const id of [everyone, anaOnly]) await setPromotionStatus(server.db, { platform: true }, 'cashback', id, 'ended');
  });
});
