import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as oidcClient from 'openid-client';
import { PLATFORM_CODES } from '../../../services/contract/answerCodes.ts';
import { safePlatformReturnTo } from '../../../services/contract/platformReturnTo.ts';
import type { OidcConfig, ServerConfig } from '../../config.ts';
import type { Database, Queryable } from '../../db/index.ts';
import { hashToken } from '../../auth/sessions.ts';
import { writeAudit } from '../../entities/audit.ts';

/**
 * The platform area's side of OpenID Connect (the relying party): `/sso/login` sends the browser to
 * the identity provider with state, nonce and a PKCE challenge; `/sso/callback` exchanges the code,
 * verifies the ID token, finds the operator and hands the page a one-time code, which the page
 * redeems (`platform/sso/redeem`) for its session token. The token never appears in a URL.
 */

const LOGIN_TTL_SECONDS = 600;
const HANDOFF_TTL_SECONDS = 60;
/** How the built-in provider is named in `operators.issuer`, whatever address the server has. */
export const BUILT_IN_ISSUER = 'builtin';

function landing(query: Record<string, string>): string {
  return `/plateform/?${new URLSearchParams(query)}`;
}

/**
 * The built-in provider lives in this same process: reach it in-process rather than over the
 * network, so a gateway behind a load balancer never has to call its own public address.
 */
function inProcessFetch(app: FastifyInstance, oidc: OidcConfig): oidcClient.CustomFetch {
  const origin = new URL(oidc.issuer).origin;
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin) return fetch(url, options as RequestInit);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: options.headers,
      payload: options.body == null ? undefined : String(options.body),
    });
    return new Response(response.rawPayload.length ? new Uint8Array(response.rawPayload) : null, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])),
    });
  };
}

/** The operator the identity provider vouched for: by subject, or first time by verified e-mail. */
async function findOperator(tx: Queryable, issuer: string, claims: oidcClient.IDToken): Promise<{ id: string } | null> {
  const bySubject = await tx.query<{ id: string }>('SELECT id FROM operators WHERE issuer = $1 AND subject = $2 AND active', [issuer, claims.sub]);
  if (bySubject.rows[0]) return bySubject.rows[0];
  if (claims.email_verified !== true || typeof claims.email !== 'string') return null;
  const byEmail = await tx.query<{ id: string }>(
    'UPDATE operators SET subject = $3 WHERE issuer = $1 AND lower(email) = lower($2) AND subject IS NULL AND active RETURNING id',
    [issuer, claims.email, claims.sub],
  );
  return byEmail.rows[0] ?? null;
}

export async function openOperatorSession(db: Queryable, operatorId: string, policy: { lifetimeMs: number }): Promise<{ token: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO sessions (token_hash, audience, operator_id, expires_at)
     VALUES ($1, 'operator', $2, now() + make_interval(secs => $3)) RETURNING expires_at`,
    [hashToken(token), operatorId, policy.lifetimeMs / 1000],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at).toISOString() };
}

/** Takes a hand-off code once, within its minute, and opens the operator's session. */
export async function redeemHandoff(db: Database, handoff: string, policy: { lifetimeMs: number }) {
  return db.transaction(async (tx) => {
    // taken once, fresh or not: a stale code is deleted as well
    const { rows } = await tx.query<{ operator_id: string; fresh: boolean }>(
      'DELETE FROM sso_handoffs WHERE code_hash = $1 RETURNING operator_id, expires_at > now() AS fresh',
      [hashToken(handoff)],
    );
    if (!rows[0]?.fresh) return null;
    const operatorId = rows[0].operator_id;
    const { rows: operator } = await tx.query<{ id: string; name: string; email: string | null }>(
      'UPDATE operators SET last_sign_in_at = now() WHERE id = $1 AND active RETURNING id, name, email',
      [operatorId],
    );
    if (!operator[0]) return null; // switched off since the sign-in began
    const session = await openOperatorSession(tx, operatorId, policy);
    await writeAudit(tx, { operatorId, action: 'operator.signIn', subjectType: 'operator', subjectId: operatorId });
    return { ...session, operator: operator[0]! };
  });
}

export function registerSingleSignOn(app: FastifyInstance, deps: { db: Database; config: ServerConfig }) {
  const { db, config } = deps;
  const { oidc } = config;
  let discovered: Promise<oidcClient.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidcClient
      .discovery(new URL(oidc.issuer), oidc.clientId, undefined, oidcClient.ClientSecretBasic(oidc.clientSecret), {
        ...(oidc.builtIn ? { [oidcClient.customFetch]: inProcessFetch(app, oidc) } : {}),
        // plain http only for a built-in provider on a developer's machine
        ...(oidc.builtIn && oidc.issuer.startsWith('http:') && !config.production ? { execute: [oidcClient.allowInsecureRequests] } : {}),
      })
      .catch((error) => {
        discovered = null; // try the provider again on the next sign-in
        throw error;
      });
    return discovered;
  };

  app.get('/sso/login', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    let provider: oidcClient.Configuration;
    try {
      provider = await configuration();
    } catch (error) {
      request.log.error({ err: error }, 'identity provider unreachable');
      return reply.redirect(landing({ ssoError: PLATFORM_CODES.signInFailed }));
    }
    const state = oidcClient.randomState();
    const nonce = oidcClient.randomNonce();
    const verifier = oidcClient.randomPKCECodeVerifier();
    await db.query('DELETE FROM sso_logins WHERE expires_at < now()');
    await db.query(
      'INSERT INTO sso_logins (state, code_verifier, nonce, return_to, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))',
      [state, verifier, nonce, safePlatformReturnTo(query.returnTo), LOGIN_TTL_SECONDS],
    );
    const target = oidcClient.buildAuthorizationUrl(provider, {
      redirect_uri: oidc.redirectUri,
      scope: 'openid profile email',
      state,
      nonce,
      code_challenge: await oidcClient.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(query.language ? { ui_locales: String(query.language).slice(0, 10) } : {}),
    });
    return reply.header('cache-control', 'no-store').redirect(target.toString());
  });

  app.get('/sso/callback', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const { rows } = await db.query<{ code_verifier: string; nonce: string; return_to: string }>(
      'DELETE FROM sso_logins WHERE state = $1 AND expires_at > now() RETURNING code_verifier, nonce, return_to',
      [String(query.state ?? '')],
    );
    const login = rows[0];
    if (!login) return reply.redirect(landing({ ssoError: PLATFORM_CODES.signInFailed }));
    let claims: oidcClient.IDToken | undefined;
    try {
      const provider = await configuration();
      const tokens = await oidcClient.authorizationCodeGrant(provider, new URL(request.url, config.publicUrl), {
        pkceCodeVerifier: login.code_verifier,
        expectedState: String(query.state),
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      request.log.warn({ err: error }, 'single sign-on refused');
    }
    if (!claims) return reply.redirect(landing({ ssoError: PLATFORM_CODES.signInFailed }));
    const issuer = oidc.builtIn ? BUILT_IN_ISSUER : claims.iss;
    const handoff = crypto.randomBytes(32).toString('base64url');
    const operator = await db.transaction(async (tx) => {
      const found = await findOperator(tx, issuer, claims);
      if (found) {
        await tx.query(
          'INSERT INTO sso_handoffs (code_hash, operator_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
          [hashToken(handoff), found.id, HANDOFF_TTL_SECONDS],
        );
      }
      return found;
    });
    if (!operator) return reply.redirect(landing({ ssoError: PLATFORM_CODES.notAnOperator }));
    return reply.header('cache-control', 'no-store').redirect(landing({ handoff, returnTo: login.return_to }));
  });
}
