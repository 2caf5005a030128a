import pg from 'pg';

/**
 * A DATABASE_URL naming several PostgreSQL nodes, as `pg_autoctl show uri` prints it:
 * `postgres://user@h1:5432,h2:5432/wallet?target_session_attrs=read-write`. The installed driver
 * (pg 8) can neither parse that form (WHATWG URL refuses the comma) nor choose between hosts, so
 * the list is taken apart here and each host gets an ordinary single-host URL the driver reads.
 */
export interface HostList {
  hosts: Array<{ host: string; port: number }>;
  /** The same URL once per host, in `hosts`' order, without target_session_attrs. */
  hostUrls: string[];
}

/** target_session_attrs values a gateway can work with: it writes, so it always wants the primary. */
const WRITABLE_ATTRS = new Set(['read-write', 'primary', 'any']);

/**
 * Null for a URL with one host (or none: a Unix socket), which goes to the driver untouched. A list
 * of several hosts keeps every other part of the URL (user, password, database, sslmode and the
 * rest) for each host; a host without a port gets the `port` parameter's, else 5432.
 */
export function parseHostList(url: string): HostList | null {
  const match = /^(postgres(?:ql)?:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url.trim());
  if (!match) return null;
  const [, scheme, authority, path, query = ''] = match as unknown as [string, string, string, string, string | undefined];
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hostPart = at >= 0 ? authority.slice(at + 1) : authority;
  if (!hostPart.includes(',')) return null;

  const params = new URLSearchParams(query.slice(1));
  const attrs = params.get('target_session_attrs');
  if (attrs !== null && !WRITABLE_ATTRS.has(attrs)) {
    throw new Error(`DATABASE_URL: target_session_attrs=${attrs} cannot serve a gateway, which writes: use read-write`);
  }
  params.delete('target_session_attrs');
  const defaultPort = Number(params.get('port') ?? 5432);
  params.delete('port');

  const hosts = hostPart.split(',').map((entry) => {
    const item = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(entry.trim());
    if (!item) throw new Error(`DATABASE_URL: "${entry}" is not a host or host:port`);
    return { host: item[1]!.replace(/^\[|\]$/g, ''), port: item[2] ? Number(item[2]) : defaultPort };
  });
  const rest = params.toString();
  const hostUrls = hosts.map(({ host, port }) => `${scheme}${userInfo}${host.includes(':') ? `[${host}]` : host}:${port}${path}${rest ? `?${rest}` : ''}`);
  return { hosts, hostUrls };
}

/** Raised when no listed host is a writable primary: SQLSTATE 08001, so isConnectionLoss counts it. */
export class NoWritablePrimary extends Error {
  readonly code = '08001';
  constructor(readonly tried: string[]) {
    super(`no writable PostgreSQL primary among ${tried.join('; ')}`);
  }
}

/** libpq's read-write check (target_session_attrs=read-write), plus recovery: a standby is never writable. */
async function isWritable(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ standby: boolean; read_only: string }>(
    "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS read_only",
  );
  return rows[0]!.standby === false && rows[0]!.read_only === 'off';
}

function destroySocket(client: pg.Client): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

export interface PrimaryFinder {
  /** A pg.Client class for `new pg.Pool({ Client })`: each connection it opens is to a writable primary. */
  Client: typeof pg.Client;
  /** Called when a connection was lost or found read-only: the next connection looks at every host again. */
  forgetPrimary(): void;
  /** The host:port connections currently go to, if one is known. */
  primary(): string | null;
}

/**
 * Finds the writable primary among `list`'s hosts for a pool. The host last found writable is
 * tried first with the pool's own connection (one connection, then the check); when it refuses or
 * is not writable the connection is closed and fails as a connection loss, and the host is
 * forgotten. Without a known primary each host is probed in turn with a throw-away connection
 * (at most `hostTimeoutMs` each), the first writable one is remembered and the pool's connection
 * goes there. A pg.Client cannot connect twice, hence the throw-away probes.
 */
export function primaryFinder(list: HostList, hostTimeoutMs: number): PrimaryFinder {
  let known: number | null = null;
  const label = (index: number) => `${list.hosts[index]!.host}:${list.hosts[index]!.port}`;

  async function probe(index: number, config: pg.ClientConfig, deadline: number): Promise<string | null> {
    const timeout = Math.max(1, Math.min(hostTimeoutMs, deadline - Date.now()));
    const client = new pg.Client({ ...config, connectionString: list.hostUrls[index], connectionTimeoutMillis: timeout, query_timeout: timeout });
    client.on('error', () => undefined); // a probe's failure is its answer
    let connected = false;
    try {
      await client.connect();
      connected = true;
      return (await isWritable(client)) ? null : 'read-only';
    } catch (error) {
      return (error as Error).message || String(error);
    } finally {
      // a connection that never opened is only a socket to drop: end() would wait for an 'end' that may have passed
      if (connected) await client.end().catch(() => undefined);
      else destroySocket(client);
    }
  }

  async function findPrimary(config: pg.ClientConfig, deadline: number): Promise<number> {
    const tried: string[] = [];
    for (let index = 0; index < list.hosts.length; index++) {
      if (Date.now() >= deadline) {
        tried.push(`${label(index)}: not tried, out of time`);
        continue;
      }
      const failure = await probe(index, config, deadline);
      if (failure === null) return index;
      tried.push(`${label(index)}: ${failure}`);
    }
    throw new NoWritablePrimary(tried);
  }

  class PrimaryClient extends pg.Client {
    readonly #config: pg.ClientConfig;

    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connectionString: list.hostUrls[known ?? 0] });
      this.#config = config;
    }

    // pg-pool calls connect(callback); direct users call connect() for a promise
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const connected = this.#connectToPrimary().then(() => this as pg.Client);
      if (!callback) return connected;
      const done = callback as (err: Error | null, c?: pg.Client) => void;
      connected.then((client) => done(null, client), (error: Error) => done(error));
    }

    async #connectToPrimary(): Promise<void> {
      const budget = Number(this.#config.connectionTimeoutMillis) || hostTimeoutMs * list.hosts.length;
      const target = known ?? (await findPrimary(this.#config, Date.now() + budget));
      const { host, port } = list.hosts[target]!;
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number }; connection: { stream: { destroyed?: boolean } } };
      // pg-pool's connection time-out destroys the socket it finds here; probing may have outlasted it
      if (self.connection.stream.destroyed) throw new NoWritablePrimary([`${label(target)}: the connection time-out passed while looking for the primary`]);
      self.host = self.connectionParameters.host = host;
      self.port = self.connectionParameters.port = port;
      let connected = false;
      try {
        await new Promise<void>((resolve, reject) => super.connect((error: Error | null) => (error ? reject(error) : resolve())));
        connected = true;
        if (!(await isWritable(this))) throw new NoWritablePrimary([`${label(target)}: read-only`]);
        known = target;
      } catch (error) {
        if (known === target) known = null;
        if (connected) await this.end().catch(() => undefined);
        else destroySocket(this);
        throw error;
      }
    }
  }

  return {
    Client: PrimaryClient as unknown as typeof pg.Client,
    forgetPrimary: () => (known = null),
    primary: () => (known === null ? null : label(known)),
  };
}
