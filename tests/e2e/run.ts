/**
 * End-to-end walk of the built app on the real server, in Debian's Chromium through playwright-core,
 * at a 390×844 phone viewport. Screenshots go to tests/e2e/screenshots/; every visited screen is
 * checked with axe (no serious or critical violations). The server's Content-Security-Policy is
 * enforced, and a scenario during which any page reported a violation fails (policy.ts). Without
 * Chromium it says so and skips.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { scenarios as generalScenarios } from './scenarios.ts';
import { verificationScenarios } from './verification.scenarios.ts';
import { moneyScenarios } from './money.scenarios.ts';
import { merchantScenarios } from './merchant.scenarios.ts';
import { backOfficeScenarios } from './backOffice.scenarios.ts';
import { renderedScenarios } from './rendered.scenarios.ts';
import { securityScenarios } from './security.scenarios.ts';
import { takeViolations, watchPolicy } from './policy.ts';
import { newcomerScenarios } from './newcomer.scenarios.ts';
import { promotionsScenarios } from './promotions.scenarios.ts';
import { shareScenarios } from './share.scenarios.ts';
import { lotteryScenarios } from './lottery.scenarios.ts';
import { noticesScenarios } from './notices.scenarios.ts';
import { dailyPayoutScenarios } from './dailyPayout.scenarios.ts';
import { receiveCodeScenarios } from './receiveCode.scenarios.ts';
import { offlineCodeScenarios } from './offlineCode.scenarios.ts';
import { moneyRequestScenarios } from './moneyRequest.scenarios.ts';

/** `E2E_ONLY=<regular expression>` runs the scenarios whose names match (while working on some). */
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;
const scenarios = [...generalScenarios, ...renderedScenarios, ...verificationScenarios, ...moneyScenarios, ...merchantScenarios, ...backOfficeScenarios, ...dailyPayoutScenarios, ...newcomerScenarios, ...securityScenarios, ...promotionsScenarios, ...shareScenarios, ...lotteryScenarios, ...noticesScenarios, ...receiveCodeScenarios, ...offlineCodeScenarios, ...moneyRequestScenarios].filter((s) => !only || only.test(s.name));

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.resolve('tests/e2e/screenshots');

export interface E2eContext {
  baseUrl: string;
  /** The server's data directory: uploaded files live under `files/`. */
  dataDir: string;
  page: Page;
  shot(name: string): Promise<void>;
  audit(label: string): Promise<void>;
  /** The same two for another page (a scenario's own browser contexts: two phones, an operator's desktop). */
  shotOf(page: Page, name: string): Promise<void>;
  /** `exclude`: selectors left out of the audit (only for a reported app bug, named where it is used). */
  auditOf(page: Page, label: string, exclude?: string[]): Promise<void>;
  /** The Chromium the walk runs in, for a scenario that launches its own (with a fake camera). */
  chromiumPath: string;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** axe on the page as it is: no serious or critical violation. */
async function audit(page: Page, label: string, exclude: string[] = []) {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const result = await builder.analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) throw new Error(`axe on ${label}: ${serious.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`).join(', ')}`);
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // each scenario speaks from its own address (X-Forwarded-For), as separate phones would
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: process.env.E2E_DATABASE_URL ?? '', TRUST_PROXY: 'true', PUBLIC_URL: `http://127.0.0.1:${port}`, LOTTERY_DELIVERY_SECONDS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  for (let i = 0; i < 120; i++) {
    if (log.includes('is running at')) return child;
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${log}`);
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`e2e: SKIPPED — no Chromium at ${CHROMIUM} (install Debian's chromium; .ci/run does).`);
    fs.rmSync('.data/e2e.json', { force: true });
    return;
  }
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first');
  fs.rmSync(SHOTS, { recursive: true, force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  const port = 18000 + Math.floor(Math.random() * 2000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-'));
  const server = await startServer(port, dataDir);
  let browser: Browser | null = null;
  let passed = 0;
  let failed = 0;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    for (const scenario of scenarios) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-AO',
        extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${scenarios.indexOf(scenario) + 1}` },
      });
      await watchPolicy(context);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      const ctx: E2eContext = {
        baseUrl: `http://127.0.0.1:${port}`,
        dataDir,
        page,
        shot: (name) => screenshot(page, name),
        audit: (label) => audit(page, label),
        shotOf: screenshot,
        auditOf: audit,
        chromiumPath: CHROMIUM,
      };
      const started = Date.now();
      try {
        await scenario.run(ctx);
        if (pageErrors.length) throw new Error(`page errors: ${pageErrors.join(' | ')}`);
        // the Content-Security-Policy is enforced: anything it refused broke something
        const refused = takeViolations();
        if (refused.length) throw new Error(`Content-Security-Policy violations: ${refused.join(' | ')}`);
        passed++;
        console.log(`  ✓ ${scenario.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`  ✗ ${scenario.name}\n    ${String((error as Error).stack ?? error).split('\n').slice(0, 4).join('\n    ')}`);
        const refused = takeViolations();
        if (refused.length) console.log(`    and Content-Security-Policy violations: ${refused.join(' | ')}`);
        await page.screenshot({ path: path.join(SHOTS, `FAILED-${scenario.name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  fs.mkdirSync('.data', { recursive: true });
  fs.writeFileSync('.data/e2e.json', JSON.stringify({ passed, failed }));
  if (failed > 0) process.exitCode = 1;
}

await main();
