/**
 * `npm run bench`, its second part (issue 27): what one more gateway buys. The same merchant-payment
 * load as the transfers bench's (b) — 32 clients, each a `pay/merchant/pay` of one of 100 stores'
 * codes with a prepared pay confirmation — sent through HAProxy to 1, 2 and 3 gateways on one
 * PostgreSQL (durable: fsync and synchronous commit on), and straight to one gateway without the
 * balancer (what the balancer itself costs). Gateways are added two ways: each with the pool one
 * had (8 connections: 16, 24 in all), or sharing those 8 (4 each, 3 each). The steps run in the same
 * rounds, taking turns going first, and each reports where a payment's CPU went: the load
 * generator, the balancer, the gateways (all of them) and the database.
 *
 * Every gateway runs throughout (an idle one costs nearly nothing); each step has its own balancer
 * (server/cluster/balancer.ts, the formation's) listing the gateways it may use, and its own
 * prepared payments. The ledger's invariants are checked after every round.
 *
 * From the CPU a payment costs the database, the ceiling a primary of N cores would carry (linear:
 * an upper bound, before lock waits and WAL flushes) and how many gateway cores would feed it.
 * Results go to tests/bench/gateways.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { startBalancer, type Balancer } from '../../server/cluster/balancer.ts';
import { startGateways, type Gateways } from '../../server/cluster/gateways.ts';
import { killEveryChildNow } from '../../server/cluster/processes.ts';
import { createLoadMembers } from '../support/money.ts';
import { createLoadMerchants } from './merchants.ts';
import {
  BENCH_PGDATA, POOL_SIZE, ROUNDS, SECONDS, cpuSources, cpuTotal, measure, medianOf, merchantCaller, postgresUrl, prepareMerchantPayments, processCpu, step,
  stopOwnPostgres, watchPostgresCpu, type Reported,
} from './load.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
const CLIENTS = 32;
/** Each step's prepared payments: its rounds at up to ~3 000 a second, and the warm-up. */
const POOL = Number(process.env.BENCH_MERCHANT_POOL ?? 20_000 + ROUNDS * 16_000);
/**
 * The steps: how many gateways behind the balancer (0: straight to one gateway, no balancer), and the
 * database connections each keeps. Two ways of adding gateways: each with the pool one had
 * (`DATABASE_POOL_SIZE` 8: 8, 16, 24 connections), or the same 8 connections shared out (4 each, 3
 * each): on a database of 2 cores, connections beyond 2–4 a core only fight each other.
 */
const STEPS = {
  oneGatewayDirect: { gateways: 0, poolEach: POOL_SIZE },
  balancerOneGateway: { gateways: 1, poolEach: POOL_SIZE },
  balancerTwoGateways: { gateways: 2, poolEach: POOL_SIZE },
  balancerThreeGateways: { gateways: 3, poolEach: POOL_SIZE },
  balancerTwoGatewaysSharedPool: { gateways: 2, poolEach: Math.ceil(POOL_SIZE / 2) },
  balancerThreeGatewaysSharedPool: { gateways: 3, poolEach: Math.ceil(POOL_SIZE / 3) },
} as const;
type StepName = keyof typeof STEPS;
const STEP_NAMES = Object.keys(STEPS) as StepName[];
/** The database cores the capacity table is written for. */
const CORES = [2, 4, 8, 16, 32];

// the gateways and balancers die with us, however we end (load.ts stops the cluster the same way)
process.on('exit', () => killEveryChildNow());

const basePort = 19_000 + crypto.randomInt(400) * 2;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-bench-gateways-'));

async function invariantsIn(db: Database) {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return checkInvariants(tx);
  });
}

async function bench() {
  const adminUrl = postgresUrl();
  const name = `kw_bench_gw_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 8);
  const gatewaySets = new Map<number, Gateways>(); // by the pool each of its gateways keeps
  const balancers = new Map<StepName, Balancer>();
  try {
    await migrate(db);
    await seed(db);
    const members = await createLoadMembers(db, MEMBERS, 1_000_000n * 100n);
    const merchants = await createLoadMerchants(db, 100, { shards: 32, label: 'g' });
    const pools = Object.fromEntries(await Promise.all(STEP_NAMES.map(async (s) => [s, await prepareMerchantPayments(db, members, merchants, POOL)] as const))) as Record<StepName, Awaited<ReturnType<typeof prepareMerchantPayments>>>;
    // one set of gateways per pool size, as many as its widest step needs; every gateway runs throughout
    let nextPort = basePort;
    for (const poolEach of new Set(STEP_NAMES.map((s) => STEPS[s].poolEach))) {
      const count = Math.max(1, ...STEP_NAMES.filter((s) => STEPS[s].poolEach === poolEach).map((s) => STEPS[s].gateways));
      gatewaySets.set(poolEach, await startGateways({ count, firstPort: nextPort, databaseUrl: url.toString(), dir: path.join(work, `pool-${poolEach}`), poolSize: poolEach }));
      nextPort += count;
    }
    const portsOf = (s: StepName) => gatewaySets.get(STEPS[s].poolEach)!.list.slice(0, Math.max(1, STEPS[s].gateways)).map((g) => g.port);
    for (const s of STEP_NAMES.filter((name) => STEPS[name].gateways > 0)) {
      balancers.set(s, await startBalancer({ port: nextPort++, gateways: portsOf(s).map((port) => ({ port })), dir: path.join(work, `balancer-${s}`) }));
    }
    // every balancer marks its gateways up (two /readyz answers) before the clock starts
    for (const balancer of balancers.values()) {
      for (let waited = 0; !(await balancer.servers()).every((server) => server.status === 'UP'); waited += 250) {
        if (waited > 20_000) throw new Error(`balancer on ${balancer.port} never saw its gateways up`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const gatewayPids = new Set([...gatewaySets.values()].flatMap((set) => set.list.map((g) => g.child.pid)));
    const balancerPids = new Set([...balancers.values()].map((b) => b.child.pid));
    cpuSources.set('balancer', () => processCpu((pid) => balancerPids.has(pid)));
    cpuSources.set('gateways', () => processCpu((pid) => gatewayPids.has(pid)));
    if (!process.env.BENCH_DATABASE_URL) watchPostgresCpu(BENCH_PGDATA);
    const callers = Object.fromEntries(STEP_NAMES.map((s) => [s, merchantCaller(balancers.get(s)?.port ?? portsOf(s)[0]!, pools[s])])) as Record<StepName, ReturnType<typeof merchantCaller>>;
    const invariantRounds: boolean[] = [];
    let measured: Reported[];
    try {
      measured = await measure(STEP_NAMES.map((s) => step(CLIENTS, callers[s], pools[s], 'gateways')), async (round) => {
        const report = await invariantsIn(db);
        invariantRounds.push(report.ok);
        if (!report.ok) console.error(`invariants BROKEN after round ${round + 1}:`, JSON.stringify(report));
      });
    } finally {
      for (const caller of Object.values(callers)) await caller.close();
    }
    const results = Object.fromEntries(STEP_NAMES.map((s, i) => [s, measured[i]!])) as Record<StepName, Reported>;
    // each step against one gateway behind the balancer, round by round (the same rounds), and by the medians
    const base = results.balancerOneGateway;
    const versusOne = Object.fromEntries(STEP_NAMES.map((s) => [s, {
      ratioEveryRound: results[s].everyRound.map((rate, i) => +(rate / base.everyRound[i]!).toFixed(2)),
      ratio: medianOf(results[s].everyRound.map((rate, i) => rate / base.everyRound[i]!)),
      ratioOfMedians: +(results[s].perSecond / base.perSecond).toFixed(2),
    }]));
    // the capacity table from one gateway behind the balancer with its 8 connections (4 a core: the
    // database's own cost of a payment, before connections fight each other), and the balancer's from
    // the steps through it
    const oneGateway = results.balancerOneGateway.cpuUsPerCall;
    const databaseUs = oneGateway.database ?? null;
    const gatewayUs = oneGateway.gateways ?? null;
    const balancerUs = medianOf(STEP_NAMES.filter((s) => STEPS[s].gateways > 0).map((s) => results[s].cpuUsPerCall.balancer ?? 0));
    const capacity = databaseUs && gatewayUs ? CORES.map((cores) => {
      const paymentsPerSecond = Math.round((cores * 1e6) / databaseUs);
      return { databaseCores: cores, paymentsPerSecond, gatewayCores: +((paymentsPerSecond * gatewayUs) / 1e6).toFixed(1), balancerCores: +((paymentsPerSecond * (balancerUs ?? 0)) / 1e6).toFixed(2) };
    }) : [];
    const invariants = await checkInvariants(db);
    const version = (await db.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version.split(' ')[0];
    return {
      engine: `PostgreSQL ${version} (fsync on, synchronous_commit on)`, clients: CLIENTS, merchants: 100, stepSettings: STEPS,
      steps: results, versusOneGateway: versusOne, cpuUsPerPayment: { database: databaseUs, gateways: gatewayUs, balancer: balancerUs },
      capacity, invariantsEveryRound: invariantRounds, invariantsHold: invariants.ok && invariantRounds.every(Boolean),
    };
  } finally {
    for (const balancer of balancers.values()) await balancer.stop().catch((error: unknown) => console.error(error));
    for (const set of gatewaySets.values()) await set.stop().catch((error: unknown) => console.error(error));
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
let run: Awaited<ReturnType<typeof bench>>;
try {
  run = await bench();
} finally {
  stopOwnPostgres();
  fs.rmSync(work, { recursive: true, force: true });
}
const label = (s: StepName) => (STEPS[s].gateways === 0 ? 'one gateway, no balancer' : `balancer → ${STEPS[s].gateways} gateway${STEPS[s].gateways > 1 ? 's' : ''} × ${STEPS[s].poolEach} connections`).padEnd(34);
console.log(`\nMerchant payments through the balancer (${CLIENTS} clients, 100 merchants, ${SECONDS} s a step, median of ${ROUNDS} interleaved rounds) on ${machine}\n${run.engine}`);
for (const s of STEP_NAMES) {
  const r = run.steps[s];
  const cpu = Object.entries(r.cpuUsPerCall).map(([part, us]) => `${part} ${us}`).join(', ');
  console.log(`  ${label(s)}: ${String(r.perSecond).padStart(6)} payments/s   p50 ${r.p50ms} ms   p99 ${r.p99ms} ms   ${run.versusOneGateway[s]!.ratio?.toFixed(2)}× one gateway behind the balancer (rounds ${run.versusOneGateway[s]!.ratioEveryRound.join(', ')})   (rounds: ${r.everyRound.join(', ')}; CPU µs a payment: ${cpu}; total ${cpuTotal(r)})`);
}
console.log(`  CPU a payment (one gateway behind the balancer; the balancer's the median of its steps): database ${run.cpuUsPerPayment.database} µs, gateways ${run.cpuUsPerPayment.gateways} µs, balancer ${run.cpuUsPerPayment.balancer} µs`);
for (const c of run.capacity) console.log(`  a primary of ${String(c.databaseCores).padStart(2)} cores: ≤ ${c.paymentsPerSecond} payments/s, fed by ${c.gatewayCores} gateway cores and ${c.balancerCores} balancer cores`);
console.log(`  invariants after every round: ${run.invariantsHold ? 'hold' : 'BROKEN'}`);
fs.writeFileSync('tests/bench/gateways.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, seconds: SECONDS, rounds: ROUNDS, members: MEMBERS, ...run }, null, 2)}\n`);
if (!run.invariantsHold) process.exitCode = 1;
