import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite, types } from '@electric-sql/pglite';

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
  return typeof message === 'string' && /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect/i.test(message);
}

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // an idle client's lost connection is replaced on next use
  return {
    kind: 'postgres',
    query: async (sql, params, options) =>
      (options?.prepareAs ? pool.query({ name: options.prepareAs, text: sql, values: params as unknown[] }) : pool.query(sql, params as unknown[])) as never,
    async transaction(work) {
      const client = await pool.connect();
      // a connection that was lost, or whose ROLLBACK failed, is not given back to the pool
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await work({ query: async (sql, params) => client.query(sql, params as unknown[]) as never });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        broken = isConnectionLoss(error);
        await client.query('ROLLBACK').catch(() => (broken = true));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
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

export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null; poolSize?: number }): Promise<Database> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl, options.poolSize) : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}
