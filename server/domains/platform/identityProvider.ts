import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { hash, verify } from '@node-rs/argon2';
import type { OidcConfig } from '../../config.ts';
import type { Database, Queryable } from '../../db/index.ts';
import { messageText, normaliseLanguage, type Language } from '../../i18n.ts';
import { escapeHtml } from '../../transport/html.ts';
import { ownPageDirectives, serializePolicy } from '../../securityHeaders.ts';

/**
 * The built-in OpenID Connect identity provider: the operator directory, served under `/oidc` when
 * no external provider is configured. It does the authorization-code flow with PKCE (S256) for one
 * registered client (the platform area's relying party), signs ID tokens with RS256 and publishes
 * its keys. It is the embedded default, in the way PGlite is for the database: a production
 * deployment points `OIDC_ISSUER` at the organisation's provider instead.
 */

const CODE_TTL_SECONDS = 60;
const ID_TOKEN_TTL_SECONDS = 300;
const MAX_FAILED_ATTEMPTS = 5;
const LOCK_MINUTES = 15;

let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= hash(crypto.randomBytes(16).toString('hex'), { algorithm: 2 }));

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * One key for every gateway instance: the first to need it creates it, under a lock, so that two
 * gateways' first sign-ins at once cannot make two keys (/jwks publishes the one, and a token signed
 * with another would not verify); the others read it.
 */
export async function signingKey(db: Database): Promise<SigningKey> {
  const read = async (from: Queryable) => {
    const { rows } = await from.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>('SELECT kid, private_jwk, public_jwk FROM oidc_signing_keys ORDER BY created_at DESC LIMIT 1');
    return rows[0] ? { kid: rows[0].kid, privateJwk: rows[0].private_jwk, publicJwk: rows[0].public_jwk } : null;
  };
  const existing = await read(db);
  if (existing) return existing;
  // made before the lock, so the lock is held for a read and an insert, not for the key's generation
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = crypto.randomUUID();
  const privateJwk = JSON.stringify(await exportJWK(privateKey));
  const publicJwk = JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' });
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('oidc-signing-key'))");
    const created = await read(tx);
    if (created) return created;
    await tx.query('INSERT INTO oidc_signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [kid, privateJwk, publicJwk]);
    return (await read(tx))!;
  });
}

/** The request parameters an authorization needs, checked against the one registered client. */
interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  language: Language;
}

function readAuthorizationRequest(params: Record<string, unknown>, oidc: OidcConfig): AuthorizationRequest | null {
  const text = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : '');
  const scopes = text('scope').split(' ');
  if (text('client_id') !== oidc.clientId || text('redirect_uri') !== oidc.redirectUri) return null;
  if (text('response_type') !== 'code' || !scopes.includes('openid')) return null;
  if (text('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(text('code_challenge'))) return null;
  if (text('state').length > 200 || text('nonce').length > 200) return null;
  return {
    clientId: text('client_id'),
    redirectUri: text('redirect_uri'),
    state: text('state'),
    nonce: text('nonce'),
    codeChallenge: text('code_challenge'),
    language: normaliseLanguage(text('ui_locales')),
  };
}

const SIGN_IN_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2129}main{max-width:360px;margin:10vh auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
label{display:block;margin:16px 0 4px;font-weight:600}input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9cdd4;border-radius:8px;font-size:16px}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:8px;background:#0b6e4f;color:#fff;font-size:16px;font-weight:600}[role=alert]{color:#b42318;margin-top:12px}`;
/** The sign-in page runs no script: its one style element by hash, its form posting to itself. */
const SIGN_IN_POLICY = serializePolicy(ownPageDirectives([SIGN_IN_STYLE]));

function signInPage(reply: FastifyReply, request: AuthorizationRequest, params: Record<string, string>, error: string | null, status = 200) {
  const t = (key: string) => escapeHtml(messageText(request.language, `ssoProvider.${key}`));
  const hidden = Object.entries(params)
    .filter(([name]) => !['username', 'password'].includes(name))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const html = `<!doctype html><html lang="${request.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('title')}</title>
<style>${SIGN_IN_STYLE}</style></head>
<body><main><h1>${t('title')}</h1><p>${t('intro')}</p>
<form method="post" action="authorize">${hidden}
<label for="username">${t('username')}</label><input id="username" name="username" type="text" autocomplete="username" required value="${escapeHtml(params.username ?? '')}">
<label for="password">${t('password')}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
${error ? `<p role="alert">${t(error)}</p>` : ''}<button type="submit">${t('submit')}</button></form></main></body></html>`;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', SIGN_IN_POLICY)
    .header('cache-control', 'no-store')
    .send(html);
}

function badRequestPage(reply: FastifyReply, language: Language) {
  return reply.code(400).type('text/plain; charset=utf-8').send(messageText(language, 'ssoProvider.badRequest'));
}

function tokenError(reply: FastifyReply, error: string, status = 400) {
  return reply.code(status).header('cache-control', 'no-store').send({ error });
}

/** The client authenticates with its secret, by HTTP Basic or in the form (RFC 6749 §2.3.1). */
function clientAuthenticated(authorization: string | undefined, form: Record<string, string>, oidc: OidcConfig): boolean {
  let id = form.client_id ?? '';
  let secret = form.client_secret ?? '';
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      return false; // a malformed header is a failed authentication, not a server error
    }
  }
  const expected = Buffer.from(oidc.clientSecret);
  const given = Buffer.from(secret);
  return id === oidc.clientId && given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function registerIdentityProvider(app: FastifyInstance, deps: { db: Database; oidc: OidcConfig }) {
  const { db, oidc } = deps;
  const issuer = oidc.issuer;

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get('/.well-known/openid-configuration', async () => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['sub', 'name', 'email', 'email_verified'],
      authorization_response_iss_parameter_supported: true,
    }));

    scope.get('/jwks', async () => ({ keys: [(await signingKey(db)).publicJwk] }));

    scope.get('/authorize', async (request, reply) => {
      const params = request.query as Record<string, string>;
      const authorization = readAuthorizationRequest(params, oidc);
      if (!authorization) return badRequestPage(reply, normaliseLanguage(params.ui_locales));
      return signInPage(reply, authorization, params, null);
    });

    scope.post('/authorize', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      const authorization = readAuthorizationRequest(form, oidc);
      if (!authorization) return badRequestPage(reply, normaliseLanguage(form.ui_locales));
      const username = String(form.username ?? '').trim().toLowerCase();
      const { rows } = await db.query<{ subject: string; password_hash: string; locked: boolean }>(
        'SELECT subject, password_hash, coalesce(locked_until > now(), false) AS locked FROM operator_directory WHERE username = $1',
        [username],
      );
      const user = rows[0];
      if (user?.locked) return signInPage(reply, authorization, form, 'locked', 429);
      // an unknown username costs the same argon2 time as a known one: the answer's timing tells nothing
      const valid = await verify(user?.password_hash ?? await dummyHash(), String(form.password ?? '')).catch(() => false) && !!user;
      if (!user || !valid) {
        if (user) {
          await db.query(
            `UPDATE operator_directory SET failed_attempts = failed_attempts + 1,
                    locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN now() + make_interval(mins => $3) END
              WHERE subject = $1`,
            [user.subject, MAX_FAILED_ATTEMPTS, LOCK_MINUTES],
          );
        }
        return signInPage(reply, authorization, form, 'wrong', 401);
      }
      await db.query('UPDATE operator_directory SET failed_attempts = 0, locked_until = NULL WHERE subject = $1', [user.subject]);
      const code = crypto.randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO oidc_authorization_codes (code_hash, client_id, redirect_uri, subject, nonce, code_challenge, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [sha256(code), authorization.clientId, authorization.redirectUri, user.subject, authorization.nonce || null, authorization.codeChallenge, CODE_TTL_SECONDS],
      );
      const target = new URL(authorization.redirectUri);
      target.searchParams.set('code', code);
      if (authorization.state) target.searchParams.set('state', authorization.state);
      target.searchParams.set('iss', issuer);
      return reply.code(303).header('cache-control', 'no-store').redirect(target.toString());
    });

    scope.post('/token', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      if (!clientAuthenticated(request.headers.authorization, form, oidc)) return tokenError(reply, 'invalid_client', 401);
      if (form.grant_type !== 'authorization_code') return tokenError(reply, 'unsupported_grant_type');
      // a code is good once: taking it deletes it
      const { rows } = await db.query<{ client_id: string; redirect_uri: string; subject: string; nonce: string | null; code_challenge: string; name: string; email: string }>(
        `DELETE FROM oidc_authorization_codes c USING operator_directory d
          WHERE c.code_hash = $1 AND c.expires_at > now() AND d.subject = c.subject
          RETURNING c.client_id, c.redirect_uri, c.subject, c.nonce, c.code_challenge, d.name, d.email`,
        [sha256(String(form.code ?? ''))],
      );
      const grant = rows[0];
      if (!grant || grant.client_id !== oidc.clientId || grant.redirect_uri !== form.redirect_uri) return tokenError(reply, 'invalid_grant');
      if (sha256(String(form.code_verifier ?? '')) !== grant.code_challenge) return tokenError(reply, 'invalid_grant');
      const key = await signingKey(db);
      const idToken = await new SignJWT({ name: grant.name, email: grant.email, email_verified: true, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(oidc.clientId)
        .setSubject(grant.subject)
        .setIssuedAt()
        .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
        .sign(await importJWK(key.privateJwk, 'RS256'));
      return reply.header('cache-control', 'no-store').send({
        access_token: crypto.randomBytes(32).toString('base64url'),
        token_type: 'Bearer',
        expires_in: ID_TOKEN_TTL_SECONDS,
        id_token: idToken,
      });
    });
  }, { prefix: '/oidc' });
}
