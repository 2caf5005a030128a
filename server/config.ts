import crypto from 'node:crypto';
import path from 'node:path';
import { UPLOAD_LIMIT_MB } from '../services/contract/answerCodes.ts';

/** Everything the server reads from its environment, in one place (the README lists it). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections each gateway keeps to PostgreSQL. */
  databasePoolSize: number;
  /**
   * The gateway's pool guards (DATABASE_CONNECT_TIMEOUT_SECONDS, default 3; DATABASE_STATEMENT_TIMEOUT_SECONDS,
   * default 15, 0 for none): a connection, and a statement, fail as retryable well within the app's 20 s.
   */
  databaseConnectTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  /** EMBEDDED_DATABASE=1: production on the embedded PGlite all the same (one gateway only; the benchmark's PGlite run). */
  embeddedDatabaseInProduction: boolean;
  /** Uploaded files and the help videos (FILES_DIR, default DATA_DIR/files): one directory all gateways mount. */
  filesDir: string;
  /** On SIGTERM, GET /readyz fails at once and the gateway keeps serving this long before it closes (SHUTDOWN_DRAIN_SECONDS, default 0). */
  shutdownDrainMs: number;
  production: boolean;
  /** A session ends after this much idle time… */
  sessionIdleMs: number;
  /** …and in any case after this long. */
  sessionLifetimeMs: number;
  staticDir: string;
  maxUploadBytes: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): false, the number of proxies
   * in front (the client is the address the outermost of them appended), or their addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** Where browsers reach this server; the single sign-on redirect addresses are built from it. */
  publicUrl: string;
  oidc: OidcConfig;
  /** The built-in sign-on's first operator, from OPERATOR_USERNAME and OPERATOR_PASSWORD (production has no demo operator). */
  operatorBootstrap: { username: string; password: string } | null;
  /** Fastify/pino level: `info` logs every request; `warn` leaves access logs to the load balancer. */
  logLevel: string;
  bank: BankConfig;
  merchant: MerchantConfig;
  staff: StaffConfig;
  alerts: AlertsConfig;
  /** A customer-service chat of a provider (`CUSTOMER_SERVICE_URL`); unset, the wallet's own help page. */
  customerServiceUrl: string | null;
  /** How often the lottery's prize delivery runs (README "Lottery": prizes arrive within 2 hours). */
  lotteryDeliveryMs: number;
  /** How often the daily payout job looks for merchants due (README "Daily payout"). */
  dailyPayoutMs: number;
}

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset or `false`, the peer's address is the client's; a number N, N proxies stand in
 * front and the client is the address the outermost appended to X-Forwarded-For (whatever the client
 * put to the left of it is ignored); a comma-separated list, the proxies' own addresses or CIDRs.
 * `true` means one proxy: believing the whole header would let a client choose its own address and
 * escape every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) || false;
  return text.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/** Inviting staff (server/domains/staffInvitation, invitation). */
export interface StaffConfig {
  /** How long an invitation can be answered (STAFF_INVITATION_HOURS, default 72: a weekend and a working day). */
  invitationHours: number;
  /** Invitations a merchant may send in an hour (STAFF_INVITATIONS_PER_HOUR, default 20): above it STF10002, against SMS and e-mail spam. */
  invitationsPerHour: number;
}

/**
 * The live payment alerts' long polls (server/domains/paymentAlerts): how many may wait at once in
 * this gateway process. Past either, a wait is refused with AGW10006 (subMsg `member` or `process`)
 * and the app tries again later. Counted in this process's memory: with N gateways behind a
 * balancer a member may hold up to N × ALERT_WAITS_PER_MEMBER.
 */
export interface AlertsConfig {
  /** Waits one member may hold (ALERT_WAITS_PER_MEMBER, default 3): a person has a till or two open, and a tab left behind. */
  waitsPerMember: number;
  /** Waits the process holds in all (ALERT_WAITS_PER_PROCESS, default 2000): each is an open request and a little memory. */
  waitsPerProcess: number;
}

/** Paying merchants (server/domains/scanToPay, cashier, paymentCode, passwordFree). */
export interface MerchantConfig {
  /**
   * The most a member may set as their password-free limit, in cêntimos (PASSWORD_FREE_CAP_KZ,
   * default 5 000 Kz): a till purchase (groceries, fuel, a meal) passes without the pay password,
   * while a lost unlocked phone can spend little with each code: a fifth of the level-I
   * per-transaction limit (25 000 Kz) and a twentieth of level III's (100 000 Kz).
   */
  passwordFreeCap: number;
  /**
   * How long a cashier's dynamic code can be paid (DYNAMIC_CODE_SECONDS, default 300): time to
   * scan, read the amount and enter the pay password (whose confirmation lives five minutes too),
   * short enough that a photo of the till's screen is useless by the next customer but one.
   */
  dynamicCodeSeconds: number;
  /**
   * Seals the offline payment codes' device secrets at rest (OFFLINE_CODE_KEY: 32 bytes, base64 or
   * hex; README "Payment code without signal"). Unset, a fixed development key, the same in every
   * process: set it in production, kept outside the database (a stolen dump then makes no codes).
   */
  offlineCodeKey: Buffer;
}

/** A fixed key for development and tests: printed in the source, so it protects nothing. */
const DEVELOPMENT_OFFLINE_CODE_KEY = crypto.createHash('sha256').update('kwanza-wallet development offline-code key').digest();

export function parseOfflineCodeKey(value: string | undefined): Buffer {
  const text = value?.trim() ?? '';
  if (!text) return DEVELOPMENT_OFFLINE_CODE_KEY;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('OFFLINE_CODE_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** The bank (the local simulator until a production adapter exists) and the job that settles with it. */
export interface BankConfig {
  /** How long the simulated bank takes to settle an operation (its controls can override it). */
  settlementDelayMs: number;
  /** How often the settlement job asks the bank about pending top-ups and withdrawals. */
  pollMs: number;
}

/**
 * The operators' single sign-on. With `OIDC_ISSUER` unset, the built-in identity provider (an
 * operator directory served under `/oidc`) is used; set it to any OpenID Connect provider instead.
 */
export interface OidcConfig {
  builtIn: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 8080);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  const externalIssuer = env.OIDC_ISSUER?.trim();
  if (externalIssuer && !env.OIDC_CLIENT_SECRET) throw new Error('OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed too');
  const operatorUsername = env.OPERATOR_USERNAME?.trim();
  if (!operatorUsername !== !env.OPERATOR_PASSWORD) throw new Error('OPERATOR_USERNAME and OPERATOR_PASSWORD go together');
  if (env.OPERATOR_PASSWORD && env.OPERATOR_PASSWORD.length < 12) throw new Error('OPERATOR_PASSWORD must have at least 12 characters');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 20),
    databaseConnectTimeoutMs: Number(env.DATABASE_CONNECT_TIMEOUT_SECONDS ?? 3) * 1000,
    databaseStatementTimeoutMs: Number(env.DATABASE_STATEMENT_TIMEOUT_SECONDS ?? 15) * 1000,
    embeddedDatabaseInProduction: env.EMBEDDED_DATABASE === '1',
    filesDir: path.resolve(env.FILES_DIR?.trim() || path.join(dataDir, 'files')),
    shutdownDrainMs: Number(env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000,
    production: env.NODE_ENV === 'production',
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 30) * 60_000,
    sessionLifetimeMs: Number(env.SESSION_LIFETIME_HOURS ?? 12) * 3_600_000,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? UPLOAD_LIMIT_MB) * 1024 * 1024,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    oidc: {
      builtIn: !externalIssuer,
      issuer: externalIssuer || `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID?.trim() || 'kwanza-platform',
      // the built-in provider is only ever called from this same process, so a per-process secret is enough
      clientSecret: env.OIDC_CLIENT_SECRET || crypto.randomBytes(32).toString('base64url'),
      redirectUri: `${publicUrl}/sso/callback`,
    },
    operatorBootstrap: operatorUsername && env.OPERATOR_PASSWORD ? { username: operatorUsername, password: env.OPERATOR_PASSWORD } : null,
    bank: {
      settlementDelayMs: Number(env.BANK_SETTLEMENT_DELAY_MS ?? 3000),
      pollMs: Number(env.BANK_POLL_MS ?? 500),
    },
    merchant: {
      passwordFreeCap: Math.round(Number(env.PASSWORD_FREE_CAP_KZ ?? 5000) * 100),
      dynamicCodeSeconds: Number(env.DYNAMIC_CODE_SECONDS ?? 300),
      offlineCodeKey: parseOfflineCodeKey(env.OFFLINE_CODE_KEY),
    },
    staff: {
      invitationHours: Number(env.STAFF_INVITATION_HOURS ?? 72),
      invitationsPerHour: Number(env.STAFF_INVITATIONS_PER_HOUR ?? 20),
    },
    alerts: {
      waitsPerMember: Number(env.ALERT_WAITS_PER_MEMBER ?? 3),
      waitsPerProcess: Number(env.ALERT_WAITS_PER_PROCESS ?? 2000),
    },
    customerServiceUrl: env.CUSTOMER_SERVICE_URL?.trim() || null,
    lotteryDeliveryMs: Number(env.LOTTERY_DELIVERY_SECONDS ?? 60) * 1000,
    dailyPayoutMs: Number(env.DAILY_PAYOUT_SECONDS ?? 60) * 1000,
  };
}
