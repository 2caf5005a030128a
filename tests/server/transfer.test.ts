import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenByKeypad, payTokenDirect, verifyMember } from '../support/money.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { shortcutRange } from '../../server/ledger/fundLines.ts';
import { maskName } from '../../server/entities/members.ts';
import { PAYEE_LOOKUPS_PER_HOUR } from '../../server/domains/transfer/handlers.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import { operatorToken } from '../support/operator.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const KZ = 100;

describe.each(engines)('transfers on %s', (engine) => {
  let server: TestServer;
  let ana: string; // token
  let anaId: string;
  let brunoId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    brunoId = await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 50_000n * 100n);
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token = ana, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const transfer = async (amount: number, options: { mobile?: string; requestNo?: string; payToken?: string } = {}) => {
    const mobile = options.mobile ?? '943000002';
    const payToken = options.payToken ?? await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount, counterparty: mobile });
    return call('wallet/transfer/doTransfer', { mobile, amount, payToken }, ana, options.requestNo);
  };

  it('shows the payee by verified name, masked, before paying', async () => {
    expect((await call('wallet/transfer/queryPayee', { mobile: '943000002' })).bizContent).toEqual({ maskedName: 'Bruno M*** D***', mobile: '+244943000002' });
    expect((await call('wallet/transfer/queryPayee', { mobile: '923000001' })).code).toBe('FND10006');
    expect((await call('wallet/transfer/queryPayee', { mobile: '923999999' })).code).toBe('FND10005');
  });

  it('limits payee lookups per member, so numbers cannot be scraped for names', async () => {
    const lojaId = (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE email = 'loja@demo.ao'")).rows[0]!.id;
    const loja = await server.memberToken('loja@demo.ao');
    for (let i = 0; i < PAYEE_LOOKUPS_PER_HOUR; i++) expect((await call('wallet/transfer/queryPayee', { mobile: i % 2 ? '943000002' : '923999999' }, loja)).code).toMatch(/^(S0001|FND10005)$/);
    const refused = await call('wallet/transfer/queryPayee', { mobile: '943000002' }, loja);
    expect(refused.code).toBe('FND10009');
    expect(refused.bizContent).toBeNull(); // not even a found payee's name once the limit is reached
    expect(Number(refused.subMsg)).toBeGreaterThanOrEqual(59); // minutes until lookups are allowed again
    expect(Number(refused.subMsg)).toBeLessThanOrEqual(60);
    expect((await call('wallet/transfer/queryPayee', { mobile: '943000002' })).code).toBe('S0001'); // another member is not affected
    await server.db.query("UPDATE payee_lookup_usage SET window_start = window_start - interval '61 minutes' WHERE member_id = $1", [lojaId]);
    expect((await call('wallet/transfer/queryPayee', { mobile: '943000002' }, loja)).code).toBe('S0001'); // a new hour
  });

  it('moves money with a pay-password confirmation for that very payment, once', async () => {
    const payToken = await payTokenByKeypad(server, ana, { service: 'wallet/transfer/doTransfer', amount: 1_250 * KZ, counterparty: '943000002' });
    expect((await transfer(1_300 * KZ, { payToken })).code).toBe('FND10008'); // another amount
    const done = await transfer(1_250 * KZ, { payToken });
    expect(done.code).toBe('S0001');
    expect(done.bizContent).toMatchObject({ amount: 125_000, available: (50_000 - 1_250) * KZ, maskedName: 'Bruno M*** D***' });
    expect((await transfer(1_250 * KZ, { payToken })).code).toBe('FND10008'); // spent
    const bruno = await server.memberToken('+244943000002');
    expect((await call('wallet/member/getUserAssets', {}, bruno)).bizContent).toEqual({ available: 125_000, frozen: 0, cashbackTotal: 0, accountLevel: 'III', verified: true });
  });

  it('checks the session in the transfer statement as strictly as every other call checks it', async () => {
    const balance = async () => (await call('wallet/accountBalance/queryAccountBalance', {})).bizContent.available;
    const before = await balance();
    const payWith = async (token: string, type = 'LOGIN_TOKEN', bizContent?: object) => {
      const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 5 * KZ, counterparty: '943000002' });
      const payload = envelope('wallet/transfer/doTransfer', bizContent ?? { mobile: '943000002', amount: 5 * KZ, payToken }, { token, type }, 'en');
      return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json() as Answer;
    };
    const loggedOut = await server.memberToken('+244923000001');
    expect((await call('common/logout', {}, loggedOut)).code).toBe('S0001');
    expect((await payWith(loggedOut)).code).toBe('AGW20001');
    const idle = await server.memberToken('+244923000001');
    await server.db.query("UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1", [hashToken(idle)]);
    expect((await payWith(idle)).code).toBe('AGW20001');
    expect((await payWith('')).code).toBe('AGW20001');
    expect((await payWith('bogus-token-0123456789', 'LOGIN_TOKEN', { mobile: 'x' })).code).toBe('AGW20001'); // the session before the input, as everywhere
    expect((await payWith(ana, 'SSO-AUTH')).code).toBe('AGW10005');
    expect((await payWith(await operatorToken(server), 'SSO-AUTH')).code).toBe('AGW10005');
    expect((await payWith(await operatorToken(server))).code).toBe('AGW10005'); // an operator's session claiming to be a member's
    expect(await balance()).toBe(before);
    expect((await payWith(ana)).code).toBe('S0001');
    expect(await balance()).toBe(before - 5 * KZ);
  });

  it('pays in one statement to the database, the session check included', async () => {
    const spy = vi.spyOn(server.db, 'query');
    try {
      expect((await transfer(3 * KZ)).code).toBe('S0001');
      const moneyCalls = spy.mock.calls.map(([sql]) => sql).filter((sql) => /session_principal|wallet_transfer/.test(sql));
      expect(moneyCalls).toEqual([expect.stringContaining('wallet_transfer_in_session(')]);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a posting with a missing account as such, not as an overdraft', async () => {
    const clearing = (await server.db.query<{ id: string }>("SELECT id::text FROM ledger_accounts WHERE kind = 'bank_clearing' LIMIT 1")).rows[0]!.id;
    await expect(server.db.query("SELECT * FROM ledger_post('test-null-account', 'transfer', NULL, $1, 100, NULL)", [clearing])).rejects.toMatchObject({ code: 'KW002' });
    await expect(server.db.query("SELECT * FROM ledger_post('test-null-account', 'transfer', $1, NULL, 100, NULL)", [clearing])).rejects.toMatchObject({ code: 'KW002' });
  });

  it('answers a replayed requestNo with the first answer and moves nothing; another payload under it is refused', async () => {
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 10 * KZ, counterparty: '943000002' });
    const first = await transfer(10 * KZ, { requestNo, payToken });
    expect(first.code).toBe('S0001');
    const before = (await call('wallet/accountBalance/queryAccountBalance', {})).bizContent.available;
    const replay = await transfer(10 * KZ, { requestNo, payToken }); // the same envelope again, as a retry after a lost answer
    expect(replay.bizContent).toEqual(first.bizContent);
    expect((await call('wallet/accountBalance/queryAccountBalance', {})).bizContent.available).toBe(before);
    expect((await transfer(11 * KZ, { requestNo })).code).toBe('FND10002');
  });

  it('refuses an overdraft, and a replay of the refusal refuses again without moving money', async () => {
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 90_000 * KZ, counterparty: '943000002' });
    const tooMuch = await transfer(90_000 * KZ, { requestNo, payToken });
    expect(tooMuch.code).toBe('FND10001');
    await fund(server.db, anaId, 1_000_000n * 100n);
    expect((await transfer(90_000 * KZ, { requestNo, payToken })).code).toBe('FND10001'); // the first answer stands
    expect((await transfer(90_000 * KZ, { payToken })).code).toBe('S0001'); // a new request may pay now, once
  });

  it('applies the account level limits: per transaction, per day, and the payee’s balance ceiling', async () => {
    const over = await transfer(100_001 * KZ);
    expect([over.code, over.subMsg]).toEqual(['FND10003', 'perTransaction']);
    await server.db.query('DELETE FROM member_outgoing_usage WHERE member_id = $1', [anaId]);
    expect((await transfer(100_000 * KZ)).code).toBe('S0001');
    expect((await transfer(100_000 * KZ)).code).toBe('S0001');
    const daily = await transfer(1 * KZ);
    expect([daily.code, daily.subMsg]).toEqual(['FND10003', 'daily']);
    // a level-I payee cannot hold more than 50 000 Kz
    await server.db.query('DELETE FROM member_outgoing_usage WHERE member_id = $1', [anaId]);
    await server.db.query("UPDATE members SET account_level = 'I' WHERE id = $1", [brunoId]);
    const ceiling = await transfer(1 * KZ);
    expect([ceiling.code, ceiling.subMsg]).toEqual(['FND10003', 'payeeBalance']);
    await server.db.query("UPDATE members SET account_level = 'III' WHERE id = $1", [brunoId]);
  });

  it('lets only verified members pay, and only to verified members', async () => {
    const enterprise = await server.memberToken('loja@demo.ao');
    const enterpriseId = (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE email = 'loja@demo.ao'")).rows[0]!.id;
    const payToken = await payTokenDirect(server.db, enterpriseId, { service: 'wallet/transfer/doTransfer', amount: 100, counterparty: '923000001' });
    expect((await call('wallet/transfer/doTransfer', { mobile: '923000001', amount: 100, payToken }, enterprise)).code).toBe('FND10004');
  });

  it('lists the fund detail by date range, newest first, in pages', async () => {
    const all = (await call('wallet/fund/queryFundDetails', { shortcut: '7', pageSize: 3 })).bizContent;
    expect(all.items).toHaveLength(3);
    expect(all.items[0]).toMatchObject({ direction: 'expenditure', kind: 'transfer', counterparty: 'Bruno M*** D***' });
    expect(all.items[0].balanceBefore - all.items[0].amount).toBe(all.items[0].balanceAfter);
    const next = (await call('wallet/fund/queryFundDetails', { shortcut: '7', pageSize: 3, cursor: all.nextCursor })).bizContent;
    expect(next.items[0].id).not.toBe(all.items[0].id);
    expect(Number(next.items[0].id)).toBeLessThan(Number(all.items[2].id));
    const yesterday = (await call('wallet/fund/queryFundDetails', { shortcut: '1' })).bizContent;
    expect(yesterday.items).toEqual([]);
    const detail = (await call('wallet/fund/queryFundDetail', { id: all.items[0].id })).bizContent;
    expect(detail).toMatchObject({ tradeNo: all.items[0].tradeNo, facts: { type: 'transfer', name: 'Bruno M*** D***', mobile: '9** *** 002' } });
    const bruno = await server.memberToken('+244943000002');
    expect((await call('wallet/fund/queryFundDetail', { id: all.items[0].id }, bruno)).code).toBe('CNT40401'); // not Bruno's line
  });

  it('masks names the same way in SQL (payments) and in TypeScript (cards)', async () => {
    for (const name of ['Ana Maria Demo', '  Bruno   Manuel Demo ', 'Luísa Nzinga Tavares', 'Mateus', 'Ângela de Fátima dos Santos']) {
      const { rows } = await server.db.query<{ masked: string }>('SELECT mask_name($1) AS masked', [name]);
      expect(rows[0]!.masked).toBe(maskName(name));
    }
  });

  it('keeps the invariants, and the ledger refuses edits', async () => {
    const report = await checkInvariants(server.db);
    expect(report).toMatchObject({ ok: true, totalBalance: '0', driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [] });
    await expect(server.db.query('UPDATE ledger_entries SET amount = amount + 1')).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM ledger_transfers')).rejects.toThrow(/append-only/);
    await expect(server.db.query("UPDATE ledger_accounts SET balance = -1 WHERE code LIKE 'member:%' ")).rejects.toThrow(/check constraint/);
  });
});

describe('date shortcuts (spec §9), in Luanda days', () => {
  // Wednesday 2026-11-18 23:30 UTC is Thursday 00:30 in Luanda
  const now = Date.UTC(2026, 10, 18, 23, 30);
  it.each([
    ['7', '2026-11-19', '2026-11-19'], ['1', '2026-11-18', '2026-11-18'], ['2', '2026-11-16', '2026-11-19'], ['3', '2026-11-09', '2026-11-15'],
    ['4', '2026-11-01', '2026-11-19'], ['5', '2026-10-01', '2026-10-31'], ['6', '2026-11-13', '2026-11-19'], ['8', '2026-10-21', '2026-11-19'],
  ])('shortcut %s is %s … %s', (code, from, to) => {
    expect(shortcutRange(code, now)).toEqual({ from, to });
  });
});
