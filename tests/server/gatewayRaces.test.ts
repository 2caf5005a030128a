/**
 * Races that several gateways on one database make likely (issue 27's audit): the built-in sign-on's
 * first signing key, made once however many first sign-ins meet; the public one-time codes' hourly
 * count per address, which parallel requests from one address to different numbers must not pass
 * together. Exact outcomes on PostgreSQL, with the calls truly at once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RULES, issueCode } from '../../server/auth/oneTimeCodes.ts';
import { signingKey } from '../../server/domains/platform/identityProvider.ts';
import { DomainError } from '../../server/errors.ts';
import { engines, startTestServer, type TestServer } from '../support/server.ts';

describe.each(engines)('races between gateways on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 60_000);
  afterAll(() => server.close());

  it('the first sign-ins at once make one signing key, the one /oidc/jwks publishes', async () => {
    await server.db.query('DELETE FROM oidc_signing_keys');
    const keys = await Promise.all(Array.from({ length: 8 }, () => signingKey(server.db)));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM oidc_signing_keys');
    expect(rows[0]!.n).toBe('1');
    const published = (await server.app.inject({ method: 'GET', url: '/oidc/jwks' })).json() as { keys: Array<{ kid: string }> };
    expect(published.keys.map((key) => key.kid)).toEqual([keys[0]!.kid]);
  });

  it.runIf(engine === 'postgres')('a sign-in meeting another gateway\'s first key still being made waits for it and signs with it', async () => {
    await server.db.query('DELETE FROM oidc_signing_keys');
    const theirs = crypto.randomUUID();
    let ours: ReturnType<typeof signingKey> | null = null;
    // the other gateway: its first key inserted under the lock, its transaction still open
    await server.db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('oidc-signing-key'))");
      await tx.query('INSERT INTO oidc_signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [theirs, JSON.stringify({ kty: 'RSA' }), JSON.stringify({ kty: 'RSA', kid: theirs })]);
      ours = signingKey(server.db);
      await new Promise((resolve) => setTimeout(resolve, 500)); // long enough for this one to generate its key and try to store it
    });
    expect((await ours!).kid).toBe(theirs);
    const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM oidc_signing_keys');
    expect(rows[0]!.n).toBe('1');
  });

  it('one address asking public codes for many numbers at once gets exactly the hourly allowance', async () => {
    const address = `198.51.100.${crypto.randomInt(1, 250)}`;
    const asked = CODE_RULES.perAddressPerHour + 10;
    const outcomes = await Promise.all(Array.from({ length: asked }, (_, i) =>
      server.db.transaction((tx) => issueCode(tx, { channel: 'sms', destination: `+2449${String(70_000_000 + i).padStart(8, '0')}`, purpose: 'register', clientIp: address, language: 'en' }))
        .then(() => 'sent', (error: unknown) => (error instanceof DomainError ? error.code : error))));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(CODE_RULES.perAddressPerHour);
    expect(outcomes.filter((outcome) => outcome === 'COD10005')).toHaveLength(10);
    const { rows } = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM verification_codes WHERE client_ip = $1 AND created_at > now() - interval '1 hour'", [address]);
    expect(rows[0]!.n).toBe(String(CODE_RULES.perAddressPerHour));
  });
});
