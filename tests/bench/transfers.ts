/**
 * `npm run bench`: member-to-member transfers through the real gateway (the server started as in
 * production, over HTTP with keep-alive), at 1, 8 and 32 concurrent clients, on PostgreSQL (a
 * throwaway cluster with PostgreSQL's durable defaults: fsync and synchronous commit on; stopped
 * again when its part is done, or however the run ends) and on
 * embedded PGlite; then the same transfer as direct SQL on the same database, the ceiling.
 *
 * Merchant payments (issue 11), on PostgreSQL, through the same gateway at 32 clients, each a
 * `pay/merchant/pay` of a store's static code (session check, requestNo claim, pay confirmation,
 * code resolution, limits, the two postings into a settlement shard and a fee income shard, the
 * payment's record, the stored answer): (a) every client paying ONE merchant whose settlement is
 * split into 32 shards, (b) paying 100 merchants, (c) one merchant with its settlement as one row
 * (settlement_shards = 1), the comparison that measures what the shards gain. They run in the same
 * rounds as the transfers, interleaved, and the ledger's invariants are checked after every round.
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
 *
 * Before and after a change to the merchant payment path: BENCH_BEFORE=<dir>, a copy of the tree
 * before it (`git archive <commit> | tar -x -C <dir>`, its node_modules a link to this one's). Its
 * gateway runs beside this one, on a database of its own in the same cluster migrated and seeded by
 * its own code, with members, merchants and prepared payments made the same way; each merchant step
 * runs on both, one right after the other (which goes first alternating by round), and the
 * after/before ratio of each round's pair is reported with their median (`merchantBeforeAfter`).
 * The transfers then run on a third database, with a gateway of its own, so that neither merchant
 * database carries them.
 *
 * Promotions (issue 23), in the same rounds, each paired with a step of (a)'s payments right beside
 * it (the two swapping places every other round) and set against it round by round (`promotions`): (d)
 * payments into one busy merchant (32 shards) with a merchant-funded discount active (5 % off the
 * 1 Kz, at most 5 cêntimos: the payment's quote and its record), on the
 * merchant database beside (a); (e) the same with a platform-funded 10 % cashback of at most 500 Kz
 * active (a budget that lasts the run: its slices, the member's usage row, the cashback posted from a
 * marketing funding shard to the payer's cashback account and its record), on a database of its own
 * with a gateway of its own, since a platform policy applies at every merchant and would make (a)
 * a promoted payment too. Each request sends what its quote says (`payable`, `cashback`), as the app.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openPglite, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { createLoadMembers, type LoadMember } from '../support/money.ts';
import { envelope } from '../support/server.ts';
import { createLoadMerchants } from './merchants.ts';
import { createCashbackPolicy, createDiscountPolicy } from '../../server/entities/promotions.ts';
import {
  AMOUNT, BENCH_PGDATA, POOL_SIZE, ROUNDS, SECONDS, TRANSFER as SERVICE, cpuSources, cpuTotal, measure, medianOf, merchantCaller, post, postgresUrl,
  prepareMerchantPayments, purposeHash, startGateway, step, stop, stopOwnPostgres, watchGatewayCpu, watchPostgresCpu,
  type Caller, type MerchantPrepared, type Reported, type Result,
} from './load.ts';
import { prepareTransfers as prepare, type PreparedTransfer as Prepared } from '../support/loadPayments.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
const LEVELS = (process.env.BENCH_CLIENTS ?? '1,8,32').split(',').map(Number);
/** Merchant payments run at this many clients only (the aim is set there). */
const MERCHANT_CLIENTS = 32;
/** Each merchant step's prepared payments: enough for its rounds at up to ~3 500 a second, and the warm-up. */
const MERCHANT_POOL = Number(process.env.BENCH_MERCHANT_POOL ?? 20_000 + ROUNDS * 18_000);






function gatewayCaller(port: number, pool: Prepared[]): Caller<Prepared> {
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
function directCaller(url: string): Caller<Prepared> {
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


/** The merchant steps' names, in the order they run and are reported. */
const MERCHANT_STEPS = ['oneMerchant', 'hundredMerchants', 'oneRow'] as const;
type MerchantStep = (typeof MERCHANT_STEPS)[number];
/** The promotions' steps (issue 23), each set against oneMerchant round by round. */
const PROMOTION_STEPS = ['merchantDiscount', 'platformCashback'] as const;
type PromotionStep = (typeof PROMOTION_STEPS)[number];
/** (d)'s discount: 5 % of the 1 Kz, 5 cêntimos (a ratio between 1 and 5 cêntimos). */
const DISCOUNT = 5;
/** (e)'s cashback: 10 % of the 1 Kz paid. */
const CASHBACK = AMOUNT / 10;

/**
 * A database of its own for the merchant payments, in the cluster of `adminUrl`, migrated and
 * seeded by `code` (this tree's, or BENCH_BEFORE's), with MEMBERS funded members and the three
 * merchant steps' merchants and prepared payments: (a) one merchant with 32 settlement shards,
 * (b) a hundred, (c) one with its settlement as one row.
 */
async function merchantDatabase(admin: pg.Client, adminUrl: string, name: string, code: { migrate: typeof migrate; seed: typeof seed }) {
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 8);
  await code.migrate(db);
  await code.seed(db);
  const members = await createLoadMembers(db, MEMBERS, 1_000_000n * 100n);
  const [sharded] = await createLoadMerchants(db, 1, { shards: 32, label: 'a' });
  const hundred = await createLoadMerchants(db, 100, { shards: 32, label: 'b' });
  const [oneRow] = await createLoadMerchants(db, 1, { shards: 1, label: 'c' });
  const pools: Record<MerchantStep, MerchantPrepared[]> = {
    oneMerchant: await prepareMerchantPayments(db, members, [sharded!], MERCHANT_POOL),
    hundredMerchants: await prepareMerchantPayments(db, members, hundred, MERCHANT_POOL),
    oneRow: await prepareMerchantPayments(db, members, [oneRow!], MERCHANT_POOL),
  };
  return { url: url.toString(), db, members, sharded: sharded!, oneRow: oneRow!, pools };
}

/** (d): a merchant with 32 shards and a discount of its own, in the merchant database (this tree's code only), and its prepared payments. */
async function discountedMerchant(db: Database, members: LoadMember[]): Promise<MerchantPrepared[]> {
  const [discounted] = await createLoadMerchants(db, 1, { shards: 32, label: 'd' });
  await createDiscountPolicy(db, discounted!.merchantId, discounted!.memberId, { name: 'Bench discount', type: 'random', ratioBp: 500, minAmount: 1, maxAmount: DISCOUNT });
  return prepareMerchantPayments(db, members, [discounted!], MERCHANT_POOL, { payable: AMOUNT - DISCOUNT, cashback: 0 });
}

/**
 * (e): a database of its own where a platform-funded 10 % cashback (at most 500 Kz, a budget of
 * 10 million Kz) is active at every merchant, with MEMBERS funded members and one merchant with 32
 * shards, and its prepared payments.
 */
async function cashbackDatabase(admin: pg.Client, adminUrl: string, name: string) {
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 8);
  await migrate(db);
  await seed(db);
  const members = await createLoadMembers(db, MEMBERS, 1_000_000n * 100n);
  const [merchant] = await createLoadMerchants(db, 1, { shards: 32, label: 'e' });
  await createCashbackPolicy(db, { platform: true }, 'bench', { name: 'Bench cashback', type: 'ratio', ratioBp: 1_000, maxCashback: 500 * 100, budgetAmount: 10_000_000 * 100 });
  return { url: url.toString(), db, pool: await prepareMerchantPayments(db, members, [merchant!], MERCHANT_POOL, { payable: AMOUNT, cashback: CASHBACK }) };
}

/** The transfers' own database (with BENCH_BEFORE), migrated and seeded by this tree, with MEMBERS funded members. */
async function transferDatabase(admin: pg.Client, adminUrl: string, name: string) {
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 8);
  await migrate(db);
  await seed(db);
  return { url: url.toString(), db, members: await createLoadMembers(db, MEMBERS, 1_000_000n * 100n) };
}

/** The tree before the change (BENCH_BEFORE): its migrations and seed, loaded from its own files. */
async function beforeCode(dir: string): Promise<{ migrate: typeof migrate; seed: typeof seed }> {
  const dbModule = await import(path.join(dir, 'server/db/index.ts')) as { migrate: typeof migrate };
  const seedModule = await import(path.join(dir, 'server/db/seed.ts')) as { seed: typeof seed };
  return { migrate: dbModule.migrate, seed: seedModule.seed };
}

async function invariantsIn(db: Database) {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return checkInvariants(tx);
  });
}


async function benchPostgres() {
  const adminUrl = postgresUrl();
  const name = `kw_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : null;
  // With BENCH_BEFORE the transfers get a database (and a gateway) of their own: on the merchant
  // database of the tree under test they would leave it larger and busier than the one before
  // (their prepared confirmations, postings, vacuum), and the comparison would lean against it.
  const names = [name, `${name}_cashback`, ...(BEFORE ? [`${name}_before`, `${name}_transfers`] : [])];
  const opened: Database[] = [];
  try {
    const after = await merchantDatabase(admin, adminUrl, name, { migrate, seed });
    opened.push(after.db);
    const { db, members, sharded, oneRow, pools: merchantPools } = after;
    const promotionPools = {} as Record<PromotionStep, MerchantPrepared[]>;
    promotionPools.merchantDiscount = await discountedMerchant(db, members);
    const cashback = await cashbackDatabase(admin, adminUrl, `${name}_cashback`);
    opened.push(cashback.db);
    promotionPools.platformCashback = cashback.pool;
    const before = BEFORE ? await merchantDatabase(admin, adminUrl, `${name}_before`, await beforeCode(BEFORE)) : null;
    if (before) opened.push(before.db);
    const transfers = before ? await transferDatabase(admin, adminUrl, `${name}_transfers`) : { url: after.url, db, members };
    if (before) opened.push(transfers.db);
    const pool = await prepare(transfers.db, transfers.members, 100_000 + ROUNDS * 60_000);
    const port = 19500 + crypto.randomInt(400);
    const gateway = await startGateway({ DATABASE_URL: after.url }, port);
    const beforeGateway = before ? await startGateway({ DATABASE_URL: before.url }, port + 1, BEFORE!) : null;
    const transferGateway = before ? await startGateway({ DATABASE_URL: transfers.url }, port + 2) : gateway;
    const cashbackGateway = await startGateway({ DATABASE_URL: cashback.url }, port + 3);
    watchGatewayCpu(gateway, cashbackGateway, ...(beforeGateway ? [beforeGateway, transferGateway] : []));
    if (!process.env.BENCH_DATABASE_URL) watchPostgresCpu(BENCH_PGDATA);
    const throughGateway = gatewayCaller(before ? port + 2 : port, pool);
    const paying = merchantCaller(port, [...Object.values(merchantPools).flat(), ...promotionPools.merchantDiscount]);
    const payingWithCashback = merchantCaller(port + 3, promotionPools.platformCashback);
    const payingBefore = before ? merchantCaller(port + 1, Object.values(before.pools).flat()) : null;
    const direct = directCaller(transfers.url);
    const invariantRounds: boolean[] = [];
    let gatewayResults: Reported[];
    let ceiling: Reported;
    const merchantResults = {} as Record<MerchantStep, Reported>;
    const beforeResults = {} as Record<MerchantStep, Reported>;
    const promotionResults = {} as Record<PromotionStep, Reported>;
    /** The plain payments (a) run right beside each promotion's step: what it is set against. */
    const plainBeside = {} as Record<PromotionStep, Reported>;
    try {
      const merchantSteps = MERCHANT_STEPS.flatMap((k) => [
        step(MERCHANT_CLIENTS, paying, merchantPools[k], k),
        ...(before ? [step(MERCHANT_CLIENTS, payingBefore!, before.pools[k], k)] : []),
      ]);
      const measured = await measure([
        ...LEVELS.map((clients) => step(clients, throughGateway, pool)),
        ...merchantSteps,
        // each promotion right beside the same plain payments (a), the two swapping places every other round
        ...PROMOTION_STEPS.flatMap((k) => [
          step(MERCHANT_CLIENTS, paying, merchantPools.oneMerchant, k),
          step(MERCHANT_CLIENTS, k === 'platformCashback' ? payingWithCashback : paying, promotionPools[k], k),
        ]),
        step(32, direct, pool),
      ], async (round) => {
        const reports = await Promise.all(opened.map(invariantsIn));
        invariantRounds.push(reports.every((r) => r.ok));
        for (const report of reports) if (!report.ok) console.error(`invariants BROKEN after round ${round + 1}:`, JSON.stringify(report));
      });
      gatewayResults = measured.slice(0, LEVELS.length);
      const perStep = before ? 2 : 1;
      for (const [i, k] of MERCHANT_STEPS.entries()) {
        merchantResults[k] = measured[LEVELS.length + i * perStep]!;
        if (before) beforeResults[k] = measured[LEVELS.length + i * perStep + 1]!;
      }
      const promotionsAt = LEVELS.length + MERCHANT_STEPS.length * perStep;
      for (const [i, k] of PROMOTION_STEPS.entries()) {
        plainBeside[k] = measured[promotionsAt + 2 * i]!;
        promotionResults[k] = measured[promotionsAt + 2 * i + 1]!;
      }
      ceiling = measured[promotionsAt + 2 * PROMOTION_STEPS.length]!;
    } finally {
      await throughGateway.close();
      await paying.close();
      await payingWithCashback.close();
      await stop(cashbackGateway);
      await payingBefore?.close();
      await direct.close();
      await stop(gateway);
      if (beforeGateway) await stop(beforeGateway);
      if (transferGateway !== gateway) await stop(transferGateway);
    }
    const invariants = await Promise.all(opened.map((d) => checkInvariants(d)));
    const version = (await db.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version.split(' ')[0];
    const transfer32 = gatewayResults.find((r) => r.clients === MERCHANT_CLIENTS) ?? null;
    // Against the transfer at the same 32 clients, three ways, because the shared machine's speed
    // moves by half within a run: round by round (each merchant round ran seconds after the transfer
    // round it is set against; the median of those pairs is THE ratio), the ratio of the two
    // medians, and the ratio of CPU time a call (the gateway's, the database's and the load
    // generator's: what the two cores give, whatever else runs beside).
    const roundRatios = (r: Reported, base: Reported | null) => (base ? r.everyRound.map((rate, i) => +(rate / base.everyRound[i]!).toFixed(2)) : []);
    const merchant = Object.fromEntries(Object.entries(merchantResults).map(([k, r]) => [k, {
      ...r,
      ratioToTransfer: medianOf(roundRatios(r, transfer32)),
      ratioEveryRound: roundRatios(r, transfer32),
      ratioOfMedians: transfer32 ? +(r.perSecond / transfer32.perSecond).toFixed(2) : null,
      cpuRatio: transfer32 && cpuTotal(r) > 0 ? +(cpuTotal(transfer32) / cpuTotal(r)).toFixed(2) : null,
    }]));
    // After against before, the same way: each round's pair ran one right after the other
    const merchantBeforeAfter = before ? Object.fromEntries(MERCHANT_STEPS.map((k) => {
      const [now, then] = [merchantResults[k], beforeResults[k]];
      return [k, {
        before: then,
        after: now,
        ratio: medianOf(roundRatios(now, then)),
        ratioEveryRound: roundRatios(now, then),
        ratioOfMedians: +(now.perSecond / then.perSecond).toFixed(2),
        cpuRatio: cpuTotal(now) > 0 ? +(cpuTotal(then) / cpuTotal(now)).toFixed(2) : null,
      }];
    })) : null;
    // Each promotion against the same payments without one (a) run right beside it, round by round, as above
    const promotions = Object.fromEntries(PROMOTION_STEPS.map((k) => {
      const [promoted, plain] = [promotionResults[k], plainBeside[k]];
      return [k, {
        ...promoted,
        plain,
        ratioToPlain: medianOf(roundRatios(promoted, plain)),
        ratioEveryRound: roundRatios(promoted, plain),
        ratioOfMedians: +(promoted.perSecond / plain.perSecond).toFixed(2),
        cpuRatio: cpuTotal(promoted) > 0 ? +(cpuTotal(plain) / cpuTotal(promoted)).toFixed(2) : null,
      }];
    }));
    const settlementTotals = await db.query<{ merchant: string; total: string; payments: string }>(
      `SELECT m.id::text AS merchant, (SELECT sum(balance) FROM ledger_accounts WHERE member_id = m.member_id AND kind = 'settlement')::text AS total,
              (SELECT count(*) FROM merchant_payments WHERE merchant_id = m.id)::text AS payments
         FROM merchants m WHERE m.id IN ($1, $2)`,
      [sharded.merchantId, oneRow.merchantId],
    );
    return {
      engine: `PostgreSQL ${version} (fsync on, synchronous_commit on)`, gateway: gatewayResults, directSql: ceiling, merchant, promotions,
      ...(merchantBeforeAfter ? { merchantBeforeAfter, before: BEFORE } : {}),
      merchantSettlement: settlementTotals.rows, invariantsEveryRound: invariantRounds, invariantsHold: invariants.every((r) => r.ok) && invariantRounds.every(Boolean),
    };
  } finally {
    for (const d of opened) await d.close();
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
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
    const gateway = await startGateway({ DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_DATABASE: '1' }, port);
    watchGatewayCpu(gateway);
    cpuSources.delete('database');
    const throughGateway = gatewayCaller(port, pool);
    let gatewayResults: Reported[];
    try {
      gatewayResults = await measure(LEVELS.map((clients) => step(clients, throughGateway, pool)));
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
const runs: Array<Awaited<ReturnType<typeof benchPostgres>> | Awaited<ReturnType<typeof benchPglite>>> = [await benchPostgres()];
stopOwnPostgres(); // done with it: not left running while PGlite is measured, nor after
if (process.env.BENCH_ENGINE !== 'postgres') runs.push(await benchPglite());
console.log(`\nTransfers through the gateway (${SECONDS} s per level, median of ${ROUNDS} interleaved rounds, ${MEMBERS} members, ${POOL_SIZE} database connections) on ${machine}\n`);
for (const run of runs) {
  console.log(run.engine);
  const cpu = (r: Result) => Object.entries(r.cpuUsPerCall).map(([name, us]) => `${name} ${us}`).join(', ');
  const line = (label: string, r: Reported) => console.log(`  ${label}: ${String(r.perSecond).padStart(6)} transfers/s   p50 ${r.p50ms} ms   p99 ${r.p99ms} ms   (rounds: ${r.everyRound.join(', ')}; CPU µs a call: ${cpu(r)})`);
  for (const r of run.gateway) line(`gateway  ${String(r.clients).padStart(2)} clients`, r);
  if (run.directSql) line('direct SQL 32 clients', run.directSql);
  if ('merchant' in run && run.merchant) {
    const labels: Record<string, string> = { oneMerchant: '(a) one merchant, 32 shards', hundredMerchants: '(b) 100 merchants', oneRow: '(c) one merchant, 1 row' };
    for (const [name, r] of Object.entries(run.merchant)) {
      console.log(`  merchant ${labels[name]}, ${r.clients} clients: ${String(r.perSecond).padStart(6)} payments/s   p50 ${r.p50ms} ms   p99 ${r.p99ms} ms   ${r.ratioToTransfer}× the transfer (median of the rounds' ratios ${r.ratioEveryRound.join(', ')}; of the medians ${r.ratioOfMedians}×; by CPU a call ${r.cpuRatio}×) (rounds: ${r.everyRound.join(', ')}; CPU µs a call: ${cpu(r)})`);
    }
  }
  if ('promotions' in run && run.promotions) {
    const labels: Record<string, string> = { merchantDiscount: '(d) one merchant, its own discount', platformCashback: '(e) one merchant, a platform 10 % cashback' };
    for (const [name, r] of Object.entries(run.promotions)) {
      console.log(`  promotion ${labels[name]}, ${r.clients} clients: ${String(r.perSecond).padStart(6)} payments/s   p50 ${r.p50ms} ms   p99 ${r.p99ms} ms   ${r.ratioToPlain}× the same payments without it beside it (${r.plain.perSecond}/s, p99 ${r.plain.p99ms} ms) (rounds ${r.ratioEveryRound.join(', ')}; of the medians ${r.ratioOfMedians}×; by CPU a call ${r.cpuRatio}×) (rounds: ${r.everyRound.join(', ')}; CPU µs a call: ${cpu(r)})`);
    }
  }
  if ('merchantBeforeAfter' in run && run.merchantBeforeAfter) {
    console.log(`  merchant payments after / before (${run.before}), round by round:`);
    for (const [name, r] of Object.entries(run.merchantBeforeAfter)) {
      console.log(`    ${name}: before ${r.before.perSecond}/s (p99 ${r.before.p99ms} ms; rounds ${r.before.everyRound.join(', ')}; CPU µs ${cpu(r.before)}), after ${r.after.perSecond}/s (p99 ${r.after.p99ms} ms; rounds ${r.after.everyRound.join(', ')}; CPU µs ${cpu(r.after)}): ${r.ratio}× (rounds ${r.ratioEveryRound.join(', ')}; of the medians ${r.ratioOfMedians}×; by CPU a call ${r.cpuRatio}×)`);
    }
  }
  console.log(`  invariants after the run${'invariantsEveryRound' in run ? ' and every round' : ''}: ${run.invariantsHold ? 'hold' : 'BROKEN'}`);
}
fs.writeFileSync('tests/bench/transfers.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, seconds: SECONDS, rounds: ROUNDS, members: MEMBERS, databaseConnections: POOL_SIZE, runs }, null, 2)}\n`);
if (runs.some((r) => !r.invariantsHold)) process.exitCode = 1;
