/**
 * PostgreSQL with a synchronous standby and automatic failover: a pg_auto_failover monitor and two
 * nodes (Debian `postgresql-15-auto-failover`, pg_autoctl 2.0) on 127.0.0.1, each with its own port
 * and PGDATA under the formation's directory, run as the `postgres` user. pg_autoctl's own state
 * (XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_RUNTIME_DIR) lives there too, so formations never share it.
 *
 * Replication: with both nodes up the primary runs `synchronous_standby_names = 'ANY 1
 * (pgautofailover_standby_N)'` and `synchronous_commit = on` (set by pg_auto_failover:
 * replication-quorum true, number_sync_standbys 0), so a COMMIT is acknowledged only once the
 * standby has the WAL on disk. With the standby gone the primary goes to `wait_primary` and
 * commits alone (availability over a second copy) until a standby is back.
 *
 * Failover: the monitor checks the nodes every second (`MONITOR_SETTINGS`); a primary that fails
 * its check and whose keeper has not reported for 3 s is replaced: the standby stops replication,
 * waits `primary_demote_timeout` (3 s) for the old primary to demote itself, and is promoted.
 * Measured here: about 6 s from SIGKILL to a writable new primary. A primary cut off from both
 * the monitor and the standby demotes itself after 2 s (`KEEPER_SETTINGS`), before that.
 *
 * Local only: `--auth trust --no-ssl` (README "Running in production" says what production needs).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { GiveUp, isAlive, killAll, processTree, startChild, stopChild, waitFor, waitGone, portAnswers, type Child } from './processes.ts';

const run = promisify(execFile);

/** The monitor's health checks, tuned from pg_auto_failover's defaults (5 s period, 20 s unhealthy, 30 s demote) so a dead primary is replaced in seconds. */
export const MONITOR_SETTINGS: Record<string, number> = {
  'pgautofailover.health_check_period': 1_000,
  'pgautofailover.health_check_timeout': 1_000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3_000,
  'pgautofailover.primary_demote_timeout': 3_000,
  'pgautofailover.startup_grace_period': 1_000,
};

/**
 * Each keeper's own timers. A primary that reaches neither the monitor nor its standby for
 * `network_partition_timeout` (20 s by default) demotes itself; it must do so before the monitor,
 * on the other side of the cut, promotes the standby (`primary_demote_timeout`, 3 s above).
 */
export const KEEPER_SETTINGS: Record<string, number> = {
  'timeout.network_partition_timeout': 2,
};

export interface NodeState {
  name: string;
  port: number;
  /** The state the node's keeper reached, and the one the monitor assigned it. */
  reported: string;
  assigned: string;
  health: number;
}

export interface PostgresNode {
  readonly name: string;
  readonly port: number;
  readonly pgdata: string;
  /** A connection to this node alone (the application's database). */
  readonly url: string;
  /** Its pg_autoctl keeper (and, under it, PostgreSQL), while it runs. */
  keeper: Child | null;
}

export interface PostgresFormation {
  readonly monitorPort: number;
  readonly monitorUrl: string;
  readonly nodes: PostgresNode[];
  readonly dbname: string;
  /** What the gateways use: both nodes, the writable one chosen (as `pg_autoctl show uri` prints it, with the user). */
  readonly databaseUrl: string;
  state(): Promise<NodeState[]>;
  /** The monitor's latest events (its decisions and the nodes' transitions), oldest first. */
  events(limit?: number): Promise<string[]>;
  /** `pg_autoctl show state`, as text. */
  showState(): Promise<string>;
  /** The node whose state is primary (or wait_primary: writable, alone). */
  primary(): Promise<PostgresNode | undefined>;
  /** Dies as a machine does: its keeper and every PostgreSQL process at once, SIGKILL. */
  kill(node: PostgresNode): Promise<void>;
  /** Starts its keeper again (`pg_autoctl run`): a node that was primary rejoins as a standby. */
  restart(node: PostgresNode): Promise<void>;
  /** Both nodes in `primary`/`secondary`, reported as assigned. */
  waitHealthy(ms: number): Promise<NodeState[]>;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** The formation's directory (its nodes' PGDATA and pg_autoctl state); must be usable by the postgres user. */
  dir: string;
  monitorPort: number;
  nodePorts: [number, number];
  /** The application's database, made by pg_autoctl on the first node. */
  dbname?: string;
  /** Set when the start is to be given up (a signal): the waits end at once. */
  interruption?: { interrupted: boolean };
}

function postgresBin(): string {
  const versions = fs.readdirSync('/usr/lib/postgresql').filter((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`)).sort((a, b) => Number(a) - Number(b));
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/pg_ctl)');
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

export async function startPostgresFormation(options: PostgresOptions): Promise<PostgresFormation> {
  const { dir, monitorPort } = options;
  const dbname = options.dbname ?? 'kwanza';
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  for (const sub of ['', 'config', 'share', 'run']) fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  const xdg = { XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'share'), XDG_RUNTIME_DIR: path.join(dir, 'run') };
  /** pg_autoctl as the postgres user, with this formation's own state directories. */
  const autoctl = (args: string[]): [string, string[]] => (asRoot
    ? ['runuser', ['-u', 'postgres', '--', 'env', ...Object.entries(xdg).map(([k, v]) => `${k}=${v}`), 'pg_autoctl', ...args]]
    : ['pg_autoctl', args]);
  const autoctlNow = async (args: string[]) => {
    const [command, argv] = autoctl(args);
    return (await run(command, argv, { env: { ...process.env, ...xdg }, maxBuffer: 1 << 20 })).stdout;
  };
  /** Each `pg_autoctl run` of a node logs into a file of its own (`node1-run-1.log`…). */
  let keeperRuns = 0;
  const startKeeper = (name: string, args: string[]) => {
    const [command, argv] = autoctl(args);
    return startChild(`pg_autoctl ${name}`, command, argv, { env: { ...process.env, ...xdg }, logFile: path.join(dir, `${name}.log`) });
  };

  const monitorData = path.join(dir, 'monitor');
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const nodes: PostgresNode[] = options.nodePorts.map((port, i) => ({
    name: `node${i + 1}`, port, pgdata: path.join(dir, `node${i + 1}`), url: `postgres://postgres@127.0.0.1:${port}/${dbname}`, keeper: null,
  }));
  let monitor: Child | null = null;
  const monitorClient = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`, max: 2 });
  monitorClient.on('error', () => undefined);

  const state = async (): Promise<NodeState[]> => {
    const { rows } = await monitorClient.query<{ nodename: string; nodeport: number; current_group_state: string; assigned_group_state: string; health: number }>(
      "SELECT nodename, nodeport, current_group_state::text, assigned_group_state::text, health FROM pgautofailover.current_state('default') ORDER BY node_id",
    );
    return rows.map((r) => ({ name: r.nodename, port: r.nodeport, reported: r.current_group_state, assigned: r.assigned_group_state, health: r.health }));
  };
  /** The postmaster of a node (from postmaster.pid), with its backends. */
  const postmasterTree = (node: PostgresNode): number[] => {
    try {
      const pid = Number(fs.readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return pid > 0 && isAlive(pid) ? processTree(pid) : [];
    } catch {
      return [];
    }
  };
  /** A wait of the start, given up as soon as the start is interrupted. */
  const startWait = <T>(what: string, ms: number, check: () => Promise<T | undefined | false>, everyMs?: number) => waitFor(what, ms, async () => {
    if (options.interruption?.interrupted) throw new GiveUp('the start was interrupted');
    return check();
  }, everyMs);
  /**
   * A node that joins or rejoins as the standby copies the primary with pg_basebackup (a rejoining
   * old primary too, when pg_rewind fails: pg_auto_failover 2.0 on PostgreSQL 15 leaves
   * standby.signal in place and pg_rewind's single-user recovery refuses it). pg_basebackup waits
   * for a checkpoint, spread over minutes by default: while a node is being made a standby, ask the
   * primary for it now (at most every 2 s).
   */
  let lastCheckpoint = 0;
  const hurryStandbyCopy = async (states: NodeState[]) => {
    if (!states.some((s) => ['wait_standby', 'catchingup'].includes(s.assigned) && s.reported !== 'secondary')) return;
    if (Date.now() - lastCheckpoint < 2_000) return;
    lastCheckpoint = Date.now();
    const primaryState = states.find((s) => ['single', 'wait_primary', 'primary'].includes(s.reported) && s.reported === s.assigned);
    const primaryNode = nodes.find((n) => n.name === primaryState?.name);
    if (!primaryNode) return;
    const client = new pg.Client({ connectionString: primaryNode.url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('CHECKPOINT');
    } catch { /* tried again on the next poll */ } finally {
      await client.end().catch(() => undefined);
    }
  };
  const waitHealthy = (ms: number) => waitFor('a primary and a secondary', ms, async () => {
    for (const node of nodes) {
      if (!node.keeper?.exited()) continue;
      // its PostgreSQL could not bind its port (held for a moment by some program's outgoing connection, see
      // formation.ts): its keeper gave up; start it again. Anything else is a failure to look at.
      if (!/Address already in use/.test(node.keeper.log().slice(-5_000))) throw new GiveUp(`${node.name}'s pg_autoctl ended:\n${node.keeper.log().slice(-2_000)}`);
      node.keeper = startKeeper(`${node.name}-run-${++keeperRuns}`, ['run', '--pgdata', node.pgdata]);
    }
    const states = await state();
    await hurryStandbyCopy(states);
    const settled = states.length === 2 && states.every((s) => s.reported === s.assigned);
    return settled && states.some((s) => s.reported === 'primary') && states.some((s) => s.reported === 'secondary') ? states : undefined;
  }, 300);

  const formation: PostgresFormation = {
    monitorPort,
    monitorUrl,
    nodes,
    dbname,
    databaseUrl: `postgres://postgres@${nodes.map((n) => `127.0.0.1:${n.port}`).join(',')}/${dbname}?target_session_attrs=read-write`,
    state,
    async events(limit = 20) {
      const { rows } = await monitorClient.query<{ at: string; description: string }>(
        "SELECT to_char(eventtime, 'HH24:MI:SS.MS') AS at, description FROM pgautofailover.event ORDER BY eventid DESC LIMIT $1", [limit],
      );
      return rows.reverse().map((r) => `${r.at} ${r.description}`);
    },
    showState: () => autoctlNow(['show', 'state', '--pgdata', monitorData]),
    async primary() {
      const states = await state();
      // a dead primary goes on being reported as one (its last report): the monitor's assignment says who is
      const writable = states.find((s) => ['primary', 'wait_primary'].includes(s.reported) && ['primary', 'wait_primary'].includes(s.assigned));
      return nodes.find((n) => n.name === writable?.name);
    },
    async kill(node) {
      // collected first, then killed together: nobody is left to restart anybody
      const pids = [...(node.keeper ? processTree(node.keeper.pid) : []), ...postmasterTree(node)];
      killAll(pids);
      const left = await waitGone(pids, 5_000);
      if (left.length > 0) throw new Error(`${node.name}: processes ${left.join(', ')} survived SIGKILL`);
      if (node.keeper) await stopChild(node.keeper, 'SIGKILL', 1_000);
      node.keeper = null;
    },
    async restart(node) {
      if (node.keeper) throw new Error(`${node.name} is running`);
      node.keeper = startKeeper(`${node.name}-run-${++keeperRuns}`, ['run', '--pgdata', node.pgdata]);
    },
    waitHealthy,
    async stop() {
      const errors: unknown[] = [];
      for (const node of nodes) {
        if (!node.keeper) continue;
        // pg_autoctl stops its PostgreSQL (fast) on SIGTERM; anything left is killed, postmaster included
        await stopChild(node.keeper, 'SIGTERM', 20_000, () => postmasterTree(node)).catch((e) => errors.push(e));
        node.keeper = null;
      }
      await monitorClient.end().catch(() => undefined);
      if (monitor) await stopChild(monitor, 'SIGTERM', 20_000, () => postmasterTree({ pgdata: monitorData } as PostgresNode)).catch((e) => errors.push(e));
      monitor = null;
      for (const port of [monitorPort, ...options.nodePorts]) if (await portAnswers(port)) errors.push(new Error(`something still answers on 127.0.0.1:${port}`));
      if (errors.length > 0) throw new AggregateError(errors, `the PostgreSQL formation in ${dir} did not stop cleanly: ${errors.map((e) => (e as Error).message).join('; ')}`);
    },
  };

  try {
    await autoctlNow(['create', 'monitor', '--pgctl', `${bin}/pg_ctl`, '--pgdata', monitorData, '--pgport', String(monitorPort), '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl']);
    await autoctlNow(['config', 'set', '--pgdata', monitorData, 'postgresql.listen_addresses', '127.0.0.1']);
    monitor = startKeeper('monitor', ['run', '--pgdata', monitorData]);
    await startWait('the monitor', 30_000, async () => (await monitorClient.query('SELECT 1')).rows.length === 1);
    for (const [name, value] of Object.entries(MONITOR_SETTINGS)) await monitorClient.query(`ALTER SYSTEM SET ${name} = ${value}`);
    await monitorClient.query('SELECT pg_reload_conf()');

    for (const [i, node] of nodes.entries()) {
      node.keeper = startKeeper(node.name, [
        'create', 'postgres', '--pgctl', `${bin}/pg_ctl`, '--pgdata', node.pgdata, '--pgport', String(node.port), '--listen', '127.0.0.1',
        '--hostname', '127.0.0.1', '--name', node.name, '--dbname', dbname, '--monitor', monitorUrl, '--auth', 'trust', '--no-ssl', '--run',
      ]);
      if (i === 0) {
        await startWait(`${node.name} to be the single primary`, 60_000, async () => (await state()).some((s) => s.name === node.name && s.reported === 'single'), 300);
      } else {
        await startWait(`${node.name} to join as the standby`, 90_000, async () => {
          const states = await state();
          await hurryStandbyCopy(states);
          if (node.keeper?.exited()) throw new GiveUp(`${node.name}'s pg_autoctl ended:\n${node.keeper.log().slice(-2_000)}`);
          return states.some((s) => s.name === node.name && s.reported === 'secondary');
        }, 500);
      }
    }
    // written into each node's pg_autoctl.cfg, which the running keeper reloads (and a restarted one reads)
    for (const node of nodes) {
      for (const [name, value] of Object.entries(KEEPER_SETTINGS)) await autoctlNow(['config', 'set', '--pgdata', node.pgdata, name, String(value)]);
    }
    await waitHealthy(30_000);
    return formation;
  } catch (error) {
    await formation.stop().catch((e) => console.error((e as Error).message));
    throw error;
  }
}

/** What the primary says about its synchronous replication (shown by `npm run cluster` and checked by the failover test). */
export async function replicationSettings(node: PostgresNode): Promise<{ synchronousStandbyNames: string; synchronousCommit: string; standbys: Array<{ name: string; syncState: string }> }> {
  const client = new pg.Client({ connectionString: node.url });
  client.on('error', () => undefined); // lost meanwhile: the query fails
  await client.connect();
  try {
    const setting = async (name: string) => (await client.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0]!.v;
    const standbys = (await client.query<{ application_name: string; sync_state: string }>('SELECT application_name, sync_state FROM pg_stat_replication')).rows;
    return { synchronousStandbyNames: await setting('synchronous_standby_names'), synchronousCommit: await setting('synchronous_commit'), standbys: standbys.map((s) => ({ name: s.application_name, syncState: s.sync_state })) };
  } finally {
    await client.end();
  }
}

