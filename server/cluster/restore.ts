/**
 * Restores a base backup of the store (./backup.ts) into a new data directory and replays the
 * archived WAL after it: to the end of the archive (every segment archived, so everything committed
 * before the last archived segment was switched out), or to a point in time (every transaction
 * committed up to then, none after). The restored server then ends recovery on a new timeline and
 * takes writes. README "Running in production" → "Backups".
 *
 * CLI (as root or as postgres):
 *   node --import tsx server/cluster/restore.ts --store DIR --into NEWDIR [--to '2026-11-27 09:50:00+00']
 *        [--backup LABEL] [--archive] [--start --port P]
 * --to without --backup takes the newest backup finished before that time. --archive keeps
 * archiving on in the copy (the copy becomes the new production primary); without it the copy does
 * not archive, so a copy made to check or to read never writes into the production archive.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { confLines, listBaseBackups, options, postgresBin, restoreCommand, runAsPostgres, type BaseBackup } from './backup.ts';

export interface RestorePlan {
  store: string;
  /** The new data directory: must not exist, or be empty. */
  into: string;
  /** A base backup's label; by default the newest (finished before `targetTime` when one is given). */
  backup?: string;
  /** Replay up to this moment (a timestamptz PostgreSQL reads, e.g. an ISO time); by default to the archive's end. */
  targetTime?: string;
  /** Keep archiving on in the restored server (it becomes the primary); off by default. */
  archive?: boolean;
}

/** The base backup a restore starts from. */
export function chooseBackup(store: string, plan: { backup?: string; targetTime?: string }): BaseBackup {
  const backups = listBaseBackups(store);
  if (plan.backup) {
    const named = backups.find((b) => b.label === plan.backup);
    if (!named) throw new Error(`no base backup labelled ${plan.backup} in ${store} (there are: ${backups.map((b) => b.label).join(', ') || 'none'})`);
    return named;
  }
  // a backup is consistent only from its end on: a point in time before that needs an older one
  const before = plan.targetTime ? new Date(isoTime(plan.targetTime)).getTime() : Infinity;
  if (Number.isNaN(before)) throw new Error(`cannot read the time ${plan.targetTime}`);
  const usable = backups.filter((b) => new Date(b.finishedAt).getTime() < before);
  if (usable.length === 0) throw new Error(`no base backup in ${store} finished before ${plan.targetTime ?? 'now'}`);
  return usable.at(-1)!;
}

/** A time as JavaScript reads it ('2026-11-27 09:50:00.123456+00' → '2026-11-27T09:50:00.123456+00:00'). */
const isoTime = (time: string) => time.trim().replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
/** A time as recovery_target_time takes it: it refuses the ISO form's 'T' and 'Z'. */
const recoveryTime = (time: string) => time.trim().replace('T', ' ').replace(/Z$/i, '+00');

/**
 * Copies the base backup into `into` (owned by postgres, 0700) and sets it up to recover from the
 * archive: restore_command, the target (a time, or the archive's end), the latest timeline, and
 * recovery.signal. Does not start it (startServer does).
 */
export function prepareRestore(plan: RestorePlan): BaseBackup {
  const backup = chooseBackup(plan.store, plan);
  if (fs.existsSync(plan.into) && fs.readdirSync(plan.into).length > 0) throw new Error(`${plan.into} is not empty: restore into a new directory`);
  fs.mkdirSync(plan.into, { recursive: true, mode: 0o700 });
  fs.chmodSync(plan.into, 0o700);
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', plan.into]);
  runAsPostgres('cp', ['-a', `${backup.dir}/.`, plan.into]);
  // a log kept in the data directory came along with the backup: the restored server starts its own
  fs.rmSync(path.join(plan.into, 'server.log'), { force: true });
  const settings: Record<string, string> = {
    restore_command: restoreCommand(plan.store),
    recovery_target_timeline: 'latest',
    ...(plan.targetTime ? { recovery_target_time: recoveryTime(plan.targetTime), recovery_target_action: 'promote' } : {}),
    ...(plan.archive ? {} : { archive_mode: 'off' }),
    // a backup of a formation's primary names its standby (pg_auto_failover sets it with ALTER
    // SYSTEM): kept, every commit of the restored server, alone, would wait for that standby forever
    synchronous_standby_names: '',
  };
  // postgresql.auto.conf is read last: these win over what the backup's postgresql.conf says
  runAsPostgres('sh', ['-c', 'cat >> "$1"/postgresql.auto.conf && touch "$1"/recovery.signal', 'sh', plan.into], {
    input: `\n# restore from ${plan.store}, base backup ${backup.label} (server/cluster/restore.ts)\n${confLines(settings)}\n`,
  });
  return backup;
}

/**
 * Starts the PostgreSQL in `pgdata` on 127.0.0.1:port (its log in pgdata/server.log) and waits until
 * it accepts connections and, when it was recovering, until recovery has ended and it takes writes.
 * `settings` are passed as -c options (the test keeps fsync and synchronous_commit at their defaults).
 */
export async function startServer(pgdata: string, port: number, settings: Record<string, string> = {}, timeoutMs = 120_000): Promise<{ url: string; seconds: number }> {
  const started = performance.now();
  const serverOptions = [`-p ${port}`, '-k /tmp', '-c listen_addresses=127.0.0.1', ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
  // The port can be held for a moment by another program's outgoing connection (it lies in Linux's
  // ephemeral range, 32768-60999): then the start is tried again, a few times, a second apart.
  for (let attempt = 1; ; attempt++) {
    try {
      runAsPostgres(path.join(postgresBin(), 'pg_ctl'), ['-D', pgdata, '-l', path.join(pgdata, 'server.log'), '-w', '-t', String(Math.ceil(timeoutMs / 1000)), '-o', serverOptions, 'start'], { stdio: ['ignore', 'ignore', 'pipe'] });
      break;
    } catch (error) {
      const log = serverLog(pgdata, 8);
      if (attempt < 5 && log.includes('Address already in use') && !serverRunning(pgdata)) {
        await new Promise((r) => setTimeout(r, 1_000));
        continue;
      }
      throw new Error(`${(error as Error).message}\n${pgdata}/server.log:\n${serverLog(pgdata)}`);
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
      if (!rows[0]!.recovering) return { url, seconds: +((performance.now() - started) / 1000).toFixed(2) };
    } catch { /* not up yet */ } finally {
      await client.end().catch(() => {});
    }
    if (!serverRunning(pgdata)) throw new Error(`PostgreSQL in ${pgdata} stopped while starting:\n${serverLog(pgdata)}`);
    if (performance.now() > deadline) throw new Error(`PostgreSQL in ${pgdata} did not end recovery within ${timeoutMs / 1000} s:\n${serverLog(pgdata)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function serverRunning(pgdata: string): boolean {
  try {
    runAsPostgres(path.join(postgresBin(), 'pg_ctl'), ['-D', pgdata, 'status'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The last lines of a server's log (for errors). */
export function serverLog(pgdata: string, lines = 40): string {
  try {
    return fs.readFileSync(path.join(pgdata, 'server.log'), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server.log)';
  }
}

/** Stops the PostgreSQL in `pgdata` (fast: clients disconnected, a clean shutdown; immediate if that hangs). */
export function stopServer(pgdata: string): void {
  if (!serverRunning(pgdata)) return;
  const pgCtl = path.join(postgresBin(), 'pg_ctl');
  try {
    runAsPostgres(pgCtl, ['-D', pgdata, 'stop', '-m', 'fast', '-w', '-t', '60'], { stdio: 'ignore' });
  } catch {
    runAsPostgres(pgCtl, ['-D', pgdata, 'stop', '-m', 'immediate', '-w', '-t', '30'], { stdio: 'ignore' });
  }
}

async function cli(argv: string[]) {
  const given = options(argv);
  if (!given.store || !given.into) throw new Error('usage: restore.ts --store DIR --into NEWDIR [--to TIME] [--backup LABEL] [--archive] [--start --port P]');
  const plan: RestorePlan = { store: path.resolve(given.store), into: path.resolve(given.into), backup: given.backup, targetTime: given.to, archive: given.archive === 'true' };
  const backup = prepareRestore(plan);
  console.log(`base backup ${backup.label} copied into ${plan.into}; recovery ${plan.targetTime ? `to ${plan.targetTime}` : 'to the end of the archive'}`);
  if (given.start === 'true') {
    const port = Number(given.port ?? 5432);
    const { seconds } = await startServer(plan.into, port);
    console.log(`restored server on 127.0.0.1:${port} took writes after ${seconds} s (log: ${path.join(plan.into, 'server.log')})`);
  } else {
    console.log(`start it: runuser -u postgres -- ${path.join(postgresBin(), 'pg_ctl')} -D ${plan.into} -l ${plan.into}/server.log start`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await cli(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
