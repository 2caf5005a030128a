import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { FAVOURITES_MAX, RECENT_PAYEES } from '../../server/domains/transfer/handlers.ts';
import { PAYEE_CODES } from '../../services/contract/answerCodes.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Recent and favourite payees (issue 26, part 4): each member's own, the recent list from posted transfers. */
describe.each(engines)('payees on %s', (engine) => {
  let server: TestServer;
  let ana: string;
  let anaId: string;
  let bruno: string;
  const payees: { id: string; mobile: string; name: string }[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    bruno = await server.memberToken('+244943000002');
    await fund(server.db, anaId, 10_000n * 100n);
    for (let i = 0; i < FAVOURITES_MAX + 2; i++) {
      const mobile = `9210${String(i).padStart(5, '0')}`;
      const name = `Pessoa${i} Silva Teste`;
      const { rows } = await server.db.query<{ id: string }>(
        "INSERT INTO members (member_type, mobile, display_name, verification_status, account_level, real_name) VALUES ('individual', $1, $2, 'verified', 'III', $2) RETURNING id::text",
        [`+244${mobile}`, name],
      );
      payees.push({ id: rows[0]!.id, mobile, name });
    }
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token = ana): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }, 'en') })).json();
  const pay = async (mobile: string, amount = 100) => {
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount, counterparty: mobile });
    const answer = await call('wallet/transfer/doTransfer', { mobile, amount, payToken });
    expect(answer.code).toBe('S0001');
  };
  const resetLookups = () => server.db.query('DELETE FROM payee_lookup_usage');

  it('lists the latest distinct payees of posted transfers, newest first, at most eight, masked', async () => {
    expect((await call('wallet/transfer/listPayees', {})).bizContent).toEqual({ recent: [], favourites: [] });
    // payees 0..9 once each, then 3 and 0 again: 0 is newest, 3 next, then 9, 8, …
    for (let i = 0; i < 10; i++) await pay(payees[i]!.mobile);
    await pay(payees[3]!.mobile);
    await pay(payees[0]!.mobile);
    // a refused transfer (over the balance or a limit) posts nothing and is not a recent payee
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 999_999_900, counterparty: payees[20]!.mobile });
    expect((await call('wallet/transfer/doTransfer', { mobile: payees[20]!.mobile, amount: 999_999_900, payToken })).code).toMatch(/^FND1000[13]$/);
    const { recent } = (await call('wallet/transfer/listPayees', {})).bizContent;
    expect(recent).toHaveLength(RECENT_PAYEES);
    expect(recent.map((r: { mobile: string }) => r.mobile)).toEqual([0, 3, 9, 8, 7, 6, 5, 4].map((i) => payees[i]!.mobile));
    expect(recent[0]).toEqual({ mobile: payees[0]!.mobile, maskedName: 'Pessoa0 S*** T***', maskedMobile: '9** *** 000', favouriteId: null });
    // nobody else's: Bruno paid nobody
    expect((await call('wallet/transfer/listPayees', {}, bruno)).bizContent.recent).toEqual([]);
  });

  it('stars, renames and unstars a payee; starring again answers the same favourite', async () => {
    await resetLookups();
    const starred = await call('wallet/transfer/starPayee', { mobile: payees[3]!.mobile });
    expect(starred.code).toBe('S0001');
    expect(starred.bizContent).toEqual({ id: expect.stringMatching(/^\d+$/), mobile: payees[3]!.mobile, maskedName: 'Pessoa3 S*** T***', maskedMobile: '9** *** 003', nickname: null });
    expect((await call('wallet/transfer/starPayee', { mobile: payees[3]!.mobile })).bizContent.id).toBe(starred.bizContent.id);
    const renamed = await call('wallet/transfer/renamePayee', { id: starred.bizContent.id, nickname: '  Tia da cantina  ' });
    expect(renamed.bizContent.nickname).toBe('Tia da cantina');
    expect((await call('wallet/transfer/renamePayee', { id: starred.bizContent.id, nickname: '   ' })).code).toBe('AGW10003');
    expect((await call('wallet/transfer/renamePayee', { id: starred.bizContent.id, nickname: 'x'.repeat(41) })).code).toBe('AGW10003');
    const listed = (await call('wallet/transfer/listPayees', {})).bizContent;
    expect(listed.favourites).toEqual([renamed.bizContent]);
    expect(listed.recent[1]).toMatchObject({ mobile: payees[3]!.mobile, favouriteId: starred.bizContent.id });
    expect((await call('wallet/transfer/renamePayee', { id: starred.bizContent.id, nickname: null })).bizContent.nickname).toBeNull();
    expect((await call('wallet/transfer/unstarPayee', { id: starred.bizContent.id })).code).toBe('S0001');
    expect((await call('wallet/transfer/unstarPayee', { id: starred.bizContent.id })).code).toBe(PAYEE_CODES.favouriteNotFound);
    expect((await call('wallet/transfer/listPayees', {})).bizContent.favourites).toEqual([]);
  });

  it('refuses oneself and numbers that are no verified member, as the payee check does', async () => {
    await resetLookups();
    expect((await call('wallet/transfer/starPayee', { mobile: '923000001' })).code).toBe('FND10006');
    expect((await call('wallet/transfer/starPayee', { mobile: '923999999' })).code).toBe('FND10005');
  });

  it("keeps each member's favourites to that member: another's id is not found", async () => {
    await resetLookups();
    const mine = (await call('wallet/transfer/starPayee', { mobile: payees[1]!.mobile })).bizContent;
    expect((await call('wallet/transfer/renamePayee', { id: mine.id, nickname: 'Mine now' }, bruno)).code).toBe(PAYEE_CODES.favouriteNotFound);
    expect((await call('wallet/transfer/unstarPayee', { id: mine.id }, bruno)).code).toBe(PAYEE_CODES.favouriteNotFound);
    expect((await call('wallet/transfer/listPayees', {}, bruno)).bizContent.favourites).toEqual([]);
    // Bruno may star the same person: his own favourite, with his own nickname
    const his = (await call('wallet/transfer/starPayee', { mobile: payees[1]!.mobile }, bruno)).bizContent;
    expect(his.id).not.toBe(mine.id);
    await call('wallet/transfer/renamePayee', { id: his.id, nickname: 'Primo' }, bruno);
    expect((await call('wallet/transfer/listPayees', {})).bizContent.favourites).toEqual([{ ...mine, nickname: null }]);
    expect((await call('wallet/transfer/unstarPayee', { id: mine.id })).code).toBe('S0001');
  });

  it('keeps at most fifty favourites per member', async () => {
    await resetLookups();
    for (let i = 0; i < FAVOURITES_MAX; i++) {
      await server.db.query('INSERT INTO member_favourite_payees (member_id, payee_id) VALUES ($1, $2)', [anaId, payees[i]!.id]);
    }
    expect((await call('wallet/transfer/starPayee', { mobile: payees[FAVOURITES_MAX]!.mobile })).code).toBe(PAYEE_CODES.tooManyFavourites);
    // one already starred still answers itself at the limit
    expect((await call('wallet/transfer/starPayee', { mobile: payees[0]!.mobile })).code).toBe('S0001');
    expect((await call('wallet/transfer/listPayees', {})).bizContent.favourites).toHaveLength(FAVOURITES_MAX);
    const last = (await call('wallet/transfer/listPayees', {})).bizContent.favourites[0];
    expect((await call('wallet/transfer/unstarPayee', { id: last.id })).code).toBe('S0001');
    expect((await call('wallet/transfer/starPayee', { mobile: payees[FAVOURITES_MAX]!.mobile })).code).toBe('S0001');
  });

  it('keeps the limit when stars arrive at once (the member row lock orders them)', async () => {
    await resetLookups();
    const brunoId = (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE mobile = '+244943000002'")).rows[0]!.id;
    await server.db.query('DELETE FROM member_favourite_payees WHERE member_id = $1', [brunoId]);
    for (let i = 0; i < FAVOURITES_MAX - 1; i++) {
      await server.db.query('INSERT INTO member_favourite_payees (member_id, payee_id) VALUES ($1, $2)', [brunoId, payees[i]!.id]);
    }
    const answers = await Promise.all([FAVOURITES_MAX - 1, FAVOURITES_MAX, FAVOURITES_MAX + 1].map((i) => call('wallet/transfer/starPayee', { mobile: payees[i]!.mobile }, bruno)));
    expect(answers.map((a) => a.code).sort()).toEqual([PAYEE_CODES.tooManyFavourites, PAYEE_CODES.tooManyFavourites, 'S0001']);
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_favourite_payees WHERE member_id = $1', [brunoId])).rows[0]!.n).toBe(FAVOURITES_MAX);
  });
});
