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
 *
 * The machine is shared and its speed drifts by a quarter from minute to minute, so each level
 * and the ceiling run ROUNDS times, interleaved (gateway 1, 8, 32, direct SQL; again; again), and
 * the run with the median rate is reported, with every round's rate beside it.
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LEVELS = (process.env.BENCH_CLIENTS ?? '1,8,32').split(',').map(Number);
/**
 * Database connections, for the gateway and for the direct-SQL ceiling alike. Measured on the
 * 2-core machine: 4 to 8 connections beat 16 and 32 by 10 to 20 % (fewer backends fighting the
 * gateway for the same two cores), so the bench runs as the README advises sizing the pool.
 */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 8);
const AMOUNT = 100; // 1 Kz
const SERVICE = 'wallet/transfer/doTransfer';

interface Prepared { payer: LoadMember; payee: LoadMember; payToken: string }
interface Result { clients: number; transfers: number; perSecond: number; p50ms: number; p99ms: number; refused: number }
interface Reported extends Result { everyRound: number[] }
interface Caller { call: (p: Prepared) => Promise<boolean>; close(): Promise<void> }

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
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: String(POOL_SIZE), ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
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

function gatewayCaller(port: number, pool: Prepared[]): Caller {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // the envelopes are made before the clock starts: the benchmark times the gateway, not JSON.stringify
  const bodies = new Map(pool.map((p) => [p, JSON.stringify(envelope(SERVICE, { mobile: p.payee.mobile, amount: AMOUNT, payToken: p.payToken }, { token: p.payer.token }))]));
  return {
    async call(p) {
      const answer = await post(agent, port, bodies.get(p)!);
      if (answer.code !== 'S0001' && answer.code !== 'FND10001') throw new Error(`transfer answered ${answer.code}`);
      return answer.code === 'S0001';
    },
    close: async () => agent.destroy(),
  };
}

/** The same transfer as direct SQL on the same database: `wallet_transfer`, prepared, from a plain pool of POOL_SIZE connections. */
function directCaller(url: string): Caller {
  const pgPool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  return {
    async call(p) {
      const requestNo = `D${crypto.randomBytes(8).toString('hex')}`;
      const { rows } = await pgPool.query<{ code: string }>({ name: 'wallet_transfer', text: 'SELECT * FROM wallet_transfer($1, $2, $3, $4, $5, $6, $7, $8)', values: [
        p.payer.id, requestNo, requestNo, hashToken(p.payToken), purposeHash(p.payee.mobile), `+244${p.payee.mobile}`, AMOUNT, '',
      ] });
      if (rows[0]!.code !== 'S0001' && rows[0]!.code !== 'FND10001') throw new Error(`direct transfer answered ${rows[0]!.code}`);
      return rows[0]!.code === 'S0001';
    },
    close: () => pgPool.end(),
  };
}

/** Every step ROUNDS times, interleaved; per step, the round with the median rate and all the rates. */
async function measure(pool: Prepared[], steps: { clients: number; caller: Caller }[]): Promise<Reported[]> {
  for (const step of new Set(steps.map((s) => s.caller))) await drive(4, pool, step.call); // warm-up, not reported
  const rounds: Result[][] = steps.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, step] of steps.entries()) rounds[i]!.push(await drive(step.clients, pool, step.caller.call));
  }
  return rounds.map((results) => {
    const byRate = [...results].sort((a, b) => a.perSecond - b.perSecond);
    return { ...byRate[Math.floor(byRate.length / 2)]!, everyRound: results.map((r) => r.perSecond) };
  });
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
    const pool = await prepare(db, members, 100_000 + ROUNDS * 60_000);
    const port = 19500 + crypto.randomInt(400);
    const gateway = await startGateway({ DATABASE_URL: url.toString() }, port);
    const throughGateway = gatewayCaller(port, pool);
    const direct = directCaller(url.toString());
    let gatewayResults: Reported[];
    let ceiling: Reported;
    try {
      const measured = await measure(pool, [...LEVELS.map((clients) => ({ clients, caller: throughGateway })), { clients: 32, caller: direct }]);
      gatewayResults = measured.slice(0, LEVELS.length);
      ceiling = measured[LEVELS.length]!;
    } finally {
      await throughGateway.close();
      await direct.close();
      await stop(gateway);
    }
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
    const pool = await prepare(db, members, 20_000 + ROUNDS * 20_000);
    await db.close();
    const port = 19500 + crypto.randomInt(400);
    const gateway = await startGateway({ DATABASE_URL: '', DATA_DIR: dataDir }, port);
    const throughGateway = gatewayCaller(port, pool);
    let gatewayResults: Reported[];
    try {
      gatewayResults = await measure(pool, LEVELS.map((clients) => ({ clients, caller: throughGateway })));
    } finally {
      await throughGateway.close();
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
console.log(`\nTransfers through the gateway (${SECONDS} s per level, median of ${ROUNDS} interleaved rounds, ${MEMBERS} members, ${POOL_SIZE} database connections) on ${machine}\n`);
for (const run of runs) {
  console.log(run.engine);
  const line = (label: string, r: Reported) => console.log(`  ${label}: ${String(r.perSecond).padStart(6)} transfers/s   p50 ${r.p50ms} ms   p99 ${r.p99ms} ms   (rounds: ${r.everyRound.join(', ')})`);
  for (const r of run.gateway) line(`gateway  ${String(r.clients).padStart(2)} clients`, r);
  if (run.directSql) line('direct SQL 32 clients', run.directSql);
  console.log(`  invariants after the run: ${run.invariantsHold ? 'hold' : 'BROKEN'}`);
}
fs.writeFileSync('tests/bench/transfers.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, seconds: SECONDS, rounds: ROUNDS, members: MEMBERS, databaseConnections: POOL_SIZE, runs }, null, 2)}\n`);
if (runs.some((r) => !r.invariantsHold)) process.exitCode = 1;
