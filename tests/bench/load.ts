/**
 * What the benchmarks of `npm run bench` share (transfers.ts, gateways.ts): the gateway started as in
 * production, keep-alive callers, prepared merchant payments, the rounds (every step ROUNDS times,
 * interleaved, the median reported with every round beside it), where each call's CPU goes, and the
 * benchmark's own durable PostgreSQL cluster.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/index.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import type { LoadMember } from '../support/money.ts';
import { envelope } from '../support/server.ts';
import { spawnGateway } from '../support/gatewayProcess.ts';
import { LOAD_AMOUNT as AMOUNT, PAY_SERVICE as PAY, type PreparedMerchantPayment as MerchantPrepared } from '../support/loadPayments.ts';

/** The server runs as in production, which needs its own key for the offline payment codes (one per run). */
const OFFLINE_CODE_KEY = crypto.randomBytes(32).toString('hex');

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Database connections, for the gateway and for the direct-SQL ceiling alike. Measured on the
 * 2-core machine: 4 to 8 connections beat 16 and 32 by 10 to 20 % (fewer backends fighting the
 * gateway for the same two cores), so the bench runs as the README advises sizing the pool.
 */
export const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 8);
// the prepared calls are shared with the failover test (tests/cluster/failover.ts)
export { LOAD_AMOUNT as AMOUNT, TRANSFER_SERVICE as TRANSFER, PAY_SERVICE as PAY, purposeHash, prepareMerchantPayments, type PreparedMerchantPayment as MerchantPrepared } from '../support/loadPayments.ts';

export interface Result { clients: number; transfers: number; perSecond: number; p50ms: number; p99ms: number; refused: number; cpuUsPerCall: Record<string, number> }
export interface Reported extends Result { everyRound: number[] }
export interface Caller<P> { call: (p: P) => Promise<boolean>; close(): Promise<void> }

/**
 * Where each call's CPU goes, read from /proc around every measured step: the gateway process, the
 * PostgreSQL cluster (the postmaster and its children: backends, WAL writer, checkpointer) and this
 * load generator. Microseconds of CPU per call; on 2 cores the three compete for the same time.
 */
export type CpuReading = Map<number, number>; // pid → CPU seconds so far
export const cpuSources = new Map<string, () => CpuReading>([['client', () => { const u = process.cpuUsage(); return new Map([[process.pid, (u.user + u.system) / 1e6]]); }]]);
const TICKS = 100; // USER_HZ on Linux
export function processCpu(select: (pid: number, ppid: number) => boolean): CpuReading {
  const reading: CpuReading = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (select(Number(entry), Number(fields[1]))) reading.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch { /* the process ended meanwhile */ }
  }
  return reading;
}
/** CPU seconds between two readings: per process, so one that started (an autovacuum worker) counts from zero and one that ended does not subtract. */
export const cpuSpent = (before: CpuReading | undefined, after: CpuReading) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before?.get(pid) ?? 0), 0);
/** Every gateway of the run (this tree's and, with BENCH_BEFORE, the one before): the idle one adds almost nothing to a step. */
export function watchGatewayCpu(...children: ChildProcess[]) {
  const pids = new Set(children.map((child) => child.pid));
  cpuSources.set('gateway', () => processCpu((pid) => pids.has(pid)));
}
export function watchPostgresCpu(dataDir: string) {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    cpuSources.set('database', () => processCpu((pid, ppid) => pid === postmaster || ppid === postmaster));
  } catch { /* not our cluster (BENCH_DATABASE_URL): not measured */ }
}
export const cpuNow = () => new Map([...cpuSources].map(([name, read]) => [name, read()]));

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** `clients` loops for SECONDS, each taking the next prepared transfer; latency per call. */
export async function drive<P>(clients: number, pool: P[], call: (p: P) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let refused = 0;
  const cpuBefore = cpuNow();
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
  const cpuAfter = cpuNow();
  const cpuUsPerCall = Object.fromEntries([...cpuAfter].map(([name, reading]) => [name, Math.round((cpuSpent(cpuBefore.get(name), reading) / Math.max(1, latencies.length)) * 1e6)]));
  latencies.sort((a, b) => a - b);
  const transfers = latencies.length - refused;
  return { clients, transfers, perSecond: Math.round(transfers / SECONDS), p50ms: +percentile(latencies, 0.5).toFixed(2), p99ms: +percentile(latencies, 0.99).toFixed(2), refused, cpuUsPerCall };
}

export function startGateway(env: Record<string, string>, port: number, cwd = process.cwd()): Promise<ChildProcess> {
  return spawnGateway({
    port,
    cwd,
    env: { DATABASE_POOL_SIZE: String(POOL_SIZE), ...env, OFFLINE_CODE_KEY },
    // BENCH_PROFILE=dir writes the gateway's CPU profile there (open it in Chrome's DevTools)
    nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    started: (child) => {
      gateways.add(child);
      child.once('exit', () => gateways.delete(child));
    },
  });
}

export async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** POST over a keep-alive connection with node:http: the load generator shares the two cores, so it stays light. */
export function post(agent: http.Agent, port: number, body: string): Promise<{ code: string }> {
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

/** Merchant payments through the gateway: the store code's serial, 1 Kz, the prepared confirmation. */
export function merchantCaller(port: number, pool: MerchantPrepared[]): Caller<MerchantPrepared> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const bodies = new Map(pool.map((p) => [p, JSON.stringify(envelope(PAY, {
    serial: p.merchant.serial, amount: AMOUNT, payToken: p.payToken, ...(p.payable === undefined ? {} : { payable: p.payable }), ...(p.cashback === undefined ? {} : { cashback: p.cashback }),
  }, { token: p.payer.token }))]));
  return {
    async call(p) {
      const answer = await post(agent, port, bodies.get(p)!);
      if (answer.code !== 'S0001' && answer.code !== 'FND10001') throw new Error(`merchant payment answered ${answer.code}`);
      return answer.code === 'S0001';
    },
    close: async () => agent.destroy(),
  };
}

/** One step of a round: `clients` callers drawing from `pool`. Consecutive steps of one `pair` take turns going first, round by round. */
export interface Step<P = unknown> { clients: number; caller: Caller<P>; pool: P[]; pair?: string }
export const step = <P>(clients: number, caller: Caller<P>, pool: P[], pair?: string): Step => ({ clients, caller, pool, pair }) as unknown as Step;

/**
 * The steps in the order round `round` runs them: the consecutive steps of one pair (two, or more)
 * rotated by one place a round, so none of them always goes first.
 */
export function roundOrder(steps: Step[], round: number): number[] {
  const order: number[] = [];
  for (let start = 0; start < steps.length;) {
    let end = start + 1;
    while (end < steps.length && steps[start]!.pair !== undefined && steps[end]!.pair === steps[start]!.pair) end++;
    const group = Array.from({ length: end - start }, (_, i) => start + i);
    const shift = round % group.length;
    order.push(...group.slice(shift), ...group.slice(0, shift));
    start = end;
  }
  return order;
}

/**
 * Every step ROUNDS times, interleaved; per step, the round with the median rate and all the rates.
 * `afterRound` runs between rounds, off the clock (the invariants).
 */
export async function measure(steps: Step[], afterRound: (round: number) => Promise<void> = async () => {}): Promise<Reported[]> {
  const warmed = new Set<Caller<unknown>>();
  for (const s of steps) {
    if (warmed.has(s.caller)) continue;
    warmed.add(s.caller);
    await drive(4, s.pool, s.caller.call); // warm-up, not reported
  }
  const rounds: Result[][] = steps.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of roundOrder(steps, round)) rounds[i]!.push(await drive(steps[i]!.clients, steps[i]!.pool, steps[i]!.caller.call));
    await afterRound(round);
  }
  return rounds.map((results) => {
    const byRate = [...results].sort((a, b) => a.perSecond - b.perSecond);
    return { ...byRate[Math.floor(byRate.length / 2)]!, everyRound: results.map((r) => r.perSecond) };
  });
}

export const BENCH_PGDATA = process.env.BENCH_PGDATA ?? '/tmp/kw-pg-bench';
export const BENCH_PGPORT = process.env.BENCH_PGPORT ?? '54330';

/**
 * The benchmark's own PostgreSQL cluster (unless BENCH_DATABASE_URL names one: the caller's, left
 * alone): started by .ci/start-postgres.sh under an owner token, and stopped by
 * .ci/stop-postgres.sh once the PostgreSQL part is done, or on the way out whatever the way (an
 * error, Ctrl-C, SIGTERM). A cluster that was already running in BENCH_PGDATA is not ours and
 * stays. The stop checks that the cluster is gone; if not, the run fails.
 */
export const ownPostgres = { env: { ...process.env, PGPORT: BENCH_PGPORT, PGDATA: BENCH_PGDATA, DURABLE: '1', KW_PG_OWNER: `bench-${process.pid}-${crypto.randomBytes(4).toString('hex')}` }, started: false };
/** Gateways running now: ended on the way out too (they hold connections to the cluster). */
export const gateways = new Set<ChildProcess>();

export function stopOwnPostgres() {
  if (!ownPostgres.started) return;
  ownPostgres.started = false;
  try {
    execFileSync('bash', ['.ci/stop-postgres.sh'], { env: ownPostgres.env, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    console.error(`✗ the benchmark's PostgreSQL (${BENCH_PGDATA}, port ${BENCH_PGPORT}) is still there: stop it with PGDATA=${BENCH_PGDATA} bash .ci/stop-postgres.sh`);
    process.exitCode = 1;
  }
}
process.on('exit', () => {
  for (const gateway of gateways) gateway.kill('SIGTERM');
  stopOwnPostgres();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(128 + os.constants.signals[signal]));

export function postgresUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  ownPostgres.started = true; // before the start: one interrupted half-way is stopped too
  return execFileSync('bash', ['.ci/start-postgres.sh'], { env: ownPostgres.env }).toString().trim();
}


export const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null;
export const cpuTotal = (r: Result) => Object.values(r.cpuUsPerCall).reduce((a, b) => a + b, 0);
