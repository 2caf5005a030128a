/**
 * The ledger side of merchant collection: payments into one merchant under load (32 clients, 5 000
 * payments with replays, a settlement split into shards), the merchant withdrawing its settlement
 * through the withdrawal flow, and `npm run ledger:check` (checkInvariants) knowing the new shape.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { createLoadMembers, fund, payTokenDirect, verifyMember, type LoadMember } from '../support/money.ts';
import { createMerchantDirect, ok, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { setSimulatorCard } from '../../server/adapters/bankSimulator.ts';
import { serviceCharge, DEFAULT_CHANNEL } from '../../server/entities/bankChannels.ts';
import { drainBankSettlement } from '../../server/jobs/bankSettlement.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { FEE_INCOME_SHARDS, settlementBalance, shardFor } from '../../server/ledger/settlement.ts';
/** The charge the payment module's quote must give (migration 027, merchant_payment_quote): the rate of the amount rounded up to the cêntimo, at most the cap — written out here as the test's own expectation. */
const merchantCharge = (amount: bigint, rateBp: number, cap: bigint | null) => { const c = (amount * BigInt(rateBp) + 9_999n) / 10_000n; return cap !== null && c > cap ? cap : c; };

const PAY = 'pay/merchant/pay';
const charge = (amount: number) => merchantCharge(BigInt(amount), 50, 500_000n);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

async function gateway(server: TestServer, payload: ReturnType<typeof envelope>): Promise<Answer> {
  return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
}
/** Verified payers with money and a session, on mobiles of their own (createLoadMembers' numbers are the same each call). */
let nextMobile = 0;
async function morePayers(server: TestServer, count: number, balance: bigint): Promise<LoadMember[]> {
  const payers: LoadMember[] = [];
  for (let i = 0; i < count; i++) {
    const mobile = `93${String(5_000_000 + nextMobile++).padStart(7, '0')}`;
    await server.db.query("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', $1, 'Pagador')", [`+244${mobile}`]);
    const id = await verifyMember(server.db, `+244${mobile}`, `Pagador Teste ${i}`);
    await fund(server.db, id, balance);
    payers.push({ id, mobile, token: await server.memberToken(`+244${mobile}`) });
  }
  return payers;
}

const total = async (server: TestServer, where: string, params: unknown[] = []) =>
  BigInt((await server.db.query<{ t: string }>(`SELECT coalesce(sum(balance), 0)::text AS t FROM ledger_accounts WHERE ${where}`, params)).rows[0]!.t);

describe('shards', () => {
  it('are picked the same way in SQL (shard_for, merchant_pay) and in TypeScript (shardFor)', async () => {
    const server = await startTestServer('pglite');
    try {
      const keys = Array.from({ length: 200 }, (_, i) => `${i}:R${crypto.randomBytes(6).toString('hex')}`);
      for (const shards of [1, 2, 7, 32, 256]) {
        const { rows } = await server.db.query<{ shard: number }>('SELECT shard_for(k, $2) AS shard FROM unnest($1::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n', [keys, shards]);
        expect(rows.map((r) => r.shard), String(shards)).toEqual(keys.map((k) => shardFor(k, shards)));
      }
      expect((await server.db.query<{ n: number }>('SELECT fee_income_shards() AS n')).rows[0]!.n).toBe(FEE_INCOME_SHARDS);
      const { rows } = await server.db.query<{ code: string; shard: number; allow_negative: boolean }>("SELECT code, shard, allow_negative FROM ledger_accounts WHERE kind = 'fee_income' ORDER BY shard");
      expect(rows).toEqual(Array.from({ length: FEE_INCOME_SHARDS }, (_, shard) => ({ code: shard ? `fee_income:${shard}` : 'fee_income', shard, allow_negative: false })));
    } finally {
      await server.close();
    }
  });
});

describe.each(engines)('the merchant ledger on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { BANK_SETTLEMENT_DELAY_MS: '0' });
  });
  afterAll(() => server.close());

  describe('32 clients paying one merchant 5 000 times, a tenth of them sent again', () => {
    const CLIENTS = 32;
    const PAYMENTS = 5_000;
    const PAYERS = 100;
    const START = 5_000n * 100n; // 5 000 Kz each: some payers run dry before the end (FND10001)
    let shop: MerchantSetup;
    let payers: LoadMember[];
    beforeAll(async () => {
      shop = await createMerchantDirect(server);
      payers = await createLoadMembers(server.db, PAYERS, START);
    }, 120_000);

    it('ends with every invariant intact and the merchant’s balance equal to the payments less charges', async () => {
      const [feesBefore, payersBefore] = [await total(server, "kind = 'fee_income'"), await total(server, "kind = 'available' AND member_id = ANY($1::bigint[])", [payers.map((p) => p.id)])];
      const successes: Array<{ payer: string; requestNo: string; amount: number; paymentId: string }> = [];
      const outcomes = { ok: 0, insufficient: 0, replays: 0, other: [] as string[] };
      let next = 0;
      const payOnce = async () => {
        const payer = payers[crypto.randomInt(PAYERS)]!;
        const amount = 1 + crypto.randomInt(30_000);
        const payToken = await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: shop.storeSerial });
        const payload = envelope(PAY, { serial: shop.storeSerial, amount, payToken }, { token: payer.token });
        const replayed = crypto.randomInt(10) === 0;
        // a replay races the first attempt half of the time, and follows it otherwise
        const answers = replayed
          ? crypto.randomInt(2) ? await Promise.all([gateway(server, payload), gateway(server, payload)]) : [await gateway(server, payload), await gateway(server, payload)]
          : [await gateway(server, payload)];
        if (replayed) {
          outcomes.replays++;
          expect(answers[1]).toEqual(answers[0]);
        }
        const first = answers[0]!;
        if (first.code === 'S0001') {
          outcomes.ok++;
          successes.push({ payer: payer.id, requestNo: payload.requestNo, amount, paymentId: first.bizContent.paymentId });
        } else if (first.code === 'FND10001') outcomes.insufficient++;
        else outcomes.other.push(first.code);
      };
      await Promise.all(Array.from({ length: CLIENTS }, async () => {
        while (next < PAYMENTS) {
          next++;
          await payOnce();
        }
      }));

      expect(outcomes.other).toEqual([]);
      expect(outcomes.ok + outcomes.insufficient).toBe(PAYMENTS);
      expect(outcomes.ok).toBeGreaterThan(PAYMENTS / 2);
      expect(outcomes.insufficient).toBeGreaterThan(0);
      expect(outcomes.replays).toBeGreaterThan(PAYMENTS / 20);

      const report = await checkInvariants(server.db);
      expect(report).toMatchObject({ ok: true, totalBalance: '0', driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [], merchantsWithWrongShards: [], settlementMismatches: [], feeIncomeShardsWrong: [], paymentsUnmatched: [] });
      // the merchant's balance: exactly the accepted payments less their charges, whatever was sent twice
      const paid = sum(successes.map((s) => BigInt(s.amount)));
      const charges = sum(successes.map((s) => charge(s.amount)));
      expect((await settlementBalance(server.db, shop.memberId)).available).toBe(paid - charges);
      expect(await total(server, "kind = 'fee_income'")).toBe(feesBefore + charges);
      expect(await total(server, "kind = 'available' AND member_id = ANY($1::bigint[])", [payers.map((p) => p.id)])).toBe(payersBefore - paid);
      // each accepted request is one payment of its amount and one ledger transfer, however often it was sent
      const { rows } = await server.db.query<{ payer_id: string; request_no: string; amount: string; id: string; settlement_shard: number }>(
        'SELECT payer_id::text, request_no, amount::text, id::text, settlement_shard FROM merchant_payments WHERE merchant_id = $1', [shop.merchantId],
      );
      expect(rows).toHaveLength(successes.length);
      const byRequest = new Map(rows.map((r) => [`${r.payer_id}:${r.request_no}`, r]));
      for (const s of successes) expect(byRequest.get(`${s.payer}:${s.requestNo}`)).toMatchObject({ amount: String(s.amount), id: s.paymentId });
      const transfers = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transfers WHERE kind = 'merchant_pay'");
      expect(Number(transfers.rows[0]!.n)).toBe(successes.length);
      // the payments spread over the merchant's shards (32 by default), and no shard is below zero
      const shards = new Set(rows.map((r) => r.settlement_shard));
      expect(shards.size).toBeGreaterThan(engine === 'postgres' ? 24 : 16);
      const { rows: shardRows } = await server.db.query<{ n: string; low: string }>("SELECT count(*)::text AS n, min(balance)::text AS low FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement'", [shop.memberId]);
      expect(shardRows[0]).toEqual({ n: '32', low: expect.stringMatching(/^\d+$/) });
    }, 600_000);
  });

  describe('the merchant withdraws its settlement through the withdrawal flow', () => {
    let shop: MerchantSetup;
    let anaId: string;
    let ana: string;
    const withdraw = async (amount: number, requestNo?: string) => {
      const cardId = shop.cardId;
      const charged = Number(serviceCharge(DEFAULT_CHANNEL, BigInt(amount)));
      const payToken = await payTokenDirect(server.db, shop.memberId, { service: 'wallet/withdraw/applyWithdraw', amount, counterparty: cardId });
      const payload = envelope('wallet/withdraw/applyWithdraw', { cardId, amount, charge: charged, payToken }, { token: shop.token }, 'en');
      if (requestNo) payload.requestNo = requestNo;
      return gateway(server, payload);
    };
    const pay = async (amount: number, payer: { id: string; token: string } = { id: anaId, token: ana }) => {
      const payToken = await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: shop.storeSerial });
      return gateway(server, envelope(PAY, { serial: shop.storeSerial, amount, payToken }, { token: payer.token }));
    };
    const shardBalances = async () => (await server.db.query<{ shard: number; balance: string }>(
      "SELECT shard, balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement' ORDER BY shard", [shop.memberId],
    )).rows;
    const invariantsHold = async () => expect(await checkInvariants(server.db)).toMatchObject({ ok: true, settlementMismatches: [], merchantsWithWrongShards: [] });

    beforeAll(async () => {
      shop = await createMerchantDirect(server);
      anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
      ana = await server.memberToken('+244923000001');
      await fund(server.db, anaId, 1_000_000n * 100n);
      // the merchant's own wallet money is not its settlement: a withdrawal must not take it
      await fund(server.db, shop.memberId, 777n * 100n);
      // ~10 000 Kz each, from 8 payers (a level-III day is 200 000 Kz), over many shards
      const payers = await morePayers(server, 8, 1_000_000n * 100n);
      for (let i = 0; i < 40; i++) expect((await pay(1_000_000 + i, payers[i % 8])).code).toBe('S0001');
    }, 120_000);

    it('shows the settlement balance as what can be withdrawn', async () => {
      const settled = (await settlementBalance(server.db, shop.memberId)).available;
      expect(settled).toBe(sum(Array.from({ length: 40 }, (_, i) => BigInt(1_000_000 + i) - charge(1_000_000 + i))));
      expect((await shardBalances()).filter((s) => s.balance !== '0').length).toBeGreaterThan(10);
      const info = await ok(server, 'wallet/withdraw/queryWithdrawInfo', {}, shop.token);
      expect(info).toMatchObject({ available: Number(settled), frozen: 0, verified: true });
      const limits = await ok(server, 'wallet/withdraw/queryLimits', { cardId: shop.cardId }, shop.token);
      expect(limits.available).toBe(Number(settled));
      // the settlement holds less than the bank's 500 000 Kz a withdrawal: the most is what leaves room for its charge
      expect(BigInt(limits.maxAmount) + serviceCharge(DEFAULT_CHANNEL, BigInt(limits.maxAmount))).toBeLessThanOrEqual(settled);
      expect(BigInt(limits.maxAmount + 1) + serviceCharge(DEFAULT_CHANNEL, BigInt(limits.maxAmount + 1))).toBeGreaterThan(settled);
    });

    it('gathers the shards into shard 0 under their locks, holds amount + charge, and pays out', async () => {
      const settled = (await settlementBalance(server.db, shop.memberId)).available;
      const amount = 30_000_000;
      const fee = serviceCharge(DEFAULT_CHANNEL, BigInt(amount));
      const applied = await withdraw(amount);
      expect(applied.code).toBe('S0001');
      expect(applied.bizContent).toMatchObject({ state: 'PENDING', amount, charge: Number(fee), available: Number(settled - BigInt(amount) - fee), frozen: Number(BigInt(amount) + fee) });
      const shards = await shardBalances();
      expect(shards.filter((s) => s.shard !== 0).every((s) => s.balance === '0')).toBe(true);
      expect(BigInt(shards[0]!.balance)).toBe(settled - BigInt(amount) - fee);
      expect(await total(server, "member_id = $1 AND kind = 'available'", [shop.memberId])).toBe(77_700n); // its own wallet money untouched
      await invariantsHold();
      await drainBankSettlement(server.db, server.adapters.bank);
      expect((await ok(server, 'wallet/withdraw/queryWithdrawStatus', { withdrawNo: applied.bizContent.withdrawNo }, shop.token)).state).toBe('SUCCESS');
      expect(await settlementBalance(server.db, shop.memberId)).toEqual({ available: settled - BigInt(amount) - fee, frozen: 0n });
      await invariantsHold();
    });

    it('gives a failed withdrawal back to the settlement (shard 0), not to the wallet', async () => {
      const before = await settlementBalance(server.db, shop.memberId);
      const { rows } = await server.db.query<{ card_no: string }>('SELECT s.card_no FROM bank_sim_cards s JOIN bank_cards c ON c.card_token = s.token WHERE c.id = $1', [shop.cardId]);
      await setSimulatorCard(server.db, rows[0]!.card_no, { forceFailure: true });
      const applied = await withdraw(1_000_000);
      expect(applied.code).toBe('S0001');
      expect((await settlementBalance(server.db, shop.memberId)).frozen).toBe(1_000_000n + serviceCharge(DEFAULT_CHANNEL, 1_000_000n));
      await invariantsHold();
      await drainBankSettlement(server.db, server.adapters.bank);
      await setSimulatorCard(server.db, rows[0]!.card_no, { forceFailure: false });
      expect((await ok(server, 'wallet/withdraw/queryWithdrawStatus', { withdrawNo: applied.bizContent.withdrawNo }, shop.token)).state).toBe('FAILED');
      expect(await settlementBalance(server.db, shop.memberId)).toEqual(before);
      expect(await total(server, "member_id = $1 AND kind = 'available'", [shop.memberId])).toBe(77_700n);
      await invariantsHold();
    });

    it('refuses more than the settlement holds (FND10001), moving nothing', async () => {
      const before = await shardBalances();
      const settled = (await settlementBalance(server.db, shop.memberId)).available;
      const refused = await withdraw(Number(settled));
      expect(refused.code).toBe('FND10001'); // amount + charge is more than the settlement
      expect(await shardBalances()).toEqual(before);
      await invariantsHold();
    });

    it('runs beside payments into the same merchant without deadlocks, every invariant intact', async () => {
      const payers = await morePayers(server, 16, 100_000n * 100n);
      const answers: string[] = [];
      let running = true;
      const paying = Promise.all(payers.map(async (payer) => {
        for (let i = 0; i < 15 && running; i++) answers.push((await pay(10_000 + i, payer)).code);
      }));
      const withdrawals: string[] = [];
      for (let i = 0; i < 4; i++) withdrawals.push((await withdraw(500_000 + i)).code);
      await paying;
      running = false;
      expect(answers.every((code) => code === 'S0001')).toBe(true);
      expect(withdrawals).toEqual(['S0001', 'S0001', 'S0001', 'S0001']);
      await drainBankSettlement(server.db, server.adapters.bank);
      await invariantsHold();
    }, 120_000);
  });

  describe('ledger:check', () => {
    it('reports a merchant without its shards, settlement money that is no payment, and a missing fee income shard', async () => {
      const odd = await createMerchantDirect(server);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
      const { rows } = await server.db.query<{ id: string }>("DELETE FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement' AND shard = 31 RETURNING id::text", [odd.memberId]);
      expect(rows).toHaveLength(1);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: false, merchantsWithWrongShards: [odd.merchantId], settlementMismatches: [] });
      await server.db.query("INSERT INTO ledger_accounts (code, kind, member_id, shard) VALUES ($1, 'settlement', $2, 31)", [`member:${odd.memberId}:settlement:31`, odd.memberId]);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
      // money put into a settlement shard that no payment brought
      const shard = (await server.db.query<{ id: string }>("SELECT id::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement' AND shard = 5", [odd.memberId])).rows[0]!.id;
      const clearing = (await server.db.query<{ id: string }>("SELECT id::text FROM ledger_accounts WHERE kind = 'bank_clearing' LIMIT 1")).rows[0]!.id;
      await server.db.query("SELECT * FROM ledger_post('test-stray', 'transfer', $1, $2, 100, NULL)", [clearing, shard]);
      const stray = await checkInvariants(server.db);
      expect(stray).toMatchObject({ ok: false, settlementMismatches: [odd.merchantId], merchantsWithWrongShards: [], totalBalance: '0' });
      await server.db.query("SELECT * FROM ledger_post('test-stray-back', 'transfer', $1, $2, 100, NULL)", [shard, clearing]);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
      // a fee income shard renumbered out of range: 31 is missing, 40 is one too many
      await server.db.query("UPDATE ledger_accounts SET shard = 40, code = 'fee_income:40' WHERE code = 'fee_income:31'");
      expect(await checkInvariants(server.db)).toMatchObject({ ok: false, feeIncomeShardsWrong: [31, 40], settlementMismatches: [], merchantsWithWrongShards: [] });
      await server.db.query("UPDATE ledger_accounts SET shard = 31, code = 'fee_income:31' WHERE code = 'fee_income:40'");
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
    });

    it('reports a payment that is not its ledger transfer', async () => {
      const { rows } = await server.db.query<{ id: string; store_id: string }>('SELECT id::text, store_id::text FROM merchant_payments ORDER BY id DESC LIMIT 1');
      const payment = rows[0]!;
      await server.db.query('UPDATE merchant_payments SET amount = amount + 1 WHERE id = $1', [payment.id]);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: false, paymentsUnmatched: [payment.id] });
      await server.db.query('UPDATE merchant_payments SET amount = amount - 1 WHERE id = $1', [payment.id]);
      const other = (await server.db.query<{ id: string }>('SELECT id::text FROM stores WHERE id <> $1 LIMIT 1', [payment.store_id])).rows[0]!.id;
      await server.db.query('UPDATE merchant_payments SET store_id = $2 WHERE id = $1', [payment.id, other]);
      expect((await checkInvariants(server.db)).paymentsUnmatched).toEqual([payment.id]);
      await server.db.query('UPDATE merchant_payments SET store_id = $2 WHERE id = $1', [payment.id, payment.store_id]);
      expect(await checkInvariants(server.db)).toMatchObject({ ok: true, paymentsUnmatched: [] });
    });

    it('refuses to delete what payments name', async () => {
      await expect(server.db.query('DELETE FROM stores')).rejects.toThrow(/kept for the payments/);
      await expect(server.db.query('DELETE FROM merchants')).rejects.toThrow(/kept for the payments/);
      await expect(server.db.query('DELETE FROM collection_codes')).rejects.toThrow(/kept for the payments/);
    });
  });
});
