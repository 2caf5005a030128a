/**
 * `npm run test:cluster` (and a step of `npm test`): the production formation (server/cluster/: a
 * pg_auto_failover monitor, two PostgreSQL nodes with a synchronous standby, two gateways, HAProxy)
 * under the load of 16 clients paying merchants and transferring through the balancer, each call
 * with its own requestNo and sent again, the same, until it is answered (tests/cluster/load.ts).
 *
 * 1. Failover: mid-load the primary dies (SIGKILL to its pg_autoctl keeper and every PostgreSQL
 *    process: killing PostgreSQL alone lets the keeper restart it, which is no failover); the
 *    monitor promotes the standby; the gateways find it. The time without service is measured.
 *    Then the old primary's keeper is started again and it must rejoin as the standby.
 * 2. Gateway death: under the same load one gateway is killed (SIGKILL); HAProxy must mark it down.
 * 3. Standby death: under the same load the standby is killed; commits wait for it until the monitor
 *    lets the primary commit alone (`wait_primary`); started again, it must come back synchronous.
 *
 * After each: every acknowledged call is in the database exactly once (by requestNo), nothing is
 * there that was not acknowledged, a call answered after retries was applied once (and a retry whose
 * first attempt had committed got the stored answer, not a refusal), every member's balance is its
 * start minus what it paid plus what it received, and `npm run ledger:check` is clean on the
 * primary. Results and timings go to .data/cluster.json (counted by tests/run.ts).
 *
 * Ports and directory (CLUSTER_PG_PORT…, formation.ts) default to ones `npm run cluster` does not use.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { openPostgres, type Database } from '../../server/db/index.ts';
import { formationSettings, startFormation, stopOnSignals, type Formation } from '../../server/cluster/formation.ts';
import { replicationSettings, type PostgresNode } from '../../server/cluster/postgres.ts';
import { portAnswers, sleep, waitFor } from '../../server/cluster/processes.ts';
import { createLoadMembers, type LoadMember } from '../support/money.ts';
import { createLoadMerchants } from '../bench/merchants.ts';
import { LOAD_AMOUNT, prepareMerchantPayments, prepareTransfers } from '../support/loadPayments.ts';
import { attemptSummary, longestWithoutSuccess, sendUntilAnswered, startLoad, withoutService, type CallRecord, type LoadCall, type LoadOptions } from './load.ts';

const CLIENTS = Number(process.env.CLUSTER_CLIENTS ?? 16);
const MEMBERS = 64;
const START_BALANCE = 100_000n * 100n; // 100 000 Kz each: never short of money
/** Each call type's prepared confirmations: both phases send ~8 000 calls in all here (~250 a second), this leaves room for a machine 4 times faster. */
const PREPARED = Number(process.env.CLUSTER_PREPARED ?? 20_000);
const THINK_MS = 5;
const RETRY_MS = 200;
const AIM_SECONDS = 30;

const settings = formationSettings({ gateways: 2, postgres: 55404, gateway: 55414, balancer: 55422, stats: 0 });
const began = Date.now();
const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
const check = (name: string, ok: boolean, detail = '') => {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? '✓' : '✗'} ${name}${detail ? `: ${detail}` : ''}`);
};
const results: Record<string, unknown> = {};
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;

let formation: Formation | null = null;
stopOnSignals();

function writeResults(error?: unknown) {
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed + (error ? 1 : 0);
  fs.mkdirSync('.data', { recursive: true });
  fs.writeFileSync('.data/cluster.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), seconds: Math.round((Date.now() - began) / 1000), passed, failed, ...(error ? { error: String((error as Error).stack ?? error) } : {}), ...results, checks }, null, 2)}\n`);
  return { passed, failed };
}

/** Calls alternating: a merchant payment, a transfer, … */
function interleave(transfers: LoadCall[], payments: LoadCall[]): LoadCall[] {
  const queue: LoadCall[] = [];
  for (let i = 0; i < Math.max(transfers.length, payments.length); i++) {
    if (payments[i]) queue.push(payments[i]!);
    if (transfers[i]) queue.push(transfers[i]!);
  }
  return queue;
}

/**
 * Everything the database holds for the load's members, set against what the clients were told.
 * `label` names the checks.
 */
async function verify(label: string, db: Database, primary: PostgresNode, members: LoadMember[], records: CallRecord[]) {
  const memberIds = members.map((m) => m.id);
  const unanswered = records.filter((r) => r.code === null);
  check(`${label}: every call got an answer`, unanswered.length === 0, `${records.length} calls, ${unanswered.length} never answered`);
  const refused = records.filter((r) => r.code !== null && r.code !== 'S0001');
  check(`${label}: no call was refused`, refused.length === 0, refused.slice(0, 5).map((r) => `${r.kind} ${r.requestNo} ${r.code} after ${r.attempts} attempts`).join('; '));
  const acknowledged = records.filter((r) => r.code === 'S0001');
  const byRequestNo = new Map(acknowledged.map((r) => [`${r.payerId}/${r.requestNo}`, r]));

  const claims = (await db.query<{ member: string; request_no: string; answered: boolean; refusal_code: string | null; created_ms: string }>(
    `SELECT member_id::text AS member, request_no, answer IS NOT NULL AS answered, refusal_code, (extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms
       FROM idempotent_requests WHERE member_id = ANY($1::bigint[])`, [memberIds],
  )).rows;
  const inDatabase = new Map(claims.map((c) => [`${c.member}/${c.request_no}`, c]));
  const missing = acknowledged.filter((r) => !inDatabase.has(`${r.payerId}/${r.requestNo}`));
  const notAcknowledged = claims.filter((c) => !byRequestNo.has(`${c.member}/${c.request_no}`));
  const withoutAnswer = claims.filter((c) => !c.answered || c.refusal_code !== null);
  check(`${label}: every acknowledged call is in the database`, missing.length === 0, `${acknowledged.length} acknowledged, ${missing.length} missing${missing.length ? ` (${missing.slice(0, 3).map((r) => r.requestNo).join(', ')})` : ''}`);
  check(`${label}: nothing applied that was not acknowledged`, notAcknowledged.length === 0 && withoutAnswer.length === 0, `${notAcknowledged.length} requestNos not acknowledged, ${withoutAnswer.length} without a stored answer`);

  const payments = (await db.query<{ payer: string; request_no: string; n: string }>(
    'SELECT payer_id::text AS payer, request_no, count(*)::text AS n FROM merchant_payments WHERE payer_id = ANY($1::bigint[]) GROUP BY 1, 2', [memberIds],
  )).rows;
  const acknowledgedPayments = acknowledged.filter((r) => r.kind === 'payment');
  const paymentKeys = new Set(payments.map((p) => `${p.payer}/${p.request_no}`));
  check(`${label}: each acknowledged merchant payment recorded exactly once`,
    payments.every((p) => p.n === '1') && payments.length === acknowledgedPayments.length && acknowledgedPayments.every((r) => paymentKeys.has(`${r.payerId}/${r.requestNo}`)),
    `${acknowledgedPayments.length} acknowledged, ${payments.length} recorded`);

  // the ledger, per member: one debit per call it made, one credit per transfer it received (and its funding)
  const accounts = (await db.query<{ member: string; balance: string; debits: string; credits: string }>(
    `SELECT a.member_id::text AS member, a.balance::text, count(*) FILTER (WHERE e.amount < 0)::text AS debits, count(*) FILTER (WHERE e.amount > 0)::text AS credits
       FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.kind = 'available' AND a.member_id = ANY($1::bigint[]) GROUP BY a.id`, [memberIds],
  )).rows;
  const sent = new Map<string, number>();
  const received = new Map<string, number>();
  for (const r of acknowledged) {
    sent.set(r.payerId, (sent.get(r.payerId) ?? 0) + 1);
    if (r.kind === 'transfer') received.set(r.counterpartyId, (received.get(r.counterpartyId) ?? 0) + 1);
  }
  const wrong = accounts.filter((a) => {
    const out = sent.get(a.member) ?? 0;
    const into = received.get(a.member) ?? 0;
    return BigInt(a.balance) !== START_BALANCE - BigInt(LOAD_AMOUNT * out) + BigInt(LOAD_AMOUNT * into) || Number(a.debits) !== out || Number(a.credits) !== into + 1;
  });
  check(`${label}: every balance is its start minus its acknowledged history`, accounts.length === members.length && wrong.length === 0,
    `${accounts.length} members, ${wrong.length} wrong${wrong.length ? ` (${wrong.slice(0, 3).map((a) => `member ${a.member}: ${a.balance}, ${a.debits} debits, ${a.credits} credits`).join('; ')})` : ''}`);

  // a call answered only after retries: applied once (above); if an earlier attempt had committed, the stored answer came back
  const retried = acknowledged.filter((r) => r.attempts > 1);
  const replayed = retried.filter((r) => Number(inDatabase.get(`${r.payerId}/${r.requestNo}`)?.created_ms ?? Infinity) < r.lastSentAt);
  results[`${label}Retries`] = { retried: retried.length, answeredFromAnEarlierCommit: replayed.length, refusedAfterRetry: refused.filter((r) => r.attempts > 1).length };
  // once: each has its one stored claim (requestNo is unique per member), and its payer's debits count
  // exactly one per acknowledged call (a retry applied twice would make one more debit than calls)
  const payersWrong = new Set(wrong.map((a) => a.member));
  check(`${label}: retried calls applied exactly once`, retried.every((r) => inDatabase.has(`${r.payerId}/${r.requestNo}`) && !payersWrong.has(r.payerId)),
    `${retried.length} answered after retries, ${replayed.length} of them had committed on an earlier attempt whose answer was lost (their stored answer replayed, their spent confirmation not refused)`);

  const ledger = spawnSync(process.execPath, ['--import', 'tsx', 'server/ledger/check.ts'], { env: { ...process.env, DATABASE_URL: primary.url }, encoding: 'utf8' });
  check(`${label}: npm run ledger:check is clean on the primary (${primary.name})`, ledger.status === 0 && ledger.stdout.includes('invariants hold'), ledger.status === 0 ? '' : (ledger.stdout + ledger.stderr).slice(-1_000));
}

/** Sends acknowledged calls again, the same bodies: each must get the very same answer back. */
async function replayAcknowledged(label: string, port: number, records: CallRecord[]) {
  const sample = [...records.filter((r) => r.kind === 'payment' && r.code === 'S0001').slice(-8), ...records.filter((r) => r.kind === 'transfer' && r.code === 'S0001').slice(-8)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const options: LoadOptions = { port, clients: 1, phase: 'replay', thinkMs: 0, retryMs: RETRY_MS };
  const differing: string[] = [];
  for (const original of sample) {
    const again: CallRecord = { ...original, attempts: 0, code: null, bizContent: null };
    await sendUntilAnswered(agent, again, options, [], () => Date.now() + 30_000);
    if (again.code !== original.code || !isDeepStrictEqual(again.bizContent, original.bizContent)) differing.push(`${original.kind} ${original.requestNo}: ${again.code}`);
  }
  agent.destroy();
  check(`${label}: an acknowledged call sent again gets its stored answer`, sample.length > 0 && differing.length === 0, `${sample.length} sent again, ${differing.length} answered otherwise ${differing.slice(0, 3).join('; ')}`);
}

async function main() {
  console.log(`▶ cluster: starting the formation (${settings.gateways} gateways; ports ${settings.ports.postgres}…, ${settings.ports.gateway}…, ${settings.ports.balancer})`);
  formation = await startFormation({ ...settings, log: (line) => console.log(`  ${line}`) });
  const { postgres, gateways, balancer } = formation;
  console.log(`  up at ${elapsed()}`);
  const setupDb = await openPostgres(postgres.databaseUrl, 4);
  let members: LoadMember[];
  let queue: LoadCall[];
  try {
    members = await createLoadMembers(setupDb, MEMBERS, START_BALANCE);
    const merchants = await createLoadMerchants(setupDb, 4, { shards: 8, label: 'failover' });
    queue = interleave(
      (await prepareTransfers(setupDb, members, PREPARED)).map((prepared) => ({ kind: 'transfer', prepared })),
      (await prepareMerchantPayments(setupDb, members, merchants, PREPARED)).map((prepared) => ({ kind: 'payment', prepared })),
    );
  } finally {
    await setupDb.close();
  }
  await waitFor('HAProxy to see every gateway up', 20_000, async () => (await balancer.servers()).every((s) => s.status === 'UP'));
  console.log(`  ${MEMBERS} members, 4 merchants, ${queue.length} prepared calls at ${elapsed()}`);

  // synchronous replication, as pg_auto_failover set it: an acknowledged commit is on both nodes
  const firstPrimary = (await postgres.primary())!;
  const replication = await replicationSettings(firstPrimary);
  results.replication = replication;
  check('the primary commits only with the standby (synchronous_standby_names, synchronous_commit, the standby\'s sync state)',
    /^ANY 1 \(pgautofailover_standby_\d+\)$/.test(replication.synchronousStandbyNames) && replication.synchronousCommit === 'on' && replication.standbys.length === 1 && ['quorum', 'sync'].includes(replication.standbys[0]!.syncState),
    `synchronous_standby_names = '${replication.synchronousStandbyNames}', synchronous_commit = ${replication.synchronousCommit}, standby ${JSON.stringify(replication.standbys)}`);

  // 1. the primary dies under load
  console.log(`▶ failover: ${CLIENTS} clients through HAProxy; the primary (${firstPrimary.name}) is killed mid-load`);
  const load = startLoad(queue, { port: balancer.port, clients: CLIENTS, phase: 'failover', thinkMs: THINK_MS, retryMs: RETRY_MS });
  await sleep(4_000);
  // a standby that fell behind (the machine is busy) is not eligible: the kill waits until it is back in sync
  await postgres.waitHealthy(30_000);
  const answeredBeforeKill = load.records.filter((r) => r.code === 'S0001').length;
  const killedAt = Date.now();
  await postgres.kill(firstPrimary);
  console.log(`  killed ${firstPrimary.name} (keeper and PostgreSQL, SIGKILL) after ${answeredBeforeKill} acknowledged calls`);
  const newPrimary = await waitFor('the standby to be promoted', 60_000, async () => {
    const primary = await postgres.primary();
    return primary && primary !== firstPrimary ? primary : undefined;
  }, 100).catch(async (error) => {
    throw new Error(`${(error as Error).message}\nthe monitor's events:\n${(await postgres.events()).join('\n')}`);
  });
  const promotedAt = Date.now();
  console.log(`  ${newPrimary.name} promoted ${((promotedAt - killedAt) / 1000).toFixed(1)} s after the kill`);
  // the load goes on until calls succeed again, and some seconds more
  await waitFor(`calls to succeed again (${attemptSummary(load.records, load.attempts)})`, 90_000, () => load.attempts.some((a) => a.success && a.sentAt > promotedAt), 100);
  await sleep(3_000);
  await load.stop(60_000);
  console.log(`  ${attemptSummary(load.records, load.attempts)}`);
  const outage = withoutService(load.attempts, killedAt - 1_000);
  results.failover = {
    killed: firstPrimary.name, promoted: newPrimary.name, promotedAfterSeconds: +((promotedAt - killedAt) / 1000).toFixed(2),
    secondsWithoutService: outage?.seconds ?? 0, unansweredAttempts: outage?.unanswered ?? 0,
    calls: load.records.length, acknowledged: load.records.filter((r) => r.code === 'S0001').length, callsPerSecond: Math.round(load.records.length / ((Date.now() - load.records[0]!.firstSentAt) / 1000)),
  };
  console.log(`  time without service: ${outage ? `${outage.seconds} s (first call without an answer to the first success after it; ${outage.unanswered} attempts unanswered)` : 'none'}`);
  check(`time without service under ${AIM_SECONDS} s`, outage !== null && outage.seconds < AIM_SECONDS, `${outage?.seconds} s; the primary was replaced ${((promotedAt - killedAt) / 1000).toFixed(1)} s after the kill`);

  // the old primary comes back (its keeper started again) while we check: it must rejoin as the standby
  const rejoinStartedAt = Date.now();
  await postgres.restart(firstPrimary);

  const db = await openPostgres(newPrimary.url, 4);
  try {
    await verify('failover', db, newPrimary, members, load.records);
    await replayAcknowledged('failover', balancer.port, load.records);

    const states = await postgres.waitHealthy(90_000);
    const rejoinSeconds = +((Date.now() - rejoinStartedAt) / 1000).toFixed(1);
    results.rejoin = { seconds: rejoinSeconds, states };
    check(`the old primary (${firstPrimary.name}) rejoined as the standby`, states.some((s) => s.name === firstPrimary.name && s.reported === 'secondary') && states.some((s) => s.name === newPrimary.name && s.reported === 'primary'),
      `${states.map((s) => `${s.name} ${s.reported}`).join(', ')} after ${rejoinSeconds} s`);
    const after = await replicationSettings(newPrimary);
    check('synchronous replication again with the rejoined standby', /^ANY 1 \(pgautofailover_standby_\d+\)$/.test(after.synchronousStandbyNames) && after.standbys.some((s) => ['quorum', 'sync'].includes(s.syncState)),
      `synchronous_standby_names = '${after.synchronousStandbyNames}', standby ${JSON.stringify(after.standbys)}`);

    // 2. a gateway dies under load
    const victim = gateways.list[0]!;
    console.log(`▶ gateway death: ${CLIENTS} clients; gateway ${victim.index} (port ${victim.port}) is killed mid-load`);
    const load2 = startLoad(queue, { port: balancer.port, clients: CLIENTS, phase: 'gateway death', thinkMs: THINK_MS, retryMs: RETRY_MS });
    await sleep(3_000);
    const gatewayKilledAt = Date.now();
    await victim.kill();
    const markedDownAt = await waitFor('HAProxy to mark the dead gateway down', 20_000, async () => (await balancer.servers()).find((s) => s.port === victim.port)?.status.startsWith('DOWN') ? Date.now() : undefined, 100);
    console.log(`  gateway ${victim.index} marked down by HAProxy ${((markedDownAt - gatewayKilledAt) / 1000).toFixed(1)} s after the kill`);
    await sleep(3_000);
    await load2.stop(60_000);
    console.log(`  ${attemptSummary(load2.records, load2.attempts)}`);
    const gap = withoutService(load2.attempts, gatewayKilledAt - 1_000);
    const unansweredAfterDown = load2.attempts.filter((a) => !a.answered && a.sentAt > markedDownAt).length;
    const servers = await balancer.servers();
    results.gatewayDeath = {
      gateway: victim.port, markedDownAfterSeconds: +((markedDownAt - gatewayKilledAt) / 1000).toFixed(2), secondsWithoutService: gap?.seconds ?? 0,
      unansweredAttempts: gap?.unanswered ?? 0, unansweredAfterMarkedDown: unansweredAfterDown, calls: load2.records.length, servers,
    };
    check('HAProxy marked the dead gateway down and sends it nothing more', servers.find((s) => s.port === victim.port)!.status.startsWith('DOWN') && unansweredAfterDown === 0 && servers.filter((s) => s.port !== victim.port).every((s) => s.status === 'UP'),
      `down ${((markedDownAt - gatewayKilledAt) / 1000).toFixed(1)} s after the kill; ${gap?.unanswered ?? 0} attempts without an answer before, ${unansweredAfterDown} after`);
    check('a dead gateway costs calls no more than a retry', load2.records.every((r) => r.code === 'S0001'), `${load2.records.length} calls, longest gap without a success ${gap?.seconds ?? 0} s`);
    await verify('gateway death', db, newPrimary, members, [...load.records, ...load2.records]);

    // 3. the standby dies under load: commits wait for it until the monitor lets the primary commit alone
    const standby = firstPrimary;
    console.log(`▶ standby death: ${CLIENTS} clients; the standby (${standby.name}) is killed mid-load, then started again`);
    const load3 = startLoad(queue, { port: balancer.port, clients: CLIENTS, phase: 'standby death', thinkMs: THINK_MS, retryMs: RETRY_MS });
    await sleep(3_000);
    const standbyKilledAt = Date.now();
    await postgres.kill(standby);
    const aloneAt = await waitFor('the primary to commit alone (wait_primary)', 30_000, async () => (await postgres.state()).some((s) => s.name === newPrimary.name && s.reported === 'wait_primary') ? Date.now() : undefined, 100);
    const alone = await replicationSettings(newPrimary);
    console.log(`  ${newPrimary.name} commits alone ${((aloneAt - standbyKilledAt) / 1000).toFixed(1)} s after the kill (synchronous_standby_names = '${alone.synchronousStandbyNames}')`);
    await sleep(2_000);
    const standbyRestartedAt = Date.now();
    await postgres.restart(standby);
    const statesBack = await postgres.waitHealthy(90_000);
    const standbyBackSeconds = +((Date.now() - standbyRestartedAt) / 1000).toFixed(1);
    await sleep(1_000);
    await load3.stop(60_000);
    console.log(`  ${attemptSummary(load3.records, load3.attempts)}`);
    const stalled = longestWithoutSuccess(load3.attempts, standbyKilledAt);
    const synchronousAgain = await replicationSettings(newPrimary);
    results.standbyDeath = {
      standby: standby.name, aloneAfterSeconds: +((aloneAt - standbyKilledAt) / 1000).toFixed(2), longestWithoutSuccessSeconds: stalled,
      synchronousStandbyNamesWhileAlone: alone.synchronousStandbyNames, backAsStandbySeconds: standbyBackSeconds, calls: load3.records.length,
    };
    console.log(`  longest time without a success: ${stalled} s; ${standby.name} back as the standby ${standbyBackSeconds} s after its restart`);
    check('with the standby dead the primary commits alone (wait_primary, no synchronous standby)', alone.synchronousStandbyNames === '',
      `after ${((aloneAt - standbyKilledAt) / 1000).toFixed(1)} s; commits waited at most ${stalled} s`);
    check(`the standby (${standby.name}) came back and the primary is synchronous again`,
      statesBack.some((s) => s.name === standby.name && s.reported === 'secondary') && /^ANY 1 \(pgautofailover_standby_\d+\)$/.test(synchronousAgain.synchronousStandbyNames),
      `${statesBack.map((s) => `${s.name} ${s.reported}`).join(', ')}; synchronous_standby_names = '${synchronousAgain.synchronousStandbyNames}'`);
    check(`a dead standby stops calls for less than ${AIM_SECONDS} s`, stalled < AIM_SECONDS, `${stalled} s`);
    await verify('standby death', db, newPrimary, members, [...load.records, ...load2.records, ...load3.records]);
  } finally {
    await db.close();
  }

  console.log(`▶ stopping the formation (${elapsed()})`);
  const ports = [settings.ports.postgres, settings.ports.postgres + 1, settings.ports.postgres + 2, ...gateways.list.map((g) => g.port), settings.ports.balancer];
  const dir = formation.dir;
  await formation.stop();
  formation = null;
  const open = [];
  for (const port of ports) if (await portAnswers(port)) open.push(port);
  check('every process of the formation stopped, its ports closed, its directory removed', open.length === 0 && !fs.existsSync(dir), open.length ? `still open: ${open.join(', ')}` : '');
}

// like the e2e walk without Chromium: a machine without the formation's programs skips this part, saying so (.ci/run installs them)
const absent = ['pg_autoctl', 'haproxy'].filter((program) => spawnSync('bash', ['-c', `command -v ${program} || ls /usr/sbin/${program}`], { stdio: 'ignore' }).status !== 0);
if (absent.length > 0) {
  console.log(`cluster: SKIPPED — ${absent.join(' and ')} not installed (Debian postgresql-15-auto-failover, haproxy; .ci/run installs them).`);
  fs.rmSync('.data/cluster.json', { force: true });
  process.exit(0);
}

let failure: unknown;
try {
  await main();
} catch (error) {
  failure = error;
  console.error(`✗ cluster test: ${(error as Error).stack ?? error}`);
} finally {
  const left = formation as Formation | null; // set by main(), which TypeScript does not follow
  if (left) {
    // a failed run keeps the formation's directory: its logs say why
    console.error(`  the formation's logs are kept in ${left.dir}`);
    await left.stop({ keepDir: true }).catch((error) => { console.error((error as Error).message); failure ??= error; });
    formation = null;
  }
}
const { passed, failed } = writeResults(failure);
console.log(`cluster: ${passed} passed, ${failed} failed in ${elapsed()} (.data/cluster.json)`);
process.exit(failed > 0 ? 1 : 0);
