/**
 * `npm run lighthouse`: Lighthouse 13 against the built app on the real server, in Debian's
 * Chromium, on two profiles — the default mobile one (Moto G Power class screen, slow 4G: 150 ms,
 * 1.6 Mbit/s, 4× CPU slowdown) and a 3G-like one (300 ms, 700 kbit/s, 4× CPU slowdown: Lighthouse's
 * own "regular 3G" numbers), both simulated (Lighthouse's default throttling, so runs on a shared
 * VM vary less). Pages: `/`, `/app/login`, an agreement and `/app/download`. With
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
import * as chromeLauncher from 'chrome-launcher';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/app/login', '/agreement/registrationAgreement', '/app/download'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const BEFORE = process.env.LIGHTHOUSE_BEFORE ? path.resolve(process.env.LIGHTHOUSE_BEFORE) : null;
const OUT = 'tests/bench/lighthouse.json';

/** Lighthouse's `mobileRegular3G`: 300 ms round trip, 700 kbit/s (90 % of it on the wire), 4× CPU. */
const REGULAR_3G = { rttMs: 300, throughputKbps: 700, requestLatencyMs: 300 * 3.75, downloadThroughputKbps: 700 * 0.9, uploadThroughputKbps: 700 * 0.9, cpuSlowdownMultiplier: 4 };
const PROFILES = {
  mobile: { label: 'default mobile (slow 4G, 4× CPU)', settings: {} },
  '3g': { label: '3G-like (300 ms, 700 kbit/s, 4× CPU)', settings: { throttlingMethod: 'simulate' as const, throttling: REGULAR_3G } },
} as const;
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
}

async function startServer(cwd: string, port: number): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(cwd, 'dist', 'index.html'))) throw new Error(`${cwd}: run \`npm run build\` there first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-lh-'));
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
  };
}

const median = (runs: Measure[]) => {
  const sorted = runs.toSorted((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: runs.map((r) => r.performance) };
};

/** The README's table: both profiles, the build before and after, page by page. */
export function readmeTable(data: { results: Record<string, Record<Profile, Record<string, Measure & { runs: number[] }>>> }): string {
  const builds = Object.keys(data.results);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = ['| profile | page | build | performance | FCP | LCP | TBT | CLS | JS / all transferred | runs |', '|---|---|---|---|---|---|---|---|---|---|'];
  for (const profile of Object.keys(PROFILES) as Profile[]) {
    for (const page of PAGES) {
      for (const build of builds) {
        const m = data.results[build]?.[profile]?.[page];
        if (!m) continue;
        const score = build === 'after' ? `**${m.performance}**` : String(m.performance);
        lines.push(`| ${PROFILES[profile].label} | \`${page}\` | ${build} | ${score} | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${m.tbtMs} ms | ${m.cls} | ${m.scriptKb} / ${m.transferKb} KB | ${m.runs.join(', ')} |`);
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
  const builds: Array<{ name: string; cwd: string; port: number }> = [{ name: 'after', cwd: process.cwd(), port: 19500 + Math.floor(Math.random() * 200) }];
  if (BEFORE) builds.unshift({ name: 'before', cwd: BEFORE, port: 19700 + Math.floor(Math.random() * 200) });
  const servers: ChildProcess[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const runs: Record<string, Record<string, Record<string, Measure[]>>> = {};
  try {
    for (const build of builds) servers.push(await startServer(build.cwd, build.port));
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    for (const build of builds) await fetch(`http://127.0.0.1:${build.port}/`); // warm: the first render of a page is cached by the server
    for (let round = 0; round < RUNS; round++) {
      for (const page of PAGES) {
        for (const profile of Object.keys(PROFILES) as Profile[]) {
          for (const build of builds) {
            const m = await measure(`http://127.0.0.1:${build.port}${page}`, chrome.port, profile);
            ((runs[build.name] ??= {})[profile] ??= {})[page] ??= [];
            runs[build.name]![profile]![page]!.push(m);
            console.log(`  run ${round + 1} ${profile.padEnd(6)} ${build.name.padEnd(6)} ${page.padEnd(34)} ${m.performance}  FCP ${m.fcpMs} LCP ${m.lcpMs} TBT ${m.tbtMs}`);
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
