/**
 * Money under concurrency, on real PostgreSQL (PGlite has one connection and cannot show races):
 * 8 clients do 2 000 random operations among 50 members through the gateway, a tenth of them
 * sent twice (a retry after a lost answer), some at once. Afterwards the ledger's invariants hold,
 * no balance is negative, every replay got the first answer, and every request moved money once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { createLoadMembers, fund, payTokenDirect, type LoadMember } from '../support/money.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

const MEMBERS = 50;
const CLIENTS = 8;
const OPERATIONS = 2_000;
const START_BALANCE = 5_000n * 100n;

describe.runIf(engines.includes('postgres'))('the ledger under load on postgres', () => {
  let server: TestServer;
  const members: LoadMember[] = [];
  beforeAll(async () => {
    server = await startTestServer('postgres');
    members.push(...await createLoadMembers(server.db, MEMBERS, START_BALANCE));
  }, 60_000);
  afterAll(() => server.close());

  it('8 clients, 2 000 transfers and top-ups with replays: invariants intact, every request moved money once', async () => {
    const rand = (n: number) => crypto.randomInt(n);
    let topUpTotal = START_BALANCE * BigInt(MEMBERS);
    const outcomes = { ok: 0, insufficient: 0, limited: 0, replays: 0, other: [] as string[] };
    const successes: Array<{ payer: string; requestNo: string; amount: number }> = [];

    const operation = async () => {
      if (rand(100) < 20) {
        // a top-up the bank confirmed
        const member = members[rand(MEMBERS)]!;
        const amount = BigInt(1 + rand(50_000));
        await fund(server.db, member.id, amount);
        topUpTotal += amount;
        return;
      }
      const payer = members[rand(MEMBERS)]!;
      let payee = members[rand(MEMBERS)]!;
      if (payee === payer) payee = members[(members.indexOf(payer) + 1) % MEMBERS]!;
      const amount = 1 + rand(300_000);
      const payToken = await payTokenDirect(server.db, payer.id, { service: 'wallet/transfer/doTransfer', amount, counterparty: payee.mobile });
      const payload = envelope('wallet/transfer/doTransfer', { mobile: payee.mobile, amount, payToken }, { token: payer.token });
      const send = async () => (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
      const replayed = rand(10) === 0;
      // a replay races the first attempt half of the time, and follows it otherwise
      const answers = replayed ? (rand(2) ? await Promise.all([send(), send()]) : [await send(), await send()]) : [await send()];
      if (replayed) {
        outcomes.replays++;
        expect(answers[1].code).toBe(answers[0].code);
        expect(answers[1].bizContent).toEqual(answers[0].bizContent);
      }
      const code = answers[0].code as string;
      if (code === 'S0001') {
        outcomes.ok++;
        successes.push({ payer: payer.id, requestNo: payload.requestNo, amount });
      } else if (code === 'FND10001') outcomes.insufficient++;
      else if (code === 'FND10003') outcomes.limited++;
      else outcomes.other.push(code);
    };

    let next = 0;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (next < OPERATIONS) {
        next++;
        await operation();
      }
    }));

    expect(outcomes.other).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(OPERATIONS / 2);
    expect(outcomes.replays).toBeGreaterThan(100);
    const report = await checkInvariants(server.db);
    expect(report).toMatchObject({ ok: true, totalBalance: '0', driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [] });
    // members' money is exactly what the banks put in: transfers only move it around
    const held = await server.db.query<{ total: string }>("SELECT sum(balance)::text AS total FROM ledger_accounts WHERE member_id IS NOT NULL");
    expect(BigInt(held.rows[0]!.total)).toBe(topUpTotal);
    // each accepted request is one transfer of its amount, however often it was sent
    const { rows } = await server.db.query<{ idempotency_key: string; amount: string }>("SELECT idempotency_key, amount::text FROM ledger_transfers WHERE kind = 'transfer'");
    expect(rows).toHaveLength(successes.length);
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r.amount]));
    for (const s of successes) expect(byKey.get(`transfer:${s.payer}:${s.requestNo}`)).toBe(String(s.amount));
  }, 240_000);
});
