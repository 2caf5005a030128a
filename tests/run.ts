/**
 * `npm test`: typecheck, the Vitest projects (machines, screens, server on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL), the build (client, and the server-rendering entry) with its route budget, the flow book, a
 * backup restored (tests/cluster/backup.ts, on a PostgreSQL of its own), the formation's failover and gateway death
 * (tests/cluster/failover.ts), then the Chromium e2e walk. Vitest prints a line per test file as it finishes (tests/support/fileReporter.ts) and the
 * failures in full at the end. Ends with one "N passed, N failed" line.
 */
import { spawnSync } from 'node:child_process';
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
let failedSteps = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(node, step.args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    failedSteps++;
    console.log(`✗ ${step.name} failed`);
    if (step.name.startsWith('build')) break;
  }
}

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
console.log(`\nsteps failed: ${failedSteps}`);
console.log(`${passed} passed, ${failed + failedSteps} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
