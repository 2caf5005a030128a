import path from 'node:path';

/** Everything the server reads from its environment, in one place (the README lists it). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  production: boolean;
  /** A session ends after this much idle time… */
  sessionIdleMs: number;
  /** …and in any case after this long. */
  sessionLifetimeMs: number;
  staticDir: string;
  maxUploadBytes: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    production: env.NODE_ENV === 'production',
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 30) * 60_000,
    sessionLifetimeMs: Number(env.SESSION_LIFETIME_HOURS ?? 12) * 3_600_000,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 10) * 1024 * 1024,
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
