/**
 * Transaction records (merchant/records/query, merchant/records/detail, GET /merchant/records.csv):
 * who reads what — the owner everything of its stores, a clerk their own collections or their
 * store's with the all-records permission, nothing for a removed clerk (STF10009), another
 * merchant's clerk, a plain member or an operator — the binding rule of issue 11, pages, Luanda
 * days and the accountant's CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund } from '../support/money.ts';
import { bindSticker, createMerchantDirect, createStore, issueStickerBatch, ok, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { hire, pay, person, type Person } from '../support/records.ts';
import { csvText } from '../../server/domains/records/csv.ts';

describe.each(engines)('records on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let secondStore: string;
  let ana: Person, bea: Person, own: Person, all: Person, other: Person, gone: Person, rivalClerk: Person;
  let ownStaff: string;
  let sticker: { bindingId: string; serial: string };
  const ids: Record<string, string> = {};

  const send = async (service: string, bizContent: object, token: string, type?: string): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token, type }, 'en') })).json();
  const query = (token: string, filter: object = {}) => send('merchant/records/query', filter, token);
  const listed = async (token: string, filter: object = {}) => {
    const answer = await query(token, filter);
    expect(answer.code, JSON.stringify(answer)).toBe('S0001');
    return (answer.bizContent.items as Array<{ recordId: string }>).map((r) => r.recordId);
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server, { store: { name: 'Loja "Central", Sul' } });
    rival = await createMerchantDirect(server);
    secondStore = (await createStore(server, shop.token, shop.merchantId, { name: 'Loja Norte' })).store.storeId;
    [ana, bea, own, all, other, gone, rivalClerk] = await Promise.all(
      ['Ana Maria Demo', '=HYPERLINK("x") Bea', 'Carlos Caixa', 'Dora Todos', 'Eva Norte', 'Fabio Saiu', 'Gil Rival'].map((name) => person(server, name)),
    ) as [Person, Person, Person, Person, Person, Person, Person];
    await fund(server.db, ana.id, 1_000_000n);
    await fund(server.db, bea.id, 1_000_000n);
    ownStaff = await hire(server, shop, shop.storeId, own);
    await hire(server, shop, shop.storeId, all, { allRecords: true });
    await hire(server, shop, secondStore, other);
    await hire(server, shop, shop.storeId, gone, { removed: true });
    await hire(server, rival, rival.storeId, rivalClerk, { allRecords: true });
    const batch = await issueStickerBatch(server, 1);
    sticker = await bindSticker(server, shop, batch.serials[0]!);
    ids.byOwn = (await pay(server, ana, shop, shop.storeId, 10_000, { cashier: own })).paymentId;
    ids.byAll = (await pay(server, bea, shop, shop.storeId, 20_000, { cashier: all })).paymentId;
    ids.sticker = (await pay(server, ana, shop, shop.storeId, 30_000, { binding: sticker })).paymentId;
    ids.north = (await pay(server, ana, shop, secondStore, 40_000, { cashier: other })).paymentId;
    ids.rival = (await pay(server, bea, rival, rival.storeId, 50_000, { cashier: rivalClerk })).paymentId;
  }, 180_000);
  afterAll(() => server.close());

  it('shows the owner every payment of its stores, newest first, with charge, net, masked payer, clerk, code and numbers', async () => {
    expect(await listed(shop.token)).toEqual([ids.north, ids.sticker, ids.byAll, ids.byOwn]);
    const answer = await query(shop.token);
    expect(answer.bizContent).toMatchObject({ role: 'owner', reach: 'all' });
    const first = answer.bizContent.items.find((r: { recordId: string }) => r.recordId === ids.byOwn);
    expect(first).toMatchObject({
      amount: 10_000, charge: 50, net: 9_950, refunded: 0, state: 'paid', payerMasked: 'Ana M*** D***',
      storeId: shop.storeId, storeName: 'Loja "Central", Sul', clerkName: 'Carlos Caixa', serial: null, method: 'dynamic',
    });
    expect(first.voucherNo).toBe(`MP${ids.byOwn!.padStart(14, '0')}`);
    expect(first.tradeNo).toMatch(/^OP\d{8}\d{10}$/);
    const stickerRecord = answer.bizContent.items.find((r: { recordId: string }) => r.recordId === ids.sticker);
    expect(stickerRecord).toMatchObject({ serial: sticker.serial, clerkName: null, method: 'static' });
    const { choices } = answer.bizContent;
    expect(choices.stores.map((s: { id: string }) => s.id)).toEqual([shop.storeId, secondStore]);
    expect(choices.clerks).toHaveLength(4);
    expect(choices.bindings).toEqual([{ id: sticker.bindingId, name: `${sticker.serial} · Loja "Central", Sul` }]);
  });

  it('narrows the owner’s records to one store, one clerk or one binding; another merchant’s are MCH10004', async () => {
    expect(await listed(shop.token, { storeId: secondStore })).toEqual([ids.north]);
    expect(await listed(shop.token, { clerkId: ownStaff })).toEqual([ids.byOwn]);
    expect(await listed(shop.token, { bindingId: sticker.bindingId })).toEqual([ids.sticker]);
    expect((await query(shop.token, { storeId: rival.storeId })).code).toBe('MCH10004');
    const rivalStaff = (await server.db.query<{ id: string }>('SELECT id::text FROM staff WHERE member_id = $1', [rivalClerk.id])).rows[0]!.id;
    expect((await query(shop.token, { clerkId: rivalStaff })).code).toBe('MCH10004');
    expect((await send('merchant/records/detail', { recordId: ids.rival }, shop.token)).code).toBe('STF10013');
  });

  it('shows a clerk their own collections, or all their store’s with the permission, and nothing of another store', async () => {
    expect(await listed(own.token)).toEqual([ids.byOwn]);
    expect(await listed(all.token)).toEqual([ids.sticker, ids.byAll, ids.byOwn]);
    expect(await listed(other.token)).toEqual([ids.north]);
    expect(await listed(rivalClerk.token)).toEqual([ids.rival]);
    const answer = await query(own.token);
    expect(answer.bizContent).toMatchObject({ role: 'clerk', reach: 'own', choices: { stores: [], clerks: [], bindings: [] } });
    expect((await query(all.token)).bizContent.reach).toBe('store');
    // the other store's payment, its payer's name and amount appear nowhere in what a clerk gets
    const northPayment = (await query(shop.token, { storeId: secondStore })).bizContent.items[0];
    for (const clerk of [own, all]) {
      const text = JSON.stringify(await query(clerk.token));
      expect(text).not.toContain(northPayment.voucherNo);
      expect(text).not.toContain('"amount":40000');
    }
    expect((await query(own.token, { storeId: secondStore })).code).toBe('MCH10004');
    expect((await query(all.token, { clerkId: ownStaff })).code).toBe('STF10010');
    expect((await query(all.token, { bindingId: sticker.bindingId })).code).toBe('STF10010');
    expect((await send('merchant/records/detail', { recordId: ids.byAll }, own.token)).code).toBe('STF10013');
    expect((await send('merchant/records/detail', { recordId: ids.north }, all.token)).code).toBe('STF10013');
    const detail = await send('merchant/records/detail', { recordId: ids.byOwn }, own.token);
    expect(detail.bizContent).toMatchObject({ recordId: ids.byOwn, role: 'clerk', refunds: [], refundable: 10_000 });
  });

  it('refuses a removed clerk (STF10009), a plain member (MCH10003) and an operator (AGW10005), saying nothing else', async () => {
    for (const [token, code, type] of [[gone.token, 'STF10009'], [ana.token, 'MCH10003'], [await operatorOf(server), 'AGW10005', 'SSO-AUTH']] as const) {
      for (const [service, input] of [['merchant/records/query', {}], ['merchant/records/detail', { recordId: ids.byOwn }]] as const) {
        const answer = await send(service, input, token, type);
        expect(answer.code, `${service} ${code}`).toBe(code);
        expect(answer.bizContent ?? null).toBeFalsy();
      }
    }
  });

  it('keeps records with their binding: unbound, the sticker’s earlier payments are nobody’s, and binding it again does not bring them back', async () => {
    const merchant = await createMerchantDirect(server);
    const batch = await issueStickerBatch(server, 1);
    const first = await bindSticker(server, merchant, batch.serials[0]!);
    const before = (await pay(server, ana, merchant, merchant.storeId, 1_000, { binding: first })).paymentId;
    expect(await listed(merchant.token)).toEqual([before]);
    const analysisBefore = (await ok(server, 'merchant/analysis/query', { shortcut: '7' }, merchant.token)).totals;
    await ok(server, 'merchant/code/unbind', { bindingId: first.bindingId }, merchant.token);
    expect(await listed(merchant.token)).toEqual([]);
    expect((await send('merchant/records/detail', { recordId: before }, merchant.token)).code).toBe('STF10013');
    expect((await query(merchant.token, { bindingId: first.bindingId })).code).toBe('MCH10004');
    // what the unbinding warning says (codeBinding.unbindWarning): gone from the records and the CSV (and refunds: refund.test.ts)…
    const csv = await server.app.inject({ method: 'GET', url: '/merchant/records.csv?shortcut=7&language=en', headers: { 'login-token': merchant.token } });
    expect(csv.body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(1); // the header alone
    // …still counted where the money is: the analysis, today's takings and the settlement's movements
    expect((await ok(server, 'merchant/analysis/query', { shortcut: '7' }, merchant.token)).totals).toEqual(analysisBefore);
    expect(analysisBefore).toMatchObject({ collected: 1_000, count: 1 });
    expect((await ok(server, 'merchant/home/summary', {}, merchant.token)).today).toMatchObject({ amount: 1_000, count: 1 });
    const movements = (await ok(server, 'merchant/analysis/fundDetails', { shortcut: '7', pageSize: 20 }, merchant.token)).items as Array<{ direction: string; amount: number }>;
    expect(movements.some((m) => m.direction === 'income' && m.amount === 1_000)).toBe(true);
    const again = await bindSticker(server, merchant, batch.serials[0]!);
    const after = (await pay(server, ana, merchant, merchant.storeId, 2_000, { binding: again })).paymentId;
    expect(await listed(merchant.token)).toEqual([after]);
  });

  it('pages newest first through payments made at the same microsecond, without repeating or missing one', async () => {
    const merchant = await createMerchantDirect(server);
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await pay(server, ana, merchant, merchant.storeId, 100 + i)).paymentId);
    // a tie on created_at: the cursor's id breaks it
    await server.db.query('UPDATE merchant_payments SET created_at = (SELECT created_at FROM merchant_payments WHERE id = $1) WHERE id = ANY($2::bigint[])', [made[10], made.slice(5, 15)]);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await query(merchant.token, { pageSize: 10, ...(cursor ? { cursor } : {}) });
      expect(answer.code).toBe('S0001');
      seen.push(...answer.bizContent.items.map((r: { recordId: string }) => r.recordId));
      cursor = answer.bizContent.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const order = (await server.db.query<{ id: string }>('SELECT id::text FROM merchant_payments WHERE merchant_id = $1 ORDER BY created_at DESC, id DESC', [merchant.merchantId])).rows.map((r) => r.id);
    expect(seen).toEqual(order);
    expect((await query(merchant.token, { cursor: 'nonsense' })).code).toBe('AGW10003');
  });

  it('reads Luanda days: 00:30 there is the new day, 23:59:59 the one before; a shortcut or from/to; at most a year and a day', async () => {
    const merchant = await createMerchantDirect(server);
    const late = (await pay(server, ana, merchant, merchant.storeId, 111)).paymentId;
    const early = (await pay(server, ana, merchant, merchant.storeId, 222)).paymentId;
    const today = (await pay(server, ana, merchant, merchant.storeId, 333)).paymentId;
    await server.db.query('UPDATE merchant_payments SET created_at = $2 WHERE id = $1', [late, new Date('2026-03-01T22:59:59Z')]);
    await server.db.query('UPDATE merchant_payments SET created_at = $2 WHERE id = $1', [early, new Date('2026-03-01T23:30:00Z')]);
    expect(await listed(merchant.token, { from: '2026-03-01', to: '2026-03-01' })).toEqual([late]);
    expect(await listed(merchant.token, { from: '2026-03-02', to: '2026-03-02' })).toEqual([early]);
    expect(await listed(merchant.token, { from: '2026-03-01', to: '2026-03-02' })).toEqual([early, late]);
    expect(await listed(merchant.token, { shortcut: '7' })).toEqual([today]);
    expect(await listed(merchant.token, { shortcut: '1' })).toEqual([]);
    const range = (await query(merchant.token, { shortcut: '7' })).bizContent;
    expect(range.from).toBe(new Date(Date.now() + 3_600_000).toISOString().slice(0, 10));
    expect((await query(merchant.token, { from: '2026-03-02', to: '2026-03-01' })).code).toBe('AGW10003');
    expect((await query(merchant.token, { from: '2026-02-31', to: '2026-03-01' })).code).toBe('AGW10003'); // no such day: refused, not a 500
    expect((await query(merchant.token, { from: '2025-01-01', to: '2026-03-01' })).code).toBe('AGW10003');
  });

  describe('the CSV export', () => {
    const download = (token: string | null, query = '') =>
      server.app.inject({ method: 'GET', url: `/merchant/records.csv${query}`, headers: token ? { 'login-token': token } : {} });

    it("gives the owner its records as RFC 4180 CSV with a BOM, every text quoted and formulas defused, in its language's separator", async () => {
      const response = await download(shop.token, '?language=en');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kwanza-wallet-records-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const body = response.body;
      expect(body.startsWith('\uFEFF')).toBe(true);
      const lines = body.slice(1).split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe('"Voucher no.","Trade no.","Time (Luanda)","Store","Clerk","Code","Method","Payer","Amount (Kz)","Charge (Kz)","Refunded (Kz)","Net (Kz)","State"');
      expect(lines).toHaveLength(2 + 4);
      const byAll = lines.find((l) => l.startsWith(`"MP${ids.byAll!.padStart(14, '0')}"`))!;
      // the store's name has a quote and a comma; the payer's name would run as a formula
      expect(byAll).toContain(',"Loja ""Central"", Sul","Dora Todos","",');
      expect(byAll).toContain(`,"'=HYPERLINK(""x"") B***",200.00,1.00,0.00,199.00,"Paid"`);
      expect(byAll).toMatch(/^"MP\d{14}","[^"]+",\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
      // a pt Excel splits on ';' and reads a decimal comma
      const portuguese = await download(shop.token, `?language=pt&storeId=${secondStore}`);
      const ptLines = portuguese.body.slice(1).split('\r\n');
      expect(ptLines).toHaveLength(3);
      expect(ptLines[0]).toMatch(/^"[^"]+";"[^"]+";"/);
      expect(ptLines[1]).toMatch(/;\d+,\d{2};\d+,\d{2};\d+,\d{2};\d+,\d{2};"Pago"$/);
    });

    it('is the owner’s only: a clerk 403 STF10010, a removed clerk STF10009, no session 401, bad filters 400', async () => {
      expect((await download(all.token)).statusCode).toBe(403);
      expect((await download(all.token)).json().code).toBe('STF10010');
      expect((await download(gone.token)).json().code).toBe('STF10009');
      expect((await download(null)).statusCode).toBe(401);
      expect((await download(shop.token, '?shortcut=9')).statusCode).toBe(400);
      expect((await download(shop.token, `?storeId=${rival.storeId}`)).json().code).toBe('MCH10004');
    });

    it('quotes each text and defuses a formula wherever either separator would start a cell', () => {
      expect(csvText('plain')).toBe('"plain"');
      expect(csvText('a,b')).toBe('"a,b"');
      expect(csvText('say "hi"')).toBe('"say ""hi"""');
      expect(csvText('two\nlines')).toBe('"two\nlines"');
      expect(csvText('-1+2')).toBe(`"'-1+2"`);
      expect(csvText('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
      // the store an outside tester named: a pt Excel splitting on ';' would have run =1+1
      expect(csvText('Loja;=1+1;')).toBe(`"Loja;'=1+1;"`);
      expect(csvText('Loja,+cmd|x,@a;-b')).toBe(`"Loja,'+cmd|x,'@a;'-b"`);
    });
  });
});
