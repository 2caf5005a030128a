/**
 * `npm run test:backup`: a restore tried once (README "Running in production" → "Backups").
 *
 * A throwaway PostgreSQL (its durable defaults: fsync and synchronous_commit on) archives its WAL
 * with server/cluster/backup.ts's settings; the app's migrations and seed, members and merchants;
 * the gateway (server/main.ts, as in production) serves payments to merchants and transfers over
 * HTTP, in four batches: A, then B while a base backup is taken, C, a moment T, D. The last segment
 * is forced out (pg_switch_wal) and awaited in the archive; then the server is destroyed (SIGKILL to
 * it and its children with the gateway still connected, its data directory deleted). server/cluster/restore.ts restores:
 *   - the base backup plus the whole archive into a new directory: every acknowledged movement of A
 *     to D is there exactly once (its ledger transfer, its stored answer, a merchant payment's row),
 *     every account's balance is what the destroyed server had, `npm run ledger:check` is clean;
 *   - the same to the point T: A, B and C there exactly once, nothing of D, the members' balances
 *     those of A to C's history, `npm run ledger:check` clean.
 * Each check counts as a test in `.data/backup.json` ({ passed, failed, checks, measured }), which
 * tests/run.ts adds to its final line. Every process it started is stopped however it ends, and
 * its directory (/tmp/kw-backup-*) removed.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { authorizePayment } from '../../server/ledger/payAuthorizations.ts';
import { describeArchive, enableArchiving, postgresBin, prepareStore, runAsPostgres, storePaths, takeBaseBackup } from '../../server/cluster/backup.ts';
import { prepareRestore, serverLog, serverRunning, startServer, stopServer } from '../../server/cluster/restore.ts';
import { createLoadMembers, type LoadMember } from '../support/money.ts';
import { createLoadMerchants, type LoadMerchant } from '../bench/merchants.ts';
import { envelope } from '../support/server.ts';
import { spawnGateway } from '../support/gatewayProcess.ts';

const PORTS = { primary: 55431, restored: 55432, pointInTime: 55433, gateway: 55434 };
const MEMBERS = 40;
const MERCHANTS = 4;
const START_BALANCE = 100_000n * 100n; // 100 000 Kz each
/** Movements per batch, and how many run at once. */
const BATCH = Number(process.env.BACKUP_BATCH ?? 120);
const CLIENTS = 8;
/** The whole test, past which it fails (and still cleans up). */
const DEADLINE_MS = 240_000;
const DATABASE = 'kwanza';
const REPORT = '.data/backup.json';

interface Movement {
  batch: string;
  kind: 'transfer' | 'merchant';
  requestNo: string;
  payer: LoadMember;
  payee?: LoadMember;
  merchant?: LoadMerchant;
  amount: number;
}

const checks: Array<{ name: string; ok: boolean; detail?: string }> = [];
function check(name: string, ok: boolean, detail?: string) {
  checks.push({ name, ok, ...(ok || detail === undefined ? {} : { detail }) });
  console.log(`${ok ? '✓' : '✗'} ${name}${ok || !detail ? '' : `\n    ${detail}`}`);
}
const measured: Record<string, number | string> = {};

// ---------------------------------------------------------------- everything started, to stop
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-backup-'));
const dirs = { primary: path.join(root, 'primary'), store: path.join(root, 'store'), restored: path.join(root, 'restored'), pointInTime: path.join(root, 'point-in-time'), gatewayData: path.join(root, 'gateway') };
const gateways = new Set<ChildProcess>();
const openDatabases = new Set<Database>();

/** The postmaster of `pgdata` and its children (backends, checkpointer, archiver…). */
function serverProcesses(pgdata: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const children = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  }).map(Number);
  return [postmaster, ...children].filter(alive);
}
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The server in `pgdata` killed as a machine's crash would: SIGKILL, postmaster and children at once. */
async function killServer(pgdata: string): Promise<void> {
  const pids = serverProcesses(pgdata);
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
  if (pids.some(alive)) throw new Error(`PostgreSQL processes ${pids.filter(alive).join(', ')} survived SIGKILL`);
}

let cleanedUp = false;
/** Synchronous, so it also runs from process.on('exit'): gateways, servers, the directory. */
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const gateway of gateways) gateway.kill('SIGKILL');
  for (const pgdata of [dirs.primary, dirs.restored, dirs.pointInTime]) {
    try {
      if (fs.existsSync(pgdata)) stopServer(pgdata);
    } catch (error) {
      console.error(`stopping PostgreSQL in ${pgdata}: ${String(error)}`);
    }
    for (const pid of serverProcesses(pgdata)) process.kill(pid, 'SIGKILL');
  }
  const left = [dirs.primary, dirs.restored, dirs.pointInTime].flatMap(serverProcesses);
  const busy = Object.values(PORTS).filter((port) => spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`], { stdio: 'ignore' }).status === 0);
  if (left.length > 0 || busy.length > 0) {
    console.error(`✗ left running: processes ${left.join(', ') || 'none'}; ports answering ${busy.join(', ') || 'none'}`);
    process.exitCode = 1;
  }
  fs.rmSync(root, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(128 + os.constants.signals[signal]));

// ---------------------------------------------------------------- the gateway and the money
async function startGateway(databaseUrl: string, port: number): Promise<ChildProcess> {
  // the port lies in Linux's ephemeral range: another program's outgoing connection can hold it for a moment
  for (let attempt = 1; ; attempt++) {
    try {
      return await startGatewayOnce(databaseUrl, port);
    } catch (error) {
      if (attempt === 5 || !String(error).includes('EADDRINUSE')) throw error;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

function startGatewayOnce(databaseUrl: string, port: number): Promise<ChildProcess> {
  return spawnGateway({
    port,
    env: { DATABASE_POOL_SIZE: '4', DATABASE_URL: databaseUrl, DATA_DIR: dirs.gatewayData, OFFLINE_CODE_KEY: crypto.randomBytes(32).toString('hex') },
    timeoutMs: 60_000,
    started: (child) => {
      gateways.add(child);
      child.once('exit', () => gateways.delete(child));
    },
  });
}

async function stopGateway(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function post(agent: http.Agent, body: string): Promise<{ code: string; message?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: '127.0.0.1', port: PORTS.gateway, method: 'POST', path: '/gatewayinner/api', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * `count` movements through the gateway, CLIENTS at a time, then more, paced, while `keepGoing()` says so:
 * every other one a transfer to another member, the others a payment to a merchant's store code,
 * amounts from 1 to 50 Kz. Each is confirmed as the app confirms it (a pay-password authorisation
 * for exactly that payment) and must be acknowledged (S0001); the acknowledged ones are returned.
 */
async function moveMoney(db: Database, agent: http.Agent, batch: string, count: number, members: LoadMember[], merchants: LoadMerchant[], keepGoing = () => false): Promise<Movement[]> {
  const plan = (i: number): Movement => {
    const payer = members[crypto.randomInt(members.length)]!;
    const amount = 100 * (1 + crypto.randomInt(50));
    const requestNo = `BK${batch}${crypto.randomBytes(8).toString('hex')}`;
    if (i % 2 === 0) {
      const others = members.filter((m) => m !== payer);
      return { batch, kind: 'transfer', requestNo, payer, payee: others[crypto.randomInt(others.length)]!, amount };
    }
    return { batch, kind: 'merchant', requestNo, payer, merchant: merchants[crypto.randomInt(merchants.length)]!, amount };
  };
  const acknowledged: Movement[] = [];
  let sent = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (sent < count || keepGoing()) {
      const movement = plan(sent++);
      const [service, counterparty] = movement.kind === 'transfer' ? ['wallet/transfer/doTransfer', movement.payee!.mobile] : ['pay/merchant/pay', movement.merchant!.serial];
      const payToken = await authorizePayment(db, movement.payer.id, { service, amount: movement.amount, counterparty } as Parameters<typeof authorizePayment>[2]);
      const bizContent = movement.kind === 'transfer' ? { mobile: counterparty, amount: movement.amount, payToken } : { serial: counterparty, amount: movement.amount, payToken };
      const answer = await post(agent, JSON.stringify({ ...envelope(service, bizContent, { token: movement.payer.token }), requestNo: movement.requestNo }));
      if (answer.code !== 'S0001') throw new Error(`${service} ${movement.requestNo} answered ${answer.code} ${answer.message ?? ''}`);
      acknowledged.push(movement);
      // past `count`, a steady trickle (about 150 a second) rather than all the machine can do: the backup it runs beside is what is measured
      if (sent >= count) await new Promise((r) => setTimeout(r, 50));
    }
  }));
  return acknowledged;
}

const ledgerKey = (m: Movement) => `${m.kind === 'transfer' ? 'transfer' : 'merchant_pay'}:${m.payer.id}:${m.requestNo}`;

/** Each member's available balance as the acknowledged movements leave it. */
function expectedBalances(members: LoadMember[], movements: Movement[]): Map<string, bigint> {
  const balances = new Map(members.map((m) => [m.id, START_BALANCE]));
  for (const m of movements) {
    balances.set(m.payer.id, balances.get(m.payer.id)! - BigInt(m.amount));
    if (m.payee) balances.set(m.payee.id, balances.get(m.payee.id)! + BigInt(m.amount));
  }
  return balances;
}

async function memberBalances(client: pg.Client, members: LoadMember[]): Promise<Map<string, bigint>> {
  const { rows } = await client.query<{ member: string; balance: string }>(
    "SELECT member_id::text AS member, balance::text FROM ledger_accounts WHERE kind = 'available' AND member_id = ANY($1::bigint[])", [members.map((m) => m.id)]);
  return new Map(rows.map((r) => [r.member, BigInt(r.balance)]));
}

const differences = (expected: Map<string, bigint>, found: Map<string, bigint>) =>
  [...new Set([...expected.keys(), ...found.keys()])].filter((k) => expected.get(k) !== found.get(k)).map((k) => `${k}: expected ${expected.get(k)}, found ${found.get(k)}`);

/** How many times each movement's ledger transfer, stored answer and (a payment's) merchant payment row are in the database. */
async function presence(client: pg.Client, movements: Movement[]) {
  const { rows } = await client.query<{ key: string; transfers: number; answers: number; payments: number }>(
    `SELECT m.key,
            (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = m.key) AS transfers,
            (SELECT count(*)::int FROM idempotent_requests r WHERE r.member_id = m.payer AND r.request_no = m.request_no AND r.answer IS NOT NULL) AS answers,
            (SELECT count(*)::int FROM merchant_payments p WHERE p.payer_id = m.payer AND p.request_no = m.request_no) AS payments
       FROM unnest($1::text[], $2::bigint[], $3::text[]) AS m(key, payer, request_no)`,
    [movements.map(ledgerKey), movements.map((m) => m.payer.id), movements.map((m) => m.requestNo)],
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return movements.map((m) => ({ movement: m, ...byKey.get(ledgerKey(m))! }));
}

function exactlyOnce(found: Awaited<ReturnType<typeof presence>>) {
  return found.filter((f) => f.transfers !== 1 || f.answers !== 1 || f.payments !== (f.movement.kind === 'merchant' ? 1 : 0));
}

const describe = (f: Awaited<ReturnType<typeof presence>>[number]) => `${f.movement.batch} ${f.movement.kind} ${f.movement.requestNo}: ledger ${f.transfers}, answer ${f.answers}, payment ${f.payments}`;

function ledgerCheck(url: string): { ok: boolean; output: string } {
  const result = spawnSync('npm', ['run', '--silent', 'ledger:check'], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8', timeout: 120_000 });
  return { ok: result.status === 0 && result.stdout.includes('invariants hold'), output: `${result.stdout}${result.stderr}`.trim().split('\n').slice(-12).join('\n') };
}

const databaseUrl = (serverUrl: string) => serverUrl.replace(/\/postgres$/, `/${DATABASE}`);

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * The archive command as the server runs it (the store's copy, as postgres), on files of our own: a
 * new name is archived; the same bytes again succeed (a crash between archiving and recording it);
 * other bytes under an archived name fail and leave the archived file as it was; a source that
 * cannot be read fails and leaves nothing behind.
 */
function checkArchiveCommand(script: string) {
  const scratch = path.join(root, 'archive-check');
  fs.mkdirSync(path.join(scratch, 'archive'), { recursive: true });
  fs.writeFileSync(path.join(scratch, 'first'), crypto.randomBytes(64 * 1024));
  fs.writeFileSync(path.join(scratch, 'other'), crypto.randomBytes(64 * 1024));
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', scratch]);
  const target = path.join(scratch, 'archive', '000000010000000000000042');
  const archive = (source: string) => {
    try {
      runAsPostgres(script, [path.join(scratch, source), target], { stdio: ['ignore', 'pipe', 'pipe'] });
      return { ok: true, message: '' };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
  const same = (a: string, b: string) => fs.readFileSync(a).equals(fs.readFileSync(b));
  const first = archive('first');
  check('archive command: a new segment is archived with its bytes', first.ok && same(path.join(scratch, 'first'), target), first.message);
  const again = archive('first');
  check('archive command: the same segment again succeeds (archived, then a crash before the server noted it)', again.ok, again.message);
  const other = archive('other');
  check('archive command: other bytes under an archived name fail loudly and overwrite nothing',
    !other.ok && other.message.includes('different content') && same(path.join(scratch, 'first'), target), other.message || 'it succeeded');
  const missing = archive('missing');
  check('archive command: an unreadable segment fails and leaves nothing in the archive', !missing.ok && fs.readdirSync(path.join(scratch, 'archive')).length === 1, fs.readdirSync(path.join(scratch, 'archive')).join(', '));
}

// ---------------------------------------------------------------- the run
async function run() {
  let bin: string;
  try {
    bin = postgresBin();
  } catch (error) {
    // a developer's machine without PostgreSQL: said, not counted; CI installs it (.ci/run), where it counts as a failure
    if (process.env.CI) throw error;
    console.log(`note: ${(error as Error).message}: the backup test needs PostgreSQL's programs and did not run`);
    return;
  }
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', root]);
  fs.chmodSync(root, 0o755);
  prepareStore(dirs.store);
  checkArchiveCommand(storePaths(dirs.store).archiveScript);
  runAsPostgres(path.join(bin, 'initdb'), ['-D', dirs.primary, '-U', 'postgres', '-A', 'trust', '--no-sync'], { stdio: 'ignore' });
  enableArchiving(dirs.primary, dirs.store);
  const primary = await startServer(dirs.primary, PORTS.primary);
  const admin = await connect(primary.url);
  admin.on('error', () => {}); // its connection dies with the server, on purpose
  const settings = (await admin.query<{ name: string; setting: string }>("SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'archive_mode', 'wal_level')")).rows;
  console.log(`PostgreSQL on ${PORTS.primary}, archiving into ${storePaths(dirs.store).wal}: ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = databaseUrl(primary.url);
  const db = await openPostgres(url, 8);
  openDatabases.add(db);
  await migrate(db);
  await seed(db, { demo: false });
  const members = await createLoadMembers(db, MEMBERS, START_BALANCE);
  const merchants = await createLoadMerchants(db, MERCHANTS, { shards: 4, label: 'bk' });
  const gateway = await startGateway(url, PORTS.gateway);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

  const batchA = await moveMoney(db, agent, 'A', BATCH, members, merchants);
  // B from before the base backup starts until after it ends: the backup must be consistent while money moves
  let t = performance.now();
  let backingUp = true;
  const movingB = moveMoney(db, agent, 'B', BATCH / 4, members, merchants, () => backingUp);
  const backup = await takeBaseBackup(dirs.store, { port: PORTS.primary }).finally(() => (backingUp = false));
  const batchB = await movingB;
  console.log(`base backup ${backup.label}: ${(backup.bytes / 2 ** 20).toFixed(1)} MiB in ${backup.seconds} s (verified in ${backup.verifySeconds} s), with batch B moving ${batchB.length} alongside (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  Object.assign(measured, { baseBackupSeconds: backup.seconds, baseBackupVerifySeconds: backup.verifySeconds, baseBackupMiB: +(backup.bytes / 2 ** 20).toFixed(1) });
  const walBeforeC = (await admin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
  const batchC = await moveMoney(db, agent, 'C', BATCH, members, merchants);
  // the WAL one movement writes (its authorisation included): what the archive grows by, per payment
  const walOfC = (await admin.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint::text AS bytes', [walBeforeC])).rows[0]!.bytes;
  measured.walBytesPerMovement = Math.round(Number(walOfC) / batchC.length);
  // T: after every movement of C was acknowledged, before any of D was sent
  await new Promise((r) => setTimeout(r, 200));
  const pointInTime = (await admin.query<{ t: string }>("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') AS t")).rows[0]!.t;
  await new Promise((r) => setTimeout(r, 200));
  const batchD = await moveMoney(db, agent, 'D', BATCH, members, merchants);
  const all = [...batchA, ...batchB, ...batchC, ...batchD];
  console.log(`moved: A ${batchA.length}, B ${batchB.length}, C ${batchC.length}, T = ${pointInTime}, D ${batchD.length}`);

  // what the server had, acknowledged, before it is destroyed
  const before = await connect(url);
  const accountsBefore = new Map((await before.query<{ id: string; balance: string }>('SELECT id::text, balance::text FROM ledger_accounts')).rows.map((r) => [r.id, BigInt(r.balance)]));
  const transfersBefore = Number((await before.query<{ n: string }>('SELECT count(*) AS n FROM ledger_transfers')).rows[0]!.n);
  const stillThere = exactlyOnce(await presence(before, all));
  await before.end();
  check('before the crash: every acknowledged movement is in the database once', stillThere.length === 0, stillThere.slice(0, 5).map(describe).join('; '));

  // the last segment out, and into the archive, before the crash
  const switched = (await admin.query<{ file: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS file')).rows[0]!.file;
  t = performance.now();
  const archived = path.join(storePaths(dirs.store).wal, switched);
  while (!fs.existsSync(archived)) {
    if (performance.now() - t > 60_000) throw new Error(`${switched} was not archived within 60 s:\n${serverLog(dirs.primary)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  measured.lastSegmentArchivedMs = Math.round(performance.now() - t);

  // the crash: the server killed with the gateway and this test still connected, its data directory gone
  await killServer(dirs.primary);
  fs.rmSync(dirs.primary, { recursive: true, force: true });
  await stopGateway(gateway);
  agent.destroy();
  await admin.end().catch(() => {});
  await db.close().catch(() => {});
  openDatabases.delete(db);
  const archive = describeArchive(dirs.store);
  Object.assign(measured, { archivedSegments: archive.segments, archiveMiB: +(archive.bytes / 2 ** 20).toFixed(1), movements: all.length });
  console.log(`primary destroyed; the archive holds ${archive.segments} segments (${(archive.bytes / 2 ** 20).toFixed(1)} MiB)`);

  // restore 1: the base backup and the whole archive
  t = performance.now();
  prepareRestore({ store: dirs.store, into: dirs.restored });
  const copySeconds = (performance.now() - t) / 1000;
  const restored = await startServer(dirs.restored, PORTS.restored);
  Object.assign(measured, { restoreCopySeconds: +copySeconds.toFixed(2), restoreReplaySeconds: restored.seconds, restoreSeconds: +((performance.now() - t) / 1000).toFixed(2) });
  console.log(`restored to the archive's end in ${measured.restoreSeconds} s (copy ${measured.restoreCopySeconds} s, replay until it took writes ${restored.seconds} s)`);
  {
    const client = await connect(databaseUrl(restored.url));
    try {
      const missing = exactlyOnce(await presence(client, all));
      check(`full restore: each of the ${all.length} acknowledged movements (A, B, C, D) is there exactly once`, missing.length === 0, `${missing.length} not: ${missing.slice(0, 5).map(describe).join('; ')}`);
      const transfers = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM ledger_transfers')).rows[0]!.n);
      check('full restore: as many ledger transfers as the destroyed server had', transfers === transfersBefore, `${transfers} against ${transfersBefore}`);
      const accounts = new Map((await client.query<{ id: string; balance: string }>('SELECT id::text, balance::text FROM ledger_accounts')).rows.map((r) => [r.id, BigInt(r.balance)]));
      const changed = differences(accountsBefore, accounts);
      check(`full restore: every account's balance (${accounts.size}) equals the destroyed server's`, changed.length === 0, changed.slice(0, 5).join('; '));
      const members_ = differences(expectedBalances(members, all), await memberBalances(client, members));
      check('full restore: members\' balances equal the acknowledged history', members_.length === 0, members_.slice(0, 5).join('; '));
    } finally {
      await client.end();
    }
    // the restored server is the wallet again: a gateway on it moves money
    const restoredDb = await openPostgres(databaseUrl(restored.url), 4);
    openDatabases.add(restoredDb);
    const restoredGateway = await startGateway(databaseUrl(restored.url), PORTS.gateway);
    const restoredAgent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    try {
      const batchE = await moveMoney(restoredDb, restoredAgent, 'E', 20, members, merchants);
      const client = await connect(databaseUrl(restored.url));
      let notOnce: ReturnType<typeof exactlyOnce>;
      try {
        notOnce = exactlyOnce(await presence(client, batchE));
      } finally {
        await client.end();
      }
      check(`full restore: a gateway on it serves payments and transfers again (${batchE.length} acknowledged, each once)`, batchE.length === 20 && notOnce.length === 0, notOnce.map(describe).join('; '));
    } finally {
      restoredAgent.destroy();
      await stopGateway(restoredGateway);
      await restoredDb.close();
      openDatabases.delete(restoredDb);
    }
    const ledger = ledgerCheck(databaseUrl(restored.url));
    check('full restore: npm run ledger:check is clean (after the new payments too)', ledger.ok, ledger.output);
  }
  stopServer(dirs.restored);

  // restore 2: to the point T between C and D
  t = performance.now();
  prepareRestore({ store: dirs.store, into: dirs.pointInTime, targetTime: pointInTime });
  const pitr = await startServer(dirs.pointInTime, PORTS.pointInTime);
  measured.pointInTimeRestoreSeconds = +((performance.now() - t) / 1000).toFixed(2);
  console.log(`restored to ${pointInTime} in ${measured.pointInTimeRestoreSeconds} s`);
  {
    const client = await connect(databaseUrl(pitr.url));
    try {
      const upToT = [...batchA, ...batchB, ...batchC];
      const missing = exactlyOnce(await presence(client, upToT));
      check(`point in time: each of the ${upToT.length} movements before T (A, B, C) is there exactly once`, missing.length === 0, `${missing.length} not: ${missing.slice(0, 5).map(describe).join('; ')}`);
      const afterT = (await presence(client, batchD)).filter((f) => f.transfers + f.answers + f.payments > 0);
      check(`point in time: none of the ${batchD.length} movements after T (D) is there`, afterT.length === 0, `${afterT.length} are: ${afterT.slice(0, 5).map(describe).join('; ')}`);
      const members_ = differences(expectedBalances(members, upToT), await memberBalances(client, members));
      check('point in time: members\' balances equal the history up to T', members_.length === 0, members_.slice(0, 5).join('; '));
    } finally {
      await client.end();
    }
    const ledger = ledgerCheck(databaseUrl(pitr.url));
    check('point in time: npm run ledger:check is clean', ledger.ok, ledger.output);
  }
  stopServer(dirs.pointInTime);
}

const started = performance.now();
const watchdog = setTimeout(() => {
  console.error(`✗ the backup test did not end within ${DEADLINE_MS / 1000} s`);
  check('finishes in time', false);
  writeReport();
  process.exit(1);
}, DEADLINE_MS);
watchdog.unref();

function writeReport() {
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, `${JSON.stringify({ passed, failed, seconds: +((performance.now() - started) / 1000).toFixed(1), measured, checks }, null, 2)}\n`);
  return { passed, failed };
}

// like the e2e walk without Chromium: a machine without PostgreSQL's programs skips this part, saying so (.ci/run installs them)
if (spawnSync('bash', ['-c', 'ls /usr/lib/postgresql/*/bin/pg_basebackup'], { stdio: 'ignore' }).status !== 0) {
  console.log('backup: SKIPPED — PostgreSQL is not installed (Debian postgresql; .ci/run installs it).');
  fs.rmSync(REPORT, { force: true });
  process.exit(0);
}

try {
  await run();
} catch (error) {
  check('the backup and restore ran to the end', false, error instanceof Error ? error.stack ?? error.message : String(error));
} finally {
  for (const db of openDatabases) await db.close().catch(() => {});
  cleanUp();
  const { passed, failed } = writeReport();
  console.log(`\nbackup: ${passed} passed, ${failed} failed in ${((performance.now() - started) / 1000).toFixed(1)} s; ${JSON.stringify(measured)}`);
  if (failed > 0) process.exitCode = 1;
}
process.exit();
