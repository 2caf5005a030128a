/**
 * The merchant's daily payout and end-of-day report (issue 26, part 7; migration 039), on PGlite
 * and PostgreSQL: the owner's settings (a clerk, a member, another's card, a card whose bank needs a
 * branch refused); the job pays the largest withdrawal a manual one to that card could be, charged
 * exactly as a manual withdrawal, once a Luanda day, nothing when the settlement is empty or below
 * the bank's minimum, not before its time, not when off; a refused payout is given back as a
 * refused manual withdrawal is. The day report's figures equal the ledger's, per store and per
 * clerk; a clerk sees their own till only; the PDF is made of the same figures. On PostgreSQL: the
 * jobs of three gateways at once, and a job killed with SIGKILL mid-run then run again (twice at
 * once), pay each merchant once.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, createStore, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { hire, pay, person, type Person } from '../support/records.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { drainBankSettlement } from '../../server/jobs/bankSettlement.ts';
import { luandaClock, runDailyPayoutOnce } from '../../server/jobs/dailyPayout.ts';
import { largestWithdrawal } from '../../server/domains/withdrawal/handlers.ts';
import { DEFAULT_CHANNEL, serviceCharge } from '../../server/entities/bankChannels.ts';

const KZ = 100;
const QUERY = 'merchant/dailyPayout/query';
const SAVE = 'merchant/dailyPayout/save';
const REPORT = 'merchant/dayReport/query';
const channel = { ...DEFAULT_CHANNEL, bankCode: '0040', needsBranch: false };

describe.each(engines)('the daily payout and the day report on %s', (engine) => {
  let server: TestServer;
  let payer: Person;

  beforeAll(async () => {
    server = await startTestServer(engine);
    payer = await person(server, 'Paula Pagadora Demo');
    await fund(server.db, payer.id, 10_000_000n * BigInt(KZ));
  }, 180_000);
  afterAll(() => server?.close());

  const send = async (service: string, bizContent: object, token: string, options: { type?: string; language?: string } = {}): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token, type: options.type }, options.language ?? 'en') })).json();
  const okOf = async (service: string, bizContent: object, token: string) => {
    const answer = await send(service, bizContent, token);
    expect(answer.code, `${service}: ${answer.code} ${answer.subMsg ?? ''}`).toBe('S0001');
    return answer.bizContent;
  };
  const switchOn = (shop: MerchantSetup, time = '00:00') => okOf(SAVE, { enabled: true, time, cardId: shop.cardId }, shop.token);
  const balanceOf = async (shop: MerchantSetup) => (await settlementBalance(server.db, shop.memberId)).available;
  const payoutsOf = async (shop: MerchantSetup) =>
    (await server.db.query<{ state: string; reason: string | null; withdrawal_id: string | null; business_day: string }>(
      'SELECT state, reason, withdrawal_id::text, business_day::text FROM daily_payouts WHERE merchant_id = $1 ORDER BY id', [shop.merchantId])).rows;
  const withdrawalsOf = async (shop: MerchantSetup) =>
    (await server.db.query<{ id: string; withdraw_no: string; amount: string; charge: string; state: string; source: string; card_id: string }>(
      'SELECT id::text, withdraw_no, amount::text, charge::text, state, source, card_id::text FROM withdrawals WHERE member_id = $1 ORDER BY id', [shop.memberId])).rows;
  const invariantsHold = async () => expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  const today = () => luandaClock(new Date()).day;

  describe('the settings', () => {
    let shop: MerchantSetup;
    beforeAll(async () => {
      shop = await createMerchantDirect(server);
    }, 60_000);

    it('start off, at 18:00, to the settlement card; the owner switches them on with a time and card', async () => {
      const before = await okOf(QUERY, {}, shop.token);
      expect(before).toMatchObject({ enabled: false, time: '18:00', cardId: shop.cardId, recent: [], balance: 0, minimum: 100 * KZ });
      expect(before.cards.map((c: { cardId: string }) => c.cardId)).toEqual([shop.cardId]);
      const after = await okOf(SAVE, { enabled: true, time: '17:30', cardId: shop.cardId }, shop.token);
      expect(after).toMatchObject({ enabled: true, time: '17:30', cardId: shop.cardId });
      expect(await okOf(QUERY, {}, shop.token)).toMatchObject({ enabled: true, time: '17:30' });
      expect(await okOf(SAVE, { enabled: false, time: '17:30', cardId: shop.cardId }, shop.token)).toMatchObject({ enabled: false });
    });

    it('refuses a bad time, another member’s card, a card whose bank needs a branch; only the owner may see or change them', async () => {
      for (const time of ['24:00', '7:30', '12:60', '12:30:00']) expect((await send(SAVE, { enabled: true, time, cardId: shop.cardId }, shop.token)).code).toBe('AGW10003');
      const rival = await createMerchantDirect(server);
      expect((await send(SAVE, { enabled: true, time: '18:00', cardId: rival.cardId }, shop.token)).code).toBe('CRD10008');
      await server.db.query("UPDATE bank_channels SET needs_branch = true WHERE bank_code = '0040'");
      try {
        expect((await send(SAVE, { enabled: true, time: '18:00', cardId: shop.cardId }, shop.token)).code).toBe('PYO10001');
      } finally {
        await server.db.query("UPDATE bank_channels SET needs_branch = false WHERE bank_code = '0040'");
      }
      const clerk = await person(server, 'Carla Caixa Demo');
      await hire(server, shop, shop.storeId, clerk, { allRecords: true });
      const member = await person(server, 'Mário Membro Demo');
      for (const service of [QUERY, SAVE]) {
        const body = service === SAVE ? { enabled: true, time: '18:00', cardId: shop.cardId } : {};
        expect((await send(service, body, clerk.token)).code).toBe('STF10010');
        expect((await send(service, body, member.token)).code).toBe('MCH10003');
        expect((await send(service, body, await operatorOf(server), { type: 'SSO-AUTH' })).code).toBe('AGW10005');
      }
      expect((await okOf(QUERY, {}, rival.token)).enabled).toBe(false);
    });
  });

  describe('the job', () => {
    it('pays the largest withdrawal the settlement allows, charged exactly as the owner’s own withdrawal of it, once a day', async () => {
      const [shop, twin] = [await createMerchantDirect(server), await createMerchantDirect(server)];
      for (const m of [shop, twin]) {
        await pay(server, payer, m, m.storeId, 30_000 * KZ);
        await pay(server, payer, m, m.storeId, 4_321_99);
      }
      const funds = await balanceOf(shop);
      expect(await balanceOf(twin)).toBe(funds);
      await switchOn(shop);
      await runDailyPayoutOnce(server.db);
      const [payout] = await payoutsOf(shop);
      expect(payout).toMatchObject({ state: 'started', reason: null, business_day: today() });
      const [w] = await withdrawalsOf(shop);
      const amount = largestWithdrawal(channel, funds, funds);
      expect(w).toMatchObject({ id: payout!.withdrawal_id, amount: String(amount), charge: String(serviceCharge(channel, amount)), state: 'PENDING', source: 'settlement', card_id: shop.cardId });
      expect(await balanceOf(shop)).toBe(funds - amount - serviceCharge(channel, amount));
      // the same withdrawal by hand, by a merchant with the same settlement: the same charge, the same postings
      const payToken = await payTokenDirect(server.db, twin.memberId, { service: 'wallet/withdraw/applyWithdraw', amount: Number(amount), counterparty: twin.cardId });
      const manual = await okOf('wallet/withdraw/applyWithdraw', { cardId: twin.cardId, amount: Number(amount), charge: Number(serviceCharge(channel, amount)), payToken }, twin.token);
      expect(manual.charge).toBe(Number(w!.charge));
      expect(await drainBankSettlement(server.db, server.adapters.bank)).toBe(0);
      const postings = async (withdrawNo: string) =>
        (await server.db.query<{ kind: string; amount: string }>('SELECT kind, amount::text FROM ledger_transfers WHERE reference = $1 ORDER BY id', [withdrawNo])).rows;
      expect(await postings(w!.withdraw_no)).toEqual(await postings(manual.withdrawNo));
      expect((await postings(w!.withdraw_no)).map((p) => p.kind)).toEqual(['withdraw_hold', 'withdraw', 'withdraw_fee']);
      expect(await balanceOf(shop)).toBe(await balanceOf(twin));
      const settings = await okOf(QUERY, {}, shop.token);
      expect(settings.recent).toEqual([expect.objectContaining({ day: today(), status: 'paid', withdrawNo: w!.withdraw_no, amount: Number(amount), charge: Number(w!.charge), balance: Number(funds) })]);
      // later the same day, more money: no second payout
      await pay(server, payer, shop, shop.storeId, 10_000 * KZ);
      expect(await runDailyPayoutOnce(server.db)).toMatchObject({ started: 0 });
      expect(await withdrawalsOf(shop)).toHaveLength(1);
      // the next day it is due again
      const tomorrow = new Date(Date.now() + 86_400_000);
      await runDailyPayoutOnce(server.db, { at: tomorrow });
      expect((await payoutsOf(shop)).map((p) => p.business_day)).toEqual([today(), luandaClock(tomorrow).day]);
      expect(await drainBankSettlement(server.db, server.adapters.bank)).toBe(0);
      await invariantsHold();
    });

    it('pays nothing from an empty settlement or one below the bank’s minimum with its charge, before its time, or when off', async () => {
      const [empty, little, later, off] = [await createMerchantDirect(server), await createMerchantDirect(server), await createMerchantDirect(server), await createMerchantDirect(server)];
      // 149.99 Kz: the 100 Kz minimum and its 50 Kz charge do not fit
      await pay(server, payer, little, little.storeId, 150_75);
      expect(await balanceOf(little)).toBeLessThan(150n * BigInt(KZ));
      for (const m of [later, off]) await pay(server, payer, m, m.storeId, 1_000 * KZ);
      await switchOn(empty);
      await switchOn(little);
      await switchOn(later, '23:59');
      await okOf(SAVE, { enabled: false, time: '00:00', cardId: off.cardId }, off.token);
      const noon = new Date(`${today()}T11:00:00Z`); // 12:00 in Luanda
      await runDailyPayoutOnce(server.db, { at: noon });
      expect(await payoutsOf(empty)).toEqual([expect.objectContaining({ state: 'skipped', reason: 'empty', withdrawal_id: null })]);
      expect(await payoutsOf(little)).toEqual([expect.objectContaining({ state: 'skipped', reason: 'belowMinimum', withdrawal_id: null })]);
      for (const m of [empty, little, later, off]) expect(await withdrawalsOf(m)).toEqual([]);
      expect(await payoutsOf(later)).toEqual([]);
      expect(await payoutsOf(off)).toEqual([]);
      expect((await okOf(QUERY, {}, little.token)).recent).toEqual([expect.objectContaining({ status: 'skipped', reason: 'belowMinimum', amount: 0, charge: 0 })]);
      // 23:59 in Luanda: the later one is due now
      await runDailyPayoutOnce(server.db, { at: new Date(`${today()}T22:59:30Z`) });
      expect(await payoutsOf(later)).toEqual([expect.objectContaining({ state: 'started' })]);
      expect(await payoutsOf(off)).toEqual([]);
      expect(await drainBankSettlement(server.db, server.adapters.bank)).toBe(0);
      await invariantsHold();
    });

    it('a payout the bank refuses goes back to the settlement, as a refused manual withdrawal does, and is not tried again that day', async () => {
      const shop = await createMerchantDirect(server);
      await pay(server, payer, shop, shop.storeId, 8_000 * KZ);
      const before = await balanceOf(shop);
      await switchOn(shop);
      await server.db.query('UPDATE bank_sim_cards SET force_failure = true WHERE token = (SELECT card_token FROM bank_cards WHERE id = $1)', [shop.cardId]);
      try {
        await runDailyPayoutOnce(server.db);
        expect(await balanceOf(shop)).toBeLessThan(before);
        expect(await drainBankSettlement(server.db, server.adapters.bank)).toBe(0);
      } finally {
        await server.db.query('UPDATE bank_sim_cards SET force_failure = false WHERE token = (SELECT card_token FROM bank_cards WHERE id = $1)', [shop.cardId]);
      }
      const [w] = await withdrawalsOf(shop);
      expect(w!.state).toBe('FAILED');
      expect(await balanceOf(shop)).toBe(before);
      expect((await server.db.query<{ kind: string }>('SELECT kind FROM ledger_transfers WHERE reference = $1 ORDER BY id', [w!.withdraw_no])).rows.map((r) => r.kind)).toEqual(['withdraw_hold', 'withdraw_release']);
      expect((await okOf(QUERY, {}, shop.token)).recent[0]).toMatchObject({ status: 'failed', withdrawNo: w!.withdraw_no });
      await runDailyPayoutOnce(server.db);
      expect(await withdrawalsOf(shop)).toHaveLength(1);
      await invariantsHold();
    });

    it('a card removed since it was chosen: the day is skipped with its code, nothing held', async () => {
      const shop = await createMerchantDirect(server);
      await pay(server, payer, shop, shop.storeId, 2_000 * KZ);
      await switchOn(shop);
      await server.db.query('UPDATE bank_cards SET removed_at = now() WHERE id = $1', [shop.cardId]);
      await runDailyPayoutOnce(server.db);
      expect(await payoutsOf(shop)).toEqual([expect.objectContaining({ state: 'skipped', reason: 'CRD10008' })]);
      expect(await withdrawalsOf(shop)).toEqual([]);
      // still on as saved, with no card to pay to until the owner picks one: the screen says so, the day says why
      expect(await okOf(QUERY, {}, shop.token)).toMatchObject({ enabled: true, cardId: null, cards: [], recent: [expect.objectContaining({ status: 'skipped', reason: 'CRD10008' })] });
      await invariantsHold();
    });
  });

  describe('the day report', () => {
    let shop: MerchantSetup;
    let second: string;
    let ana: Person;
    let bruno: Person;
    beforeAll(async () => {
      shop = await createMerchantDirect(server);
      second = (await createStore(server, shop.token, shop.merchantId, { name: 'Loja do Porto' })).store.storeId;
      [ana, bruno] = [await person(server, 'Ana Caixa Demo'), await person(server, 'Bruno Caixa Demo')];
      await hire(server, shop, shop.storeId, ana, { allRecords: true });
      await hire(server, shop, second, bruno);
      await pay(server, payer, shop, shop.storeId, 1_500 * KZ); // the store's code, no clerk
      const a1 = await pay(server, payer, shop, shop.storeId, 12_345_67, { cashier: ana });
      await pay(server, payer, shop, shop.storeId, 800 * KZ, { cashier: ana });
      await pay(server, payer, shop, second, 25_000 * KZ, { cashier: bruno });
      // a refund of one of Ana's, by the owner
      const refund = 2_000 * KZ;
      const payToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: refund, counterparty: a1.paymentId });
      await okOf('merchant/refund/apply', { recordId: a1.paymentId, amount: refund, payToken }, shop.token);
    }, 120_000);

    /** The ledger's own view of the day: what reached the settlement, what left for fee income, what was refunded and what fee income gave back. */
    const ledgerDay = async () => {
      const { rows } = await server.db.query<{ paid: string; n: string; charged: string; refunded: string; returned: string; refunds: string }>(
        `SELECT coalesce(sum(t.amount) FILTER (WHERE t.kind = 'merchant_pay'), 0)::text AS paid, count(*) FILTER (WHERE t.kind = 'merchant_pay')::text AS n,
                coalesce(sum(t.amount) FILTER (WHERE t.kind = 'merchant_charge'), 0)::text AS charged,
                coalesce(sum(t.amount) FILTER (WHERE t.kind = 'merchant_refund'), 0)::text AS refunded, count(*) FILTER (WHERE t.kind = 'merchant_refund')::text AS refunds,
                coalesce(sum(t.amount) FILTER (WHERE t.kind = 'refund_charge'), 0)::text AS returned
           FROM ledger_transfers t JOIN ledger_accounts s ON s.id IN (t.credit_account_id, t.debit_account_id)
          WHERE s.member_id = $1 AND s.kind = 'settlement' AND t.kind IN ('merchant_pay', 'merchant_charge', 'merchant_refund', 'refund_charge')
            AND t.created_at >= ($2::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC' AND t.created_at < ($2::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC'`,
        [shop.memberId, today()],
      );
      return rows[0]!;
    };

    it('adds up to the ledger: payments, refunds, charges and net, in total, per store and per clerk', async () => {
      const report = await okOf(REPORT, { day: today() }, shop.token);
      const ledger = await ledgerDay();
      expect(report.role).toBe('owner');
      expect(report.totals).toEqual({
        payments: { count: Number(ledger.n), sum: Number(ledger.paid) },
        refunds: { count: Number(ledger.refunds), sum: Number(ledger.refunded) },
        charges: Number(ledger.charged) - Number(ledger.returned),
        net: Number(ledger.paid) - Number(ledger.refunded) - (Number(ledger.charged) - Number(ledger.returned)),
      });
      expect(report.totals.net).toBe(Number(await balanceOf(shop)));
      expect(report.totals.payments).toEqual({ count: 4, sum: 1_500 * KZ + 12_345_67 + 800 * KZ + 25_000 * KZ });
      // every figure of the lines adds up to the total
      for (const lines of [report.byStore, report.byClerk]) {
        const sum = (pick: (l: any) => number) => lines.reduce((s: number, l: any) => s + pick(l), 0);
        expect(sum((l) => l.payments.sum)).toBe(report.totals.payments.sum);
        expect(sum((l) => l.refunds.sum)).toBe(report.totals.refunds.sum);
        expect(sum((l) => l.charges)).toBe(report.totals.charges);
        expect(sum((l) => l.net)).toBe(report.totals.net);
      }
      // per store and per clerk, from the payments' own rows
      const payments = (await server.db.query<{ store_id: string; cashier_id: string | null; amount: string; charge: string }>(
        'SELECT store_id::text, cashier_id::text, amount::text, charge::text FROM merchant_payments WHERE merchant_id = $1', [shop.merchantId])).rows;
      const storeSum = (storeId: string) => payments.filter((p) => p.store_id === storeId).reduce((s, p) => s + Number(p.amount), 0);
      expect(report.byStore.map((s: any) => [s.storeId, s.name, s.payments.sum])).toEqual([[shop.storeId, 'Loja Central', storeSum(shop.storeId)], [second, 'Loja do Porto', storeSum(second)]]);
      const anaLine = report.byClerk.find((c: any) => c.clerkId === ana.id);
      const anaPays = payments.filter((p) => p.cashier_id === ana.id);
      expect(anaLine).toMatchObject({ name: 'Ana Caixa Demo', storeId: shop.storeId, payments: { count: 2, sum: anaPays.reduce((s, p) => s + Number(p.amount), 0) }, refunds: { count: 1, sum: 2_000 * KZ } });
      const refundRow = (await server.db.query<{ charge_returned: string }>('SELECT charge_returned::text FROM merchant_refunds WHERE merchant_id = $1', [shop.merchantId])).rows[0]!;
      expect(anaLine.charges).toBe(anaPays.reduce((s, p) => s + Number(p.charge), 0) - Number(refundRow.charge_returned));
      expect(report.byClerk.find((c: any) => c.clerkId === 'none')).toMatchObject({ name: '', payments: { count: 1, sum: 1_500 * KZ }, refunds: { count: 0, sum: 0 } });
      const oneStore = await okOf(REPORT, { day: today(), storeId: second }, shop.token);
      expect(oneStore.totals.payments).toEqual({ count: 1, sum: 25_000 * KZ });
      expect(oneStore.byClerk.map((c: any) => c.clerkId)).toEqual([bruno.id]);
    });

    it('a clerk sees their own till only, whatever their permission; nobody sees another merchant’s', async () => {
      const own = await okOf(REPORT, { day: today() }, ana.token);
      expect(own.role).toBe('clerk');
      expect(own.tillOf).toBe('Ana Caixa Demo');
      expect((await okOf(REPORT, { day: today() }, shop.token)).tillOf).toBeNull();
      expect(own.storeId).toBe(shop.storeId);
      expect(own.stores).toEqual([{ storeId: shop.storeId, name: 'Loja Central' }]);
      expect(own.byClerk.map((c: any) => c.clerkId)).toEqual([ana.id]);
      expect(own.totals.payments.count).toBe(2);
      expect(own.totals.refunds.sum).toBe(2_000 * KZ);
      const owner = await okOf(REPORT, { day: today() }, shop.token);
      expect(own.byClerk[0]).toEqual(owner.byClerk.find((c: any) => c.clerkId === ana.id));
      expect((await okOf(REPORT, { day: today() }, bruno.token)).totals.payments).toEqual({ count: 1, sum: 25_000 * KZ });
      expect((await send(REPORT, { day: today(), storeId: second }, ana.token)).code).toBe('MCH10004');
      const rival = await createMerchantDirect(server);
      expect((await send(REPORT, { day: today(), storeId: shop.storeId }, rival.token)).code).toBe('MCH10004');
      expect((await okOf(REPORT, { day: today() }, rival.token)).totals.payments.count).toBe(0);
      expect((await send(REPORT, { day: today() }, (await person(server, 'Ninguém Demo')).token)).code).toBe('MCH10003');
      const gone = await person(server, 'Gil Saiu Demo');
      await hire(server, shop, shop.storeId, gone, { removed: true });
      expect((await send(REPORT, { day: today() }, gone.token)).code).toBe('STF10009');
    });

    it('refuses a day that does not exist or has not begun', async () => {
      const tomorrow = luandaClock(new Date(Date.now() + 86_400_000)).day;
      for (const day of ['2026-02-30', tomorrow, '26-01-01']) expect((await send(REPORT, { day }, shop.token)).code).toBe('AGW10003');
      expect((await okOf(REPORT, { day: '2026-01-01' }, shop.token)).totals).toEqual({ payments: { count: 0, sum: 0 }, refunds: { count: 0, sum: 0 }, charges: 0, net: 0 });
    });

    it('downloads the same report as a PDF, in the member’s language, to the owner and to a clerk for their till only', async () => {
      const get = (token: string, query: string) => server.app.inject({ method: 'GET', url: `/merchant/dayReport.pdf?${query}`, headers: token ? { 'login-token': token } : {} });
      for (const [who, language] of [[shop, 'pt'], [shop, 'zh'], [ana, 'en'], [ana, 'fr']] as const) {
        const answer = await get(who.token, `day=${today()}&language=${language}`);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe('application/pdf');
        expect(answer.headers['content-disposition']).toContain(`kwanza-wallet-day-${today()}`);
        expect(answer.headers['cache-control']).toBe('private, no-store');
        expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const pdf = await PDFDocument.load(answer.rawPayload);
        expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
        expect(pdf.getTitle()).toContain(today());
      }
      expect((await get('', `day=${today()}`)).statusCode).toBe(401);
      expect((await get(ana.token, `day=${today()}&storeId=${second}`)).json().code).toBe('MCH10004');
      expect((await get(shop.token, 'day=2026-02-30')).json().code).toBe('AGW10003');
    });
  });

  describe.runIf(engine === 'postgres')('once a day whatever happens (PostgreSQL)', () => {
    const due = async (count: number) => {
      const shops: MerchantSetup[] = [];
      for (let i = 0; i < count; i++) {
        const shop = await createMerchantDirect(server);
        await pay(server, payer, shop, shop.storeId, (1_000 + i) * KZ);
        await switchOn(shop);
        shops.push(shop);
      }
      return shops;
    };
    const exactlyOnce = async (shops: MerchantSetup[]) => {
      for (const shop of shops) {
        const payouts = await payoutsOf(shop);
        expect(payouts).toHaveLength(1);
        expect(payouts[0]!.state).toBe('started');
        const withdrawals = await withdrawalsOf(shop);
        expect(withdrawals.map((w) => w.id)).toEqual([payouts[0]!.withdrawal_id]);
        const funds = BigInt((1_000 + shops.indexOf(shop)) * KZ) - chargeOfPayment(shop);
        const amount = largestWithdrawal(channel, funds, funds);
        expect(withdrawals[0]!.amount).toBe(String(amount));
      }
    };
    /** The merchant's service charge on its one payment (the settlement got the rest). */
    const charges = new Map<string, bigint>();
    const chargeOfPayment = (shop: MerchantSetup) => charges.get(shop.merchantId) ?? 0n;
    const learnCharges = async (shops: MerchantSetup[]) => {
      for (const shop of shops) {
        const { rows } = await server.db.query<{ charge: string }>('SELECT charge::text FROM merchant_payments WHERE merchant_id = $1', [shop.merchantId]);
        charges.set(shop.merchantId, BigInt(rows[0]!.charge));
      }
    };

    it('three gateways’ jobs at once pay each merchant once', async () => {
      const shops = await due(12);
      await learnCharges(shops);
      const ticks = await Promise.all([runDailyPayoutOnce(server.db), runDailyPayoutOnce(server.db), runDailyPayoutOnce(server.db)]);
      expect(ticks.reduce((s, t) => s + t.started, 0)).toBe(12);
      await exactlyOnce(shops);
      expect(await drainBankSettlement(server.db, server.adapters.bank)).toBe(0);
      await invariantsHold();
    }, 180_000);

    it('a job killed with SIGKILL mid-run, then run again (twice at once), pays each merchant once', async () => {
      const shops = await due(12);
      await learnCharges(shops);
      const started = async () => (await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM daily_payouts WHERE merchant_id = ANY($1::bigint[])', [shops.map((s) => s.merchantId)])).rows[0]!.n;
      const { rows: [{ d: database }] } = await server.db.query<{ d: string }>('SELECT current_database() AS d') as { rows: [{ d: string }] };
      const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
      databaseUrl.pathname = `/${database}`;
      const job = spawn(process.execPath, ['--import', 'tsx', 'tests/support/dailyPayoutProcess.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl.toString(), PAUSE_MS: '150' }, stdio: 'ignore' });
      for (let i = 0; i < 1200 && (await started()) < 3; i++) await new Promise((r) => setTimeout(r, 25));
      job.kill('SIGKILL');
      await new Promise((r) => job.once('exit', r));
      const atKill = await started();
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(12);
      const [a, b] = await Promise.all([runDailyPayoutOnce(server.db), runDailyPayoutOnce(server.db)]);
      expect(a.started + b.started).toBe(12 - atKill);
      await exactlyOnce(shops);
      // nothing half-written by the killed transaction: no hold without its withdrawal, no claim without its payout
      const { rows: [orphans] } = await server.db.query<{ holds: number; claims: number }>(
        `SELECT (SELECT count(*) FROM ledger_transfers t WHERE t.kind = 'withdraw_hold' AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.withdraw_no = t.reference))::int AS holds,
                (SELECT count(*) FROM idempotent_requests r WHERE r.service = 'job/dailyPayout' AND r.answer IS NULL)::int AS claims`,
      ) as { rows: [{ holds: number; claims: number }] };
      expect(orphans).toEqual({ holds: 0, claims: 0 });
      expect(await drainBankSettlement(server.db, server.adapters.bank)).toBe(0);
      await invariantsHold();
    }, 180_000);
  });
});
