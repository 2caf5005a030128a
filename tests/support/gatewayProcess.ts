import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A gateway as production runs it (`server/main.ts`, `NODE_ENV=production`, on 127.0.0.1), a child
 * process for the benchmarks and the tests that need a real one; resolves once it listens. `env`
 * gives what differs (the database, the pool, the offline-code key, which production requires);
 * `started` sees the child at once, so the caller's exit handler can end it even if it never
 * listens. The caller stops it.
 */
export async function spawnGateway(options: {
  port: number;
  env: Record<string, string>;
  cwd?: string;
  /** Node's own flags before the script (a CPU profile). */
  nodeArgs?: string[];
  timeoutMs?: number;
  started?: (child: ChildProcess) => void;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'warn', ...options.env, PORT: String(options.port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.started?.(child);
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const timeoutMs = options.timeoutMs ?? 30_000;
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    if (log.includes('is running at')) return child;
    if (child.exitCode !== null) throw new Error(`gateway exited:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gateway did not start within ${timeoutMs / 1000} s:\n${log}`);
}
