/**
 * A DATABASE_URL naming several PostgreSQL nodes (`pg_autoctl show uri`'s form): the gateway keeps
 * connections only to the writable primary, and when the roles change it follows without a restart,
 * the calls caught in the switch failing as a lost connection (AGW50300, retried by the app with the
 * same requestNo), never as a plain error. The nodes are throw-away PostgreSQL servers of the test;
 * one started with default_transaction_read_only=on stands in for the standby.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { GATEWAY_POOL, isConnectionLoss, openPostgres, type Database } from '../../server/db/index.ts';
import { NoWritablePrimary, parseHostList } from '../../server/db/primaryHosts.ts';
import { engines } from '../support/server.ts';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwawayPostgres.ts';
import { silenceableRelay } from '../support/silenceableRelay.ts';

describe('reading a several-host DATABASE_URL', () => {
  it('takes pg_autoctl\'s URI apart into one ordinary URL per host, keeping the rest', () => {
    const list = parseHostList('postgres://wallet:s%40cret@db1:5432,db2:6432/kwanza?target_session_attrs=read-write&sslmode=require');
    expect(list).toEqual({
      hosts: [{ host: 'db1', port: 5432 }, { host: 'db2', port: 6432 }],
      hostUrls: ['postgres://wallet:s%40cret@db1:5432/kwanza?sslmode=require', 'postgres://wallet:s%40cret@db2:6432/kwanza?sslmode=require'],
    });
    // each of them is a URL the installed driver reads
    for (const url of list!.hostUrls) expect(() => new URL(url)).not.toThrow();
  });

  it('gives hosts without a port the port parameter, else 5432, and keeps IPv6 addresses bracketed', () => {
    expect(parseHostList('postgresql://u@a,b:7000/db')!.hosts).toEqual([{ host: 'a', port: 5432 }, { host: 'b', port: 7000 }]);
    expect(parseHostList('postgres://u@a,b/db?port=6000')!.hostUrls).toEqual(['postgres://u@a:6000/db', 'postgres://u@b:6000/db']);
    const v6 = parseHostList('postgres://u@[::1]:5433,[fd00::2]/db')!;
    expect(v6.hosts).toEqual([{ host: '::1', port: 5433 }, { host: 'fd00::2', port: 5432 }]);
    expect(v6.hostUrls).toEqual(['postgres://u@[::1]:5433/db', 'postgres://u@[fd00::2]:5432/db']);
  });

  it('leaves a URL with one host (or a socket) to the driver untouched', () => {
    expect(parseHostList('postgres://postgres@127.0.0.1:5432/postgres')).toBeNull();
    expect(parseHostList('postgres://postgres@127.0.0.1:5432/postgres?target_session_attrs=read-write')).toBeNull();
    expect(parseHostList('postgres:///kwanza?host=/var/run/postgresql')).toBeNull();
    expect(parseHostList('not a url')).toBeNull();
  });

  it('refuses what a writing gateway cannot use, and a malformed host', () => {
    expect(() => parseHostList('postgres://u@a,b/db?target_session_attrs=read-only')).toThrow(/target_session_attrs=read-only/);
    expect(() => parseHostList('postgres://u@a,b/db?target_session_attrs=standby')).toThrow(/use read-write/);
    expect(() => parseHostList('postgres://u@a,b:x/db')).toThrow(/"b:x" is not a host/);
    for (const attrs of ['read-write', 'primary', 'any']) expect(parseHostList(`postgres://u@a,b/db?target_session_attrs=${attrs}`)).not.toBeNull();
  });

  it('no writable primary is a lost connection (08001), answered AGW50300', () => {
    expect(isConnectionLoss(new NoWritablePrimary(['a:1: read-only']))).toBe(true);
  });
});

describe.runIf(engines.includes('postgres'))('following the writable primary among several PostgreSQL servers', () => {
  let standby: ThrowawayPostgres;
  let primary: ThrowawayPostgres;
  let closedPort: number;
  let db: Database | null = null;

  beforeAll(async () => {
    [standby, primary] = await Promise.all([startThrowawayPostgres({ readOnly: true }), startThrowawayPostgres({ readOnly: false })]);
    closedPort = await freePort();
    for (const server of [standby, primary]) {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('SET default_transaction_read_only = off');
      await admin.query('CREATE TABLE landed (id serial PRIMARY KEY, note text NOT NULL)');
      await admin.end();
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await Promise.allSettled([standby?.stop(), primary?.stop()]);
  }, 120_000);

  const port = async (database: Database) => Number((await database.query<{ port: string }>("SELECT current_setting('port') AS port")).rows[0]!.port);
  const rowsOn = async (server: ThrowawayPostgres) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query<{ note: string }>('SELECT note FROM landed ORDER BY id')).rows.map((r) => r.note);
    } finally {
      await client.end();
    }
  };

  it('queries and transactions land on the writable one, past a closed port and a read-only server; then it follows a swap of roles', async () => {
    const url = `postgres://postgres@127.0.0.1:${closedPort},127.0.0.1:${standby.port},127.0.0.1:${primary.port}/postgres?target_session_attrs=read-write&sslmode=disable`;
    db = await openPostgres(url, 4, GATEWAY_POOL);

    expect(await port(db)).toBe(primary.port);
    await db.query('INSERT INTO landed (note) VALUES ($1)', ['a query']);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO landed (note) VALUES ($1)', ['a transaction']);
    });
    // several at once: each new pooled connection finds the same primary
    const ports = await Promise.all(Array.from({ length: 8 }, () => db!.transaction(async (tx) => {
      await tx.query('SELECT pg_sleep(0.05)');
      return Number((await tx.query<{ port: string }>("SELECT current_setting('port') AS port")).rows[0]!.port);
    })));
    expect(new Set(ports)).toEqual(new Set([primary.port]));
    expect(await rowsOn(primary)).toEqual(['a query', 'a transaction']);
    expect(await rowsOn(standby)).toEqual([]);

    // a transaction under way on the primary when it is stopped: cut, and told as a lost connection
    const cut = db.transaction(async (tx) => {
      await tx.query('INSERT INTO landed (note) VALUES ($1)', ['cut by the stop']);
      await tx.query('SELECT pg_sleep(30)');
    }).then(() => null, (error: unknown) => error);

    // the roles swap: each server restarted with the other setting, the pool left open
    const outcomes: Array<'ok' | 'lost'> = [];
    const plainErrors: unknown[] = [];
    let swapping = true;
    const probeDuringSwap = (async () => {
      while (swapping) {
        try {
          await db!.query('INSERT INTO landed (note) VALUES ($1)', ['during the swap']);
          outcomes.push('ok');
        } catch (error) {
          if (isConnectionLoss(error)) outcomes.push('lost');
          else plainErrors.push(error);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await standby.restart({ readOnly: false });
      await primary.restart({ readOnly: true });
    } finally {
      swapping = false;
      await probeDuringSwap;
    }
    console.log(`during the swap: ${outcomes.filter((o) => o === 'ok').length} writes answered, ${outcomes.filter((o) => o === 'lost').length} lost connections, ${plainErrors.length} plain errors`);
    expect(plainErrors).toEqual([]);
    const cutError = await cut;
    expect(cutError).toMatchObject({ code: '57P01' });
    expect(isConnectionLoss(cutError)).toBe(true);

    const [newPrimary, newStandby] = [standby, primary];
    expect(await port(db)).toBe(newPrimary.port);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO landed (note) VALUES ($1)', ['after the swap']);
    });
    await db.query('INSERT INTO landed (note) VALUES ($1)', ['after the swap, a query']);
    const onNew = await rowsOn(newPrimary);
    expect(onNew.slice(-2)).toEqual(['after the swap', 'after the swap, a query']);
    // nothing was written on the read-only one since it turned read-only
    const onOld = await rowsOn(newStandby);
    expect(onOld.filter((note) => note.startsWith('after') || note === 'cut by the stop')).toEqual([]);
    // every write that answered ok is on exactly one of them
    const okDuring = outcomes.filter((o) => o === 'ok').length;
    expect(onNew.filter((n) => n === 'during the swap').length + onOld.filter((n) => n === 'during the swap').length).toBe(okDuring);
  }, 120_000);

  it('a connection that turns read-only without a restart (25006) leaves the pool, and the next calls go to the new primary', async () => {
    // roles as the previous test left them: `standby` is writable, `primary` read-only; swap them back by reloading
    const url = `postgres://postgres@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/postgres?target_session_attrs=read-write`;
    const local = await openPostgres(url, 4, GATEWAY_POOL);
    try {
      // fill the pool with connections to the writable one
      await Promise.all(Array.from({ length: 4 }, () => local.transaction((tx) => tx.query('SELECT pg_sleep(0.05)'))));
      expect(await port(local)).toBe(standby.port);

      await primary.reload({ readOnly: false });
      await standby.reload({ readOnly: true });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the backends take the reload at their next command

      // the first write meets the demoted server: a lost connection, not a plain error
      const failed = await local.query('INSERT INTO landed (note) VALUES ($1)', ['on a demoted server']).then(() => null, (error: unknown) => error);
      expect(failed).toMatchObject({ code: '25006' });
      expect(isConnectionLoss(failed)).toBe(true);
      // the pool's other connections to it are dropped as they come out: the next calls all land on the new primary
      const landed = await Promise.all(Array.from({ length: 6 }, (_, i) => local.transaction(async (tx) => {
        await tx.query('INSERT INTO landed (note) VALUES ($1)', [`after the demotion ${i}`]);
        return Number((await tx.query<{ port: string }>("SELECT current_setting('port') AS port")).rows[0]!.port);
      })));
      expect(new Set(landed)).toEqual(new Set([primary.port]));
      expect(await port(local)).toBe(primary.port);
    } finally {
      await local.close();
    }
  }, 60_000);

  it('with no writable server at all, a call fails as a lost connection within the connection time-out', async () => {
    // `standby` is read-only again since the test before
    const url = `postgres://postgres@127.0.0.1:${closedPort},127.0.0.1:${standby.port}/postgres`;
    const local = await openPostgres(url, 2, GATEWAY_POOL);
    try {
      const started = Date.now();
      const failed = await local.query('SELECT 1').then(() => null, (error: unknown) => error);
      expect(failed).toBeInstanceOf(NoWritablePrimary);
      expect((failed as Error).message).toMatch(new RegExp(`127.0.0.1:${closedPort}: .*ECONNREFUSED.*; 127.0.0.1:${standby.port}: read-only`));
      expect(isConnectionLoss(failed)).toBe(true);
      expect(Date.now() - started).toBeLessThan(GATEWAY_POOL.connectTimeoutMs * 2 + 1_000);
    } finally {
      await local.close();
    }
  }, 30_000);

  it('a host that went silent (no reset) costs its share of the connect time-out (1.5 s of 3 s for two hosts), then the writable one is used', async () => {
    // `primary` is writable again since the test before last
    const silent = await silenceableRelay(new URL(primary.url));
    silent.goSilent();
    const relayPort = new URL(silent.url).port;
    const url = `postgres://postgres@127.0.0.1:${relayPort},127.0.0.1:${primary.port}/postgres?target_session_attrs=read-write`;
    const local = await openPostgres(url, 2, GATEWAY_POOL);
    try {
      const started = Date.now();
      expect(await port(local)).toBe(primary.port);
      const took = Date.now() - started;
      // each host's share, so that the last one listed still has its turn within the pool's time-out
      expect(took).toBeGreaterThanOrEqual(GATEWAY_POOL.connectTimeoutMs / 2 - 100);
      expect(took).toBeLessThan(GATEWAY_POOL.connectTimeoutMs);
      // remembered: the next connection goes straight to it
      const again = Date.now();
      await local.transaction((tx) => tx.query('SELECT pg_sleep(0.01)').then(() => tx.query('SELECT 1')));
      await Promise.all([local.query('SELECT pg_sleep(0.05)'), local.query('SELECT pg_sleep(0.05)')]);
      expect(Date.now() - again).toBeLessThan(1_000);
    } finally {
      await local.close();
      await silent.close();
    }
  }, 30_000);
});
