import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { migrate, openPglite, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { localAdapters } from '../../server/adapters/local.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import type { PageRenderer } from '../../server/ssr.ts';
import { envelope } from '../support/server.ts';
import { png } from '../support/files.ts';

/**
 * Issue 30: every answer the server sends carries the browser's defences — a Content-Security-Policy
 * that runs no script but the app's own files and the inline texts it allows by hash, no framing, no
 * sniffing, a referrer policy and a permissions policy — on every route family: pages (rendered and
 * not), the gateway and legacy answers, uploads, static files, the platform area, the sign-on, the
 * tracker, the dev pages and the flow book, not-found and error answers.
 */

/** A build as Vite writes it, reduced: an inline start-up script and style, the entry, a preload, the stylesheet. */
const INDEX = `<!doctype html>
<html lang="pt-AO">
  <head>
    <meta charset="UTF-8" />
    <title>Kwanza Wallet</title>
    <script>
      (function (d) { if (d.getAttribute('data-rendered')) d.classList.add('kw-started'); })(document.documentElement);
    </script>
    <style>#kw-frame{display:none}html:not([data-rendered]) #kw-frame{display:block}</style>
    <script type="module" crossorigin src="/dist/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/dist/assets/vendor-V.js">
    <link rel="stylesheet" crossorigin href="/dist/assets/style-S.css">
  </head>
  <body>
    <div id="root"></div><!--/root-->
    <div id="kw-frame" aria-hidden="true"></div>
  </body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_vendor-V.js'], css: ['assets/style-S.css'] },
  '_vendor-V.js': { file: 'assets/vendor-V.js' },
};
const ENTRY_JS = 'console.log("the app");\n';
const CSS = '.kw-page{color:#1c1f23}.kw-quote::before{content:"</style"}\n';

/** The directives of a policy header: name → sources. */
function parsePolicy(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The inline script elements a browser would run, and the style elements, of a page. */
function inlineElements(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/json"/.test(attributes!))
    .map(([, , text]) => text!);
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text]) => text!);
  return { scripts, styles };
}

const DANGEROUS_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:', 'http:', 'https:', 'filesystem:'];

interface Expect {
  /** An HTML page: base-uri and object-src are checked, and every inline script and style must be allowed. */
  page?: boolean;
  /** The platform area's pages show PDFs from blob: URLs in <object>. */
  blobObjects?: boolean;
}

/** The defences every answer must carry; `label` names the route in failures. */
function expectDefences(response: LightMyRequestResponse, label: string, expected: Expect = {}) {
  const header = response.headers['content-security-policy'];
  expect(header, `${label}: Content-Security-Policy`).toBeTypeOf('string');
  const policy = parsePolicy(header as string);
  const script = policy.get('script-src') ?? policy.get('default-src');
  expect(script, `${label}: script-src (or default-src)`).toBeDefined();
  for (const source of DANGEROUS_SCRIPT_SOURCES) expect(script, `${label}: script-src allows ${source}`).not.toContain(source);
  expect(policy.get('script-src-attr') ?? [], `${label}: script-src-attr`).not.toContain("'unsafe-inline'");
  expect(policy.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(response.headers['x-frame-options'], `${label}: X-Frame-Options`).toBe('DENY');
  expect(response.headers['x-content-type-options'], `${label}: X-Content-Type-Options`).toBe('nosniff');
  expect(response.headers['referrer-policy'], `${label}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  const permissions = String(response.headers['permissions-policy'] ?? '').split(/,\s*/);
  for (const feature of ['camera=(self)', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(permissions, `${label}: Permissions-Policy`).toContain(feature);
  expect(response.headers['strict-transport-security'], `${label}: HSTS over plain http`).toBeUndefined();
  expect(response.headers['content-security-policy-report-only'], `${label}: enforced, not report-only`).toBeUndefined();
  if (!expected.page) return policy;
  expect(response.headers['content-type'], label).toMatch(/^text\/html/);
  expect(policy.get('base-uri'), `${label}: base-uri`).toEqual(["'none'"]);
  expect(policy.get('object-src') ?? policy.get('default-src'), `${label}: object-src`).toEqual(expected.blobObjects ? ['blob:'] : ["'none'"]);
  expect(policy.get('frame-src') ?? policy.get('default-src'), `${label}: frame-src`).toEqual(expected.blobObjects ? ["'self'", 'blob:'] : policy.get('default-src'));
  const { scripts, styles } = inlineElements(response.body);
  for (const text of scripts) expect(script, `${label}: inline script ${text.trim().slice(0, 60)}… not allowed`).toContain(hash(text));
  const style = policy.get('style-src-elem') ?? policy.get('style-src') ?? policy.get('default-src') ?? [];
  expect(style, `${label}: style-src`).not.toContain("'unsafe-inline'");
  for (const text of styles) expect(style, `${label}: inline style ${text.trim().slice(0, 60)}… not allowed`).toContain(hash(text));
  return policy;
}

async function multipart(fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

describe('security headers on every answer', () => {
  let dir: string;
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  /** A rendered agreement whose document carried a script: it must not be allowed to run. */
  const INJECTED = 'alert(document.domain)';
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-headers-'));
    const dist = path.join(dir, 'dist');
    await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.mkdir(path.join(dist, 'flows'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), INDEX);
    await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await fs.writeFile(path.join(dist, 'assets', 'index-E.js'), ENTRY_JS);
    await fs.writeFile(path.join(dist, 'assets', 'index-E.js.br'), zlib.brotliCompressSync(ENTRY_JS));
    await fs.writeFile(path.join(dist, 'assets', 'vendor-V.js'), 'export {};\n');
    await fs.writeFile(path.join(dist, 'assets', 'style-S.css'), CSS);
    await fs.writeFile(path.join(dist, 'flows', 'index.html'), '<!doctype html><title>Flow book</title><link rel="stylesheet" href="book.css"><p style="margin:0">charts</p><script src="book.js"></script>');
    await fs.writeFile(path.join(dist, 'flows', 'book.js'), 'document.title += "";\n');
    db = await openPglite(null);
    await migrate(db);
    await seed(db);
    const config = { ...readConfig({ STATIC_DIR: dist }), dataDir: dir };
    // the app's own server entry, as `vite build --ssr` bundles it; one document page gets a script
    // into its markup, as a flaw in a screen or a document would put it
    const real = (await import('../../src/entry-server.tsx')) as PageRenderer;
    const pageRenderer: PageRenderer = {
      inlineScripts: () => real.inlineScripts!(),
      async render(url, data) {
        const page = await real.render(url, data);
        return url === '/agreement/privacyProtectionAgreement' ? { ...page, html: `${page.html}<script>${INJECTED}</script>` } : page;
      },
    };
    app = await buildApp({ config, db, adapters: localAdapters(db, config, path.join(dir, 'files')), pageRenderer });
    // an answer that fails inside a handler goes through the error handler
    app.get('/gatewayinner/test/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();
    const { rows } = await db.query<{ id: string }>("SELECT id FROM members WHERE email = 'loja@demo.ao'");
    token = await openMemberSession(db, rows[0]!.id, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('pages: server-rendered, the app\'s pages, the not-found screen; every inline script and style allowed by hash, none by unsafe-inline', async () => {
    for (const url of ['/', '/?language=en', '/app/login', '/agreement/registrationAgreement', '/app/helpdoc', '/app/wallet', '/app/paypassword', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectDefences(response, url, { page: true });
    }
    // the rendered page really is one, with the router's and the loader's inline scripts and the stylesheet inlined
    const home = await get('/');
    expect(home.body).toContain('id="kw-ssr"');
    expect(inlineElements(home.body).scripts.length).toBeGreaterThanOrEqual(3);
    expect(inlineElements(home.body).styles).toContain(CSS.replaceAll('</style', '<\\/style'));
    // and compressed, as browsers get it
    expectDefences(await get('/', { 'accept-encoding': 'br' }), '/ (br)');
  });

  it('allows only the inline texts fixed by the build: a script in a page\'s content does not run', async () => {
    const policy = parsePolicy((await get('/app/wallet')).headers['content-security-policy'] as string);
    const rendered = await get('/agreement/privacyProtectionAgreement');
    expect(rendered.body).toContain(`<script>${INJECTED}</script>`);
    expect(parsePolicy(rendered.headers['content-security-policy'] as string)).toEqual(policy); // one policy, not made from the page
    expect(policy.get('script-src')).not.toContain(hash(INJECTED));
    // the app's own files, the scanner's WebAssembly, the start-up script, the loader and the router's script
    expect(policy.get('script-src')!.filter((source) => source.startsWith("'sha256-"))).toHaveLength(3);
    expect(policy.get('script-src')).toEqual(expect.arrayContaining(["'self'", "'wasm-unsafe-eval'"]));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'mediastream:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('upgrade-insecure-requests')).toBeUndefined();
  });

  it('the platform area\'s pages: the same, with PDFs from blob: URLs in <object>', async () => {
    for (const url of ['/plateform/', '/plateform/verifications', '/plateform/verifications/0b7c1e9a-3f7e-4d2a-9c1b-2f4e5a6b7c8d']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectDefences(response, url, { page: true, blobObjects: true });
    }
    // a member's document and a sticker sheet keep their own sandbox
    const file = await get('/platform/files/0b7c1e9a-3f7e-4d2a-9c1b-2f4e5a6b7c8d');
    expect(file.statusCode).toBe(401);
    expectDefences(file, '/platform/files (refused)');
    expectDefences(await get('/platform/stickers/0b7c1e9a.pdf'), '/platform/stickers (refused)');
  });

  it('the gateway and the legacy endpoints, answers and refusals, with no-store kept', async () => {
    const answered = await app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/getRandomKey', {}, { token }) });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['cache-control']).toBe('no-store');
    expectDefences(answered, 'gateway');
    const unknown = await app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('common/noSuchCall') });
    expect(unknown.headers['cache-control']).toBe('no-store');
    expectDefences(unknown, 'gateway, unknown service');
    const legacy = await app.inject({ method: 'POST', url: '/api/ccservice/common/noSuchCall', payload: {} });
    expect(legacy.headers['cache-control']).toBe('no-store');
    expectDefences(legacy, 'legacy');
    expectDefences(await get('/api/ccservice/fund/member/checkAccount4FindPassword?mobile=923000001'), 'legacy GET');
    expectDefences(await get('/json/mobile_tel_segment.htm'), 'reference data');
    expectDefences(await get('/healthz'), 'health');
    expectDefences(await get('/merchant/records.csv'), 'records export (refused)');
  });

  it('uploads, stored and refused', async () => {
    const body = await multipart(
      { bizType: 'Photocopies', sysCode: 'gateway-inner', language: 'en', requestBaseStr: JSON.stringify(envelope('uploadFile', {}, { token }, 'en')) },
      { field: 'file', name: 'photo.png', bytes: png(8, 8), type: 'image/png' },
    );
    const stored = await app.inject({ method: 'POST', url: '/gatewayinner/uploadFile', ...body });
    expect(stored.json()).toMatchObject({ code: 'S0001' });
    expectDefences(stored, 'gateway upload');
    const refused = await app.inject({ method: 'POST', url: '/gatewayinner/common/file/uploadFile?language=pt&memberId=0', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(refused.json().status).not.toBe(0);
    expectDefences(refused, 'ordinary upload, refused');
  });

  it('static files, compressed or not, and a missing one', async () => {
    const plain = await get('/dist/assets/index-E.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(ENTRY_JS);
    expectDefences(plain, '/dist/ script');
    const br = await get('/dist/assets/index-E.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expectDefences(br, '/dist/ script (br)');
    expectDefences(await get('/dist/assets/style-S.css'), '/dist/ stylesheet');
    const missing = await get('/dist/assets/missing-M.js');
    expect(missing.statusCode).toBe(404);
    expectDefences(missing, '/dist/ missing');
  });

  it('the sign-on: the relying party, the built-in provider\'s sign-in page (its form posting to itself) and its endpoints', async () => {
    const login = await get('/sso/login?returnTo=%2Fplateform%2F');
    expect(login.statusCode).toBe(302);
    expectDefences(login, '/sso/login');
    const authorize = new URL(login.headers.location as string);
    const page = await get(authorize.pathname + authorize.search);
    expect(page.statusCode).toBe(200);
    const policy = expectDefences(page, '/oidc/authorize', { page: true });
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(page.body).toContain('<form method="post" action="authorize">');
    const wrong = await app.inject({ method: 'POST', url: '/oidc/authorize', payload: `${authorize.searchParams}&username=operador&password=wrong`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expectDefences(wrong, '/oidc/authorize, wrong password', { page: true });
    expectDefences(await get('/oidc/.well-known/openid-configuration'), 'discovery');
    expectDefences(await get('/oidc/jwks'), 'jwks');
    expectDefences(await app.inject({ method: 'POST', url: '/oidc/token', payload: 'grant_type=authorization_code', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), '/oidc/token');
    expectDefences(await get('/sso/callback?code=x&state=y'), '/sso/callback');
  });

  it('the tracker', async () => {
    expectDefences(await get('/track/pv.gif?pageType=wallet'), 'page view');
    const click = await app.inject({ method: 'POST', url: '/track/click', payload: { elementType: 'button', key: 'k' } });
    expect(click.statusCode).toBe(204);
    expectDefences(click, 'click');
  });

  it('the development pages and the flow book (outside production)', async () => {
    const outbox = await get('/dev/outbox');
    expect(outbox.statusCode).toBe(200);
    expectDefences(outbox, '/dev/outbox', { page: true });
    expectDefences(await get('/dev/outbox', { accept: 'application/json' }), '/dev/outbox (JSON)');
    expectDefences(await get('/dev/captcha/latest'), '/dev/captcha');
    expectDefences(await get('/dev/bank'), '/dev/bank');
    expectDefences(await get('/flows'), '/flows (redirect)');
    const book = await get('/flows/');
    expect(book.statusCode).toBe(200);
    expectDefences(book, '/flows/', { page: true });
    expectDefences(await get('/flows/book.js'), '/flows/book.js');
    expectDefences(await get('/flows/missing.html'), '/flows/ missing');
  });

  it('not-found and error answers', async () => {
    const cases: Array<[string, Promise<LightMyRequestResponse>]> = [
      ['unknown gateway path', get('/gatewayinner/nothing')],
      ['unknown legacy path', app.inject({ method: 'POST', url: '/api/nothing', payload: {} })],
      ['OPTIONS', app.inject({ method: 'OPTIONS', url: '/gatewayinner/api' })],
      ['malformed JSON', app.inject({ method: 'POST', url: '/gatewayinner/api', payload: '{', headers: { 'content-type': 'application/json' } })],
      ['body too large', app.inject({ method: 'POST', url: '/gatewayinner/api', payload: `{"a":"${'x'.repeat(300 * 1024)}"}`, headers: { 'content-type': 'application/json' } })],
      ['unsupported media type', app.inject({ method: 'POST', url: '/gatewayinner/api', payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })],
      ['handler error (500)', get('/gatewayinner/test/boom')],
      ['malformed address', get('/gatewayinner/%E0%A4%A')],
    ];
    for (const [label, pending] of cases) {
      const response = await pending;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expectDefences(response, label);
    }
  });
});

describe('security headers behind HTTPS, with the operators\' own sign-on provider', () => {
  let db: Database;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-headers-https-'));
    db = await openPglite(null);
    await migrate(db);
    const config = {
      ...readConfig({ STATIC_DIR: path.join(dir, 'no-build'), NODE_ENV: 'production', PUBLIC_URL: 'https://wallet.example.ao', OIDC_ISSUER: 'https://login.example.ao/realms/operators', OIDC_CLIENT_SECRET: 'secret' }),
      dataDir: dir,
    };
    app = await buildApp({ config, db, adapters: localAdapters(db, config, dir) });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('sends Strict-Transport-Security, upgrades requests, and lets forms reach the provider', async () => {
    for (const url of ['/healthz', '/gatewayinner/nothing', '/dev/outbox']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const policy = parsePolicy(response.headers['content-security-policy'] as string);
      expect(policy.has('upgrade-insecure-requests'), url).toBe(true);
      expect(policy.get('form-action'), url).toEqual(["'self'", 'https://login.example.ao']);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});
