/**
 * What a start seeds (server/db/seed.ts): the reference data always; the demo members and the demo
 * operator — whose passwords README publishes — only outside production; and an operator given by
 * OPERATOR_USERNAME / OPERATOR_PASSWORD, who can sign in with that password.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { migrate, openPglite, openPostgres, type Database } from '../../server/db/index.ts';
import { createPostgresDatabase, engines } from '../support/server.ts';
import { DEMO_ACCOUNTS, DEMO_OPERATOR, seed, seedNotices } from '../../server/db/seed.ts';
import { readConfig } from '../../server/config.ts';

describe('seeding', () => {
  let db: Database | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });
  const fresh = async () => {
    db = await openPglite(null);
    await migrate(db);
    return db;
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await db!.query<{ n: string }>(sql, params)).rows[0]!.n);

  it('production: no demo member and no demo operator, the reference data all the same', async () => {
    await seed(await fresh(), { demo: false });
    expect(await count('SELECT count(*)::text AS n FROM members')).toBe(0);
    expect(await count('SELECT count(*)::text AS n FROM operator_directory')).toBe(0);
    expect(await count('SELECT count(*)::text AS n FROM operators')).toBe(0);
    expect(await count('SELECT count(*)::text AS n FROM registry_persons')).toBeGreaterThan(0);
  });

  it('outside production: the demo logins README lists', async () => {
    await seed(await fresh());
    expect(await count('SELECT count(*)::text AS n FROM members WHERE mobile = ANY($1) OR email = ANY($1)', [DEMO_ACCOUNTS.map((a) => a.login)])).toBe(DEMO_ACCOUNTS.length);
    expect(await count('SELECT count(*)::text AS n FROM operator_directory WHERE username = $1', [DEMO_OPERATOR.username])).toBe(1);
  });

  it('an operator from the environment, once however often the server starts, with that password', async () => {
    const { operatorBootstrap } = readConfig({ OPERATOR_USERNAME: 'marta', OPERATOR_PASSWORD: 'a long passphrase 2026' });
    const database = await fresh();
    await seed(database, { demo: false, operator: operatorBootstrap });
    await seed(database, { demo: false, operator: operatorBootstrap });
    const { rows } = await database.query<{ subject: string; password_hash: string }>('SELECT subject, password_hash FROM operator_directory WHERE username = $1', ['marta']);
    expect(rows).toHaveLength(1);
    expect(await verify(rows[0]!.password_hash, 'a long passphrase 2026')).toBe(true);
    expect(await count('SELECT count(*)::text AS n FROM operators WHERE subject = $1', [rows[0]!.subject])).toBe(1);
    expect(await count('SELECT count(*)::text AS n FROM operator_directory')).toBe(1);
  });

  it.each(engines)('two starts at once on an empty database seed the first notices once (%s)', async (engine) => {
    // on PostgreSQL, two gateways: two pools on one database
    const created = engine === 'postgres' ? await createPostgresDatabase() : null;
    const database = created ? await openPostgres(created.url, 4) : await fresh();
    const other = created ? await openPostgres(created.url, 4) : database;
    try {
      await migrate(database);
      await Promise.all([seedNotices(database), seedNotices(other), seedNotices(database), seedNotices(other)]);
      expect(Number((await database.query<{ n: string }>('SELECT count(*)::text AS n FROM notices')).rows[0]!.n)).toBe(2);
    } finally {
      if (created) {
        await other.close();
        await database.close();
        await created.drop();
      }
    }
  });

  it('refuses an operator half given or with a short password', () => {
    expect(() => readConfig({ OPERATOR_USERNAME: 'marta' })).toThrow(/go together/);
    expect(() => readConfig({ OPERATOR_USERNAME: 'marta', OPERATOR_PASSWORD: 'short' })).toThrow(/12 characters/);
    expect(readConfig({}).operatorBootstrap).toBeNull();
  });
});
