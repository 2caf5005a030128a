import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite, types } from '@electric-sql/pglite';
import { parseHostList, primaryFinder } from './primaryHosts.ts';

/** The few calls the domains need, the same on embedded PGlite and on real PostgreSQL. */
export interface Queryable {
  /**
   * `prepareAs` names the statement so that PostgreSQL parses and plans it once per connection:
   * for the few statements nearly every call runs (the session check, the transfer). A name must
   * always go with the same SQL text.
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: { prepareAs?: string }): Promise<{ rows: Row[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction (READ COMMITTED); rolls back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Whether a connection from the pool reaches a writable primary within `timeoutMs` (GET /readyz):
   * false on a standby, a read-only server, no connection, or no answer in time.
   */
  reachesWritablePrimary(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** int8 comes back as a string on both engines: money is never a JS float. */
const keepInt8AsText = { [types.INT8]: (value: string) => value };

export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
    parsers: keepInt8AsText,
  });
  return {
    kind: 'pglite',
    query: async (sql, params) => db.query(sql, params as unknown[]) as never,
    transaction: (work) => db.transaction((tx) => work({ query: async (sql, params) => tx.query(sql, params as unknown[]) as never })),
    // this process's own database: writable for as long as the process runs
    reachesWritablePrimary: async () => true,
    close: () => db.close(),
  };
}

/**
 * The database went away under the call, or is not the writable primary (a failover under way):
 * the connection exceptions (class 08), the server shutting down or starting (57P01-57P03), a
 * read-only standby (25006), and the driver's own lost or refused connections. What was done
 * cannot be known from here (a COMMIT may have landed), so the gateway answers AGW50300 and the
 * app sends the same request again, which the money calls' requestNo answers once.
 */
export function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '25006'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
  }
  return typeof message === 'string' && /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect|Query read timeout/i.test(message);
}

/**
 * What the gateway answers as retryable (AGW50300, the app sends the same request again): a lost
 * connection, or the server out of a resource for a moment (class 53: too many connections right
 * after a failover, when every gateway reconnects at once; out of memory or disk). Nothing of the
 * call was kept (its transaction rolled back), so the same requestNo does it once. Unlike a lost
 * connection, it does not send a pool looking for another primary.
 */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isConnectionLoss(error) || (typeof code === 'string' && /^53/.test(code));
}

/**
 * How a pool guards itself. The gateway passes all of it (server/main.ts); migrations, the ledger
 * check and the benchmarks open pools without time-outs, since their statements may rightly be long.
 */
export interface PoolSettings {
  /** A new connection (each host, with several) or a free one from a full pool: refused after this. */
  connectTimeoutMs?: number;
  /**
   * Server side, the statement is cancelled after this (57014, an ordinary error); client side, a
   * statement with no answer a second later (a primary gone without a reset) fails as a lost
   * connection and its connection is dropped. Below the app's own 20 s time-out.
   */
  statementTimeoutMs?: number;
  /** A connection is replaced after this long, so that a pool spreads again after a failover. */
  maxLifetimeSeconds?: number;
}

/** What main.ts gives the gateway's pool: answers or a retryable failure well within the app's 20 s. */
export const GATEWAY_POOL: Required<PoolSettings> = { connectTimeoutMs: 3_000, statementTimeoutMs: 15_000, maxLifetimeSeconds: 300 };

/** pg-pool's error when no connection of a full pool came free within the connect time-out. */
const POOL_QUEUE_TIMEOUT = 'timeout exceeded when trying to connect';

/** Each host of a several-host DATABASE_URL gets this long to connect, without a pool setting. */
const HOST_CONNECT_TIMEOUT_MS = 2_000;

export async function openPostgres(url: string, poolSize = 20, settings: PoolSettings = {}): Promise<Database> {
  const hostList = parseHostList(url);
  // each host's share of the connect time-out (0: none set), so the last host listed still gets its turn
  const perHostMs = hostList ? Math.min(HOST_CONNECT_TIMEOUT_MS, Math.floor((settings.connectTimeoutMs || HOST_CONNECT_TIMEOUT_MS * hostList.hosts.length) / hostList.hosts.length)) : 0;
  const finder = hostList ? primaryFinder(hostList, perHostMs) : null;
  const pool = new pg.Pool({
    ...(finder ? { Client: finder.Client } : { connectionString: url }),
    max: poolSize,
    application_name: 'kwanza-gateway', // a URL's own application_name wins
    // a peer that vanished without a reset is noticed by the kernel within about a minute, not fifteen
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(settings.connectTimeoutMs ? { connectionTimeoutMillis: settings.connectTimeoutMs } : {}),
    ...(settings.statementTimeoutMs
      ? {
          statement_timeout: settings.statementTimeoutMs,
          query_timeout: settings.statementTimeoutMs + 1_000,
          // a gateway stuck inside a transaction must not hold its row locks for long
          idle_in_transaction_session_timeout: settings.statementTimeoutMs * 2,
        }
      : {}),
    ...(settings.maxLifetimeSeconds ? { maxLifetimeSeconds: settings.maxLifetimeSeconds } : {}),
  });
  pool.on('error', () => undefined); // an idle client's lost connection is replaced on next use
  // GET /readyz's own connection: a pool full of calls is busy, not unready, and must not take the
  // gateway out of the balancer (nor every gateway at once when the database slows for a moment)
  const readinessPool = new pg.Pool({
    ...(finder ? { Client: finder.Client } : { connectionString: url }),
    max: 1,
    application_name: 'kwanza-gateway-readiness',
    keepAlive: true,
    // always bounded: a check waiting on a silent host would hold the one connection every later check needs
    connectionTimeoutMillis: settings.connectTimeoutMs || 3_000,
  });
  readinessPool.on('error', () => undefined);

  /**
   * With several hosts, a lost or read-only connection means the primary may have moved: the
   * connections opened before it (counted in generations) are dropped as they come out of the pool
   * rather than tried one by one, and a new connection to the host last known as primary that fails
   * (it went down or is a standby now) is tried once more, probing every host: nothing was sent yet.
   */
  let generation = 0;
  const bornIn = new WeakMap<pg.PoolClient, number>();
  pool.on('connect', (client) => bornIn.set(client as pg.PoolClient, generation));
  const primaryMayHaveMoved = () => {
    generation++;
    finder?.forgetPrimary();
  };

  async function connect(): Promise<pg.PoolClient> {
    let retried = false;
    for (;;) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // no free connection in time (pg-pool's queue): a busy pool, not a moved primary
        if (!finder || retried || !isConnectionLoss(error) || (error as Error).message === POOL_QUEUE_TIMEOUT) throw error;
        retried = true;
        primaryMayHaveMoved();
        continue;
      }
      if (!finder || bornIn.get(client) === generation) return client;
      client.release(new Error('opened before the primary moved'));
    }
  }

  /**
   * Runs `work` on one connection; a connection that failed is dropped from the pool, as pool.query
   * does; a lost one (`movedOn`), with several hosts, sends the pool looking for the primary again.
   */
  async function onConnection<T>(work: (client: pg.PoolClient) => Promise<T>, dropOn: (error: unknown) => boolean, movedOn: (error: unknown) => boolean = isConnectionLoss): Promise<T> {
    const client = await connect();
    const ignoreLateError = () => undefined; // the failure reaches `work` as its rejection
    client.on('error', ignoreLateError);
    let failure: unknown = null;
    try {
      return await work(client);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.removeListener('error', ignoreLateError);
      if (finder && failure !== null && movedOn(failure)) primaryMayHaveMoved();
      client.release(failure !== null && dropOn(failure) ? (failure as Error) : undefined);
    }
  }

  const run = (client: pg.ClientBase, sql: string, params?: readonly unknown[], name?: string) =>
    (name ? client.query({ name, text: sql, values: params as unknown[] }) : client.query(sql, params as unknown[])) as never;

  return {
    kind: 'postgres',
    // one host: pg-pool's own query, as always (it drops a connection on any error); several: through connect()'s retry, dropping lost ones
    query: async (sql, params, options) =>
      finder
        ? onConnection((client) => run(client, sql, params, options?.prepareAs), isConnectionLoss)
        : options?.prepareAs
          ? pool.query({ name: options.prepareAs, text: sql, values: params as unknown[] }) as never
          : pool.query(sql, params as unknown[]) as never,
    async transaction(work) {
      let rollbackFailed = false;
      // a connection that was lost, is read-only, or whose ROLLBACK failed is not given back to the pool
      return onConnection(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await work({ query: async (sql, params) => run(client, sql, params) });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          // a lost connection rolls back on the server by itself; a ROLLBACK behind a hung statement would wait for it
          if (!isConnectionLoss(error)) await client.query('ROLLBACK').catch(() => (rollbackFailed = true));
          throw error;
        }
      }, (error) => rollbackFailed || isConnectionLoss(error));
    },
    async reachesWritablePrimary(timeoutMs) {
      const check = (async () => {
        const client = await readinessPool.connect();
        let failure: Error | undefined;
        try {
          const { rows } = await client.query<{ standby: boolean; read_only: string }>({
            text: "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS read_only",
            query_timeout: timeoutMs,
          } as pg.QueryConfig);
          if (!rows[0]!.standby && rows[0]!.read_only === 'off') return true;
          // as a write would fail there: this connection is dropped and, with several hosts, the pool looks for the primary again
          failure = Object.assign(new Error('connected to a read-only server'), { code: '25006' });
          primaryMayHaveMoved();
          return false;
        } catch (error) {
          failure = error as Error;
          return false;
        } finally {
          client.release(failure);
        }
      })().catch(() => false);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      try {
        return await Promise.race([check, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      await readinessPool.end();
      await pool.end();
    },
  };
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies migrations/NNN_*.sql in order, once each; one lock so several gateways can start together. */
export async function migrate(db: Database): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274)');
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Statements end with `;` at line end; a `$$ … $$` function body is kept whole. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inBody) continue;
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, '').trim());
      current = [];
    }
  }
  const rest = current.join('\n').trim();
  if (rest) statements.push(rest);
  return statements.filter(Boolean);
}

/**
 * The database, migrated. On PostgreSQL the migrations run on a connection of their own without
 * time-outs (a migration may rightly take minutes), then the pool the caller asked for is opened.
 */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null; poolSize?: number; pool?: PoolSettings }): Promise<Database> {
  if (!options.databaseUrl) {
    const db = await openPglite(options.dataDir);
    await migrate(db);
    return db;
  }
  const migrator = await openPostgres(options.databaseUrl, 1);
  try {
    await migrate(migrator);
  } finally {
    await migrator.close();
  }
  return openPostgres(options.databaseUrl, options.poolSize, options.pool);
}
