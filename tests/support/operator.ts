import { DEMO_OPERATOR } from '../../server/db/seed.ts';
import { envelope, type TestServer } from './server.ts';

/** Where a redirect goes, as a path the test server can be injected with (same-origin check included). */
function follow(location: string | undefined, server: TestServer): string {
  if (!location) throw new Error('no redirect');
  const url = new URL(location, 'http://localhost:8080');
  if (url.origin !== 'http://localhost:8080') throw new Error(`redirect leaves the server: ${location}`);
  void server;
  return url.pathname + url.search;
}

export interface SsoRun {
  /** The built-in provider's sign-in page (HTML). */
  signInPage: string;
  /** Where the provider sent the browser back (`/sso/callback?code=…&state=…&iss=…`). */
  callback: string;
  /** Where the callback sent the browser (`/plateform/?handoff=…` or `?ssoError=…`). */
  landing: string;
}

/**
 * The whole single sign-on as a browser does it, through the real endpoints: `/sso/login` →
 * provider sign-in page → credentials posted → `/sso/callback` → landing page with the hand-off.
 */
export async function runSingleSignOn(server: TestServer, credentials: { username: string; password: string } = DEMO_OPERATOR, returnTo = '/plateform/verifications'): Promise<SsoRun> {
  const login = await server.app.inject({ method: 'GET', url: `/sso/login?returnTo=${encodeURIComponent(returnTo)}&language=en` });
  if (login.statusCode !== 302) throw new Error(`sso/login answered ${login.statusCode}: ${login.body}`);
  const authorize = follow(login.headers.location, server);
  const page = await server.app.inject({ method: 'GET', url: authorize });
  const params = new URLSearchParams(authorize.split('?')[1]);
  params.set('username', credentials.username);
  params.set('password', credentials.password);
  const posted = await server.app.inject({ method: 'POST', url: '/oidc/authorize', payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (posted.statusCode !== 303) return { signInPage: posted.body, callback: '', landing: '' };
  const callback = follow(posted.headers.location, server);
  const back = await server.app.inject({ method: 'GET', url: callback });
  return { signInPage: page.body, callback, landing: follow(back.headers.location, server) };
}

/** Signs the demo operator in and answers the SSO-AUTH token. */
export async function operatorToken(server: TestServer): Promise<string> {
  const run = await runSingleSignOn(server);
  const handoff = new URLSearchParams(run.landing.split('?')[1]).get('handoff');
  const res = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('platform/sso/redeem', { handoff }) });
  const token = res.json().bizContent?.token as string | undefined;
  if (!token) throw new Error(`redeem failed: ${res.body}`);
  return token;
}
