/**
 * `npm test`: typecheck, the Vitest projects (machines, screens, server on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL), the build (client, and the server-rendering entry) with its route budget, the flow book, a
 * backup restored (tests/cluster/backup.ts, on a PostgreSQL of its own), the formation's failover and gateway death
 * (tests/cluster/failover.ts), then the Chromium e2e walk. Vitest prints a line per test file as it finishes (tests/support/fileReporter.ts) and the
 * failures in full at the end. Ends with one "N passed, N failed" line.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const node = process.execPath;
const steps: Array<{ name: string; args: string[] }> = [
  { name: 'typecheck', args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'unit, machines, screens, server', args: ['node_modules/vitest/vitest.mjs', 'run', '--reporter=./tests/support/fileReporter.ts', '--outputFile.json=.data/vitest.json', '--reporter=json'] },
  { name: 'build', args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  { name: 'build (server rendering)', args: ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'] },
  { name: 'route budget', args: ['--import', 'tsx', 'tests/budget/report.ts', '--check'] },
  { name: 'flow book', args: ['--import', 'tsx', 'tests/flows/build.ts'] },
  { name: 'backup and restore (PostgreSQL)', args: ['--import', 'tsx', 'tests/cluster/backup.ts'] },
  // the production formation: a primary killed under load, a gateway killed under load (tests/cluster/failover.ts)
  { name: 'cluster (failover, gateway death)', args: ['--import', 'tsx', 'tests/cluster/failover.ts'] },
  { name: 'e2e (Chromium)', args: ['--import', 'tsx', 'tests/e2e/run.ts'] },
];

if (!process.env.TEST_DATABASE_URL) console.log('note: TEST_DATABASE_URL is not set, server tests run on PGlite only (.ci/run starts PostgreSQL).');
fs.mkdirSync('.data', { recursive: true });
fs.rmSync('.data/e2e.json', { force: true });
fs.rmSync('.data/backup.json', { force: true });
fs.rmSync('.data/cluster.json', { force: true });
/**
 * Runs a step with its output passed through as it comes, keeping its last lines: a failed step's
 * are printed again at the very end, where a CI log cut to its tail still shows why.
 */
function runStep(args: string[]): Promise<{ status: number | null; signal: NodeJS.Signals | null; tail: string[] }> {
  const KEPT = 60;
  return new Promise((resolve) => {
    const child = spawn(node, args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    const tail: string[] = [];
    const unfinished = { stdout: '', stderr: '' };
    const keep = (stream: 'stdout' | 'stderr', text: string) => {
      process[stream].write(text);
      const lines = (unfinished[stream] + text).split('\n');
      unfinished[stream] = lines.pop()!;
      tail.push(...lines.filter((line) => line.trim()));
      tail.splice(0, Math.max(0, tail.length - KEPT));
    };
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].setEncoding('utf8'); // a character split between two chunks stays whole
      child[stream].on('data', (text: string) => keep(stream, text));
    }
    const finish = (status: number | null, signal: NodeJS.Signals | null, extra: string[] = []) =>
      resolve({ status, signal, tail: [...tail, ...Object.values(unfinished).filter((line) => line.trim()), ...extra] });
    child.on('error', (error) => finish(null, null, [`could not run: ${error.message}`]));
    child.on('exit', (status, signal) => {
      // the last output may still be on its way; a process the step left behind holding the pipes
      // must not hold the run, so the wait for it is short
      const streams = [child.stdout, child.stderr].filter((stream) => !stream.readableEnded);
      if (streams.length === 0) return finish(status, signal);
      let open = streams.length;
      for (const stream of streams) stream.once('end', () => --open === 0 && finish(status, signal));
      setTimeout(() => finish(status, signal), 2_000).unref();
    });
  });
}

const failures: Array<{ name: string; tail: string[] }> = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const result = await runStep(step.args);
  if (result.status !== 0) {
    failures.push({ name: step.name, tail: result.tail });
    console.log(`✗ ${step.name} failed${result.signal ? ` (killed by ${result.signal})` : ''}`);
    if (step.name.startsWith('build')) break;
  }
}
const failedSteps = failures.length;

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(fs.readFileSync('.data/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
} catch {
  failed++;
}
// the checks of the e2e walk, the backup test (tests/cluster/backup.ts) and the failover test (tests/cluster/failover.ts)
for (const file of ['.data/e2e.json', '.data/backup.json', '.data/cluster.json']) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.passed;
  failed += report.failed;
}
for (const failure of failures) console.log(`\n✗ ${failure.name} failed; its last lines:\n${failure.tail.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nsteps failed: ${failedSteps}${failedSteps ? ` (${failures.map((f) => f.name).join('; ')})` : ''}`);
console.log(`${passed} passed, ${failed + failedSteps} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
