/**
 * N gateways as in production: `node --import tsx server/main.ts`, each on its own port on
 * 127.0.0.1, all with the same settings (README "Running in production": a setting that differs
 * makes an answer depend on which gateway the balancer picks), one database and one file store.
 *
 * TRUST_PROXY=1: the balancer (`option forwardfor`) is the one proxy in front, so the client's
 * address is the per-address limits' address, not HAProxy's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startChild, stopChild, sleep, type Child } from './processes.ts';

export interface GatewaysOptions {
  count: number;
  /** The first gateway's port; the others follow. */
  firstPort: number;
  /** The database for all of them: a multi-host URL (`pg_autoctl show uri`) finds the writable primary. */
  databaseUrl: string;
  /** A directory for the gateways' own data and logs (each under `gateway-N/`) and the shared file store (`files/`). */
  dir: string;
  /** Added to every gateway's environment (the same for all). */
  env?: Record<string, string>;
  /** The tree whose server/main.ts runs (default: this one). */
  cwd?: string;
  /** Database connections a gateway; gateways × pool must stay below the nodes' max_connections. */
  poolSize?: number;
}

export interface Gateway {
  readonly index: number;
  readonly port: number;
  readonly child: Child;
  /** SIGKILL: the gateway dies as on a crash, without closing its connections. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface Gateways {
  readonly list: Gateway[];
  /** Every gateway's environment but PORT (what `startGateway` gives a new one). */
  readonly env: Record<string, string>;
  /** One more gateway with the same settings (README: adding a gateway), on `port`. */
  add(port: number): Promise<Gateway>;
  stop(): Promise<void>;
}

export async function startGateways(options: GatewaysOptions): Promise<Gateways> {
  const filesDir = path.join(options.dir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: String(options.poolSize ?? 8),
    TRUST_PROXY: '1',
    FILES_DIR: filesDir,
    // one key for all: an offline code sealed by one gateway is opened by another
    OFFLINE_CODE_KEY: process.env.OFFLINE_CODE_KEY ?? crypto.randomBytes(32).toString('hex'),
    ...options.env,
  };
  const list: Gateway[] = [];
  const start = (index: number, port: number) => startGateway(index, port, env, options);
  // together: each runs the migrations under one advisory lock, so they may start at once; if one
  // fails, those that did start are stopped before the error goes on
  const started = await Promise.allSettled(Array.from({ length: options.count }, (_, i) => start(i + 1, options.firstPort + i)));
  for (const result of started) if (result.status === 'fulfilled') list.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(list.map((g) => g.stop()));
    throw (failed as PromiseRejectedResult).reason;
  }
  return {
    list,
    env,
    async add(port) {
      const gateway = await start(list.length + 1, port);
      list.push(gateway);
      return gateway;
    },
    async stop() {
      const results = await Promise.allSettled(list.map((g) => g.stop()));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    },
  };
}

async function startGateway(index: number, port: number, env: Record<string, string>, options: GatewaysOptions): Promise<Gateway> {
  const own = path.join(options.dir, `gateway-${index}`);
  fs.mkdirSync(own, { recursive: true });
  const child = startChild(`gateway ${index}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: options.cwd ?? process.cwd(),
    // DATA_DIR its own: before FILES_DIR existed files went there, and an embedded database must never be shared
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: own },
    logFile: path.join(own, 'gateway.log'),
  });
  const gateway: Gateway = {
    index,
    port,
    child,
    kill: () => stopChild(child, 'SIGKILL', 5_000),
    stop: () => stopChild(child, 'SIGTERM', 15_000),
  };
  for (let waited = 0; waited < 90_000; waited += 100) {
    if (child.log().includes('is running at')) return gateway;
    if (child.exited()) break;
    await sleep(100);
  }
  await gateway.stop().catch(() => undefined);
  throw new Error(`gateway ${index} (port ${port}) did not start:\n${child.log().slice(-3_000)}`);
}
