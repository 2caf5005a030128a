/**
 * The gateway's pool on real PostgreSQL (server/db/index.ts, GATEWAY_POOL): a statement that runs
 * too long is cancelled by the server; one whose server went silent (no reset: a primary cut off
 * from the network) fails as a lost connection instead of hanging for many minutes, and its
 * connection leaves the pool; migrations are not cut by the gateway's time-outs.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLoss, openDatabase, openPostgres, type Database } from '../../server/db/index.ts';
import { createPostgresDatabase, engines } from '../support/server.ts';
import { silenceableRelay } from '../support/silenceableRelay.ts';

describe.runIf(engines.includes('postgres'))('the gateway pool\'s guards on postgres', () => {
  let created: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    created = await createPostgresDatabase();
  });
  afterAll(() => created.drop());

  it('cancels a statement past statement_timeout on the server: an ordinary error, the connection kept', async () => {
    const db = await openPostgres(created.url, 1, { statementTimeoutMs: 300 });
    try {
      const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const started = Date.now();
      const failed = await db.transaction((tx) => tx.query('SELECT pg_sleep(5)')).then(() => null, (error: unknown) => error);
      expect(failed).toMatchObject({ code: '57014' });
      expect(isConnectionLoss(failed)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect((await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid).toBe(pid);
      const settings = (await db.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('statement_timeout', 'idle_in_transaction_session_timeout') ORDER BY name",
      )).rows;
      expect(settings).toEqual([{ name: 'idle_in_transaction_session_timeout', setting: '600' }, { name: 'statement_timeout', setting: '300' }]);
      expect((await db.query<{ name: string }>('SELECT current_setting(\'application_name\') AS name')).rows[0]!.name).toBe('kwanza-gateway');
    } finally {
      await db.close();
    }
  });

  it('a server gone silent mid-statement fails as a lost connection a second after the statement time-out, not minutes later; in a transaction too', async () => {
    const relay = await silenceableRelay(new URL(created.url));
    const db = await openPostgres(relay.url, 2, { statementTimeoutMs: 500, connectTimeoutMs: 1_000 });
    try {
      await db.query('SELECT 1');
      relay.goSilent();
      const started = Date.now();
      const failed = await db.query('SELECT 1').then(() => null, (error: unknown) => error);
      const took = Date.now() - started;
      expect((failed as Error).message).toBe('Query read timeout');
      expect(isConnectionLoss(failed)).toBe(true);
      expect(took).toBeGreaterThanOrEqual(1_400);
      expect(took).toBeLessThan(6_000); // (about 1.5 s; a busy machine adds to it, minutes would be the bug)
      // in a transaction too: no ROLLBACK waits behind the silent statement
      const inTransaction = Date.now();
      const failedTx = await db.transaction((tx) => tx.query('SELECT 1')).then(() => null, (error: unknown) => error);
      expect(isConnectionLoss(failedTx)).toBe(true);
      expect(Date.now() - inTransaction).toBeLessThan(6_000);
    } finally {
      await relay.close();
      await db.close();
    }
  }, 20_000);

  it('migrations run without the gateway\'s time-outs, which then hold for the pool it gets', async () => {
    const fresh = await createPostgresDatabase();
    let db: Database | null = null;
    try {
      // 1 ms cuts nearly any statement: the migrations' would fail under it
      db = await openDatabase({ databaseUrl: fresh.url, dataDir: null, poolSize: 2, pool: { statementTimeoutMs: 1 } });
      // counted on a connection of the test's own: under 1 ms even this count may be cut on a busy machine
      const reader = new pg.Client({ connectionString: fresh.url });
      await reader.connect();
      try {
        expect(Number((await reader.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations')).rows[0]!.n)).toBeGreaterThan(30);
      } finally {
        await reader.end();
      }
      const slow = await db.query('SELECT pg_sleep(0.2)').then(() => null, (error: unknown) => error);
      expect(slow).toMatchObject({ code: '57014' });
    } finally {
      await db?.close();
      await fresh.drop();
    }
  }, 60_000);
});
