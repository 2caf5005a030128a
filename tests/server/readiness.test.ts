/**
 * GET /readyz, which the balancer (HAProxy, `option httpchk GET /readyz`) asks about every second:
 * 200 only when this gateway reaches a writable primary within a second (on a connection of the
 * check's own); 503 on a read-only server, an unreachable or silent one; 404 from the moment the
 * gateway starts to stop (HAProxy's disable-on-404 drains it). GET /healthz
 * stays the process's liveness. Neither is access-logged.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, startDraining } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/index.ts';
import { createPostgresDatabase, engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { silenceableRelay } from '../support/silenceableRelay.ts';
import { freePort } from '../support/throwawayPostgres.ts';

describe.each(engines)('GET /readyz on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 60_000);
  afterAll(() => server.close());

  it('answers 200, not to be cached, when the database takes writes; /healthz stays the liveness answer', async () => {
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ ready: true, database: engine });
    const live = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true, database: engine });
  });

  it('is not access-logged, nor is /healthz, while other requests are', async () => {
    const lines: string[] = [];
    const config = { ...readConfig({ STATIC_DIR: path.join(server.filesDir, 'no-build'), LOG_LEVEL: 'info' }), dataDir: server.filesDir };
    const app = await buildApp({ config, db: server.db, adapters: server.adapters, logger: { stream: { write: (line) => lines.push(line) } } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
      await app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('wallet/transfer/queryPayee', { mobile: '943000002' }) });
      expect(lines.some((line) => line.includes('/gatewayinner/api'))).toBe(true);
      expect(lines.filter((line) => /\/readyz|\/healthz/.test(line))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('answers 404 from the moment the gateway starts draining (drained by the balancer, not cut), while it still serves calls', async () => {
    const config = { ...readConfig({ STATIC_DIR: path.join(server.filesDir, 'no-build') }), dataDir: server.filesDir };
    const app = await buildApp({ config, db: server.db, adapters: server.adapters });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      startDraining(app);
      const draining = await app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(404);
      expect(draining.headers['cache-control']).toBe('no-store');
      expect(draining.json()).toEqual({ ready: false, draining: true, database: engine });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const call = await app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('wallet/transfer/queryPayee', { mobile: '943000002' }) });
      expect(call.statusCode).toBe(200);
      // the other gateway (server.app) is not draining
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(engines.includes('postgres'))('GET /readyz when the database cannot take writes (postgres)', () => {
  let created: { url: string; drop(): Promise<void> };
  let server: TestServer;
  beforeAll(async () => {
    created = await createPostgresDatabase();
    server = await startTestServer('pglite'); // its adapters and files; the database under test is given per case
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await created.drop();
  });

  const readyzWith = async (databaseUrl: string, poolSettings = { connectTimeoutMs: 3_000, statementTimeoutMs: 15_000 }) => {
    const db = await openPostgres(databaseUrl, 2, poolSettings);
    const config = { ...readConfig({ STATIC_DIR: path.join(server.filesDir, 'no-build') }), dataDir: server.filesDir };
    const app = await buildApp({ config, db, adapters: server.adapters });
    return {
      db,
      async ask() {
        const started = Date.now();
        const answer = await app.inject({ method: 'GET', url: '/readyz' });
        return { status: answer.statusCode, took: Date.now() - started, cacheControl: answer.headers['cache-control'] };
      },
      async close() {
        await app.close();
        await db.close();
      },
    };
  };

  it('503 on a read-only server (a standby), and the check\'s connection is not kept', async () => {
    const url = new URL(created.url);
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const gateway = await readyzWith(url.toString());
    try {
      expect(await gateway.ask()).toMatchObject({ status: 503, cacheControl: 'no-store' });
      // the check's own connection (not one of the calls' pool) is closed, not kept for the next check
      const readinessBackends = () => gateway.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'kwanza-gateway-readiness'").then((r) => r.rows[0]!.n);
      let open = await readinessBackends();
      for (let i = 0; i < 40 && open > 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        open = await readinessBackends();
      }
      expect(open).toBe(0);
    } finally {
      await gateway.close();
    }
    const writable = await readyzWith(created.url);
    try {
      expect(await writable.ask()).toMatchObject({ status: 200 });
    } finally {
      await writable.close();
    }
  });

  it('503 within about a second when nothing listens, or the server went silent', async () => {
    const closed = new URL(created.url);
    closed.port = String(await freePort());
    const nowhere = await readyzWith(closed.toString());
    try {
      const answer = await nowhere.ask();
      expect(answer.status).toBe(503);
      expect(answer.took).toBeLessThan(2_500); // (its time-out is 1 s; a busy machine adds to it, a hang would be the bug)
    } finally {
      await nowhere.close();
    }

    const relay = await silenceableRelay(new URL(created.url));
    const silent = await readyzWith(relay.url);
    try {
      expect((await silent.ask()).status).toBe(200);
      relay.goSilent();
      const answer = await silent.ask();
      expect(answer.status).toBe(503);
      expect(answer.took).toBeGreaterThanOrEqual(900);
      expect(answer.took).toBeLessThan(3_000);
    } finally {
      await relay.close();
      await silent.close();
    }
  }, 20_000);
});

describe('a gateway process starting and stopping', () => {
  it('refuses to start in production without DATABASE_URL: its embedded database would be its alone', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-nodb-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, NODE_ENV: 'production', OFFLINE_CODE_KEY: crypto.randomBytes(32).toString('hex'), DATABASE_URL: '', PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stderr!.on('data', (d) => (log += d));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(log).toContain('DATABASE_URL is required in production');
      // nothing was opened
      await expect(fs.access(path.join(dataDir, 'pglite'))).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);


  it('on SIGTERM fails /readyz at once and keeps serving until it closes (SHUTDOWN_DRAIN_SECONDS)', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-readyz-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-build'), SHUTDOWN_DRAIN_SECONDS: '5', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 600 && !log.includes('is running at'); i++) {
        if (child.exitCode !== null) throw new Error(`gateway exited:\n${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`).then((r) => r.status);
      expect(await get('/readyz')).toBe(200);
      child.kill('SIGTERM');
      const stopAsked = Date.now();
      let failedAfter = Infinity;
      while (Date.now() - stopAsked < 3_000) {
        if ((await get('/readyz')) === 404) {
          failedAfter = Date.now() - stopAsked;
          break;
        }
      }
      expect(failedAfter).toBeLessThan(2_000); // (at once; well before the drain's end, which HAProxy needs to see it)
      // still serving while it drains
      expect(await get('/healthz')).toBe(200);
      const call = await fetch(`http://127.0.0.1:${port}/gatewayinner/api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(envelope('wallet/transfer/queryPayee', { mobile: '943000002' })),
      });
      expect(call.status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - stopAsked).toBeGreaterThanOrEqual(5_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

