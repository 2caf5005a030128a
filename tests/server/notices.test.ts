/**
 * The notices inbox (README "Notices inbox"): notices written where things happen, in their
 * transaction (a transfer received, a refund, a staff invitation, a verification's result), merged
 * with the operators' announcements newest first through a cursor; the unread count; marking one
 * read or all. Nobody lists, counts or marks another member's notices. Races on real PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { createMerchantDirect, ok, operatorOf, signUpEnterprise, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { enterpriseForm } from '../support/enterprise.ts';
import { pay, person, type Person } from '../support/records.ts';
import { addNotice } from '../../server/entities/memberNotices.ts';
import { ANNOUNCEMENTS_BEFORE_JOINING_DAYS } from '../../server/domains/notices/handlers.ts';
import { NOTICE_CODES } from '../../services/contract/answerCodes.ts';
import type { NoticeItem } from '../../services/contract/notices.ts';

describe.each(engines)('the notices inbox on %s', (engine) => {
  let server: TestServer;
  let ana: Person & { mobile: string };
  let bruno: Person & { mobile: string };
  let shop: MerchantSetup;

  const call = async (service: string, bizContent: object, token: string, language = 'pt'): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }, language) })).json();
  const unread = async (who: Person) => {
    const answer = await call('wallet/notices/unreadCount', {}, who.token);
    expect(answer.code).toBe('S0001');
    return answer.bizContent.unread as number;
  };
  /** Every line of the inbox, page by page. */
  const all = async (who: Person, pageSize = 50, language = 'pt'): Promise<NoticeItem[]> => {
    const items: NoticeItem[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const answer: Answer = await call('wallet/notices/list', { pageSize, ...(cursor ? { cursor } : {}) }, who.token, language);
      expect(answer.code, JSON.stringify(answer)).toBe('S0001');
      items.push(...answer.bizContent.items);
      cursor = answer.bizContent.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('the inbox never ended');
  };
  const own = async (who: Person, kind: NoticeItem['kind']) => (await all(who)).filter((item) => item.kind === kind);
  /** A transfer as the app sends it (`times` > 1: the very same request again, as a retry after a lost answer). */
  const transfer = async (from: Person, to: { mobile: string }, amount: number, times = 1): Promise<Answer> => {
    const mobile = to.mobile.slice(4);
    const payToken = await payTokenDirect(server.db, from.id, { service: 'wallet/transfer/doTransfer', amount, counterparty: mobile });
    const payload = envelope('wallet/transfer/doTransfer', { mobile, amount, payToken }, { token: from.token });
    const answers: Answer[] = [];
    for (let i = 0; i < times; i++) answers.push((await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json());
    // a retry answers the first transfer
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    return answers[0]!;
  };
  const mobileOf = async (who: Person) => (await server.db.query<{ mobile: string }>('SELECT mobile FROM members WHERE id = $1', [who.id])).rows[0]!.mobile;
  const announce = async (texts: Record<string, string>, publishedAt = new Date(), unpublishedAt: Date | null = null) => {
    const { rows } = await server.db.query<{ id: string }>('INSERT INTO notices (published_at, unpublished_at) VALUES ($1, $2) RETURNING id::text', [publishedAt, unpublishedAt]);
    for (const [language, title] of Object.entries(texts)) {
      await server.db.query('INSERT INTO notice_texts (notice_id, language, title, body) VALUES ($1, $2, $3, $4)', [rows[0]!.id, language, title, `${title}.`]);
    }
    return rows[0]!.id;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    const [a, b] = await Promise.all(['Ana Maria Demo', 'Bruno Manuel Demo'].map((name) => person(server, name))) as [Person, Person];
    ana = { ...a, mobile: await mobileOf(a) };
    bruno = { ...b, mobile: await mobileOf(b) };
    await fund(server.db, ana.id, 1_000_000n);
    shop = await createMerchantDirect(server);
  }, 180_000);
  afterAll(() => server.close());

  it('tells the payee of a transfer in its transaction: the amount, the payer masked, its receipt; once however often it is retried', async () => {
    const before = await unread(bruno);
    // sent three times with one requestNo: one transfer, told once
    const sent = await transfer(ana, bruno, 12_500, 3);
    expect(sent.code, JSON.stringify(sent)).toBe('S0001');
    expect(await unread(bruno)).toBe(before + 1);
    const [received, ...others] = await own(bruno, 'transferReceived');
    expect(others).toEqual([]);
    expect(received).toEqual({
      id: expect.stringMatching(/^m\d+$/), kind: 'transferReceived', ref: sent.bizContent.transferId,
      params: { amount: 12_500, counterpart: 'Ana M*** D***' }, title: null, read: false, at: expect.any(String),
    });
    // the ref opens the payee's own receipt of it
    const receipt = await call('wallet/fund/queryReceipt', { transferId: received!.ref }, bruno.token);
    expect(receipt.bizContent).toMatchObject({ kind: 'transfer', direction: 'income', amount: 12_500 });
    // the payer is told nothing of their own transfer
    expect(await own(ana, 'transferReceived')).toEqual([]);
  });

  it('tells nobody of a transfer that was refused, even one refused after posting (the payee over their balance limit)', async () => {
    const before = await unread(bruno);
    expect((await transfer(ana, bruno, 999_999_999)).code).toMatch(/^FND1000[13]$/);
    // level I has a balance cap: the posting is made, then undone by the refusal, notice and all
    const { rows: [cap] } = await server.db.query<{ max_balance: string | null }>("SELECT max_balance::text FROM account_level_limits WHERE level = 'I'");
    expect(cap?.max_balance).toBeTruthy();
    const capped = await person(server, 'Carla Teto Silva');
    await server.db.query("UPDATE members SET account_level = 'I' WHERE id = $1", [capped.id]);
    await fund(server.db, capped.id, BigInt(cap!.max_balance!) - 100n);
    const refused = await transfer(ana, { mobile: await mobileOf(capped) }, 500);
    expect(refused).toMatchObject({ code: 'FND10003', subMsg: 'payeeBalance' });
    expect(await own(capped, 'transferReceived')).toEqual([]);
    expect(await unread(bruno)).toBe(before);
  });

  it('marks one read, for its owner only: another member’s, or none, is NTC10001 and changes nothing', async () => {
    await transfer(ana, bruno, 100);
    const [newest] = await own(bruno, 'transferReceived');
    expect(newest!.read).toBe(false);
    const before = await unread(bruno);
    expect(await call('wallet/notices/markRead', { id: newest!.id }, ana.token)).toMatchObject({ code: NOTICE_CODES.noticeUnknown });
    expect(await call('wallet/notices/markRead', { id: 'm999999999' }, bruno.token)).toMatchObject({ code: NOTICE_CODES.noticeUnknown });
    expect(await call('wallet/notices/markRead', { id: '42' }, bruno.token)).toMatchObject({ code: 'AGW10003' });
    expect(await unread(bruno)).toBe(before);
    expect((await call('wallet/notices/markRead', { id: newest!.id }, bruno.token)).bizContent).toEqual({ id: newest!.id, unread: before - 1 });
    // read again: no change
    expect((await call('wallet/notices/markRead', { id: newest!.id }, bruno.token)).bizContent).toEqual({ id: newest!.id, unread: before - 1 });
    expect((await own(bruno, 'transferReceived')).find((item) => item.id === newest!.id)!.read).toBe(true);
    // and Ana's inbox never shows Bruno's lines
    expect((await all(ana)).some((item) => item.id === newest!.id)).toBe(false);
  });

  it('merges the announcements in the member’s language, counts them unread until opened; an unpublished one is gone', async () => {
    const fresh = await person(server, 'Daniel Novo Costa');
    const baseline = await unread(fresh);
    const id = await announce({ pt: 'Novidades de novembro', en: 'November news' });
    const hidden = await announce({ pt: 'Retirado' }, new Date(Date.now() - 60_000), new Date(Date.now() - 1_000));
    // published long before this member joined: not theirs to read
    const old = await announce({ pt: 'Antigo' }, new Date(Date.now() - (ANNOUNCEMENTS_BEFORE_JOINING_DAYS + 5) * 86_400_000));
    expect(await unread(fresh)).toBe(baseline + 1);
    const listed = (await all(fresh, 50, 'en')).filter((item) => item.kind === 'announcement');
    expect(listed.map((item) => item.ref)).toContain(id);
    expect(listed.map((item) => item.ref)).not.toContain(hidden);
    expect(listed.map((item) => item.ref)).not.toContain(old);
    expect(listed.find((item) => item.ref === id)).toEqual({ id: `a${id}`, kind: 'announcement', ref: id, params: {}, title: 'November news', read: false, at: expect.any(String) });
    // in zh, which it has no text in: pt's
    expect((await all(fresh, 50, 'zh')).find((item) => item.ref === id)!.title).toBe('Novidades de novembro');
    expect((await call('wallet/notices/markRead', { id: `a${id}` }, fresh.token)).bizContent.unread).toBe(baseline);
    expect((await all(fresh)).find((item) => item.ref === id)!.read).toBe(true);
    // read by one member, still unread for another
    expect((await all(bruno)).find((item) => item.ref === id)!.read).toBe(false);
    expect(await call('wallet/notices/markRead', { id: `a${hidden}` }, fresh.token)).toMatchObject({ code: NOTICE_CODES.noticeUnknown });
    expect(await call('wallet/notices/markRead', { id: `a${old}` }, fresh.token)).toMatchObject({ code: NOTICE_CODES.noticeUnknown });
  });

  it('pages newest first through both tables, each line once, however the page size cuts them (same instants included)', async () => {
    const reader = await person(server, 'Eva Paginada Lopes');
    const base = Date.now() - 3_600_000;
    // twelve notices of the member's, three of them at the very instant of an announcement
    for (let i = 0; i < 12; i++) {
      await server.db.query(
        "INSERT INTO member_notices (member_id, kind, ref, params, created_at) VALUES ($1, 'transferReceived', $2, '{\"amount\": 1}', $3)",
        [reader.id, `p${i}`, new Date(base + (i < 3 ? 0 : i) * 1_000)],
      );
    }
    await announce({ pt: 'Ao mesmo tempo' }, new Date(base));
    await announce({ pt: 'Depois' }, new Date(base + 5_500));
    const whole = await all(reader, 50);
    const keys = whole.map((item) => item.id);
    expect(new Set(keys).size).toBe(keys.length);
    const times = whole.map((item) => Date.parse(item.at));
    expect(times).toEqual(times.toSorted((x, y) => y - x));
    for (const size of [1, 2, 3, 4, 7]) expect((await all(reader, size)).map((item) => item.id), `pages of ${size}`).toEqual(keys);
    // at one instant the member's notices come first, newest id first, then the announcement
    const instant = whole.filter((item) => Date.parse(item.at) === base);
    expect(instant.map((item) => item.id[0])).toEqual(['m', 'm', 'm', 'a']);
    // a cursor of another shape is the first page again, not an error
    const odd = await call('wallet/notices/list', { cursor: "x' OR 1=1 --", pageSize: 3 }, reader.token);
    expect(odd.bizContent.items.map((item: NoticeItem) => item.id)).toEqual(keys.slice(0, 3));
    expect((await call('wallet/notices/list', { pageSize: 51 }, reader.token)).code).toBe('AGW10003');
  });

  it('marks all read, announcements too; what arrives afterwards is unread again', async () => {
    const reader = await person(server, 'Fatima Tudo Lido');
    await fund(server.db, reader.id, 10_000n);
    await transfer(reader, bruno, 100);
    expect(await unread(bruno)).toBeGreaterThan(0);
    const anaBefore = await unread(ana);
    expect((await call('wallet/notices/markAllRead', {}, bruno.token)).bizContent).toEqual({ unread: 0 });
    expect(await unread(bruno)).toBe(0);
    expect((await all(bruno)).every((item) => item.read)).toBe(true);
    // Ana's are hers
    expect(await unread(ana)).toBe(anaBefore);
    await transfer(reader, bruno, 200);
    expect(await unread(bruno)).toBe(1);
    expect((await call('wallet/notices/list', { pageSize: 1 }, bruno.token)).bizContent).toMatchObject({ unread: 1, items: [{ kind: 'transferReceived', read: false, params: { amount: 200, counterpart: 'Fatima T*** L***' } }] });
  });

  it('tells the payer of a refund: the amount, the merchant, the receipt of the refund', async () => {
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 40_000);
    const payToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 15_000, counterparty: paymentId });
    const refund = await ok(server, 'merchant/refund/apply', { recordId: paymentId, amount: 15_000, payToken }, shop.token);
    const [told] = await own(ana, 'paymentRefunded');
    expect(told).toMatchObject({ ref: refund.refundId, read: false, params: { amount: 15_000, counterpart: expect.stringMatching(/^Comercial /) } });
    const receipt = await call('wallet/fund/queryReceipt', { transferId: String(told!.params.transferId) }, ana.token);
    expect(receipt.bizContent).toMatchObject({ kind: 'refund', amount: 15_000, direction: 'income' });
    expect(await own(bruno, 'paymentRefunded')).toEqual([]);
  });

  it('tells an individual with an account of a staff invitation to their number, which opens by its id; a QR one tells nobody', async () => {
    const before = (await all(bruno)).length;
    const sent = await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: bruno.mobile.slice(4), allRecords: false }, shop.token);
    const [told] = await own(bruno, 'staffInvitation');
    expect(told).toMatchObject({ ref: sent.invitation.invitationId, params: { counterpart: expect.stringMatching(/^Comercial /), store: sent.invitation.storeName } });
    expect((await ok(server, 'staff/invitation/detail', { invitationId: told!.ref }, bruno.token)).invitation.state).toBe('sent');
    await ok(server, 'merchant/staff/invite', { channel: 'qr', storeId: shop.storeId, allRecords: false }, shop.token);
    expect((await all(bruno)).length).toBe(before + 1);
  });

  it('tells a member how their verification ended: the B.I. check, and an operator’s review of a company', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      "INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', $1, 'Ana') RETURNING id::text",
      [`+24493${String(crypto.randomInt(1_000_000, 9_999_999))}`],
    );
    const newcomer = { id: rows[0]!.id, token: await server.memberToken((await server.db.query<{ mobile: string }>('SELECT mobile FROM members WHERE id = $1', [rows[0]!.id])).rows[0]!.mobile) };
    const started = await ok(server, 'common/certification/identityAuth', { nif: '006123456LA048' }, newcomer.token);
    await ok(server, 'wallet/card/getRealName', { checkId: started.checkId, fullName: 'Joana Baptista Neto' }, newcomer.token);
    expect(await own(newcomer as Person, 'verificationResult')).toMatchObject([{ ref: started.checkId, params: { subject: 'personal', outcome: 'verified' } }]);

    const company = await signUpEnterprise(server);
    const { requestId } = await ok(server, 'appRegisterAction/apply', await enterpriseForm(server, company.token), company.token);
    await ok(server, 'platform/verification/decide', { id: requestId, decision: 'reject', reason: 'Documento ilegível' }, await operatorOf(server), { type: 'SSO-AUTH' });
    const companyPerson = { id: company.memberId, token: company.token, name: '' };
    expect(await own(companyPerson, 'verificationResult')).toMatchObject([{ ref: requestId, params: { subject: 'enterprise', outcome: 'failed' } }]);
  });

  it('writes a notice once per (member, kind, ref) through addNotice', async () => {
    const first = await server.db.transaction((tx) => addNotice(tx, { memberId: ana.id, kind: 'moneyRequested', ref: 'once', params: { amount: 1 } }));
    const again = await server.db.transaction((tx) => addNotice(tx, { memberId: ana.id, kind: 'moneyRequested', ref: 'once', params: { amount: 2 } }));
    expect([first, again]).toEqual([true, false]);
    expect((await own(ana, 'moneyRequested')).map((item) => item.params.amount)).toEqual([1]);
  });

  it('answers with what the app can show: a kind it does not know yet is neither listed nor counted, a nested param is left out', async () => {
    const reader = await person(server, 'Gabriel Novo Tipo');
    const baseline = await unread(reader);
    await server.db.query(
      `INSERT INTO member_notices (member_id, kind, ref, params) VALUES ($1, 'somethingNew', '1', '{}'), ($1, 'transferReceived', 'x1', '{"amount": 5, "nested": {"secret": 1}}')`,
      [reader.id],
    );
    expect(await unread(reader)).toBe(baseline + 1);
    const mine = (await all(reader)).filter((item) => item.kind !== 'announcement');
    expect(mine).toMatchObject([{ kind: 'transferReceived', ref: 'x1', params: { amount: 5 } }]);
    expect(mine[0]!.params).not.toHaveProperty('nested');
  });

  it.runIf(engine === 'postgres')('races: two transfers to one payee at once tell two; marking all and one at once end with nothing unread', async () => {
    const payers = await Promise.all(['Gil Primeiro Ramos', 'Helena Segunda Reis'].map((name) => person(server, name)));
    for (const payer of payers) await fund(server.db, payer.id, 10_000n);
    const target = await person(server, 'Ivo Recebe Duas');
    const targetMobile = await mobileOf(target);
    const answers = await Promise.all(payers.map((payer) => transfer(payer, { mobile: targetMobile }, 700)));
    expect(answers.map((a) => a.code)).toEqual(['S0001', 'S0001']);
    const received = await own(target, 'transferReceived');
    expect(received.map((item) => item.ref).toSorted()).toEqual(answers.map((a) => a.bizContent.transferId).toSorted());
    const announcements = (await all(target)).filter((item) => !item.read && item.kind === 'announcement').length;
    expect(await unread(target)).toBe(2 + announcements);
    const [all1, one, all2] = await Promise.all([
      call('wallet/notices/markAllRead', {}, target.token),
      call('wallet/notices/markRead', { id: received[0]!.id }, target.token),
      call('wallet/notices/markAllRead', {}, target.token),
    ]);
    expect([all1.code, one.code, all2.code]).toEqual(['S0001', 'S0001', 'S0001']);
    expect(await unread(target)).toBe(0);
    // read once: the time it was first read stays
    const { rows: marks } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM notice_reads WHERE member_id = $1', [target.id]);
    expect(Number(marks[0]!.n)).toBe(announcements);
  });
});
