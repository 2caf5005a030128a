/**
 * The screens of the flow book: the harness (tests/flows/harness/) is built with Vite, opened in
 * Chromium (/usr/bin/chromium, no network: the page is served from the build folder through
 * request interception), and every chart with a view is walked along its model's paths, in pt and
 * en. Each state value met for the first time is photographed in its route's page, header
 * included (JPEG, a 390×844 phone at twice its pixels, cut below the page's content, a longer page
 * taken down to twice the phone's height), its words read and its controls tried (what each
 * sends, for the plain captions). Two pages work side by side, one per language. A step that lands elsewhere than the
 * model says, a screen that throws, or a chart whose page stops answering (a half-written chart
 * looping; 30 s, `FLOWS_STEP_LIMIT_MS`) is reported on the chart's page instead of photographed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FlowEntry } from './catalogue.ts';
import type { Shot, ShotReport } from './page.ts';
import type { Control, StateInfo } from './harness/main.tsx';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ORIGIN = 'http://flowbook.local';
const LANGUAGES = ['pt', 'en'] as const;
/**
 * The phone the pictures are taken on, in CSS pixels, and its pixel ratio (sharp when enlarged); a
 * picture is cut below the screen's content (a blank phone below is no help), never shorter than
 * `shortest` nor longer than twice the phone.
 */
export const PHONE = { width: 390, height: 844, scale: 2, shortest: 420, longest: 1688 } as const;

interface Book {
  flows(): string[];
  hasView(flow: string): boolean;
  paths(flow: string): string[];
  eventsOf(flow: string, index: number): string[];
  start(flow: string, index: number, language: string): Promise<StateInfo>;
  step(index: number): Promise<StateInfo>;
  begin(): void;
  stop(): Control[] | null;
}
declare const __book: Book;

const fileSafe = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'initial';

export async function takeScreenshots(catalogue: FlowEntry[], out: string, log: (line: string) => void): Promise<Map<string, ShotReport>> {
  const reports = new Map<string, ShotReport>(catalogue.map((e) => [e.flow, { flow: e.flow, problems: [], shots: [] }]));
  if (!fs.existsSync(CHROMIUM)) {
    for (const report of reports.values()) report.problems.push(`no screenshots: Chromium is not at ${CHROMIUM}`);
    log(`no Chromium at ${CHROMIUM}: the book has no screenshots`);
    return reports;
  }
  const { build } = await import('vite');
  const { HARNESS_OUT } = await import('./vite.harness.config.ts');
  try {
    await build({ configFile: path.join(import.meta.dirname, 'vite.harness.config.ts'), mode: 'production', logLevel: 'silent' });
  } catch (error) {
    // a screen that does not compile (another flow half written) leaves the book without pictures, not without charts
    const reason = `no screenshots: the screen harness does not build: ${(error as Error).message.split('\n')[0]}`;
    for (const report of reports.values()) report.problems.push(reason);
    log(reason);
    process.exitCode = 1;
    return reports;
  }
  log('screen harness built');

  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const open = async () => {
      const page = await browser.newPage({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.scale, reducedMotion: 'reduce' });
      // the harness from its build folder; anything else (a gateway call of a view) gets no answer
      await page.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        if (url.origin !== ORIGIN) return route.abort();
        const file = path.join(HARNESS_OUT, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
        if (!file.startsWith(HARNESS_OUT) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return route.fulfill({ status: 404, body: '' });
        const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.html') ? 'text/html' : file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
        return route.fulfill({ status: 200, contentType: type, body: fs.readFileSync(file) });
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${ORIGIN}/index.html`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 30_000 });
      return page;
    };
    const pages = await Promise.all(LANGUAGES.map(open));
    const first = pages[0]!;
    const flows = new Set(await first.evaluate(() => __book.flows()));
    const withView = new Set<string>();
    for (const flow of flows) if (await first.evaluate((f) => __book.hasView(f), flow)) withView.add(flow);
    for (const entry of catalogue) {
      const report = reports.get(entry.flow)!;
      if (!flows.has(entry.flow)) report.problems.push(`no model (tests/models/${entry.flow}.model.ts): no path to walk`);
      else if (!withView.has(entry.flow)) report.problems.push(`no view for ${entry.flow} in tests/flows/harness/views.tsx: its screens are not photographed`);
    }

    // a screen stuck in a loop must not hold the book: each call into the page has a time limit,
    // after which the page is thrown away and the next chart gets a fresh one
    const STEP_LIMIT_MS = Number(process.env.FLOWS_STEP_LIMIT_MS ?? 30_000);
    const limited = <T,>(work: Promise<T>, what: string): Promise<T> => {
      let timer: NodeJS.Timeout;
      return Promise.race([work, new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took over ${STEP_LIMIT_MS / 1000} s`)), STEP_LIMIT_MS); })]).finally(() => clearTimeout(timer));
    };
    const walk = async (rawPage: (typeof pages)[number], language: (typeof LANGUAGES)[number], flow: string) => {
      const page = {
        evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => limited(rawPage.evaluate(fn as never, arg as never) as Promise<R>, `${flow} (${language}) in the page`),
        screenshot: (options: Parameters<typeof rawPage.screenshot>[0]) => limited(rawPage.screenshot(options), `${flow} (${language}) screenshot`),
      };
      const report = reports.get(flow)!;
      const dir = path.join(out, 'shots', flow, language);
      fs.mkdirSync(dir, { recursive: true });
      await page.evaluate(() => __book.begin());
      const descriptions = await page.evaluate((f) => __book.paths(f), flow);
      // a picture's controls are tried in the page's next call (the next step, path or the end)
      let last: Shot | null = null;
      const tried = (controls: Control[] | null) => {
        if (controls && last) last.controls = controls;
      };
      const take = async (state: StateInfo, description: string, start: string, steps: Shot['steps']) => {
        if (state.error) {
          const problem = `${language}: the screen failed in ${state.value}: ${state.error}`;
          if (!report.problems.includes(problem)) report.problems.push(problem);
          return;
        }
        if (!state.fresh) return;
        const name = `${fileSafe(state.value)}.jpg`;
        const height = Math.min(PHONE.longest, Math.max(PHONE.shortest, state.height + 16));
        const file = path.join(dir, name);
        // a page longer than the phone is taken down to twice the phone's height
        await page.screenshot({ path: file, type: 'jpeg', quality: 70, fullPage: height > PHONE.height, clip: { x: 0, y: 0, width: PHONE.width, height } });
        last = { state: state.value, active: state.active, language, file: `shots/${flow}/${language}/${name}`, path: description, width: PHONE.width, height, screen: state.screen, controls: [], start, steps };
        report.shots.push(last);
      };
      for (let index = 0; index < descriptions.length; index++) {
        const description = descriptions[index]!;
        let state = await page.evaluate(({ f, i, l }) => __book.start(f, i, l), { f: flow, i: index, l: language });
        tried(state.probed);
        const start = state.value;
        await take(state, description, start, []);
        const events = await page.evaluate(({ f, i }) => __book.eventsOf(f, i), { f: flow, i: index });
        const walked: Shot['steps'] = [];
        for (let step = 0; step < events.length; step++) {
          state = await page.evaluate((i) => __book.step(i), step);
          tried(state.probed);
          if (state.expected !== null && state.expected !== state.value) {
            report.problems.push(`${language}: ${description}: step ${step + 1} reached ${state.value}, not ${state.expected}`);
            break;
          }
          walked.push({ event: events[step]!, state: state.value });
          await take(state, description, start, [...walked]);
        }
      }
      tried(await page.evaluate(() => __book.stop()));
    };

    const queue = catalogue.filter((e) => withView.has(e.flow)).map((e) => e.flow);
    await Promise.all(
      LANGUAGES.map(async (language, i) => {
        for (const flow of queue) {
          try {
            await walk(pages[i]!, language, flow);
          } catch (error) {
            reports.get(flow)!.problems.push(`${language}: ${(error as Error).message.split('\n')[0]}`);
            await limited(pages[i]!.close({ runBeforeUnload: false }), 'closing a stuck page').catch(() => {});
            pages[i] = await open();
          }
          if (language === 'pt') log(`${flow}: ${reports.get(flow)!.shots.filter((s) => s.language === 'pt').length} states photographed`);
        }
      }),
    );
  } finally {
    await browser.close();
  }
  return reports;
}
