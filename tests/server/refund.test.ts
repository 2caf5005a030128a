/**
 * Refunds (merchant/refund/apply): the owner gives a payer back part or all of a payment from its
 * settlement, the charge returned in proportion by fee income; never more than was paid
 * (STF10012), not from money already withdrawn (FND10001), once per requestNo, only the owner
 * (STF10010 a clerk). Races on real PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { bindSticker, createMerchantDirect, issueStickerBatch, ok, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { hire, pay, person, type Person } from '../support/records.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { chargeReturnedUpTo } from '../../server/domains/refund/handlers.ts';
import { channelOf, serviceCharge } from '../../server/entities/bankChannels.ts';

const REFUND = 'merchant/refund/apply';

describe('the charge returned in proportion', () => {
  it('gives back the whole charge over the refunds of a whole payment, rounding down on the way', () => {
    expect(chargeReturnedUpTo(1_000_000n, 5_000n, 500_000n)).toBe(2_500n);
    expect(chargeReturnedUpTo(333n, 2n, 100n)).toBe(0n);
    expect(chargeReturnedUpTo(333n, 2n, 333n)).toBe(2n);
    // refunds of 1, 99, 100 and 133 of 333: what each returns is the difference of the running totals
    const totals = [1n, 100n, 200n, 333n].map((t) => chargeReturnedUpTo(333n, 2n, t));
    expect(totals).toEqual([0n, 0n, 1n, 2n]);
    expect(chargeReturnedUpTo(10n, 10n, 3n)).toBe(3n);
  });
});

describe.each(engines)('refunds on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let ana: Person, clerk: Person, gone: Person;

  const send = async (service: string, bizContent: object, token: string, requestNo = `T${crypto.randomBytes(8).toString('hex')}`): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const token = (merchant: MerchantSetup, recordId: string, amount: number) => payTokenDirect(server.db, merchant.memberId, { service: REFUND, amount, counterparty: recordId });
  const refund = async (recordId: string, amount: number, options: { merchant?: MerchantSetup; requestNo?: string; payToken?: string; as?: string } = {}) => {
    const merchant = options.merchant ?? shop;
    const payToken = options.payToken ?? (await token(merchant, recordId, amount));
    return send(REFUND, { recordId, amount, payToken }, options.as ?? merchant.token, options.requestNo);
  };
  const available = async (memberId: string) =>
    BigInt((await server.db.query<{ b: string }>("SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [memberId])).rows[0]!.b);
  const settled = async (merchant: MerchantSetup = shop) => (await settlementBalance(server.db, merchant.memberId)).available;
  const invariantsHold = async () => expect(await checkInvariants(server.db)).toMatchObject({ ok: true, settlementMismatches: [], refundsUnmatched: [], driftedAccounts: [] });
  const count = async () => Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM merchant_refunds')).rows[0]!.n);

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server);
    rival = await createMerchantDirect(server);
    [ana, clerk, gone] = await Promise.all(['Ana Maria Demo', 'Carlos Caixa', 'Fabio Saiu'].map((name) => person(server, name))) as [Person, Person, Person];
    await fund(server.db, ana.id, 100_000_000n);
    await hire(server, shop, shop.storeId, clerk, { allRecords: true });
    await hire(server, shop, shop.storeId, gone, { removed: true });
  }, 180_000);
  afterAll(() => server.close());

  it('refunds half, then the rest: the payer gets each amount, the merchant bears its net share, fee income returns the charge', async () => {
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 1_000_000, { cashier: clerk });
    const [payerBefore, settlementBefore] = [await available(ana.id), await settled()];
    const half = await refund(paymentId, 500_000);
    expect(half.code, JSON.stringify(half)).toBe('S0001');
    expect(half.bizContent).toMatchObject({ recordId: paymentId, amount: 500_000, chargeReturned: 2_500, refunded: 500_000, state: 'partlyRefunded' });
    expect(half.bizContent.refundNo).toBe(`RF${half.bizContent.refundId.padStart(14, '0')}`);
    expect(await available(ana.id)).toBe(payerBefore + 500_000n);
    expect(await settled()).toBe(settlementBefore - 497_500n);
    const detail = await ok(server, 'merchant/records/detail', { recordId: paymentId }, shop.token);
    expect(detail).toMatchObject({ state: 'partlyRefunded', refunded: 500_000, refundable: 500_000, net: 1_000_000 - 5_000 - 497_500 });
    expect(detail.refunds).toEqual([{ refundId: half.bizContent.refundId, amount: 500_000, chargeReturned: 2_500, at: half.bizContent.at }]);
    // the clerk with the permission reads the refund in the record too
    expect((await ok(server, 'merchant/records/detail', { recordId: paymentId }, clerk.token)).state).toBe('partlyRefunded');

    const rest = await refund(paymentId, 500_000);
    expect(rest.bizContent).toMatchObject({ chargeReturned: 2_500, refunded: 1_000_000, state: 'refunded' });
    expect(await available(ana.id)).toBe(payerBefore + 1_000_000n);
    expect(await settled()).toBe(settlementBefore - 995_000n);
    expect((await ok(server, 'merchant/records/detail', { recordId: paymentId }, shop.token))).toMatchObject({ state: 'refunded', net: 0, refundable: 0 });
    expect((await refund(paymentId, 1)).code).toBe('STF10012');
    await invariantsHold();
  });

  it('shows the refund in both fund details and tells the payer through the outbox', async () => {
    const { paymentId, voucherNo } = await pay(server, ana, shop, shop.storeId, 250_000);
    const done = await refund(paymentId, 120_050);
    expect(done.code).toBe('S0001');
    const lines = await ok(server, 'wallet/fund/queryFundDetails', { shortcut: '7' }, ana.token);
    expect(lines.items[0]).toMatchObject({ direction: 'income', kind: 'merchant_refund', amount: 120_050 });
    const merchantSide = await server.db.query<{ kind: string; amount: string }>(
      `SELECT t.kind, e.amount::text FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.member_id = $1 AND a.kind = 'settlement' AND t.reference = $2 ORDER BY e.id`,
      [shop.memberId, done.bizContent.refundNo],
    );
    expect(merchantSide.rows.filter((r) => r.kind !== 'settlement_gather')).toEqual([
      { kind: 'refund_charge', amount: String(done.bizContent.chargeReturned) },
      { kind: 'merchant_refund', amount: '-120050' },
    ]);
    const { rows } = await server.db.query<{ channel: string; body: string; language: string }>('SELECT channel, body, language FROM outbox_messages ORDER BY id DESC LIMIT 1');
    expect(rows[0]).toMatchObject({ channel: 'sms', language: 'pt' });
    expect(rows[0]!.body).toContain('1200,50 Kz');
    expect(rows[0]!.body).toContain(voucherNo);
  });

  it('never refunds more than was paid, even a cêntimo, and returns an odd charge exactly', async () => {
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 333);
    const before = await count();
    expect((await refund(paymentId, 334)).code).toBe('STF10012');
    expect(await count()).toBe(before);
    expect((await refund(paymentId, 100)).bizContent).toMatchObject({ chargeReturned: 0, state: 'partlyRefunded' });
    expect((await refund(paymentId, 234)).code).toBe('STF10012');
    expect((await refund(paymentId, 233)).bizContent).toMatchObject({ chargeReturned: 2, refunded: 333, state: 'refunded' });
    await invariantsHold();
  });

  it('is the owner’s: a clerk STF10010, a removed clerk STF10009, a member MCH10003, an operator AGW10005; another’s or an unbound binding’s record STF10013', async () => {
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 10_000, { cashier: clerk });
    const before = await count();
    expect((await refund(paymentId, 100, { as: clerk.token })).code).toBe('STF10010');
    expect((await refund(paymentId, 100, { as: gone.token })).code).toBe('STF10009');
    expect((await refund(paymentId, 100, { as: ana.token })).code).toBe('MCH10003');
    const operator = await operatorOf(server);
    const asOperator = envelope(REFUND, { recordId: paymentId, amount: 100, payToken: await token(shop, paymentId, 100) }, { token: operator, type: 'SSO-AUTH' }, 'en');
    expect((await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: asOperator })).json().code).toBe('AGW10005');
    const theirs = (await pay(server, ana, rival, rival.storeId, 10_000)).paymentId;
    expect((await refund(theirs, 100)).code).toBe('STF10013');
    const batch = await issueStickerBatch(server, 1);
    const binding = await bindSticker(server, shop, batch.serials[0]!);
    const viaSticker = (await pay(server, ana, shop, shop.storeId, 10_000, { binding })).paymentId;
    await ok(server, 'merchant/code/unbind', { bindingId: binding.bindingId }, shop.token);
    expect((await refund(viaSticker, 100)).code).toBe('STF10013');
    // a confirmation given for another amount or record is not this refund's
    expect((await refund(paymentId, 100, { payToken: await token(shop, paymentId, 200) })).code).toBe('FND10008');
    expect(await count()).toBe(before);
  });

  it('answers a replay with the first answer and moves nothing again; the same requestNo with another payload is FND10002', async () => {
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 50_000);
    const requestNo = `H5R${crypto.randomBytes(8).toString('hex')}`;
    const payToken = await token(shop, paymentId, 10_000);
    const first = await refund(paymentId, 10_000, { requestNo, payToken });
    const payer = await available(ana.id);
    const again = await refund(paymentId, 10_000, { requestNo, payToken });
    expect(again).toEqual(first);
    expect(await available(ana.id)).toBe(payer);
    expect((await refund(paymentId, 9_000, { requestNo })).code).toBe('FND10002');
    const refused = `H5R${crypto.randomBytes(8).toString('hex')}`;
    const overToken = await token(shop, paymentId, 60_000);
    expect((await refund(paymentId, 60_000, { requestNo: refused, payToken: overToken })).code).toBe('STF10012');
    // a refusal is the first answer too: the replay gets it again
    expect((await refund(paymentId, 60_000, { requestNo: refused, payToken: overToken })).code).toBe('STF10012');
  });

  it('cannot refund money already withdrawn: FND10001, nothing moved', async () => {
    const merchant = await createMerchantDirect(server);
    const { paymentId } = await pay(server, ana, merchant, merchant.storeId, 2_000_000);
    const limits = await ok(server, 'wallet/withdraw/queryLimits', { cardId: merchant.cardId }, merchant.token);
    const amount = limits.maxAmount as number;
    const channel = await channelOf(server.db, limits.bankCode);
    const payToken = await payTokenDirect(server.db, merchant.memberId, { service: 'wallet/withdraw/applyWithdraw', amount, counterparty: merchant.cardId });
    const withdrawn = await send('wallet/withdraw/applyWithdraw', { cardId: merchant.cardId, amount, charge: Number(serviceCharge(channel, BigInt(amount))), payToken }, merchant.token);
    expect(withdrawn.code, JSON.stringify(withdrawn)).toBe('S0001');
    const left = await settled(merchant);
    expect(left).toBeLessThan(1_000_000n);
    const payer = await available(ana.id);
    expect((await refund(paymentId, 1_500_000, { merchant })).code).toBe('FND10001');
    expect(await available(ana.id)).toBe(payer);
    expect(await settled(merchant)).toBe(left);
    await invariantsHold();
  });

  describe.runIf(engine === 'postgres')('at the same moment', () => {
    it('two refunds of 60 % each: exactly one is made, the other is STF10012, never more than was paid', async () => {
      for (let round = 0; round < 6; round++) {
        const { paymentId } = await pay(server, ana, shop, shop.storeId, 100_000);
        const answers = await Promise.all([refund(paymentId, 60_000), refund(paymentId, 60_000)]);
        expect(answers.map((a) => a.code).toSorted()).toEqual(['S0001', 'STF10012']);
        const { rows } = await server.db.query<{ refunded: string; total: string }>(
          'SELECT p.refunded::text, (SELECT coalesce(sum(amount), 0) FROM merchant_refunds WHERE payment_id = p.id)::text AS total FROM merchant_payments p WHERE p.id = $1',
          [paymentId],
        );
        expect(rows[0]).toEqual({ refunded: '60000', total: '60000' });
      }
      await invariantsHold();
    });

    it('a lost answer sent again with the same requestNo, even at the same moment, refunds once', async () => {
      const { paymentId } = await pay(server, ana, shop, shop.storeId, 80_000);
      const requestNo = `H5R${crypto.randomBytes(8).toString('hex')}`;
      const payToken = await token(shop, paymentId, 30_000);
      const payer = await available(ana.id);
      const answers = await Promise.all(Array.from({ length: 4 }, () => refund(paymentId, 30_000, { requestNo, payToken })));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]!.code).toBe('S0001');
      expect(await available(ana.id)).toBe(payer + 30_000n);
      expect(Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM merchant_refunds WHERE payment_id = $1', [paymentId])).rows[0]!.n)).toBe(1);
      await invariantsHold();
    });

    it('refunds while payments pour into the same merchant keep every invariant', async () => {
      const payers = await Promise.all(Array.from({ length: 6 }, (_, i) => person(server, `Pagador ${i}`)));
      for (const p of payers) await fund(server.db, p.id, 10_000_000n);
      const first = await Promise.all(payers.map((p) => pay(server, p, shop, shop.storeId, 50_000)));
      await Promise.all([
        ...payers.flatMap((p) => Array.from({ length: 5 }, () => pay(server, p, shop, shop.storeId, 10_000))),
        ...first.map((p) => refund(p.paymentId, 20_000)),
        ...first.map((p) => refund(p.paymentId, 30_000)),
      ]);
      const { rows } = await server.db.query<{ refunded: string }>('SELECT refunded::text FROM merchant_payments WHERE id = ANY($1::bigint[])', [first.map((p) => p.paymentId)]);
      expect(rows.every((r) => r.refunded === '50000')).toBe(true);
      await invariantsHold();
    });
  });
});
