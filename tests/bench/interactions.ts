/**
 * `npm run bench:interactions`: how quickly the signed-in screens answer a tap on a slow phone
 * (issue 28). The built app on the real server (in this process, embedded PGlite), in Debian's
 * Chromium at a 390×844 phone viewport with the CPU slowed down so that the host looks like a cheap
 * phone: the multiplier is the host's Lighthouse benchmarkIndex ÷ 470 (4× on a ~1 900 host, more on
 * a faster one; `CPU_MULTIPLIER` overrides it), measured here with Lighthouse's own page function.
 *
 * One round is a member paying a store by scanning its code, as in tests/e2e: open the scanner from
 * the hub (the camera is a fake device playing the store's QR), type the amount key by key, confirm,
 * tap the six digits of the pay password on the secure keypad, and see the payment done. For each
 * tap or key the browser's Event Timing entry gives its interaction to next paint (INP: input delay,
 * handlers, and the frame that shows the answer); the paid state's own render (the server answers,
 * the receipt replaces the keypad) is no interaction, so it is measured as the longest animation
 * frame (Long Animation Frames API) from the answer to the receipt on screen. `code read` is no
 * interaction either: the wall time from the tap on "Ler código" to the amount page (the scanner's
 * chunk, the camera starting, the code decoded and looked up), for scale. `INTERACTION_ROUNDS`
 * rounds (default 5), after one warm-up round that loads every chunk; the median and the worst of
 * each kind are kept. Writes tests/bench/interactions.json and prints a table; no pass or fail:
 * the numbers go into README "Measured".
 *
 * `first tap → app`: a first-time visitor (a fresh browser context: nothing cached) on the login page
 * the server rendered reads it for 2 s, then taps its first field: the wall time from the tap until
 * the app owns that field (React's fiber on it). Where the app waits for a touch (server/appLoader.ts,
 * it has been fetched meanwhile) this is its start-up and hydration; where it ran after the first
 * paint, it is done before the tap.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { encode } from 'uqr';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { migrate, openPglite } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { localAdapters } from '../../server/adapters/local.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { createMerchantDirect } from '../support/merchant.ts';
import { fund, verifyMember } from '../support/money.ts';
import type { TestServer } from '../support/server.ts';
import { FakeCamera, qrFrame } from '../e2e/phones.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUNDS = Math.max(1, Number(process.env.INTERACTION_ROUNDS ?? 5));
const OUT = 'tests/bench/interactions.json';
/** A cheap Android phone's Lighthouse benchmarkIndex (issue 28: 1 900 ÷ 4). */
const TARGET_INDEX = 470;
const MEMBER = { login: '923000001', password: 'Kwanza2026', name: 'Ana Maria Demo', pin: '270419' };
const AMOUNT = '1500';

type Kind = 'first tap → app' | 'scanner opening' | 'page loads' | 'code read' | 'amount key' | 'pay (quote)' | 'keypad digit' | 'paid state';
interface Sample { kind: Kind; ms: number }

/**
 * One database, and one app per build (this tree's `dist/`, and with `INTERACTIONS_BEFORE` another
 * checkout's): the same server code and data, each build on its own port (its own origin, so its own
 * session), measured round by round in turn so that both see the same machine.
 */
async function startServers(builds: Record<string, string>): Promise<{ server: TestServer; baseUrls: Record<string, string>; close(): Promise<void> }> {
  for (const dir of Object.values(builds)) if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}: run \`npm run build\` there first`);
  const db = await openPglite(null);
  await migrate(db);
  await seed(db);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-inp-'));
  const baseUrls: Record<string, string> = {};
  const apps: FastifyInstance[] = [];
  let config = { ...readConfig({ LOG_LEVEL: 'warn' }), dataDir: filesDir };
  let adapters = localAdapters(db, config, filesDir);
  for (const [name, dir] of Object.entries(builds)) {
    config = { ...readConfig({ STATIC_DIR: dir, LOG_LEVEL: 'warn' }), dataDir: filesDir };
    adapters = localAdapters(db, config, filesDir);
    const app = await buildApp({ config, db, adapters });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrls[name] = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    apps.push(app);
  }
  const server: TestServer = {
    app: apps[0]!, db, adapters, filesDir,
    async memberToken(login) {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM members WHERE mobile = $1 OR email = $1', [login]);
      return openMemberSession(db, rows[0]!.id, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
    },
    async close() {},
  };
  return {
    server,
    baseUrls,
    async close() {
      for (const app of apps) await app.close();
      await db.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** The QR of `payload` as uqr draws it, as the fake camera's picture. */
function qrPicture(payload: string): Buffer {
  const { data } = encode(payload, { ecc: 'M', border: 0 });
  return qrFrame(data);
}

/** Collects Event Timing entries (every interaction, whatever its duration) and long animation frames. */
const OBSERVE = () => {
  const w = window as unknown as { __kwEvents: { name: string; duration: number; interactionId: number; startTime: number }[]; __kwFrames: { startTime: number; duration: number; blockingDuration: number }[] };
  w.__kwEvents = [];
  w.__kwFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) if (e.interactionId) w.__kwEvents.push({ name: e.name, duration: e.duration, interactionId: e.interactionId, startTime: e.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { startTime: number; duration: number; blockingDuration: number }[]) w.__kwFrames.push({ startTime: e.startTime, duration: e.duration, blockingDuration: e.blockingDuration });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // a Chromium without the Long Animation Frames API: the paid state is not measured
  }
};

/** The page's clock now, to mark where an interaction's entries start. */
const now = (page: Page) => page.evaluate(() => performance.now());

/**
 * The interaction to next paint of what was done since `since`: the longest Event Timing entry of
 * the interactions started after it (Chromium reports entries of 16 ms and more; a quicker answer
 * reports none and counts as 16 ms, the threshold).
 */
async function inpSince(page: Page, since: number): Promise<number> {
  await page.waitForTimeout(150); // the entry is reported after the frame it ended in
  const durations = await page.evaluate((from) => (window as unknown as { __kwEvents: { duration: number; startTime: number }[] }).__kwEvents.filter((e) => e.startTime >= from).map((e) => e.duration), since);
  return durations.length ? Math.max(...durations) : 16;
}

async function longestFrameBetween(page: Page, from: number, to: number): Promise<number> {
  return page.evaluate(([a, b]) => {
    const frames = (window as unknown as { __kwFrames: { startTime: number; duration: number }[] }).__kwFrames.filter((f) => f.startTime + f.duration >= a! && f.startTime <= b!);
    return frames.length ? Math.max(...frames.map((f) => f.duration)) : 0;
  }, [from, to]);
}

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/app/login`);
  await page.getByLabel('Telemóvel ou e-mail').fill(MEMBER.login);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Navegação' }).waitFor({ timeout: 30_000 });
}

/** A first-time visitor's first tap on the server's login page, until the app owns the field tapped. */
async function firstTouch(browser: Browser, baseUrl: string, multiplier: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-AO' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    await page.goto(`${baseUrl}/app/login`, { waitUntil: 'load' });
    await page.waitForTimeout(2_000); // reading the page (the app is fetched a second after it has loaded)
    const tapped = Date.now();
    await page.getByLabel('Telemóvel ou e-mail').tap();
    await page.waitForFunction(() => {
      const field = document.querySelector('#root input');
      return !!field && Object.keys(field).some((key) => key.startsWith('__reactFiber'));
    }, undefined, { timeout: 60_000, polling: 16 });
    return { kind: 'first tap → app', ms: Date.now() - tapped };
  } finally {
    await context.close();
  }
}

/** One payment by scanning, each step's answer measured. */
async function payOnce(page: Page, baseUrl: string): Promise<Sample[]> {
  const samples: Sample[] = [];
  await page.goto(`${baseUrl}/`);
  // the hub is live (React owns its links): a tap before that would be a page load, not an interaction
  await page.waitForFunction(() => [...document.querySelectorAll('a')].some((a) => a.textContent?.includes('Ler código') && Object.keys(a).some((key) => key.startsWith('__reactFiber'))), undefined, { timeout: 30_000 });
  const origin = await page.evaluate(() => performance.timeOrigin);

  let mark = await now(page);
  const tapped = Date.now();
  await page.getByRole('link', { name: 'Ler código' }).click();
  await page.getByText('Vai pagar a').first().waitFor({ timeout: 30_000 });
  // from the tap to the amount page: the scanner's chunk, the camera, the code read and looked up
  samples.push({ kind: 'code read', ms: Date.now() - tapped });
  if ((await page.evaluate(() => performance.timeOrigin)) === origin) samples.push({ kind: 'scanner opening', ms: await inpSince(page, mark) });
  else samples.push({ kind: 'page loads', ms: 1 }); // the tap loaded the app again: no interaction to measure, counted

  const amount = page.getByLabel('Valor (Kz)');
  await amount.click();
  for (const key of AMOUNT) {
    mark = await now(page);
    await page.keyboard.press(key);
    samples.push({ kind: 'amount key', ms: await inpSince(page, mark) });
  }

  mark = await now(page);
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  const keypad = page.getByRole('group', { name: 'Teclado seguro' });
  await keypad.waitFor({ timeout: 30_000 });
  samples.push({ kind: 'pay (quote)', ms: await inpSince(page, mark) });

  for (const [index, digit] of [...MEMBER.pin].entries()) {
    mark = await now(page);
    const answered = index === MEMBER.pin.length - 1 ? page.waitForResponse((r) => r.url().includes('/gateway') && r.request().method() === 'POST', { timeout: 30_000 }).catch(() => null) : null;
    await keypad.getByRole('button', { name: digit, exact: true }).click();
    samples.push({ kind: 'keypad digit', ms: await inpSince(page, mark) });
    if (answered) {
      await page.getByText('Pagamento feito').first().waitFor({ timeout: 30_000 });
      const shown = await now(page);
      await page.waitForTimeout(100);
      samples.push({ kind: 'paid state', ms: await longestFrameBetween(page, mark, shown) });
    }
  }
  return samples;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const builds: Record<string, string> = { ...(process.env.INTERACTIONS_BEFORE && { before: path.join(path.resolve(process.env.INTERACTIONS_BEFORE), 'dist') }), after: path.resolve('dist') };
  const { server, baseUrls, close } = await startServers(builds);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-inp-camera-'));
  const camera = new FakeCamera(dir);
  const contexts: BrowserContext[] = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera.file}`],
  });
  try {
    const store = await createMerchantDirect(server, { store: { name: 'Loja Rápida' } });
    const memberId = await verifyMember(server.db, `+244${MEMBER.login}`, MEMBER.name);
    await fund(server.db, memberId, 10_000_000n * 100n, crypto.randomUUID());
    // (no password-free payments turned on: every payment asks the pay password)
    camera.write(qrPicture(store.storePayload));

    // a phone per build, signed in and warmed up (every chunk fetched and compiled once, as on a phone that used the app before)
    const phones: Record<string, { page: Page; cdp: CDPSession; baseUrl: string }> = {};
    for (const [name, baseUrl] of Object.entries(baseUrls)) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-AO' });
      contexts.push(context);
      await context.grantPermissions(['camera'], { origin: baseUrl });
      await context.addInitScript(OBSERVE);
      const page = await context.newPage();
      phones[name] = { page, cdp: await context.newCDPSession(page), baseUrl };
      await signIn(page, baseUrl);
      await payOnce(page, baseUrl);
    }
    const first = Object.values(phones)[0]!;
    const benchmarkIndex = Math.round(await first.page.evaluate(pageFunctions.computeBenchmarkIndex));
    const multiplier = process.env.CPU_MULTIPLIER ? Number(process.env.CPU_MULTIPLIER) : Math.max(1, Math.round((benchmarkIndex / TARGET_INDEX) * 10) / 10);
    console.log(`benchmarkIndex ${benchmarkIndex}: CPU slowed down ${multiplier}× (≈ ${Math.round(benchmarkIndex / multiplier)})`);

    const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(phones).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, phone] of Object.entries(phones)) {
        await phone.cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
        samples[name]!.push(...(await payOnce(phone.page, phone.baseUrl)));
        await phone.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        samples[name]!.push(await firstTouch(browser, phone.baseUrl, multiplier));
      }
      process.stdout.write(`round ${round + 1}/${ROUNDS}\n`);
    }

    const kinds: Kind[] = ['first tap → app', 'scanner opening', 'page loads', 'code read', 'amount key', 'pay (quote)', 'keypad digit', 'paid state'];
    const summarise = (list: Sample[]) => Object.fromEntries(kinds.flatMap((kind) => {
      const values = list.filter((s) => s.kind === kind).map((s) => s.ms);
      if (!values.length) return [];
      return [[kind, kind === 'page loads' ? { count: values.length } : { medianMs: Math.round(median(values)), worstMs: Math.round(Math.max(...values)), samples: values.length }]];
    }));
    const results = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarise(list)]));
    const report = {
      measuredAt: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      chromium: browser.version(),
      benchmarkIndex,
      cpuMultiplier: multiplier,
      rounds: ROUNDS,
      aimMs: 200,
      ...(process.env.INTERACTIONS_BEFORE && { before: process.env.INTERACTIONS_BEFORE }),
      results,
    };
    fs.writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
    const names = Object.keys(results);
    console.log(`\n${'interaction'.padEnd(18)}${names.map((n) => `${n.padStart(8)} median  worst`).join('  ')}   (aim ≤ 200 ms, ${multiplier}× CPU)`);
    for (const kind of kinds) {
      console.log(`${kind.padEnd(18)}${names.map((n) => {
        const r = results[n]![kind] as { medianMs?: number; worstMs?: number; count?: number } | undefined;
        if (!r) return `${'—'.padStart(15)}      `;
        return r.count !== undefined ? `${String(r.count).padStart(15)}      ` : `${String(r.medianMs).padStart(12)} ms ${String(r.worstMs).padStart(4)} ms`;
      }).join('  ')}`);
    }
    console.log(`\nwritten to ${OUT}`);
  } finally {
    for (const context of contexts) await context.close();
    await browser.close();
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
