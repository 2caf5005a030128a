/**
 * `npm run lighthouse`: Lighthouse 13 against the built app on the real server, in Debian's
 * Chromium, on two profiles — the default mobile one (Moto G Power class screen, slow 4G: 150 ms,
 * 1.6 Mbit/s) and a 3G-like one (300 ms, 700 kbit/s: Lighthouse's own "regular 3G" numbers), both
 * simulated (Lighthouse's default throttling, so runs on a shared VM vary less), both with the CPU
 * slowed down to a cheap phone's (the host's benchmarkIndex ÷ 470: 4× on a ~1 900 host; see
 * CHEAP_PHONE_INDEX). Each run records its benchmarkIndex, TBT and the main thread's time by kind. Pages: `/`, `/app/login`, an agreement, `/app/download` and a seeded store's share page (`LIGHTHOUSE_ONLY=<regex>` picks some). With
 * `LIGHTHOUSE_BEFORE=<directory>` (another checkout with its own `dist/`, e.g. a git worktree of the
 * previous commit) that build is served too and measured in the same run, page by page, round by
 * round, so both see the same machine. `LIGHTHOUSE_RUNS` (default 3) measurements per page, build
 * and profile; the median (by performance score, then LCP) is kept. Writes tests/bench/lighthouse.json
 * and the README's table between its `lighthouse:table` markers (`-- --readme` writes the table
 * again from the JSON alone). Budgets: DESIGN.md and issue 14.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import lighthouse from 'lighthouse';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { migrate, openPglite } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { createGroupPackage } from '../../server/entities/groupPackages.ts';
import { createCoupon } from '../../server/entities/promotions.ts';
import type { MerchantRow } from '../../server/entities/merchants.ts';
import { createLoadMerchants } from './merchants.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A seeded store's share page (issue 24): its id is known once the build's server is prepared (seedShareStore). */
const SHARE_PAGE = '/s/store/$id';
/** `LIGHTHOUSE_ONLY=<regular expression>` measures the pages it matches. */
const ONLY = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY) : null;
const PAGES = ['/', '/app/login', '/agreement/registrationAgreement', '/app/download', SHARE_PAGE].filter((page) => !ONLY || ONLY.test(page));
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const BEFORE = process.env.LIGHTHOUSE_BEFORE ? path.resolve(process.env.LIGHTHOUSE_BEFORE) : null;
const OUT = 'tests/bench/lighthouse.json';

/**
 * What a cheap phone's CPU scores in Lighthouse's benchmarkIndex (issue 28: a ~1 900 host slowed
 * down 4×). Lighthouse slows the host's CPU down by a fixed 4×, so a fast host looks like a fast phone:
 * here the multiplier is the host's own benchmarkIndex ÷ 470 (`LIGHTHOUSE_CPU_MULTIPLIER` fixes it),
 * measured before the runs, recorded with every run's own index in tests/bench/lighthouse.json.
 */
const CHEAP_PHONE_INDEX = 470;

/** The default mobile profile (slow 4G) and Lighthouse's `mobileRegular3G` (300 ms, 700 kbit/s), both on the scaled CPU. */
function profiles(cpuSlowdownMultiplier: number) {
  const slow4g = { ...LIGHTHOUSE_THROTTLING.mobileSlow4G, cpuSlowdownMultiplier };
  const regular3g = { rttMs: 300, throughputKbps: 700, requestLatencyMs: 300 * 3.75, downloadThroughputKbps: 700 * 0.9, uploadThroughputKbps: 700 * 0.9, cpuSlowdownMultiplier };
  return {
    mobile: { label: `default mobile (slow 4G, ${cpuSlowdownMultiplier}× CPU)`, settings: { throttlingMethod: 'simulate' as const, throttling: slow4g } },
    '3g': { label: `3G-like (300 ms, 700 kbit/s, ${cpuSlowdownMultiplier}× CPU)`, settings: { throttlingMethod: 'simulate' as const, throttling: regular3g } },
  } as const;
}
let PROFILES = profiles(4);
type Profile = keyof typeof PROFILES;

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  /** Bytes the page's first load transferred, and of them JavaScript. */
  transferKb: number;
  scriptKb: number;
  /** The host's CPU as Lighthouse measured it at the start of this run. */
  benchmarkIndex: number;
  /** The main thread's time (Lighthouse's mainthread-work-breakdown, in ms of the slowed-down CPU) by kind. */
  mainThread: { scriptEvaluation: number; styleLayout: number; parse: number; other: number };
}

/**
 * A store to share (issue 24), written into the server's database before it starts: a merchant with
 * an open store — name, address, days and hours, description — a group package and a coupon, as a
 * merchant would have made them. Answers the store's id.
 */
async function seedShareStore(dataDir: string): Promise<string> {
  const db = await openPglite(dataDir);
  try {
    await migrate(db);
    await seed(db);
    const [shop] = await createLoadMerchants(db, 1, { shards: 1, label: 'lh' });
    await db.query(
      "UPDATE stores SET name = 'Pastelaria Ginga', address = 'Rua Rainha Ginga 12, Luanda', description = 'Bolos, salgados e café desde 1998.', business_days = '{1,2,3,4,5}', opens_at = '08:00', closes_at = '20:00' WHERE id = $1",
      [shop!.storeId],
    );
    await db.transaction(async (tx) => {
      const merchant = (await tx.query<MerchantRow>('SELECT * FROM merchants WHERE id = $1', [shop!.merchantId])).rows[0]!;
      await createGroupPackage(tx, merchant, merchant.member_id, { storeId: shop!.storeId, name: 'Lanche para dois', content: ['2 pastéis de nata', '2 cafés'], groupPrice: 150_000, normalPrice: 220_000, stock: 50, endsAt: new Date(Date.now() + 30 * 86_400_000), photoFileId: null });
      await createCoupon(tx, merchant.id, merchant.member_id, { name: 'Menos 200 Kz', type: 2, threshold: 100_000, amountOff: 20_000, stock: 100 });
    });
    return shop!.storeId;
  } finally {
    await db.close();
  }
}

async function startServer(cwd: string, port: number, prepare?: (dataDir: string) => Promise<void>): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(cwd, 'dist', 'index.html'))) throw new Error(`${cwd}: run \`npm run build\` there first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-lh-'));
  await prepare?.(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  for (let i = 0; i < 240 && !log.includes('is running at'); i++) {
    if (child.exitCode !== null) throw new Error(`server in ${cwd} exited:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!log.includes('is running at')) throw new Error(`server in ${cwd} did not start:\n${log}`);
  return child;
}

async function measure(url: string, port: number, profile: Profile): Promise<Measure> {
  const run = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
    { extends: 'lighthouse:default', settings: PROFILES[profile].settings },
  );
  const lhr = run!.lhr;
  const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const items = ((lhr.audits['network-requests']?.details as { items?: Array<{ transferSize?: number; resourceType?: string }> } | undefined)?.items ?? []);
  const kb = (list: typeof items) => Math.round(list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 102.4) / 10;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    speedIndexMs: audit('speed-index'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    transferKb: kb(items),
    scriptKb: kb(items.filter((item) => item.resourceType === 'Script')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    mainThread: mainThreadOf(lhr.audits['mainthread-work-breakdown']?.details as { items?: Array<{ group: string; duration: number }> } | undefined),
  };
}

/** Lighthouse's task groups, as the README reads them: script evaluation, style and layout, parsing (HTML, CSS, script), the rest. */
function mainThreadOf(details: { items?: Array<{ group: string; duration: number }> } | undefined): Measure['mainThread'] {
  const of = (...groups: string[]) => Math.round((details?.items ?? []).filter((item) => groups.includes(item.group)).reduce((sum, item) => sum + item.duration, 0));
  return {
    scriptEvaluation: of('scriptEvaluation'),
    styleLayout: of('styleLayout'),
    parse: of('parseHTML', 'scriptParseCompile'),
    other: of('garbageCollection', 'paintCompositeRender', 'other'),
  };
}

/** The host's benchmarkIndex (Lighthouse's own page function, the median of three) in the Chromium the runs use. */
async function hostBenchmarkIndex(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
    return Math.round(runs.sort((a, b) => a - b)[1]!);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

const median = (runs: Measure[]) => {
  const sorted = runs.toSorted((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: runs.map((r) => r.performance) };
};

/** The README's table: both profiles, the build before and after, page by page. */
export function readmeTable(data: { profiles?: Partial<Record<Profile, { label: string }>>; results: Record<string, Record<Profile, Record<string, Measure & { runs: number[] }>>> }): string {
  const builds = Object.keys(data.results);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = ['| profile | page | build | performance | FCP | LCP | TBT | main thread: script / style+layout / parse | CLS | JS / all transferred | runs |', '|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const profile of Object.keys(PROFILES) as Profile[]) {
    for (const page of PAGES) {
      for (const build of builds) {
        const m = data.results[build]?.[profile]?.[page];
        if (!m) continue;
        const score = build === 'after' ? `**${m.performance}**` : String(m.performance);
        const thread = m.mainThread ? `${m.mainThread.scriptEvaluation} / ${m.mainThread.styleLayout} / ${m.mainThread.parse} ms` : '—';
        lines.push(`| ${data.profiles?.[profile]?.label ?? PROFILES[profile].label} | \`${page}\` | ${build} | ${score} | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${m.tbtMs} ms | ${thread} | ${m.cls} | ${m.scriptKb} / ${m.transferKb} KB | ${m.runs.join(', ')} |`);
      }
    }
  }
  return lines.join('\n');
}

/** Puts the table between `<!-- lighthouse:table -->` and `<!-- /lighthouse:table -->` in README.md. */
export function writeReadmeTable(table: string, file = 'README.md') {
  const readme = fs.readFileSync(file, 'utf8');
  const pattern = /(<!-- lighthouse:table -->)[\s\S]*?(<!-- \/lighthouse:table -->)/;
  if (!pattern.test(readme)) return false;
  fs.writeFileSync(file, readme.replace(pattern, (_, open: string, close: string) => `${open}\n${table}\n${close}`));
  return true;
}

async function main() {
  const builds: Array<{ name: string; cwd: string; port: number; shareStoreId?: string }> = [{ name: 'after', cwd: process.cwd(), port: 19500 + Math.floor(Math.random() * 200) }];
  if (BEFORE) builds.unshift({ name: 'before', cwd: BEFORE, port: 19700 + Math.floor(Math.random() * 200) });
  const servers: ChildProcess[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const runs: Record<string, Record<string, Record<string, Measure[]>>> = {};
  let hostIndex = 0;
  let multiplier = 4;
  try {
    for (const build of builds) {
      // a build with share pages gets a store to share (an older one has none to measure)
      const sharing = fs.existsSync(path.join(build.cwd, 'screens', 'sharePages'));
      servers.push(await startServer(build.cwd, build.port, sharing ? async (dataDir) => void (build.shareStoreId = await seedShareStore(dataDir)) : undefined));
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    hostIndex = await hostBenchmarkIndex(chrome.port);
    multiplier = process.env.LIGHTHOUSE_CPU_MULTIPLIER ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) : Math.max(1, Math.round((hostIndex / CHEAP_PHONE_INDEX) * 10) / 10);
    PROFILES = profiles(multiplier);
    console.log(`host benchmarkIndex ${hostIndex}: CPU slowed down ${multiplier}× (≈ ${Math.round(hostIndex / multiplier)}, a cheap phone's ${CHEAP_PHONE_INDEX})`);
    for (const build of builds) await fetch(`http://127.0.0.1:${build.port}/`); // warm: the first render of a page is cached by the server
    for (let round = 0; round < RUNS; round++) {
      for (const page of PAGES) {
        for (const profile of Object.keys(PROFILES) as Profile[]) {
          for (const build of builds) {
            if (page === SHARE_PAGE && !build.shareStoreId) continue;
            const address = page === SHARE_PAGE ? `/s/store/${build.shareStoreId}` : page;
            const m = await measure(`http://127.0.0.1:${build.port}${address}`, chrome.port, profile);
            ((runs[build.name] ??= {})[profile] ??= {})[page] ??= [];
            runs[build.name]![profile]![page]!.push(m);
            console.log(`  run ${round + 1} ${profile.padEnd(6)} ${build.name.padEnd(6)} ${page.padEnd(34)} ${m.performance}  FCP ${m.fcpMs} LCP ${m.lcpMs} TBT ${m.tbtMs}  (index ${m.benchmarkIndex}; script ${m.mainThread.scriptEvaluation} ms)`);
          }
        }
      }
    }
  } finally {
    chrome?.kill();
    for (const server of servers) server.kill('SIGTERM');
  }
  const results = Object.fromEntries(Object.entries(runs).map(([build, profiles]) => [build, Object.fromEntries(Object.entries(profiles).map(([profile, pages]) => [profile, Object.fromEntries(Object.entries(pages).map(([page, list]) => [page, median(list)]))]))]));
  const data = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    lighthouse: (JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version,
    runsPerPage: RUNS,
    benchmarkIndex: hostIndex,
    cpuSlowdownMultiplier: multiplier,
    profiles: Object.fromEntries(Object.entries(PROFILES).map(([name, p]) => [name, { label: p.label, ...p.settings }])),
    builds: Object.fromEntries(builds.map((b) => [b.name, b.cwd === process.cwd() ? 'this tree' : b.cwd])),
    results,
  };
  fs.writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
  const table = readmeTable(data as never);
  console.log(`\n${table}\n`);
  console.log(writeReadmeTable(table) ? 'README.md: table written' : 'README.md has no lighthouse:table markers: table not written');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--readme`: the README's table again from the committed results, without measuring
  if (process.argv.includes('--readme')) console.log(writeReadmeTable(readmeTable(JSON.parse(fs.readFileSync(OUT, 'utf8')))) ? 'README.md: table written' : 'README.md has no lighthouse:table markers');
  else await main();
}
