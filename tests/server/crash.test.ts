/**
 * A gateway killed with SIGKILL in the middle of a load, on real PostgreSQL: after a restart no
 * transfer is half-written, the invariants hold, and every request whose answer was lost, sent
 * again, moves its money exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { createLoadMembers, payTokenDirect, type LoadMember } from '../support/money.ts';
import { createPostgresDatabase, engines, envelope } from '../support/server.ts';

async function startGateway(databaseUrl: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-build') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  for (let i = 0; i < 200; i++) {
    if (log.includes('is running at')) return child;
    if (child.exitCode !== null) throw new Error(`gateway exited:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gateway did not start:\n${log}`);
}

describe.runIf(engines.includes('postgres'))('a gateway killed mid-load on postgres', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let url: string;
  let members: LoadMember[];
  let gateway: ChildProcess | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-crash-'));
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    db = await openPostgres(url, 4);
    await migrate(db);
    await seed(db);
    members = await createLoadMembers(db, 20, 100_000n * 100n);
  }, 60_000);
  afterAll(async () => {
    gateway?.kill('SIGKILL');
    await db.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts with no partial transfer, the invariants intact, and lost answers replayed once', async () => {
    const port = 19000 + crypto.randomInt(1000);
    gateway = await startGateway(url, port, dataDir);
    const answered: Array<{ payer: string; requestNo: string }> = [];
    const lost: Array<{ payer: string; payload: ReturnType<typeof envelope> }> = [];
    let killed = false;
    const send = (payload: object) =>
      fetch(`http://127.0.0.1:${port}/gatewayinner/api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }).then((r) => r.json());

    const client = async () => {
      while (!killed) {
        const payer = members[crypto.randomInt(members.length)]!;
        const payee = members.find((m) => m !== payer && crypto.randomInt(3) === 0) ?? members.find((m) => m !== payer)!;
        const amount = 1 + crypto.randomInt(50_000);
        const payToken = await payTokenDirect(db, payer.id, { service: 'wallet/transfer/doTransfer', amount, counterparty: payee.mobile });
        const payload = envelope('wallet/transfer/doTransfer', { mobile: payee.mobile, amount, payToken }, { token: payer.token });
        try {
          const answer = await send(payload);
          if (answer.code === 'S0001') answered.push({ payer: payer.id, requestNo: payload.requestNo });
        } catch {
          lost.push({ payer: payer.id, payload });
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((r) => setTimeout(r, 1_500));
    gateway.kill('SIGKILL');
    await new Promise((r) => gateway!.once('exit', r));
    killed = true;
    await Promise.all(clients);
    expect(answered.length).toBeGreaterThan(20);

    // nothing half-written, whatever was in flight
    const afterCrash = await checkInvariants(db);
    expect(afterCrash).toMatchObject({ ok: true, unbalancedTransfers: [], driftedAccounts: [] });

    gateway = await startGateway(url, port, dataDir);
    for (const request of lost) {
      const answer = await send(request.payload);
      expect(['S0001', 'FND10001', 'FND10003']).toContain(answer.code);
      if (answer.code === 'S0001') answered.push({ payer: request.payer, requestNo: request.payload.requestNo });
    }
    const report = await checkInvariants(db);
    expect(report).toMatchObject({ ok: true, totalBalance: '0', negativeAccounts: [] });
    const { rows } = await db.query<{ idempotency_key: string }>("SELECT idempotency_key FROM ledger_transfers WHERE kind = 'transfer'");
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(answered.map((a) => `transfer:${a.payer}:${a.requestNo}`).sort());
  }, 120_000);
});
