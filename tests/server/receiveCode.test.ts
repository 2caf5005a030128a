import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { createLoadMembers, fund, payTokenByKeypad, payTokenDirect, verifyMember, type LoadMember } from '../support/money.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { decodePersonalCode } from '../../services/emvco.ts';
import { OPEN_ONE_TIME_CODES_MAX } from '../../server/domains/receiveCode/handlers.ts';
import { PAYEE_LOOKUPS_PER_HOUR } from '../../server/entities/payeeLookups.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const KZ = 100;
const PAY = 'wallet/receiveCode/payByCode';

describe.each(engines)('a person’s receive code on %s', (engine) => {
  let server: TestServer;
  let ana: string; // the receiver's session token (a zungueira)
  let anaId: string;
  let bruno: string; // a payer
  let brunoId: string;
  let payers: LoadMember[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    brunoId = await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    bruno = await server.memberToken('+244943000002');
    await fund(server.db, brunoId, 10_000n * 100n);
    payers = await createLoadMembers(server.db, 4, 5_000n * 100n);
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token: string, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const balance = async (token: string) => (await call('wallet/accountBalance/queryAccountBalance', {}, token)).bizContent.available as number;
  /** Pays a code as `payer`, with a pay confirmation for exactly this service, amount and token. */
  const pay = async (payer: { id: string; token: string }, codeToken: string, amount: number, options: { requestNo?: string; note?: string; payToken?: string } = {}) => {
    const payToken = options.payToken ?? await payTokenDirect(server.db, payer.id, { service: PAY, amount, counterparty: codeToken });
    return call(PAY, { token: codeToken, amount, note: options.note ?? '', payToken }, payer.token, options.requestNo);
  };

  it('a verified person gets one standing code, an EMVCo P2P payload under their masked name; a company or an unverified member is refused', async () => {
    const first = await call('wallet/receiveCode/myCode', {}, ana);
    expect(first.code).toBe('S0001');
    expect(first.bizContent.maskedName).toBe('Ana M*** D***');
    expect(first.bizContent.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(decodePersonalCode(first.bizContent.payload)).toEqual({ ok: true, value: { token: first.bizContent.token, amountCents: null } });
    expect((await call('wallet/receiveCode/myCode', {}, ana)).bizContent).toEqual(first.bizContent); // the same code every time
    const loja = await server.memberToken('loja@demo.ao');
    expect((await call('wallet/receiveCode/myCode', {}, loja)).code).toBe('RCV10002');
    await server.db.query("UPDATE members SET verification_status = 'unverified' WHERE id = $1", [payers[3]!.id]);
    expect((await call('wallet/receiveCode/myCode', {}, payers[3]!.token)).code).toBe('RCV10001');
    expect((await call('wallet/receiveCode/makeOneTimeCode', { amount: 100 }, payers[3]!.token)).code).toBe('RCV10001');
  });

  it('the payer sees the masked name first, then pays 500 Kz with a note: a transfer, no charge, the receiver paid', async () => {
    const { token } = (await call('wallet/receiveCode/myCode', {}, ana)).bizContent;
    expect((await call('wallet/receiveCode/resolveCode', { token }, bruno)).bizContent).toEqual({ maskedName: 'Ana M*** D***', kind: 'standing', amount: null, note: null });
    expect((await call('wallet/receiveCode/resolveCode', { token }, ana)).code).toBe('FND10006'); // one's own code
    expect((await call('wallet/receiveCode/resolveCode', { token: 'A'.repeat(22) }, bruno)).code).toBe('RCV10003');
    const [brunoBefore, anaBefore] = [await balance(bruno), await balance(ana)];
    const payToken = await payTokenByKeypad(server, bruno, { service: PAY, amount: 500 * KZ, counterparty: token });
    expect((await pay({ id: brunoId, token: bruno }, token, 600 * KZ, { payToken })).code).toBe('FND10008'); // confirmed for another amount
    const paid = await pay({ id: brunoId, token: bruno }, token, 500 * KZ, { payToken, note: 'Peixe' });
    expect(paid.code).toBe('S0001');
    expect(paid.bizContent).toMatchObject({ amount: 500 * KZ, available: brunoBefore - 500 * KZ, maskedName: 'Ana M*** D***' });
    expect(await balance(ana)).toBe(anaBefore + 500 * KZ);
    const { rows: [posted] } = await server.db.query<{ kind: string; note: string }>('SELECT kind, reference AS note FROM ledger_transfers WHERE id = $1', [paid.bizContent.transferId]);
    expect(posted).toEqual({ kind: 'transfer', note: 'Peixe' });
    const receipt = await call('wallet/fund/queryReceipt', { transferId: paid.bizContent.transferId }, bruno);
    expect(receipt.bizContent).toMatchObject({ kind: 'transfer', amount: 500 * KZ, charge: 0, note: 'Peixe' });
    // a confirmation for one code pays no other
    const other = (await call('wallet/receiveCode/makeOneTimeCode', { amount: 500 * KZ }, ana)).bizContent.token;
    expect((await pay({ id: brunoId, token: bruno }, other, 500 * KZ, { payToken: await payTokenDirect(server.db, brunoId, { service: PAY, amount: 500 * KZ, counterparty: token }) })).code).toBe('FND10008');
    // not enough money: the transfer's own refusal
    expect((await pay(payers[0]!, token, 5_001 * KZ)).code).toBe('FND10001');
  });

  it('a renewed code stops paying at once; a replay of a request paid before answers what it answered', async () => {
    const old = (await call('wallet/receiveCode/myCode', {}, ana)).bizContent.token;
    const requestNo = `H5T${Date.now()}renew`;
    const first = await pay({ id: brunoId, token: bruno }, old, 10 * KZ, { requestNo });
    expect(first.code).toBe('S0001');
    const renewed = await call('wallet/receiveCode/renewCode', {}, ana);
    expect(renewed.bizContent.token).not.toBe(old);
    expect((await call('wallet/receiveCode/myCode', {}, ana)).bizContent.token).toBe(renewed.bizContent.token);
    expect((await call('wallet/receiveCode/resolveCode', { token: old }, bruno)).code).toBe('RCV10003');
    const before = await balance(bruno);
    expect((await pay({ id: brunoId, token: bruno }, old, 10 * KZ)).code).toBe('RCV10003');
    const replay = await pay({ id: brunoId, token: bruno }, old, 10 * KZ, { requestNo, payToken: 'x'.repeat(43) });
    expect(replay.code).toBe('FND10002'); // the same requestNo with another payload (another pay token) is refused, not paid
    expect(await balance(bruno)).toBe(before);
    expect((await pay({ id: brunoId, token: bruno }, renewed.bizContent.token, 10 * KZ)).code).toBe('S0001');
  });

  it('a one-time code: its amount only, once, the receiver’s note on the transfer, for 24 hours', async () => {
    const made = await call('wallet/receiveCode/makeOneTimeCode', { amount: 1_250 * KZ, note: ' 2 kg de peixe ' }, ana);
    expect(made.code).toBe('S0001');
    expect(made.bizContent).toMatchObject({ amount: 1_250 * KZ, note: '2 kg de peixe', maskedName: 'Ana M*** D***' });
    const hours = (Date.parse(made.bizContent.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(decodePersonalCode(made.bizContent.payload)).toEqual({ ok: true, value: { token: made.bizContent.token, amountCents: 1_250 * KZ } });
    const token = made.bizContent.token;
    expect((await call('wallet/receiveCode/resolveCode', { token }, bruno)).bizContent).toEqual({ maskedName: 'Ana M*** D***', kind: 'oneTime', amount: 1_250 * KZ, note: '2 kg de peixe' });
    expect((await pay({ id: brunoId, token: bruno }, token, 1_000 * KZ)).code).toBe('RCV10006');
    const paid = await pay({ id: brunoId, token: bruno }, token, 1_250 * KZ);
    expect(paid.code).toBe('S0001');
    const { rows: [posted] } = await server.db.query<{ note: string }>('SELECT reference AS note FROM ledger_transfers WHERE id = $1', [paid.bizContent.transferId]);
    expect(posted!.note).toBe('2 kg de peixe');
    expect((await pay({ id: brunoId, token: bruno }, token, 1_250 * KZ)).code).toBe('RCV10004');
    expect((await call('wallet/receiveCode/resolveCode', { token }, bruno)).code).toBe('RCV10004');
    const late = (await call('wallet/receiveCode/makeOneTimeCode', { amount: 100 * KZ }, ana)).bizContent.token;
    await server.db.query("UPDATE receive_codes SET expires_at = now() - interval '1 second' WHERE token = $1", [late]);
    expect((await call('wallet/receiveCode/resolveCode', { token: late }, bruno)).code).toBe('RCV10005');
    expect((await pay({ id: brunoId, token: bruno }, late, 100 * KZ)).code).toBe('RCV10005');
  });

  it('at most 20 open one-time codes; a paid or expired one makes room', async () => {
    await server.db.query("UPDATE receive_codes SET expires_at = now() - interval '1 second' WHERE member_id = $1 AND kind = 'oneTime' AND spent_at IS NULL", [anaId]);
    for (let i = 0; i < OPEN_ONE_TIME_CODES_MAX; i++) expect((await call('wallet/receiveCode/makeOneTimeCode', { amount: (i + 1) * KZ }, ana)).code).toBe('S0001');
    expect((await call('wallet/receiveCode/makeOneTimeCode', { amount: KZ }, ana)).code).toBe('RCV10007');
    const { rows: [oldest] } = await server.db.query<{ token: string; amount: string }>("SELECT token, amount::text FROM receive_codes WHERE member_id = $1 AND kind = 'oneTime' AND spent_at IS NULL AND expires_at > now() ORDER BY id LIMIT 1", [anaId]);
    expect((await pay({ id: brunoId, token: bruno }, oldest!.token, Number(oldest!.amount))).code).toBe('S0001');
    expect((await call('wallet/receiveCode/makeOneTimeCode', { amount: KZ }, ana)).code).toBe('S0001');
    await server.db.query("UPDATE receive_codes SET expires_at = now() - interval '1 second' WHERE member_id = $1 AND kind = 'oneTime' AND spent_at IS NULL", [anaId]);
  });

  it('resolving is counted with the transfer’s payee look-ups: codes cannot be walked for names', async () => {
    const { token } = (await call('wallet/receiveCode/myCode', {}, ana)).bizContent;
    const walker = payers[2]!;
    for (let i = 0; i < PAYEE_LOOKUPS_PER_HOUR - 1; i++) expect((await call('wallet/receiveCode/resolveCode', { token: `${'B'.repeat(20)}${String(i).padStart(2, '0')}` }, walker.token)).code).toBe('RCV10003');
    expect((await call('wallet/transfer/queryPayee', { mobile: '943000002' }, walker.token)).code).toBe('S0001'); // the 30th, by number
    const refused = await call('wallet/receiveCode/resolveCode', { token }, walker.token);
    expect(refused.code).toBe('FND10009');
    expect(refused.bizContent).toBeNull();
  });

  it.runIf(engine === 'postgres')('the same requestNo sent five times at once pays once, on the standing code', async () => {
    const { token } = (await call('wallet/receiveCode/myCode', {}, ana)).bizContent;
    const payer = payers[0]!;
    const [payerBefore, anaBefore] = [await balance(payer.token), await balance(ana)];
    const payToken = await payTokenDirect(server.db, payer.id, { service: PAY, amount: 500 * KZ, counterparty: token });
    const requestNo = `H5T${Date.now()}same`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(payer, token, 500 * KZ, { requestNo, payToken, note: 'Táxi' })));
    expect(answers.map((a) => a.code)).toEqual(['S0001', 'S0001', 'S0001', 'S0001', 'S0001']);
    expect(new Set(answers.map((a) => a.bizContent.transferId)).size).toBe(1);
    expect(await balance(payer.token)).toBe(payerBefore - 500 * KZ);
    expect(await balance(ana)).toBe(anaBefore + 500 * KZ);
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true, driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [] });
  });

  it.runIf(engine === 'postgres')('a one-time code paid by two payers at once pays once; the other is told it was paid; the same request at once pays once', async () => {
    const made = (await call('wallet/receiveCode/makeOneTimeCode', { amount: 700 * KZ, note: 'Carvão' }, ana)).bizContent;
    const [a, b] = [payers[0]!, payers[1]!];
    const before = { a: await balance(a.token), b: await balance(b.token), ana: await balance(ana) };
    const answers = await Promise.all([pay(a, made.token, 700 * KZ), pay(b, made.token, 700 * KZ)]);
    expect(answers.map((x) => x.code).sort()).toEqual(['RCV10004', 'S0001']);
    const winner = answers[0]!.code === 'S0001' ? a : b;
    const after = { a: await balance(a.token), b: await balance(b.token), ana: await balance(ana) };
    expect(after.ana).toBe(before.ana + 700 * KZ);
    expect(after.a + after.b).toBe(before.a + before.b - 700 * KZ);
    const { rows: [spent] } = await server.db.query<{ paid_by: string; transfer_id: string }>('SELECT paid_by::text, transfer_id::text FROM receive_codes WHERE token = $1', [made.token]);
    expect(spent).toEqual({ paid_by: winner.id, transfer_id: (answers.find((x) => x.code === 'S0001')!).bizContent.transferId });

    // the same request of one payer, four times at once, on a fresh one-time code: once, and every answer is that payment
    const second = (await call('wallet/receiveCode/makeOneTimeCode', { amount: 300 * KZ }, ana)).bizContent;
    const payToken = await payTokenDirect(server.db, a.id, { service: PAY, amount: 300 * KZ, counterparty: second.token });
    const requestNo = `H5T${Date.now()}once`;
    const same = await Promise.all(Array.from({ length: 4 }, () => pay(a, second.token, 300 * KZ, { requestNo, payToken })));
    expect(same.map((x) => x.code)).toEqual(['S0001', 'S0001', 'S0001', 'S0001']);
    expect(new Set(same.map((x) => x.bizContent.transferId)).size).toBe(1);
    expect(await balance(ana)).toBe(after.ana + 300 * KZ);
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true, driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [] });
  });

  it.runIf(engine === 'postgres')('four renewals at once each succeed in turn and leave exactly one standing code; 25 one-time codes asked at once make 20', async () => {
    const renewals = await Promise.all([1, 2, 3, 4].map(() => call('wallet/receiveCode/renewCode', {}, ana)));
    expect(renewals.map((r) => r.code)).toEqual(['S0001', 'S0001', 'S0001', 'S0001']);
    const { rows: live } = await server.db.query<{ token: string }>("SELECT token FROM receive_codes WHERE member_id = $1 AND kind = 'standing' AND revoked_at IS NULL", [anaId]);
    expect(live).toHaveLength(1);
    expect((await call('wallet/receiveCode/myCode', {}, ana)).bizContent.token).toBe(live[0]!.token);

    await server.db.query("UPDATE receive_codes SET expires_at = now() - interval '1 second' WHERE member_id = $1 AND kind = 'oneTime' AND spent_at IS NULL", [anaId]);
    const made = await Promise.all(Array.from({ length: 25 }, (_, i) => call('wallet/receiveCode/makeOneTimeCode', { amount: (i + 1) * KZ }, ana)));
    expect(made.filter((r) => r.code === 'S0001')).toHaveLength(OPEN_ONE_TIME_CODES_MAX);
    expect(made.filter((r) => r.code === 'RCV10007')).toHaveLength(25 - OPEN_ONE_TIME_CODES_MAX);
    await server.db.query("UPDATE receive_codes SET expires_at = now() - interval '1 second' WHERE member_id = $1 AND kind = 'oneTime' AND spent_at IS NULL", [anaId]);
  });

  it.runIf(engine === 'postgres')('a renewal while payments are in flight: each payment is either paid before it or refused after it, never lost', async () => {
    const { token } = (await call('wallet/receiveCode/myCode', {}, ana)).bizContent;
    const anaBefore = await balance(ana);
    const results = await Promise.all([
      pay(payers[0]!, token, 10 * KZ), pay(payers[1]!, token, 10 * KZ), call('wallet/receiveCode/renewCode', {}, ana), pay(payers[0]!, token, 10 * KZ),
    ]);
    const payments = [results[0]!, results[1]!, results[3]!];
    for (const p of payments) expect(['S0001', 'RCV10003']).toContain(p.code);
    expect(await balance(ana)).toBe(anaBefore + payments.filter((p) => p.code === 'S0001').length * 10 * KZ);
    expect((await pay(payers[0]!, token, 10 * KZ)).code).toBe('RCV10003');
  });
});
