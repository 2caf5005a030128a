/**
 * Scan to pay's one statement alone, before and after a change to it: `scan_to_pay` (the whole
 * payment but the session check) called one after another from one connection, on two databases of
 * the same cluster — one migrated by this tree, one by the tree before (BENCH_BEFORE=<dir>, as for
 * `npm run bench`) — in alternating blocks (which side first alternating too), so both see the same
 * machine. No concurrency and, on a cluster without fsync, no commit wait: what it measures is the
 * statement's own cost a payment — as wall time, and as the CPU time the connection's backend
 * process spent (its /proc/<pid>/schedstat, in nanoseconds: what a busy shared machine disturbs
 * least, when the cluster runs on this machine). The gateway, the HTTP and the locks under load
 * are `npm run bench`'s.
 *
 *   BENCH_BEFORE=/tmp/before BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres \
 *     node --import tsx tests/bench/merchantStatement.ts
 *
 * BENCH_BLOCKS (default 20) blocks of BENCH_BLOCK (default 400) payments a side.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrate, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { createLoadMembers } from '../support/money.ts';
import { createLoadMerchants } from './merchants.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : null;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 400);
const AMOUNT = 100;
const PAY = 'pay/merchant/pay';
if (!BEFORE) throw new Error('BENCH_BEFORE=<the tree before the change> is needed');

interface Side { name: string; db: Database; client: pg.Client; backend: number; calls: unknown[][]; perCallUs: number[]; cpuPerCallUs: number[] }

async function side(admin: pg.Client, name: string, code: { migrate: typeof migrate; seed: typeof seed }): Promise<Side> {
  const database = `kw_stmt_${name}_${crypto.randomBytes(3).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const db = await openPostgres(url.toString(), 2);
  await code.migrate(db);
  await code.seed(db);
  const members = await createLoadMembers(db, 200, 1_000_000n * 100n);
  const [merchant] = await createLoadMerchants(db, 1, { shards: 32, label: name });
  const purpose = crypto.createHash('sha256').update(JSON.stringify([PAY, AMOUNT, merchant!.serial])).digest('hex');
  const calls: unknown[][] = [];
  const tokens: string[] = [];
  for (let i = 0; i < BLOCKS * BLOCK + 200; i++) {
    const payer = members[i % members.length]!;
    const token = hashToken(crypto.randomBytes(24).toString('base64url'));
    tokens.push(token);
    calls.push([payer.id, `S${crypto.randomBytes(8).toString('hex')}`, `h${i}`, token, purpose, merchant!.serial, AMOUNT]);
  }
  for (let start = 0; start < calls.length; start += 5_000) {
    const batch = calls.slice(start, start + 5_000);
    await db.query(
      `INSERT INTO pay_authorizations (token_hash, member_id, purpose_hash, expires_at)
       SELECT t, m, $3, now() + interval '1 hour' FROM unnest($1::text[], $2::bigint[]) AS x(t, m)`,
      [batch.map((c) => c[3]), batch.map((c) => c[0]), purpose],
    );
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  return { name, db, client, backend, calls, perCallUs: [], cpuPerCallUs: [] };
}

/** The backend's CPU time so far, in ns (null when the cluster is not on this machine). */
function backendCpuNs(s: Side): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${s.backend}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** `count` payments one after another: wall µs a payment, and the backend's CPU µs a payment. */
async function run(s: Side, count: number): Promise<{ wall: number; cpu: number | null }> {
  const cpuBefore = backendCpuNs(s);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const { rows } = await s.client.query<{ code: string }>({ name: 'scan_to_pay', text: 'SELECT * FROM scan_to_pay($1, $2, $3, $4, $5, $6, $7)', values: s.calls.pop()! });
    if (rows[0]!.code !== 'S0001') throw new Error(`${s.name}: scan_to_pay answered ${rows[0]!.code}`);
  }
  const wall = Number(process.hrtime.bigint() - started) / 1_000 / count;
  const cpuAfter = backendCpuNs(s);
  return { wall, cpu: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1_000 / count };
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const beforeDb = (await import(path.join(BEFORE, 'server/db/index.ts'))) as { migrate: typeof migrate };
const beforeSeed = (await import(path.join(BEFORE, 'server/db/seed.ts'))) as { seed: typeof seed };
const sides = [await side(admin, 'after', { migrate, seed }), await side(admin, 'before', { migrate: beforeDb.migrate, seed: beforeSeed.seed })];
try {
  for (const s of sides) await run(s, 200); // warm-up: plans cached, the same number of payments in both
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let block = 0; block < BLOCKS; block++) {
    const order = block % 2 === 0 ? sides : [...sides].reverse();
    for (const s of order) {
      const { wall, cpu } = await run(s, BLOCK);
      s.perCallUs.push(wall);
      if (cpu !== null) s.cpuPerCallUs.push(cpu);
    }
    ratios.push(+(sides[1]!.perCallUs.at(-1)! / sides[0]!.perCallUs.at(-1)!).toFixed(3));
    if (sides.every((s) => s.cpuPerCallUs.length === block + 1)) cpuRatios.push(+(sides[1]!.cpuPerCallUs.at(-1)! / sides[0]!.cpuPerCallUs.at(-1)!).toFixed(3));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
  for (const s of sides) {
    console.log(`${s.name}: median ${median(s.perCallUs).toFixed(0)} µs a payment (blocks: ${s.perCallUs.map((v) => v.toFixed(0)).join(', ')})`);
    if (s.cpuPerCallUs.length) console.log(`${s.name}: backend CPU median ${median(s.cpuPerCallUs).toFixed(1)} µs a payment, mean ${(total(s.cpuPerCallUs) / s.cpuPerCallUs.length).toFixed(1)} (blocks: ${s.cpuPerCallUs.map((v) => v.toFixed(0)).join(', ')})`);
  }
  console.log(`before / after, block by block: wall median ${median(ratios)} (${ratios.join(', ')}); above 1: the statement after the change is cheaper`);
  if (cpuRatios.length) console.log(`before / after, backend CPU: block by block median ${median(cpuRatios)} (${cpuRatios.join(', ')}); of the totals ${(total(sides[1]!.cpuPerCallUs) / total(sides[0]!.cpuPerCallUs)).toFixed(3)}`);
  for (const s of sides) {
    const report = await checkInvariants(s.db);
    if (!report.ok) throw new Error(`${s.name}: invariants broken ${JSON.stringify(report)}`);
  }
  console.log('invariants hold on both');
} finally {
  for (const s of sides) {
    await s.client.end();
    const { rows } = await s.db.query<{ d: string }>('SELECT current_database() AS d');
    await s.db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${rows[0]!.d} WITH (FORCE)`);
  }
  await admin.end();
}
