import crypto from 'node:crypto';
import { PAYEE_LOOKUPS_PER_HOUR } from '../../server/entities/payeeLookups.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { REQUESTS_PER_HOUR, requestPurpose } from '../../server/domains/moneyRequest/handlers.ts';
import { LEDGER_CODES, REQUEST_CODES } from '../../services/contract/answerCodes.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Member { id: string; mobile: string; token: string }

/** Asking for money (issue 26, part 2): on PGlite always, and on PostgreSQL, where the races are real. */
describe.each(engines)('money requests on %s', (engine) => {
  let server: TestServer;
  let serial = 0;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** A new verified individual (or an unverified one, or a company's owner), with its own session. */
  async function member(name: string, options: { verified?: boolean; language?: string; balance?: bigint } = {}): Promise<Member> {
    const mobile = `93${String(Date.now() % 1000).padStart(3, '0')}${String(++serial).padStart(4, '0')}`;
    const verified = options.verified ?? true;
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO members (member_type, mobile, display_name, verification_status, account_level, real_name, language)
       VALUES ('individual', $1, $2, $3, $4, $5, $6) RETURNING id::text`,
      [`+244${mobile}`, name, verified ? 'verified' : 'unverified', verified ? 'III' : 'I', verified ? name : null, options.language ?? 'pt'],
    );
    const id = rows[0]!.id;
    if (options.balance) await fund(server.db, id, options.balance);
    return { id, mobile, token: await server.memberToken(`+244${mobile}`) };
  }
  const call = async (who: Member, service: string, bizContent: object, requestNo?: string): Promise<Answer> => {
    const payload = { ...envelope(service, bizContent, { token: who.token }, 'en'), ...(requestNo ? { requestNo } : {}) };
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const ask = (requester: Member, payer: Member, amount = 120_000, reason = 'Jantar de sexta', requestNo?: string) =>
    call(requester, 'wallet/moneyRequest/create', { mobile: payer.mobile, amount, reason }, requestNo);
  const pay = async (payer: Member, id: string, amount: number, requestNo = `P${crypto.randomBytes(6).toString('hex')}`) => {
    const payToken = await payTokenDirect(server.db, payer.id, requestPurpose(id, amount));
    return { requestNo, send: () => call(payer, 'wallet/moneyRequest/pay', { id, amount, payToken }, requestNo) };
  };
  const balance = async (who: Member) =>
    Number((await server.db.query<{ balance: string }>("SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [who.id])).rows[0]!.balance);
  const notices = async (who: Member, kind: string) =>
    (await server.db.query<{ ref: string; params: Record<string, unknown> }>('SELECT ref, params FROM member_notices WHERE member_id = $1 AND kind = $2 ORDER BY id', [who.id, kind])).rows;
  const sms = async (who: Member) => (await server.db.query<{ body: string; language: string }>('SELECT body, language FROM outbox_messages WHERE destination = $1 ORDER BY id', [`+244${who.mobile}`])).rows;

  it('asks a verified member: both see it, masked; the payer gets a notice and an SMS in their language with the link', async () => {
    const ana = await member('Ana Maria Sousa');
    const bruno = await member('Bruno Manuel Costa', { language: 'en' });
    const asked = await ask(ana, bruno);
    expect(asked.code).toBe('S0001');
    const id = asked.bizContent.id;
    expect(asked.bizContent).toMatchObject({
      role: 'requester', status: 'open', amount: 120_000, reason: 'Jantar de sexta', transferId: null, closedAt: null, requesterBlocked: false,
      other: { maskedName: 'Bruno M*** C***', maskedMobile: expect.stringMatching(/^9\*\* \*\*\* \d{3}$/) },
    });
    expect(Date.parse(asked.bizContent.expiresAt) - Date.parse(asked.bizContent.createdAt)).toBe(48 * 3600_000);
    const seen = await call(bruno, 'wallet/moneyRequest/get', { id });
    expect(seen.bizContent).toMatchObject({ id, role: 'payer', status: 'open', other: { maskedName: 'Ana M*** S***' } });
    expect(await notices(bruno, 'moneyRequested')).toEqual([{ ref: id, params: { amount: 120_000, counterpart: 'Ana M*** S***' } }]);
    const [message] = await sms(bruno);
    expect(message!.language).toBe('en');
    expect(message!.body).toContain('Ana M*** S***');
    expect(message!.body).toContain('Kz 1,200.00');
    expect(message!.body).toContain(`/app/moneyRequest/${id}`);
    // the requester's free text never goes out in an SMS
    expect(message!.body).not.toContain('Jantar');
    // nobody else's
    const carla = await member('Carla Dias');
    expect((await call(carla, 'wallet/moneyRequest/get', { id })).code).toBe(REQUEST_CODES.requestNotFound);
    const lists = (await call(bruno, 'wallet/moneyRequest/list', {})).bizContent;
    expect(lists.received.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(lists.sent).toEqual([]);
    expect((await call(carla, 'wallet/moneyRequest/list', {})).bizContent).toEqual({ sent: [], received: [] });
  });

  it('refuses the unverified, oneself, an unknown number, a second open request to the same person; a resent ask answers the same request', async () => {
    const ana = await member('Ana Teste');
    const bruno = await member('Bruno Teste');
    const unverified = await member('Sem Verificar', { verified: false });
    expect((await ask(unverified, bruno)).code).toBe(LEDGER_CODES.verificationNeeded);
    expect((await ask(ana, unverified)).code).toBe(LEDGER_CODES.payeeNotFound);
    expect((await ask(ana, ana)).code).toBe(LEDGER_CODES.payeeIsSelf);
    expect((await call(ana, 'wallet/moneyRequest/create', { mobile: '929999999', amount: 100, reason: 'x' })).code).toBe(LEDGER_CODES.payeeNotFound);
    expect((await call(ana, 'wallet/moneyRequest/create', { mobile: bruno.mobile, amount: 100, reason: '   ' })).code).toBe('AGW10003');
    expect((await call(ana, 'wallet/moneyRequest/create', { mobile: bruno.mobile, amount: 0, reason: 'x' })).code).toBe('AGW10003');
    const first = await ask(ana, bruno, 5_000, 'Táxi', 'SAME-ASK-1');
    const again = await ask(ana, bruno, 5_000, 'Táxi', 'SAME-ASK-1');
    expect(again.bizContent.id).toBe(first.bizContent.id);
    // the same requestNo with another request is a client bug, never answered as the first
    expect((await ask(ana, bruno, 6_000, 'Táxi', 'SAME-ASK-1')).code).toBe(LEDGER_CODES.requestNoReused);
    expect((await ask(ana, bruno, 7_000, 'Outra coisa')).code).toBe(REQUEST_CODES.alreadyAsked);
    expect(await notices(bruno, 'moneyRequested')).toHaveLength(1);
    // once it is closed (cancelled here), asking again is fine
    expect((await call(ana, 'wallet/moneyRequest/cancel', { id: first.bizContent.id })).bizContent.status).toBe('cancelled');
    expect((await ask(ana, bruno, 7_000, 'Outra coisa')).code).toBe('S0001');
  });

  it('pays with the pay password through the transfer: money moves once, the requester sees it paid and is told; a replay answers the same', async () => {
    const ana = await member('Ana Paga');
    const bruno = await member('Bruno Paga', { balance: 10_000_00n });
    const id = (await ask(ana, bruno, 120_000, 'Bilhetes')).bizContent.id;
    const payment = await pay(bruno, id, 120_000);
    const paid = await payment.send();
    expect(paid.code).toBe('S0001');
    expect(paid.bizContent).toMatchObject({ amount: 120_000, available: 880_000, maskedName: 'Ana P***' });
    const replayed = await payment.send();
    expect(replayed.bizContent).toEqual(paid.bizContent);
    expect(await balance(bruno)).toBe(880_000);
    expect(await balance(ana)).toBe(120_000);
    const seen = (await call(ana, 'wallet/moneyRequest/get', { id })).bizContent;
    expect(seen).toMatchObject({ status: 'paid', transferId: paid.bizContent.transferId, closedAt: expect.any(String) });
    expect(await notices(ana, 'moneyRequestPaid')).toEqual([{ ref: id, params: { amount: 120_000, counterpart: 'Bruno P***' } }]);
    // told once: the request's notice, not also the transfer's generic «money received»
    expect(await notices(ana, 'transferReceived')).toEqual([]);
    // the transfer carries the reason as its note
    const { rows } = await server.db.query<{ note: string }>('SELECT reference AS note FROM ledger_transfers WHERE id = $1', [paid.bizContent.transferId]);
    expect(rows[0]!.note).toBe('Bilhetes');
    // paid: another requestNo is refused, saying why
    const again = await (await pay(bruno, id, 120_000)).send();
    expect([again.code, again.subMsg]).toEqual([REQUEST_CODES.requestClosed, 'paid']);
    // the requester cannot pay their own request, nor cancel a paid one
    expect((await (await pay(ana, id, 120_000)).send()).code).toBe(REQUEST_CODES.requestNotFound);
    expect((await call(ana, 'wallet/moneyRequest/cancel', { id })).code).toBe(REQUEST_CODES.requestClosed);
  });

  it('refuses a pay token given for another amount or another request, and the wrong amount', async () => {
    const ana = await member('Ana Token');
    const bruno = await member('Bruno Token', { balance: 10_000_00n });
    const id = (await ask(ana, bruno, 50_000)).bizContent.id;
    const tokenForOther = await payTokenDirect(server.db, bruno.id, requestPurpose(String(Number(id) + 1000), 50_000));
    expect((await call(bruno, 'wallet/moneyRequest/pay', { id, amount: 50_000, payToken: tokenForOther })).code).toBe(LEDGER_CODES.payAuthorizationInvalid);
    expect((await (await pay(bruno, id, 40_000)).send()).code).toBe(LEDGER_CODES.amountInvalid);
    // not enough money: refused, the request stays open
    const poor = await member('Pobre Token');
    const id2 = (await ask(ana, poor, 50_000)).bizContent.id;
    expect((await (await pay(poor, id2, 50_000)).send()).code).toBe(LEDGER_CODES.insufficientFunds);
    expect((await call(poor, 'wallet/moneyRequest/get', { id: id2 })).bizContent.status).toBe('open');
    expect(await balance(bruno)).toBe(10_000_00);
  });

  it('two tabs paying the same request at once (two requestNos): it is paid once, the other is told it is paid', async () => {
    const ana = await member('Ana Corrida');
    const bruno = await member('Bruno Corrida', { balance: 10_000_00n });
    for (let round = 0; round < 3; round++) {
      const id = (await ask(ana, bruno, 10_000, `Ronda ${round}`)).bizContent.id;
      const tabs = await Promise.all([pay(bruno, id, 10_000), pay(bruno, id, 10_000)]);
      const answers = await Promise.all(tabs.map((tab) => tab.send()));
      expect(answers.map((a) => a.code).sort()).toEqual([REQUEST_CODES.requestClosed, 'S0001']);
      expect(answers.find((a) => a.code !== 'S0001')!.subMsg).toBe('paid');
    }
    expect(await balance(bruno)).toBe(10_000_00 - 3 * 10_000);
    expect(await balance(ana)).toBe(3 * 10_000);
    expect(await notices(ana, 'moneyRequestPaid')).toHaveLength(3);
  });

  it('the same requestNo sent three times at once pays once, and all three get the same answer', async () => {
    const ana = await member('Ana Repete');
    const bruno = await member('Bruno Repete', { balance: 10_000_00n });
    const id = (await ask(ana, bruno, 25_000)).bizContent.id;
    const payment = await pay(bruno, id, 25_000);
    const answers = await Promise.all([payment.send(), payment.send(), payment.send()]);
    expect(answers.map((a) => a.code)).toEqual(['S0001', 'S0001', 'S0001']);
    expect(new Set(answers.map((a) => a.bizContent.transferId)).size).toBe(1);
    expect(await balance(bruno)).toBe(10_000_00 - 25_000);
    const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id WHERE a.member_id = $1 AND t.kind = 'transfer'", [ana.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses paying an expired, a cancelled or a declined request; declining tells the requester; a decline and a pay at once: one of them', async () => {
    const ana = await member('Ana Fecha');
    const bruno = await member('Bruno Fecha', { balance: 10_000_00n });
    const expired = (await ask(ana, bruno, 1_000, 'Velho')).bizContent.id;
    await server.db.query("UPDATE money_requests SET created_at = now() - interval '49 hours', expires_at = now() - interval '1 hour' WHERE id = $1", [expired]);
    expect((await call(bruno, 'wallet/moneyRequest/get', { id: expired })).bizContent.status).toBe('expired');
    const late = await (await pay(bruno, expired, 1_000)).send();
    expect([late.code, late.subMsg]).toEqual([REQUEST_CODES.requestClosed, 'expired']);
    expect((await call(bruno, 'wallet/moneyRequest/decline', { id: expired })).code).toBe(REQUEST_CODES.requestClosed);
    expect((await call(ana, 'wallet/moneyRequest/cancel', { id: expired })).code).toBe(REQUEST_CODES.requestClosed);

    const cancelled = (await ask(ana, bruno, 2_000, 'Cancelado')).bizContent.id;
    expect((await call(ana, 'wallet/moneyRequest/cancel', { id: cancelled })).bizContent.status).toBe('cancelled');
    expect((await call(bruno, 'wallet/moneyRequest/cancel', { id: cancelled })).code).toBe(REQUEST_CODES.requestNotFound);
    const afterCancel = await (await pay(bruno, cancelled, 2_000)).send();
    expect([afterCancel.code, afterCancel.subMsg]).toEqual([REQUEST_CODES.requestClosed, 'cancelled']);

    const declined = (await ask(ana, bruno, 3_000, 'Recusado')).bizContent.id;
    expect((await call(ana, 'wallet/moneyRequest/decline', { id: declined })).code).toBe(REQUEST_CODES.requestNotFound);
    expect((await call(bruno, 'wallet/moneyRequest/decline', { id: declined })).bizContent.status).toBe('declined');
    expect(await notices(ana, 'moneyRequestDeclined')).toEqual([{ ref: declined, params: { amount: 3_000, counterpart: 'Bruno F***' } }]);
    const afterDecline = await (await pay(bruno, declined, 3_000)).send();
    expect([afterDecline.code, afterDecline.subMsg]).toEqual([REQUEST_CODES.requestClosed, 'declined']);
    expect(await balance(bruno)).toBe(10_000_00);

    const raced = (await ask(ana, bruno, 4_000, 'Corrida')).bizContent.id;
    const payment = await pay(bruno, raced, 4_000);
    const [paid, declining] = await Promise.all([payment.send(), call(bruno, 'wallet/moneyRequest/decline', { id: raced })]);
    const status = (await call(ana, 'wallet/moneyRequest/get', { id: raced })).bizContent.status;
    if (status === 'paid') expect([paid.code, declining.code]).toEqual(['S0001', REQUEST_CODES.requestClosed]);
    else expect([status, paid.code, declining.code]).toEqual(['declined', REQUEST_CODES.requestClosed, 'S0001']);
    expect(await balance(bruno)).toBe(10_000_00 - (status === 'paid' ? 4_000 : 0));
  });

  it(`asking looks the number up like the payee check: ${PAYEE_LOOKUPS_PER_HOUR} an hour, refusals counted too (numbers cannot be tried without limit)`, async () => {
    const prober = await member('Quem Procura');
    for (let i = 0; i < PAYEE_LOOKUPS_PER_HOUR; i++) {
      expect((await call(prober, 'wallet/moneyRequest/create', { mobile: `92${String(9_000_000 + i)}`, amount: 100, reason: 'x' })).code).toBe(LEDGER_CODES.payeeNotFound);
    }
    expect((await call(prober, 'wallet/moneyRequest/create', { mobile: '929999998', amount: 100, reason: 'x' })).code).toBe(LEDGER_CODES.payeeLookupsExhausted);
  });

  it(`sends at most ${REQUESTS_PER_HOUR} requests an hour, also when they are sent at once`, async () => {
    const ana = await member('Ana Limite');
    const payers = await Promise.all(Array.from({ length: REQUESTS_PER_HOUR + 5 }, (_, i) => member(`Pagador${i} Limite`)));
    const answers = await Promise.all(payers.map((payer) => ask(ana, payer, 100)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'S0001')).toHaveLength(REQUESTS_PER_HOUR);
    expect(codes.filter((c) => c === REQUEST_CODES.tooManyRequests)).toHaveLength(5);
    expect(Number(answers.find((a) => a.code === REQUEST_CODES.tooManyRequests)!.subMsg)).toBeGreaterThanOrEqual(1);
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM money_requests WHERE requester_id = $1', [ana.id]);
    expect(rows[0]!.n).toBe(REQUESTS_PER_HOUR);
    // an hour later the window has moved on
    await server.db.query("UPDATE money_requests SET created_at = created_at - interval '61 minutes' WHERE requester_id = $1", [ana.id]);
    const refusedPayer = payers[codes.indexOf(REQUEST_CODES.tooManyRequests)]!;
    expect((await ask(ana, refusedPayer, 100)).code).toBe('S0001');
  });

  it('a blocked requester is not told: their requests wait and expire unseen; the open one is declined; unblocking lets the next through', async () => {
    const ana = await member('Ana Chata');
    const bruno = await member('Bruno Bloqueia', { balance: 10_000_00n });
    const first = (await ask(ana, bruno, 1_000, 'Primeiro')).bizContent.id;
    const blocked = await call(bruno, 'wallet/moneyRequest/block', { id: first, blocked: true });
    expect(blocked.bizContent).toMatchObject({ status: 'declined', requesterBlocked: true });
    expect(await notices(ana, 'moneyRequestDeclined')).toHaveLength(1);
    const smsBefore = (await sms(bruno)).length;

    const silenced = await ask(ana, bruno, 2_000, 'Segundo');
    expect(silenced.code).toBe('S0001');
    // asking again while it is open answers as for anyone (one open request per payer): the block does not show
    expect((await ask(ana, bruno, 2_500, 'Segundo outra vez')).code).toBe(REQUEST_CODES.alreadyAsked);
    expect(silenced.bizContent).toMatchObject({ status: 'open', requesterBlocked: false });
    expect((await call(ana, 'wallet/moneyRequest/get', { id: silenced.bizContent.id })).bizContent.requesterBlocked).toBe(false);
    expect((await call(bruno, 'wallet/moneyRequest/get', { id: silenced.bizContent.id })).code).toBe(REQUEST_CODES.requestNotFound);
    expect((await (await pay(bruno, silenced.bizContent.id, 2_000)).send()).code).toBe(REQUEST_CODES.requestNotFound);
    expect((await call(bruno, 'wallet/moneyRequest/list', {})).bizContent.received.map((r: { id: string }) => r.id)).toEqual([first]);
    expect(await notices(bruno, 'moneyRequested')).toHaveLength(1);
    expect(await sms(bruno)).toHaveLength(smsBefore);
    // only the payer may block, from a request they can see
    expect((await call(ana, 'wallet/moneyRequest/block', { id: first, blocked: true })).code).toBe(REQUEST_CODES.requestNotFound);

    // the requester cancels the silenced one; after an unblock the next request is seen and told
    await call(ana, 'wallet/moneyRequest/cancel', { id: silenced.bizContent.id });
    expect((await call(bruno, 'wallet/moneyRequest/block', { id: first, blocked: false })).bizContent.requesterBlocked).toBe(false);
    const seen = (await ask(ana, bruno, 3_000, 'Terceiro')).bizContent.id;
    expect((await call(bruno, 'wallet/moneyRequest/get', { id: seen })).bizContent.status).toBe('open');
    expect(await notices(bruno, 'moneyRequested')).toHaveLength(2);
  });

  it('a block and requests sent at the same moment: none gets through to the payer open', async () => {
    const ana = await member('Ana Rajada');
    const bruno = await member('Bruno Rajada');
    const first = (await ask(ana, bruno, 1_000, 'Antes')).bizContent.id;
    const [block, ...asks] = await Promise.all([
      call(bruno, 'wallet/moneyRequest/block', { id: first, blocked: true }),
      ...Array.from({ length: 4 }, (_, i) => ask(ana, bruno, 1_000 + i, `Rajada ${i}`)),
    ]);
    expect(block!.code).toBe('S0001');
    // before the block: refused (the first is still open); after it: accepted, silenced
    for (const answer of asks) expect([REQUEST_CODES.alreadyAsked, 'S0001']).toContain(answer.code);
    const visible = (await call(bruno, 'wallet/moneyRequest/list', {})).bizContent.received;
    expect(visible.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[first, 'declined']]);
    expect(await notices(bruno, 'moneyRequested')).toHaveLength(1);
    const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM money_requests WHERE requester_id = $1 AND status = 'open' AND NOT silenced", [ana.id]);
    expect(rows[0]!.n).toBe(0);
  });
});
