/**
 * Backups of the production PostgreSQL with PostgreSQL's own tools: every finished WAL segment is
 * copied into an archive as the server writes it (archive_command, ./archive-wal.sh), and base
 * backups (pg_basebackup, checked with pg_verifybackup) give a restore its starting point. A restore
 * (./restore.ts) is a base backup plus the archived WAL after it, replayed to the archive's end or to
 * a point in time. README "Running in production" → "Backups".
 *
 * The store, one directory (on one machine, or a mount every node of the formation sees):
 *   <store>/wal/                   the WAL archive: segments, .history, .partial and .backup files
 *   <store>/base/<label>/          a base backup (plain format: a data directory with its backup_manifest)
 *   <store>/base/<label>.json      what the backup was: when, which WAL it starts at, its size, verified
 *   <store>/bin/archive-wal.sh     the archive command, copied here so the postgres user can run it
 * It belongs to the postgres user, mode 0700: it holds every member's data.
 *
 * CLI (as root or as postgres; the tools run as postgres either way):
 *   node --import tsx server/cluster/backup.ts prepare  --store DIR
 *   node --import tsx server/cluster/backup.ts archiving --store DIR --pgdata DIR [--config-dir DIR] [--timeout S]
 *                                                  (then restart the server)
 *   node --import tsx server/cluster/backup.ts take     --store DIR [--host H] [--port P] [--user U]
 *   node --import tsx server/cluster/backup.ts list     --store DIR
 *   node --import tsx server/cluster/backup.ts prune    --store DIR --keep N
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest installed PostgreSQL's programs (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup'))) : [];
  if (majors.length === 0) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/<major>/bin/pg_basebackup)');
  return path.join(root, majors.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

/**
 * Runs a program as the postgres user (through runuser when we are root, as .ci/start-postgres.sh
 * does), waits for it, and throws with its output when it fails. Returns its standard output.
 */
export function runAsPostgres(program: string, args: string[], options: SpawnSyncOptions = {}): string {
  const [command, commandArgs] = asPostgres(program, args);
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw failed(program, args, result.status ?? result.signal, String(result.stderr ?? '') + String(result.stdout ?? ''));
  return String(result.stdout ?? '');
}

/** The same without blocking this process (a base backup taken while the server serves payments). */
export function runAsPostgresAsync(program: string, args: string[]): Promise<string> {
  const [command, commandArgs] = asPostgres(program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status, signal) => (status === 0 ? resolve(stdout) : reject(failed(program, args, status ?? signal, stderr + stdout))));
  });
}

const asPostgres = (program: string, args: string[]): [string, string[]] => (isRoot() ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]);
const failed = (program: string, args: string[], status: number | string | null, output: string) =>
  new Error(`${path.basename(program)} ${args.join(' ')} exited with ${status}:\n${output.trim()}`.trim());

/** Gives a path we made as root to the postgres user. */
function giveToPostgres(target: string) {
  if (isRoot()) spawnSync('chown', ['-R', 'postgres:postgres', target], { stdio: 'inherit' });
}

export const storePaths = (store: string) => ({
  wal: path.join(store, 'wal'),
  base: path.join(store, 'base'),
  archiveScript: path.join(store, 'bin', 'archive-wal.sh'),
});

/** Creates the store's folders (owned by postgres, 0700) and installs the archive command in it. Safe to run again. */
export function prepareStore(store: string): void {
  const paths = storePaths(store);
  for (const dir of [store, paths.wal, paths.base, path.dirname(paths.archiveScript)]) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.copyFileSync(fileURLToPath(new URL('./archive-wal.sh', import.meta.url)), paths.archiveScript);
  fs.chmodSync(paths.archiveScript, 0o755);
  fs.chmodSync(store, 0o700);
  giveToPostgres(store);
}

/** Single quotes for a value inside postgresql.conf or a shell command. */
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
const shellQuoted = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);

/**
 * The settings that make a node archive its WAL into `store`. Every node of a formation takes the
 * same ones: with archive_mode = on only a primary's archiver runs (a standby's starts when it is
 * promoted), so the archive has one writer at a time. archive_timeout bounds what a quiet server
 * can lose: a segment is switched out at least that often even when it is not full.
 */
export function archiveSettings(store: string, options: { timeoutSeconds?: number } = {}): Record<string, string> {
  const paths = storePaths(store);
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: `${shellQuoted(paths.archiveScript)} %p ${shellQuoted(paths.wal)}/%f`,
    archive_timeout: `${options.timeoutSeconds ?? 60}s`,
  };
}

/** What a restore reads archived WAL with (restore_command): a file missing is the archive's end. */
export const restoreCommand = (store: string) => `cp ${shellQuoted(storePaths(store).wal)}/%f %p`;

/** Settings as the lines of a postgresql.conf file. */
export const confLines = (settings: Record<string, string>) => Object.entries(settings).map(([name, value]) => `${name} = ${quoted(value)}`).join('\n');

/** The file in a data directory that holds the archiving settings, included from its postgresql.conf. */
export const ARCHIVE_CONF = 'kw-archive.conf';

/**
 * Turns archiving on for the node whose postgresql.conf is in `configDir` (the data directory, as
 * initdb and pg_autoctl make it; /etc/postgresql/<major>/<cluster> for a Debian packaged cluster):
 * writes archiveSettings into `kw-archive.conf` beside it and includes that at its end (once, so
 * it wins over earlier settings). archive_mode takes effect at the next (re)start. A node made by
 * pg_basebackup from one that has both in its data directory carries them along; running this
 * again is harmless.
 */
export function enableArchiving(configDir: string, store: string, options: { timeoutSeconds?: number } = {}): void {
  const main = path.join(configDir, 'postgresql.conf');
  if (!fs.existsSync(main)) throw new Error(`no postgresql.conf in ${configDir} (a Debian packaged cluster keeps it in /etc/postgresql/<major>/<cluster>: pass that)`);
  const conf = path.join(configDir, ARCHIVE_CONF);
  fs.writeFileSync(conf, `# WAL archiving into ${store} (server/cluster/backup.ts); restart after a change of archive_mode\n${confLines(archiveSettings(store, options))}\n`);
  // `include`, not include_if_exists: a node whose archiving file went missing refuses to start rather than silently not archiving
  const include = `include '${ARCHIVE_CONF}'`;
  if (!fs.readFileSync(main, 'utf8').split('\n').includes(include)) fs.appendFileSync(main, `\n${include}\n`);
  giveToPostgres(conf);
}

/** What <store>/base/<label>.json says about a base backup. */
export interface BaseBackup {
  label: string;
  /** The backup's folder (a data directory). */
  dir: string;
  startedAt: string;
  /** When pg_basebackup returned: a restore from this backup can reach any time after this. */
  finishedAt: string;
  /** The first WAL segment the backup needs (older segments are not needed by it). */
  startWal: string;
  startLsn: string;
  endLsn: string;
  timeline: number;
  bytes: number;
  seconds: number;
  verifySeconds: number;
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += directoryBytes(full);
    else if (entry.isFile()) bytes += fs.statSync(full).size;
  }
  return bytes;
}

/** A backup's label: its start time in UTC, sortable (20261127T094408Z). */
const labelFor = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/**
 * Takes a base backup of the server at host:port into <store>/base/<label>: pg_basebackup in plain
 * format after a fast checkpoint, with the WAL it needs streamed alongside (-X stream: the backup
 * restores on its own even if the archive lost a segment), a manifest with checksums, fsynced; then
 * pg_verifybackup checks every file and that WAL against the manifest. It is written under a
 * temporary name and renamed only once verified: a label in base/ is a whole, checked backup.
 */
export async function takeBaseBackup(store: string, server: { host?: string; port?: number; user?: string } = {}): Promise<BaseBackup> {
  const bin = postgresBin();
  const paths = storePaths(store);
  const started = new Date();
  const label = labelFor(started);
  const dir = path.join(paths.base, label);
  const partial = path.join(paths.base, `.partial-${label}`);
  if (fs.existsSync(dir)) throw new Error(`a base backup labelled ${label} already exists`);
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    const t0 = performance.now();
    await runAsPostgresAsync(path.join(bin, 'pg_basebackup'), [
      '-h', server.host ?? '127.0.0.1', '-p', String(server.port ?? 5432), '-U', server.user ?? 'postgres',
      '-D', partial, '-Fp', '-X', 'stream', '--checkpoint=fast', '--manifest-checksums=CRC32C', `--label=kw ${label}`, '--no-password',
    ]);
    const seconds = (performance.now() - t0) / 1000;
    const finishedAt = new Date().toISOString();
    const t1 = performance.now();
    await runAsPostgresAsync(path.join(bin, 'pg_verifybackup'), ['--quiet', partial]);
    const verifySeconds = (performance.now() - t1) / 1000;
    const backupLabel = fs.readFileSync(path.join(partial, 'backup_label'), 'utf8');
    const start = /^START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)$/m.exec(backupLabel);
    const timeline = /^START TIMELINE: (\d+)$/m.exec(backupLabel);
    const manifest = JSON.parse(fs.readFileSync(path.join(partial, 'backup_manifest'), 'utf8')) as { 'WAL-Ranges': Array<{ 'End-LSN': string }> };
    if (!start || !timeline) throw new Error(`unexpected backup_label:\n${backupLabel}`);
    const backup: BaseBackup = {
      label, dir, startedAt: started.toISOString(), finishedAt, startWal: start[2]!, startLsn: start[1]!,
      endLsn: manifest['WAL-Ranges'].at(-1)!['End-LSN'], timeline: Number(timeline[1]), bytes: directoryBytes(partial), seconds: +seconds.toFixed(2), verifySeconds: +verifySeconds.toFixed(2),
    };
    runAsPostgres('mv', ['-T', partial, dir]);
    const meta = `${dir}.json`;
    fs.writeFileSync(meta, `${JSON.stringify(backup, null, 2)}\n`);
    giveToPostgres(meta);
    return backup;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** The whole, verified base backups in the store, oldest first. */
export function listBaseBackups(store: string): BaseBackup[] {
  const { base } = storePaths(store);
  if (!fs.existsSync(base)) return [];
  return fs.readdirSync(base)
    .filter((name) => name.endsWith('.json') && fs.existsSync(path.join(base, name.slice(0, -'.json'.length))))
    .map((name) => JSON.parse(fs.readFileSync(path.join(base, name), 'utf8')) as BaseBackup)
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** What the WAL archive holds: its segments (per timeline, first and last), history files and size. */
export function describeArchive(store: string) {
  const { wal } = storePaths(store);
  const names = fs.existsSync(wal) ? fs.readdirSync(wal).filter((name) => !name.startsWith('.')).sort() : [];
  const segments = names.filter((name) => WAL_SEGMENT.test(name));
  const timelines = new Map<number, { segments: number; first: string; last: string }>();
  for (const name of segments) {
    const timeline = parseInt(name.slice(0, 8), 16);
    const seen = timelines.get(timeline);
    if (seen) { seen.segments++; seen.last = name; } else timelines.set(timeline, { segments: 1, first: name, last: name });
  }
  return {
    segments: segments.length,
    bytes: names.reduce((sum, name) => sum + fs.statSync(path.join(wal, name)).size, 0),
    timelines: [...timelines].map(([timeline, t]) => ({ timeline, ...t })),
    history: names.filter((name) => name.endsWith('.history')),
    partial: names.filter((name) => name.endsWith('.partial')),
  };
}

/**
 * Keeps the `keep` newest base backups and the WAL from the oldest of them on; removes older
 * backups, then the segments before the oldest kept backup's first segment (pg_archivecleanup: it
 * removes only WAL segment files, never history files). Returns what went.
 */
export function pruneStore(store: string, keep: number): { backups: string[]; walBefore: string | null } {
  if (!Number.isInteger(keep) || keep < 1) throw new Error('keep at least one base backup');
  const backups = listBaseBackups(store);
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of removed) {
    fs.rmSync(backup.dir, { recursive: true, force: true });
    fs.rmSync(`${backup.dir}.json`, { force: true });
  }
  const oldestKept = backups[removed.length];
  if (oldestKept) runAsPostgres(path.join(postgresBin(), 'pg_archivecleanup'), [storePaths(store).wal, oldestKept.startWal]);
  return { backups: removed.map((b) => b.label), walBefore: oldestKept?.startWal ?? null };
}

/** `--name value` pairs of a command line. */
export function options(args: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s);
    if (inline !== undefined) found[name!] = inline;
    else if (args[i + 1] !== undefined && !args[i + 1]!.startsWith('--')) found[name!] = args[++i]!;
    else found[name!] = 'true';
  }
  return found;
}

async function cli(argv: string[]) {
  const [command, ...rest] = argv;
  const given = options(rest);
  const store = given.store && path.resolve(given.store);
  if (!store) throw new Error('--store DIR is required');
  switch (command) {
    case 'prepare':
      prepareStore(store);
      console.log(`store ready in ${store}; each node: backup.ts archiving --store ${store} --pgdata <its data directory>, then restart it`);
      return;
    case 'archiving': {
      const configDir = given['config-dir'] ?? given.pgdata;
      if (!configDir) throw new Error('--pgdata DIR (or --config-dir DIR, where its postgresql.conf is) is required');
      const timeoutSeconds = given.timeout ? Number(given.timeout) : undefined;
      prepareStore(store);
      enableArchiving(path.resolve(configDir), store, { timeoutSeconds });
      console.log(`archiving into ${storePaths(store).wal} once the server restarts (${path.join(configDir, ARCHIVE_CONF)}):\n${confLines(archiveSettings(store, { timeoutSeconds }))}`);
      return;
    }
    case 'take': {
      const backup = await takeBaseBackup(store, { host: given.host, port: given.port ? Number(given.port) : undefined, user: given.user });
      console.log(`base backup ${backup.label}: ${(backup.bytes / 2 ** 20).toFixed(1)} MiB in ${backup.seconds} s, verified in ${backup.verifySeconds} s; starts at WAL ${backup.startWal}`);
      return;
    }
    case 'list': {
      const backups = listBaseBackups(store);
      console.log(`base backups in ${storePaths(store).base}: ${backups.length}`);
      for (const b of backups) console.log(`  ${b.label}  finished ${b.finishedAt}  ${(b.bytes / 2 ** 20).toFixed(1)} MiB  needs WAL from ${b.startWal} (timeline ${b.timeline})`);
      const archive = describeArchive(store);
      console.log(`WAL archive in ${storePaths(store).wal}: ${archive.segments} segments, ${(archive.bytes / 2 ** 20).toFixed(1)} MiB`);
      for (const t of archive.timelines) console.log(`  timeline ${t.timeline}: ${t.segments} segments, ${t.first} … ${t.last}`);
      if (archive.history.length) console.log(`  history files: ${archive.history.join(', ')}`);
      if (archive.partial.length) console.log(`  partial segments (a timeline's last, at a promotion): ${archive.partial.join(', ')}`);
      return;
    }
    case 'prune': {
      const pruned = pruneStore(store, Number(given.keep));
      console.log(`removed base backups: ${pruned.backups.join(', ') || 'none'}; WAL kept from ${pruned.walBefore ?? '(no backup)'}`);
      return;
    }
    default:
      throw new Error('usage: backup.ts prepare|archiving|take|list|prune --store DIR [...] (see the head of server/cluster/backup.ts)');
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
