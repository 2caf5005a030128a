/**
 * `npm run bench`: member-to-member transfers through the real gateway (the server started as in
 * production, over HTTP with keep-alive), at 1, 8 and 32 concurrent clients, on PostgreSQL (a
 * throwaway cluster with PostgreSQL's durable defaults: fsync and synchronous commit on) and on
 * embedded PGlite; then the same transfer as direct SQL on the same database, the ceiling.
 *
 * What one transfer is: `wallet/transfer/doTransfer` with its session check, requestNo claim,
 * pay-password confirmation spent, limits, ledger posting and stored answer. The confirmation
 * itself (keypad decryption + argon2id, `wallet/paypassword/checkPayPwd`) is a separate call the
 * person makes before paying; it is prepared in bulk here so the numbers measure the money path.
 * Results go to tests/bench/transfers.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openPglite, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { hashToken } from '../../server/domains/session/sessions.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { createLoadMembers, type LoadMember } from '../support/money.ts';
import { envelope } from '../support/server.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = [1, 8, 32];
const AMOUNT = 100; // 1 Kz
const SERVICE = 'wallet/transfer/doTransfer';

interface Prepared { payer: LoadMember; payee: LoadMember; payToken: string }
interface Result { clients: number; transfers: number; perSecond: number; p50ms: number; p99ms: number; refused: number }

const purposeHash = (counterparty: string) => crypto.createHash('sha256').update(JSON.stringify([SERVICE, AMOUNT, counterparty])).digest('hex');

/** Pay-password confirmations for `count` random transfers, inserted in bulk. */
async function prepare(db: Database, members: LoadMember[], count: number): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (let start = 0; start < count; start += 5_000) {
    const batch: Prepared[] = [];
    for (let i = start; i < Math.min(count, start + 5_000); i++) {
      const payer = members[crypto.randomInt(members.length)]!;
      let payee = members[crypto.randomInt(members.length)]!;
      if (payee === payer) payee = members[(members.indexOf(payer) + 1) % members.length]!;
      batch.push({ payer, payee, payToken: crypto.randomBytes(24).toString('base64url') });
    }
    await db.query(
      `INSERT INTO pay_authorizations (token_hash, member_id, purpose_hash, expires_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[])`,
      [batch.map((p) => hashToken(p.payToken)), batch.map((p) => p.payer.id), batch.map((p) => purposeHash(p.payee.mobile)), batch.map(() => new Date(Date.now() + 3_600_000))],
    );
    prepared.push(...batch);
  }
  return prepared;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** `clients` loops for SECONDS, each taking the next prepared transfer; latency per call. */
async function drive(clients: number, pool: Prepared[], call: (p: Prepared) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let refused = 0;
  const deadline = performance.now() + SECONDS * 1_000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      const next = pool.pop();
      if (!next) throw new Error('ran out of prepared transfers: raise the pool');
      const started = performance.now();
      if (!(await call(next))) refused++;
      latencies.push(performance.now() - started);
    }
  }));
  latencies.sort((a, b) => a - b);
  const transfers = latencies.length - refused;
  return { clients, transfers, perSecond: Math.round(transfers / SECONDS), p50ms: +percentile(latencies, 0.5).toFixed(2), p99ms: +percentile(latencies, 0.99).toFixed(2), refused };
}

async function startGateway(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // BENCH_PROFILE=dir writes the gateway's CPU profile there (open it in Chrome's DevTools)
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '32', ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  for (let i = 0; i < 300; i++) {
    if (log.includes('is running at')) return child;
    if (child.exitCode !== null) throw new Error(`gateway exited:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gateway did not start:\n${log}`);
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** POST over a keep-alive connection with node:http: the load generator shares the two cores, so it stays light. */
function post(agent: http.Agent, port: number, body: string): Promise<{ code: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: '127.0.0.1', port, method: 'POST', path: '/gatewayinner/api', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function throughGateway(port: number, pool: Prepared[]): Promise<Result[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // the envelopes are made before the clock starts: the benchmark times the gateway, not JSON.stringify
  const bodies = new Map(pool.map((p) => [p, JSON.stringify(envelope(SERVICE, { mobile: p.payee.mobile, amount: AMOUNT, payToken: p.payToken }, { token: p.payer.token }))]));
  const call = async (p: Prepared) => {
    const answer = await post(agent, port, bodies.get(p)!);
    if (answer.code !== 'S0001' && answer.code !== 'FND10001') throw new Error(`transfer answered ${answer.code}`);
    return answer.code === 'S0001';
  };
  await drive(4, pool, call).catch(() => undefined); // warm-up, not reported
  const results: Result[] = [];
  for (const clients of LEVELS) results.push(await drive(clients, pool, call));
  agent.destroy();
  return results;
}

/** The same transfer as direct SQL on the same database: `wallet_transfer` from a plain pool of 32 connections. */
async function directSql(url: string, pool: Prepared[]): Promise<Result> {
  const clients = 32;
  const pgPool = new pg.Pool({ connectionString: url, max: clients });
  const call = async (p: Prepared) => {
    const requestNo = `D${crypto.randomBytes(8).toString('hex')}`;
    const { rows } = await pgPool.query<{ code: string }>('SELECT * FROM wallet_transfer($1, $2, $3, $4, $5, $6, $7, $8)', [
      p.payer.id, requestNo, requestNo, hashToken(p.payToken), purposeHash(p.payee.mobile), `+244${p.payee.mobile}`, AMOUNT, '',
    ]);
    if (rows[0]!.code !== 'S0001' && rows[0]!.code !== 'FND10001') throw new Error(`direct transfer answered ${rows[0]!.code}`);
    return rows[0]!.code === 'S0001';
  };
  const result = await drive(clients, pool, call);
  await pgPool.end();
  return result;
}

function postgresUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  return execFileSync('bash', ['.ci/start-postgres.sh'], { env: { ...process.env, PGPORT: '54330', PGDATA: '/tmp/kw-pg-bench', DURABLE: '1' } }).toString().trim();
}

async function benchPostgres() {
  const adminUrl = postgresUrl();
  const name = `kw_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 8);
  try {
    await migrate(db);
    await seed(db);
    const members = await createLoadMembers(db, MEMBERS, 1_000_000n * 100n);
    const pool = await prepare(db, members, 150_000);
    const port = 19500 + crypto.randomInt(400);
    const gateway = await startGateway({ DATABASE_URL: url.toString() }, port);
    let gatewayResults: Result[];
    try {
      gatewayResults = await throughGateway(port, pool);
    } finally {
      await stop(gateway);
    }
    const ceiling = await directSql(url.toString(), pool);
    const invariants = await checkInvariants(db);
    const version = (await db.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version.split(' ')[0];
    return { engine: `PostgreSQL ${version} (fsync on, synchronous_commit on)`, gateway: gatewayResults, directSql: ceiling, invariantsHold: invariants.ok };
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-bench-pglite-'));
  try {
    let db = await openPglite(dataDir);
    await migrate(db);
    await seed(db);
    const members = await createLoadMembers(db, Math.min(MEMBERS, 200), 1_000_000n * 100n);
    const pool = await prepare(db, members, 40_000);
    await db.close();
    const port = 19500 + crypto.randomInt(400);
    const gateway = await startGateway({ DATABASE_URL: '', DATA_DIR: dataDir }, port);
    let gatewayResults: Result[];
    try {
      gatewayResults = await throughGateway(port, pool);
    } finally {
      await stop(gateway);
    }
    db = await openPglite(dataDir);
    const invariants = await checkInvariants(db);
    await db.close();
    return { engine: 'PGlite (embedded, one connection)', gateway: gatewayResults, directSql: null, invariantsHold: invariants.ok };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const runs = process.env.BENCH_ENGINE === 'postgres' ? [await benchPostgres()] : [await benchPostgres(), await benchPglite()];
console.log(`\nTransfers through the gateway (${SECONDS} s per level, ${MEMBERS} members) on ${machine}\n`);
for (const run of runs) {
  console.log(run.engine);
  for (const r of run.gateway) console.log(`  gateway  ${String(r.clients).padStart(2)} clients: ${String(r.perSecond).padStart(6)} transfers/s   p50 ${r.p50ms} ms   p99 ${r.p99ms} ms`);
  if (run.directSql) console.log(`  direct SQL 32 clients: ${String(run.directSql.perSecond).padStart(6)} transfers/s   p50 ${run.directSql.p50ms} ms   p99 ${run.directSql.p99ms} ms`);
  console.log(`  invariants after the run: ${run.invariantsHold ? 'hold' : 'BROKEN'}`);
}
fs.writeFileSync('tests/bench/transfers.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, seconds: SECONDS, members: MEMBERS, runs }, null, 2)}\n`);
if (runs.some((r) => !r.invariantsHold)) process.exitCode = 1;
