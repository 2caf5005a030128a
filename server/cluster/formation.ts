/**
 * The whole production shape on one machine: a pg_auto_failover monitor and two PostgreSQL nodes
 * (postgres.ts), N gateways on them (gateways.ts) and HAProxy in front (balancer.ts), all in one
 * directory of their own, stopped in the reverse order and checked to be gone.
 *
 * Ports and the directory come from the environment, so `npm run cluster`, the failover test and
 * CI never collide (each caller passes its own defaults):
 *   CLUSTER_PG_PORT       the monitor's port; the two nodes take the next two
 *   CLUSTER_GATEWAY_PORT  the first gateway's port; the others follow
 *   CLUSTER_BALANCER_PORT HAProxy's front; CLUSTER_STATS_PORT its statistics page (0: none)
 *   CLUSTER_DIR           where the formation's directory is made (a new kw-cluster-* in it)
 *   GATEWAYS              how many gateways
 */
import fs from 'node:fs';
import path from 'node:path';
import { startBalancer, type Balancer } from './balancer.ts';
import { startGateways, type Gateways } from './gateways.ts';
import { startPostgresFormation, type PostgresFormation } from './postgres.ts';
import { assertPortsFree, killEveryChildNow } from './processes.ts';

export interface FormationPorts { postgres: number; gateway: number; balancer: number; stats: number }

export interface FormationOptions {
  gateways: number;
  ports: FormationPorts;
  /** The parent directory of the formation's own (a new `kw-cluster-*` under it, removed on stop). */
  parentDir: string;
  /** Extra settings for every gateway. */
  gatewayEnv?: Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface Formation {
  readonly dir: string;
  readonly postgres: PostgresFormation;
  readonly gateways: Gateways;
  readonly balancer: Balancer;
  /** Stops every part; removes the directory unless `keepDir` (to read the logs of a failed run). */
  stop(options?: { keepDir?: boolean }): Promise<void>;
}

/** The ports and directory from the environment, `defaults` for what it does not say. */
export function formationSettings(defaults: FormationPorts & { gateways: number; parentDir?: string }): Omit<FormationOptions, 'log' | 'gatewayEnv'> {
  const number = (name: string, fallback: number) => {
    const value = process.env[name];
    if (value === undefined || value === '') return fallback;
    if (!/^\d+$/.test(value)) throw new Error(`${name} must be a number, not ${value}`);
    return Number(value);
  };
  return {
    gateways: number('GATEWAYS', defaults.gateways),
    ports: {
      postgres: number('CLUSTER_PG_PORT', defaults.postgres),
      gateway: number('CLUSTER_GATEWAY_PORT', defaults.gateway),
      balancer: number('CLUSTER_BALANCER_PORT', defaults.balancer),
      stats: number('CLUSTER_STATS_PORT', defaults.stats),
    },
    parentDir: process.env.CLUSTER_DIR || defaults.parentDir || '/tmp',
  };
}

/** Every formation of this process from the moment its directory exists, started or still starting: what a signal stops. */
const formations = new Set<{ stop(): Promise<void> }>();

/**
 * Our ports lie in Linux's ephemeral range (32768-60999): an outgoing connection of any program can
 * hold one for a moment, and a part that binds it then fails ("Address already in use"). Such a start
 * is stopped and made again once.
 */
const PORT_TAKEN = /Address already in use|EADDRINUSE|cannot bind socket/;

export async function startFormation(options: FormationOptions): Promise<Formation> {
  try {
    return await startFormationOnce(options);
  } catch (error) {
    if (!PORT_TAKEN.test(String((error as Error).message))) throw error;
    options.log?.(`a port was taken for a moment (${String((error as Error).message).match(PORT_TAKEN)?.[0]}): starting again`);
    return startFormationOnce(options);
  }
}

async function startFormationOnce(options: FormationOptions): Promise<Formation> {
  const log = options.log ?? (() => undefined);
  const { ports } = options;
  const gatewayPorts = Array.from({ length: options.gateways }, (_, i) => ports.gateway + i);
  await assertPortsFree([ports.postgres, ports.postgres + 1, ports.postgres + 2, ...gatewayPorts, ports.balancer, ...(ports.stats ? [ports.stats] : [])]);
  fs.mkdirSync(options.parentDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(options.parentDir, 'kw-cluster-'));
  fs.chmodSync(dir, 0o755); // the postgres user reaches its directories below it
  let postgres: PostgresFormation | null = null;
  let gateways: Gateways | null = null;
  let balancer: Balancer | null = null;
  const interruption = { interrupted: false };
  const startParts = async () => {
    log(`PostgreSQL: a monitor on ${ports.postgres}, two nodes on ${ports.postgres + 1} and ${ports.postgres + 2} (${dir})`);
    postgres = await startPostgresFormation({ dir: path.join(dir, 'postgres'), monitorPort: ports.postgres, nodePorts: [ports.postgres + 1, ports.postgres + 2], interruption });
    if (interruption.interrupted) throw new Error('interrupted');
    log(`${options.gateways} gateway${options.gateways === 1 ? '' : 's'} on ${gatewayPorts.join(', ')}`);
    // links in messages and pages point at the balancer, the one address clients know
    const env = { PUBLIC_URL: `http://127.0.0.1:${ports.balancer}`, ...options.gatewayEnv };
    gateways = await startGateways({ count: options.gateways, firstPort: ports.gateway, databaseUrl: postgres.databaseUrl, dir: path.join(dir, 'gateways'), env });
    if (interruption.interrupted) throw new Error('interrupted');
    log(`HAProxy on ${ports.balancer}`);
    balancer = await startBalancer({ port: ports.balancer, statsPort: ports.stats || undefined, gateways: gateways.list, dir: path.join(dir, 'balancer') });
  };
  const starting = startParts();
  let stopping: Promise<void> | null = null;
  /**
   * Stops what has started; if the start is still under way (a signal), kills its processes so it
   * fails at once, waits for it to give up, then stops what it had started meanwhile.
   */
  const stop = ({ keepDir = false } = {}) => (stopping ??= (async () => {
    formations.delete(registered);
    interruption.interrupted = true;
    const errors: string[] = [];
    const stopped = new Set<unknown>();
    const stopParts = async () => {
      for (const part of [balancer, gateways, postgres]) {
        if (!part || stopped.has(part)) continue;
        stopped.add(part);
        try { await part.stop(); } catch (error) { errors.push((error as Error).message); }
      }
    };
    await stopParts();
    if (!balancer) {
      killEveryChildNow(); // the parts still starting: their processes are known as children
      await starting.catch(() => undefined);
      await stopParts();
    }
    if (errors.length > 0) throw new Error(`the formation did not stop cleanly (left in ${dir}):\n${errors.join('\n')}`);
    if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
  })());
  const registered = { stop: () => stop() };
  formations.add(registered);
  try {
    await starting;
    return { dir, postgres: postgres!, gateways: gateways!, balancer: balancer!, stop };
  } catch (error) {
    await stop().catch((e) => console.error((e as Error).message));
    throw error;
  }
}

/**
 * Stops every formation of this process (started or still starting) on Ctrl-C, SIGTERM and SIGHUP,
 * then exits 128+n; should the process end some other way, kills what is left synchronously.
 * Returns a function that removes the handlers.
 */
export function stopOnSignals(onStopped: (error?: unknown) => void = () => undefined): () => void {
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => {
    const handler = () => {
      const exitCode = 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })[signal];
      Promise.all([...formations].map((f) => f.stop())).then(() => onStopped(), onStopped).finally(() => process.exit(exitCode));
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  const onExit = () => killEveryChildNow();
  process.on('exit', onExit);
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    process.off('exit', onExit);
  };
}
