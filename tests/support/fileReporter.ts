/**
 * The Vitest reporter of `npm test` (tests/run.ts): one line per test file as it finishes (how long
 * its tests took, its project, its path, how many tests, and how long it took to load), instead of a
 * dot per test; under a file that failed, the names of its failed tests. The failures in full (the
 * error, the diff, the stack) and the totals come at the end, as Vitest's default reporter prints
 * them: this is that reporter with its per-file block replaced (slow tests are not listed).
 *
 *    ✓   12.4 s  server    tests/server/transfer.test.ts (48 tests; loaded in 1.9 s)
 *    ✗    16 ms  machines  tests/unit/money.test.ts (7 tests, 1 failed; loaded in 210 ms)
 *         ✗ money > rounds half-cêntimos away from zero
 */
import type { TestModule } from 'vitest/node';
import { DefaultReporter } from 'vitest/node';

const time = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

export default class FileReporter extends DefaultReporter {
  protected override printTestModule(testModule: TestModule): void {
    const state = testModule.state();
    if (state === 'queued' || state === 'pending') return;
    let tests = 0;
    let skipped = 0;
    const failed: string[] = [];
    for (const test of testModule.children.allTests()) {
      tests++;
      const result = test.result().state;
      if (result === 'failed') failed.push(test.fullName);
      else if (result === 'skipped') skipped++;
    }
    // a file can fail with no test failed: it did not load, or a hook outside the tests threw
    const fileFailed = state === 'failed' && failed.length === 0 && 'the file failed: below';
    const counts = [`${tests} test${tests === 1 ? '' : 's'}`, failed.length && `${failed.length} failed`, skipped && `${skipped} skipped`, fileFailed].filter(Boolean).join(', ');
    const { duration, environmentSetupDuration, prepareDuration, collectDuration, setupDuration } = testModule.diagnostic();
    const loading = environmentSetupDuration + prepareDuration + collectDuration + setupDuration;
    const mark = state === 'failed' ? '✗' : state === 'skipped' ? '↓' : '✓';
    const project = testModule.project.name.padEnd(Math.max(0, ...this.ctx.projects.map((p) => p.name.length)));
    this.log(` ${mark} ${time(duration).padStart(8)}  ${project}  ${testModule.relativeModuleId} (${counts}; loaded in ${time(loading)})`);
    for (const name of failed) this.log(`      ✗ ${name}`);
  }
}
