/**
 * The income analysis (merchant/analysis/query) and the live payment alerts (merchant/alerts/wait),
 * on PGlite and PostgreSQL: totals equal to the ledger's movements, Luanda-day and -hour buckets,
 * who may ask (owner only for the analysis; owner and clerks of the store for the alerts), and
 * long polling that wakes on a payment and resumes from its cursor without a miss or a repeat.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { createLoadMembers, payTokenDirect, type LoadMember } from '../support/money.ts';
import { createMerchantDirect, createStore, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { settlementBalance } from '../../server/ledger/settlement.ts';
import { shortcutRange } from '../../server/ledger/fundLines.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import { BACKGROUND_HEADER } from '../../services/contract/transport.ts';
import { postPayment } from '../support/records.ts';

const ANALYSIS = 'merchant/analysis/query';
const WAIT = 'merchant/alerts/wait';
// long enough that a payment made while a wait is held, on a busy machine, still wakes it before it ends
process.env.KW_ALERT_WAIT_MS = '3000';

describe('the alerts cursor', () => {
  it('writes the time and the delivered ids compactly and reads them back; anything else is not a cursor', async () => {
    const { decodeCursor, encodeCursor } = await import('../../server/domains/paymentAlerts/cursor.ts');
    const cursor = { since: 1_773_480_300_123, seen: [9_007_199_254_740_993n, 41n, 1_000_000n, 42n] };
    const text = encodeCursor(cursor);
    expect(text).toBe(`v1.${(1_773_480_300_123).toString(36)}.15.1.${(1_000_000 - 42).toString(36)}.${(9_007_199_254_740_993n - 1_000_000n).toString(36)}`);
    expect(decodeCursor(text)).toEqual({ since: cursor.since, seen: [41n, 42n, 1_000_000n, 9_007_199_254_740_993n] });
    expect(decodeCursor(encodeCursor({ since: 5, seen: [] }))).toEqual({ since: 5, seen: [] });
    for (const bad of ['', 'v1', 'v2.abc', 'v1.ABC', 'v1.1.-2', 'v1.1..2', 'v1.1.zzzzzzzzzzzzz', 'v1.1.1y2p0ij32e8e7.1']) expect(decodeCursor(bad)).toBeNull();
  });
});

describe.each(engines)('income analysis and payment alerts on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let second: { storeId: string; serial: string };
  let payers: LoadMember[];
  let clerk: LoadMember; // at shop's first store, own collections only
  let allClerk: LoadMember; // at shop's second store, all records
  let rivalClerk: LoadMember; // at the rival's store
  let removed: LoadMember;
  let member: LoadMember;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server);
    rival = await createMerchantDirect(server);
    const created = await createStore(server, shop.token, shop.merchantId, { name: 'Loja do Porto' });
    second = { storeId: created.store.storeId, serial: created.serial };
    const people = await createLoadMembers(server.db, 10, 10_000_000n);
    [clerk, allClerk, rivalClerk, removed, member] = people.slice(0, 5) as [LoadMember, LoadMember, LoadMember, LoadMember, LoadMember];
    payers = people.slice(5);
    const hire = async (who: LoadMember, merchant: MerchantSetup, storeId: string, allRecords: boolean, status = 'normal') =>
      server.db.query(
        `INSERT INTO staff (merchant_id, store_id, member_id, all_records, contact_channel, status, removed_at)
         VALUES ($1, $2, $3, $4, 'mobile', $5, CASE WHEN $5 = 'deleted' THEN now() END)`,
        [merchant.merchantId, storeId, who.id, allRecords, status],
      );
    await hire(clerk, shop, shop.storeId, false);
    await hire(allClerk, shop, second.storeId, true);
    await hire(rivalClerk, rival, rival.storeId, true);
    await hire(removed, shop, shop.storeId, true, 'deleted');
  }, 180_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token: string, type?: string, headers: Record<string, string> = {}): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token, type }, 'en'), headers })).json();
  /** A payer scans a store's code and pays through the gateway (scan_to_pay: the registry pokes the alerts). */
  const scanPay = async (payer: LoadMember, serial: string, amount: number) => {
    const payToken = await payTokenDirect(server.db, payer.id, { service: 'pay/merchant/pay', amount, counterparty: serial });
    const answer = await send('pay/merchant/pay', { serial, amount, payToken }, payer.token);
    expect(answer.code).toBe('S0001');
    return answer.bizContent;
  };
  /** A payment collected by a member at the till, through merchant_pay in its own transaction (no gateway: as another process would). */
  const tillPay = async (payer: LoadMember, merchant: MerchantSetup, storeId: string, cashier: string, amount: number) =>
    server.db.transaction((tx) => postPayment(tx, {
      payer: payer.id, owner: merchant.merchantId, store: storeId, serial: null, binding: null, method: 'paymentCode',
      cashier, amount: BigInt(amount), requestNo: `till:${crypto.randomUUID()}`,
    }));
  const today = () => shortcutRange('7').from;

  describe('the analysis', () => {
    it('adds up to the ledger: collected, charges and refunds equal the settlement and fee-income movements of the range', async () => {
      await scanPay(payers[0]!, shop.storeSerial, 150_000);
      await scanPay(payers[1]!, second.serial, 2_500_050);
      await tillPay(payers[2]!, shop, shop.storeId, clerk.id, 99_999);
      await scanPay(payers[0]!, rival.storeSerial, 70_000); // another merchant's: not counted
      const answer = await send(ANALYSIS, { shortcut: '7' }, shop.token);
      expect(answer.code).toBe('S0001');
      const a = answer.bizContent;
      // the ledger's own view of the same day: what reached the shards and what went on to fee income
      const { rows } = await server.db.query<{ credited: string; charged: string; n: string }>(
        `SELECT coalesce(sum(t.amount) FILTER (WHERE t.kind = 'merchant_pay'), 0)::text AS credited,
                coalesce(sum(t.amount) FILTER (WHERE t.kind = 'merchant_charge'), 0)::text AS charged,
                count(*) FILTER (WHERE t.kind = 'merchant_pay')::text AS n
           FROM ledger_transfers t JOIN ledger_accounts s ON s.id = CASE WHEN t.kind = 'merchant_pay' THEN t.credit_account_id ELSE t.debit_account_id END
          WHERE s.member_id = $1 AND s.kind = 'settlement' AND t.kind IN ('merchant_pay', 'merchant_charge')
            AND t.created_at >= ($2::date::timestamp - interval '1 hour') AT TIME ZONE 'UTC'
            AND t.created_at < ($2::date::timestamp + interval '23 hours') AT TIME ZONE 'UTC'`,
        [shop.memberId, today()],
      );
      const ledger = rows[0]!;
      expect(a.totals.collected).toBe(Number(ledger.credited));
      expect(a.totals.charges).toBe(Number(ledger.charged));
      expect(a.totals.count).toBe(Number(ledger.n));
      expect(a.totals).toMatchObject({ collected: 150_000 + 2_500_050 + 99_999, count: 3, refunds: 0 });
      expect(a.totals.averageTicket).toBe(Math.round((150_000 + 2_500_050 + 99_999) / 3));
      expect(a.totals.net).toBe(a.totals.collected - a.totals.charges);
      const balance = await settlementBalance(server.db, shop.memberId);
      expect(a.balances).toEqual({ available: Number(balance.available), frozen: Number(balance.frozen) });
      expect(a.balances.available).toBe(a.totals.net); // nothing else ever moved this settlement
      expect(a.granularity).toBe('hour');
      expect(a.series).toHaveLength(24);
      expect(a.series.reduce((sum: number, b: { collected: number }) => sum + b.collected, 0)).toBe(a.totals.collected);
      expect(a.series.reduce((sum: number, b: { net: number }) => sum + b.net, 0)).toBe(a.totals.net);
      expect(a.byStore.map((s: { id: string; collected: number }) => [s.id, s.collected])).toEqual([[second.storeId, 2_500_050], [shop.storeId, 249_999]]);
      expect(a.byStore.find((s: { id: string }) => s.id === shop.storeId).name).toBe('Loja Central');
      expect(a.byClerk).toEqual(expect.arrayContaining([
        { id: clerk.id, name: expect.stringContaining('Membro Carga'), collected: 99_999, count: 1 },
        { id: 'none', name: '', collected: 2_650_050, count: 2 },
      ]));
      const oneStore = (await send(ANALYSIS, { shortcut: '7', storeId: second.storeId }, shop.token)).bizContent;
      expect(oneStore.totals).toMatchObject({ collected: 2_500_050, count: 1 });
    });

    it('lists the settlement’s movements as a fund detail: payments in, charges out, the total after each, chained', async () => {
      const answer = await send('merchant/analysis/fundDetails', { shortcut: '7', pageSize: 4 }, shop.token);
      expect(answer.code).toBe('S0001');
      const first = answer.bizContent;
      const rest = (await send('merchant/analysis/fundDetails', { shortcut: '7', pageSize: 50, cursor: first.nextCursor }, shop.token)).bizContent;
      const lines = [...first.items, ...rest.items];
      const payments = (await server.db.query<{ amount: string; charge: string }>('SELECT amount::text, charge::text FROM merchant_payments WHERE merchant_id = $1', [shop.merchantId])).rows;
      expect(lines.filter((l: { kind: string }) => l.kind === 'merchant_pay').map((l: { amount: number }) => l.amount).sort()).toEqual(payments.map((p) => Number(p.amount)).sort());
      expect(lines.filter((l: { kind: string }) => l.kind === 'merchant_charge').every((l: { direction: string }) => l.direction === 'expenditure')).toBe(true);
      expect(lines[0].balanceAfter).toBe(Number((await settlementBalance(server.db, shop.memberId)).available));
      for (let i = 0; i + 1 < lines.length; i++) expect(lines[i].balanceBefore).toBe(lines[i + 1].balanceAfter);
      expect(lines.at(-1).balanceBefore).toBe(0);
      expect((await send('merchant/analysis/fundDetails', { shortcut: '7' }, allClerk.token)).code).toBe('STF10010');
      expect((await send('merchant/analysis/fundDetails', { shortcut: '7' }, member.token)).code).toBe('MCH10003');
    });

    it('counts refunds at their own time, with the charge they gave back, in the net', async () => {
      const [payment] = (await server.db.query<{ id: string; store_id: string }>(
        'SELECT id::text, store_id::text FROM merchant_payments WHERE merchant_id = $1 ORDER BY id LIMIT 1', [shop.merchantId],
      )).rows;
      await server.db.query(
        `INSERT INTO merchant_refunds (payment_id, merchant_id, store_id, amount, charge_returned, refunded_by, request_no)
         VALUES ($1, $2, $3, 50000, 250, $4, $5)`,
        [payment!.id, shop.merchantId, payment!.store_id, shop.memberId, crypto.randomUUID()],
      );
      const a = (await send(ANALYSIS, { shortcut: '7' }, shop.token)).bizContent;
      expect(a.totals.refunds).toBe(50_000);
      expect(a.totals.chargesReturned).toBe(250);
      expect(a.totals.net).toBe(a.totals.collected - a.totals.charges - 50_000 + 250);
      expect(a.series.reduce((sum: number, b: { net: number }) => sum + b.net, 0)).toBe(a.totals.net);
      await server.db.query('DELETE FROM merchant_refunds WHERE merchant_id = $1', [shop.merchantId]);
    });

    it('buckets by Luanda day and hour: 23:30 UTC is the next Luanda day at 00h', async () => {
      const other = await createMerchantDirect(server);
      const at = async (iso: string, amount: number) => {
        const paid = await tillPay(payers[3]!, other, other.storeId, other.memberId, amount);
        await server.db.query('UPDATE merchant_payments SET created_at = $2 WHERE id = $1', [paid.paymentId, iso]);
      };
      await at('2026-03-09T22:59:59.999Z', 100); // Luanda 2026-03-09 23:59:59
      await at('2026-03-09T23:00:00.000Z', 200); // Luanda 2026-03-10 00:00
      await at('2026-03-09T23:30:00.000Z', 400); // Luanda 2026-03-10 00:30
      await at('2026-03-10T13:15:00.000Z', 800); // Luanda 14:15
      await at('2026-03-10T23:00:00.000Z', 1_600); // Luanda 2026-03-11 00:00
      const days = (await send(ANALYSIS, { from: '2026-03-09', to: '2026-03-11' }, other.token)).bizContent;
      expect(days.granularity).toBe('day');
      expect(days.series.map((b: { key: string; collected: number; count: number }) => [b.key, b.collected, b.count])).toEqual([
        ['2026-03-09', 100, 1], ['2026-03-10', 1_400, 3], ['2026-03-11', 1_600, 1],
      ]);
      const hours = (await send(ANALYSIS, { from: '2026-03-10', to: '2026-03-10' }, other.token)).bizContent;
      expect(hours.series).toHaveLength(24);
      expect(hours.series.filter((b: { count: number }) => b.count > 0).map((b: { key: string; collected: number }) => [b.key, b.collected])).toEqual([['00', 600], ['14', 800]]);
      expect(hours.totals).toMatchObject({ collected: 1_400, count: 3 });
      const empty = (await send(ANALYSIS, { from: '2026-01-01', to: '2026-01-03' }, other.token)).bizContent;
      expect(empty.totals).toMatchObject({ collected: 0, count: 0, averageTicket: 0, net: 0 });
      expect(empty.series.map((b: { collected: number }) => b.collected)).toEqual([0, 0, 0]);
      expect(empty.byStore).toEqual([]);
    });

    it('refuses a bad range: reversed, half given, not a day, over a year', async () => {
      for (const range of [{ from: '2026-03-10', to: '2026-03-09' }, { from: '2026-03-10' }, { from: '2026-02-30', to: '2026-03-01' }, { from: '2024-01-01', to: '2025-06-01' }]) {
        expect((await send(ANALYSIS, range, shop.token)).code).toBe('AGW10003');
      }
    });

    it('is the owner’s only: a clerk STF10010, a removed clerk STF10009, a member MCH10003, an operator AGW10005, another’s store MCH10004', async () => {
      expect((await send(ANALYSIS, { shortcut: '7' }, clerk.token)).code).toBe('STF10010');
      expect((await send(ANALYSIS, { shortcut: '7' }, allClerk.token)).code).toBe('STF10010');
      expect((await send(ANALYSIS, { shortcut: '7' }, rivalClerk.token)).code).toBe('STF10010');
      expect((await send(ANALYSIS, { shortcut: '7' }, removed.token)).code).toBe('STF10009');
      expect((await send(ANALYSIS, { shortcut: '7' }, member.token)).code).toBe('MCH10003');
      expect((await send(ANALYSIS, { shortcut: '7' }, await operatorOf(server), 'SSO-AUTH')).code).toBe('AGW10005');
      const leak = await send(ANALYSIS, { shortcut: '7', storeId: rival.storeId }, shop.token);
      expect(leak.code).toBe('MCH10004');
      expect(leak.bizContent ?? null).toBeNull();
    });
  });

  describe('the alerts', () => {
    const start = async (token: string) => {
      const answer = await send(WAIT, {}, token);
      expect(answer.code).toBe('S0001');
      expect(answer.bizContent.payments).toEqual([]);
      return answer.bizContent.cursor as string;
    };

    it('answers a waiting call with the payment made meanwhile, then resumes from the cursor without a miss or a repeat', async () => {
      const cursor = await start(shop.token);
      const began = Date.now();
      const waiting = send(WAIT, { after: cursor }, shop.token);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const paid = await scanPay(payers[0]!, shop.storeSerial, 12_300);
      const answer = await waiting;
      expect(answer.code).toBe('S0001');
      expect(Date.now() - began).toBeLessThan(2_900); // woken, not timed out (KW_ALERT_WAIT_MS = 3000)
      expect(answer.bizContent.payments).toEqual([{ paymentId: expect.any(String), storeId: shop.storeId, storeName: 'Loja Central', amount: 12_300, at: expect.any(String) }]);
      expect(JSON.stringify(answer.bizContent)).not.toContain(payers[0]!.mobile);
      void paid;
      // two payments while nobody listens (the answer above lost, say): the same cursor gets them all, the next cursor none again
      await scanPay(payers[1]!, second.serial, 1_000);
      await tillPay(payers[2]!, shop, shop.storeId, clerk.id, 2_000);
      const replay = (await send(WAIT, { after: cursor }, shop.token)).bizContent;
      expect(replay.payments.map((p: { amount: number }) => p.amount)).toEqual([12_300, 1_000, 2_000]);
      const next = (await send(WAIT, { after: answer.bizContent.cursor }, shop.token)).bizContent;
      expect(next.payments.map((p: { amount: number }) => p.amount)).toEqual([1_000, 2_000]);
      const quiet = Date.now();
      const after = (await send(WAIT, { after: next.cursor }, shop.token)).bizContent;
      expect(after.payments).toEqual([]);
      expect(Date.now() - quiet).toBeGreaterThanOrEqual(2_900); // held until the wait ends, then empty
    });

    it('brings a resumed or made-up cursor up to date only ten minutes back, and never past the clock', async () => {
      const old = await scanPay(payers[1]!, shop.storeSerial, 4_321);
      await server.db.query("UPDATE merchant_payments SET created_at = now() - interval '15 minutes' WHERE id = $1", [old.paymentId]);
      const fromTheStart = await send(WAIT, { after: 'v1.0' }, shop.token);
      expect(fromTheStart.code).toBe('S0001');
      expect(fromTheStart.bizContent.payments.map((p: { paymentId: string }) => p.paymentId)).not.toContain(old.paymentId);
      const farAhead = await send(WAIT, { after: 'v1.zzzzzzzzzzzz' }, shop.token);
      expect(farAhead.code).toBe('S0001');
      const recent = await scanPay(payers[2]!, shop.storeSerial, 1_234);
      const caught = (await send(WAIT, { after: farAhead.bizContent.cursor }, shop.token)).bizContent;
      expect(caught.payments.map((p: { paymentId: string }) => p.paymentId)).toContain(recent.paymentId);
    });

    it('wakes on a payment another process committed (no gateway call here: the tail finds it)', async () => {
      const cursor = await start(shop.token);
      const waiting = send(WAIT, { after: cursor }, shop.token);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tillPay(payers[2]!, shop, second.storeId, allClerk.id, 4_400);
      const answer = (await waiting).bizContent;
      expect(answer.payments.map((p: { amount: number }) => p.amount)).toEqual([4_400]);
    });

    it('finds a payment that committed after a later one (ids out of commit order)', async () => {
      const cursor = await start(shop.token);
      // a payment is taken with an id but committed after the next one has been delivered
      const late = await tillPay(payers[3]!, shop, shop.storeId, clerk.id, 7_000);
      const early = await tillPay(payers[3]!, shop, shop.storeId, clerk.id, 8_000);
      // seen: only the later id, as if the earlier had not committed yet when the cursor was made
      const first = (await send(WAIT, { after: cursor }, shop.token)).bizContent;
      expect(first.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual([late.paymentId, early.paymentId]);
      const { decodeCursor, encodeCursor } = await import('../../server/domains/paymentAlerts/cursor.ts');
      const decoded = decodeCursor(first.cursor)!;
      const withoutLate = encodeCursor({ since: decoded.since, seen: decoded.seen.filter((id) => id !== BigInt(late.paymentId)) });
      const again = (await send(WAIT, { after: withoutLate }, shop.token)).bizContent;
      expect(again.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual([late.paymentId]);
    });

    it('tells a clerk of their store only: own collections, or all of the store with the permission; never another store', async () => {
      const own = await start(clerk.token);
      const all = await start(allClerk.token);
      const rivalOne = await start(rivalClerk.token);
      await tillPay(payers[0]!, shop, shop.storeId, clerk.id, 1_100); // clerk's own
      await scanPay(payers[1]!, shop.storeSerial, 1_200); // clerk's store, not collected by them
      await scanPay(payers[1]!, second.serial, 1_300); // allClerk's store
      await tillPay(payers[0]!, shop, second.storeId, shop.memberId, 1_400); // allClerk's store, by the owner
      await scanPay(payers[2]!, rival.storeSerial, 1_500); // the rival's
      const amounts = async (token: string, cursor: string) => (await send(WAIT, { after: cursor }, token)).bizContent.payments.map((p: { amount: number }) => p.amount);
      expect(await amounts(clerk.token, own)).toEqual([1_100]);
      expect(await amounts(allClerk.token, all)).toEqual([1_300, 1_400]);
      expect(await amounts(rivalClerk.token, rivalOne)).toEqual([1_500]);
    });

    it('refuses a removed clerk (STF10009), a member (MCH10003), an operator (AGW10005) and a cursor not of ours', async () => {
      expect((await send(WAIT, {}, removed.token)).code).toBe('STF10009');
      expect((await send(WAIT, {}, member.token)).code).toBe('MCH10003');
      expect((await send(WAIT, {}, await operatorOf(server), 'SSO-AUTH')).code).toBe('AGW10005');
      expect((await send(WAIT, { after: 'v2.abc' }, shop.token)).code).toBe('AGW10003');
      // removed while listening: the next call is refused
      const cursor = await start(clerk.token);
      await server.db.query("UPDATE staff SET status = 'deleted', removed_at = now() WHERE member_id = $1", [clerk.id]);
      expect((await send(WAIT, { after: cursor }, clerk.token)).code).toBe('STF10009');
      await server.db.query("UPDATE staff SET status = 'normal', removed_at = NULL WHERE member_id = $1", [clerk.id]);
    });

    it('does not hold an idle session open when the app marks its waits as background; a person’s call slides it; an idle session is refused', async () => {
      const token = await server.memberToken(shop.login);
      const idleFor = async () => Number((await server.db.query<{ minutes: number }>('SELECT extract(epoch FROM now() - last_seen_at) / 60 AS minutes FROM sessions WHERE token_hash = $1', [hashToken(token)])).rows[0]!.minutes);
      const idle = (minutes: number) => server.db.query(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE token_hash = $1`, [hashToken(token), minutes]);
      const background = { [BACKGROUND_HEADER]: '1' };
      await idle(10);
      const cursor = (await send(WAIT, {}, token, undefined, background)).bizContent as { cursor: string };
      expect((await send(WAIT, { after: cursor.cursor }, token, undefined, background)).code).toBe('S0001');
      expect(await idleFor()).toBeGreaterThan(9.9);
      // the same call unmarked counts, as any call of the person's does (the mark can only shorten a session)
      expect((await send(WAIT, {}, token)).code).toBe('S0001');
      expect(await idleFor()).toBeLessThan(1);
      await idle(10);
      // the owner opens the analysis: that is the person, and the window slides
      expect((await send(ANALYSIS, { shortcut: '7' }, token)).code).toBe('S0001');
      expect(await idleFor()).toBeLessThan(1);
      await idle(31);
      expect((await send(WAIT, {}, token, undefined, background)).code).toBe('AGW20001');
    });
  });
});
