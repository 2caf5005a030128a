/**
 * Small PostgreSQL clusters of a test's own (as .ci/start-postgres.sh starts them: trust, no fsync,
 * owned by the postgres user when run as root), on free ports in fresh directories, so that a test
 * can stop, restart and reconfigure them. `stop()` waits for the postmaster to be gone and removes
 * the directory; call it in a finally or afterAll.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function postgresBin(): Promise<string> {
  const versions = (await fs.readdir('/usr/lib/postgresql')).sort((a, b) => Number(a) - Number(b));
  return path.join('/usr/lib/postgresql', versions.at(-1)!, 'bin');
}

const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

/** A port nothing listens on now (the kernel's choice; released at once). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ThrowawayPostgres {
  port: number;
  url: string;
  /** Stops the server (fast: its connections are cut) and starts it again, read-only or writable. */
  restart(options: { readOnly: boolean }): Promise<void>;
  /** Turns it read-only or writable with a configuration reload: its connections stay open. */
  reload(options: { readOnly: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `readOnly` starts it with default_transaction_read_only=on: every transaction is read-only and a
 * write fails with 25006, as on a standby, while pg_is_in_recovery() stays false (libpq's read-write
 * check looks at transaction_read_only for that reason).
 */
export async function startThrowawayPostgres(options: { readOnly: boolean }): Promise<ThrowawayPostgres> {
  const bin = await postgresBin();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-pg-throwaway-'));
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dataDir]);
  const port = await freePort();
  await asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  // the role lives in a file of its own (not on the command line, which a reload cannot change)
  await fs.appendFile(path.join(dataDir, 'postgresql.conf'), "\ninclude_if_exists = 'kw-role.conf'\n");
  const setRole = (readOnly: boolean) => fs.writeFile(path.join(dataDir, 'kw-role.conf'), `default_transaction_read_only = ${readOnly ? 'on' : 'off'}\n`, { mode: 0o644 });
  const start = async (readOnly: boolean) => {
    await setRole(readOnly);
    await asPostgres(path.join(bin, 'pg_ctl'), [
      '-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60',
      '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
      'start',
    ]);
  };
  const stopServer = () => asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']).catch(() =>
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined));
  try {
    await start(options.readOnly);
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart({ readOnly }) {
      await stopServer();
      await start(readOnly);
    },
    async reload({ readOnly }) {
      await setRole(readOnly);
      await asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'reload']);
    },
    async stop() {
      await stopServer();
      const running = await asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'status']).then(() => true, () => false);
      if (running) throw new Error(`the PostgreSQL in ${dataDir} did not stop`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
