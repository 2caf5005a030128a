import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { migrate, openPglite, openPostgres, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import type { Adapters } from '../../server/adapters/index.ts';
import { localAdapters } from '../../server/adapters/local.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';

/** The engines server tests run on: embedded PGlite always, real PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** What the app was given: the bank and registry simulators over `db`, disk storage in `filesDir`. */
  adapters: Adapters;
  filesDir: string;
  memberToken(login: string): Promise<string>;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server; `drop` removes it (connections and all). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kw_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh database (a new PostgreSQL database, or an in-memory PGlite), migrated and seeded. */
export async function startTestServer(engine: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<TestServer> {
  let db: Database;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const created = await createPostgresDatabase();
    db = await openPostgres(created.url, 10);
    dropDatabase = created.drop;
  } else {
    db = await openPglite(null);
  }
  await migrate(db);
  await seed(db);
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-files-'));
  const config = { ...readConfig({ ...env, STATIC_DIR: path.join(filesDir, 'no-build') }), dataDir: filesDir };
  const adapters = localAdapters(db, config, filesDir);
  const app = await buildApp({ config, db, adapters });
  await app.ready();
  return {
    app,
    db,
    adapters,
    filesDir,
    async memberToken(login) {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM members WHERE mobile = $1 OR email = $1', [login]);
      return openMemberSession(db, rows[0]!.id, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
    },
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** A well-formed envelope for `service`, as the H5 client sends it. */
export function envelope(service: string, bizContent: object = {}, auth: { token?: string; type?: string } = {}, language = 'pt') {
  return {
    bizContent,
    loginAuthInfo: { isEnt: false, loginToken: auth.token ?? '', loginTokenType: auth.type ?? 'LOGIN_TOKEN', operatorId: '', operatorName: '', partnerId: '' },
    requestNo: `T${crypto.randomBytes(8).toString('hex')}`,
    sarsTokenId: '',
    service,
    sign: '',
    signType: 'AES',
    language,
    terminalInfo: { appVersion: '1.0.0', deviceBrand: '', deviceId: 'NO_FINGERPRINT', deviceModel: '', deviceType: 'H5', deviceVersion: '', terminal: 'H5', userNetType: '' },
    timestamp: Date.now(),
    version: '1.0.0',
  };
}
