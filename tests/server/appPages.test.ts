import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appPages, buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { migrate, openPglite, type Database } from '../../server/db/index.ts';
import { localAdapters } from '../../server/adapters/local.ts';

/** A build as Vite writes it, reduced to what the page serving reads: index.html and the manifest. */
const INDEX = `<!doctype html>
<html lang="pt-AO">
  <head>
    <title>Kwanza Wallet</title>
    <script type="module" crossorigin src="/dist/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/dist/assets/shared-S.js">
    <link rel="stylesheet" crossorigin href="/dist/assets/index-E.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_shared-S.js'], css: ['assets/index-E.css'], dynamicImports: ['screens/login/LoginScreen.tsx'] },
  '_shared-S.js': { file: 'assets/shared-S.js' },
  '_gateway-G.js': { file: 'assets/gateway-G.js', imports: ['_shared-S.js'] },
  '_input-I.js': { file: 'assets/input-I.js', css: ['assets/input-I.css'] },
  'screens/home/HomeScreen.tsx': { file: 'assets/HomeScreen-H.js', isDynamicEntry: true, imports: ['_shared-S.js'] },
  'screens/login/LoginScreen.tsx': { file: 'assets/LoginScreen-L.js', isDynamicEntry: true, imports: ['_shared-S.js', '_gateway-G.js', '_input-I.js'] },
  'screens/signUp/SignUpScreen.tsx': { file: 'assets/SignUpScreen-U.js', isDynamicEntry: true, imports: ['_gateway-G.js', '_input-I.js'] },
  'screens/platform/PlatformShell.tsx': { file: 'assets/PlatformShell-P.js', isDynamicEntry: true, imports: ['_gateway-G.js'] },
  'screens/review/ReviewScreen.tsx': { file: 'assets/ReviewScreen-R.js', isDynamicEntry: true, imports: ['_gateway-G.js'] },
  'virtual:locale-sections/pt/accounts?signUp,login,captcha,recover': { file: 'assets/accounts-A.js', isDynamicEntry: true },
  'virtual:locale-sections/pt/platform?platform': { file: 'assets/platform-T.js', isDynamicEntry: true },
  'virtual:locale-sections/en/all': { file: 'assets/en-N.js', isDynamicEntry: true },
};

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const styles = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('app pages: index.html with the route’s chunks preloaded', () => {
  let dir: string;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-pages-'));
    await fs.mkdir(path.join(dir, 'dist', '.vite'), { recursive: true });
    await fs.writeFile(path.join(dir, 'dist', 'index.html'), INDEX);
    await fs.writeFile(path.join(dir, 'dist', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    db = await openPglite(null);
    await migrate(db);
    const config = { ...readConfig({ STATIC_DIR: path.join(dir, 'dist'), NODE_ENV: 'production' }), dataDir: dir };
    app = await buildApp({ config, db, adapters: localAdapters(db, config, dir) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('preloads the screen, its imports and its dictionary part, not what the entry already loads', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual(['/dist/assets/shared-S.js', '/dist/assets/LoginScreen-L.js', '/dist/assets/gateway-G.js', '/dist/assets/input-I.js', '/dist/assets/accounts-A.js']);
    expect(styles(res.body)).toEqual(['/dist/assets/index-E.css', '/dist/assets/input-I.css']);
    // the rest of the page is index.html as built, the links inside <head>
    expect(res.body.replace(/\n {4}<link[^>]+>(?=[\s\S]*<\/head>)/g, '')).toBe(INDEX.replace(/\n {4}<link[^>]+>/g, ''));
    expect(res.body.indexOf('LoginScreen-L.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('matches parameters and a trailing slash; a nested route preloads its shell and its screen', async () => {
    expect(preloads((await app.inject({ method: 'GET', url: '/app/register/' })).body)).toContain('/dist/assets/SignUpScreen-U.js');
    const review = preloads((await app.inject({ method: 'GET', url: '/plateform/verifications/0b7c1e9a-3f7e-4d2a-9c1b-2f4e5a6b7c8d' })).body);
    expect(review).toEqual(['/dist/assets/shared-S.js', '/dist/assets/PlatformShell-P.js', '/dist/assets/gateway-G.js', '/dist/assets/ReviewScreen-R.js', '/dist/assets/platform-T.js']);
  });

  it('preloads the start-up language named in the address, pt being in the entry', async () => {
    expect(preloads((await app.inject({ method: 'GET', url: '/app/login?language=en-US&x=1' })).body)).toContain('/dist/assets/en-N.js');
    expect(preloads((await app.inject({ method: 'GET', url: '/?language=pt' })).body)).toEqual(['/dist/assets/shared-S.js', '/dist/assets/HomeScreen-H.js']);
  });

  it('serves index.html as built for a path without a screen, and keeps the API answers', async () => {
    expect((await app.inject({ method: 'GET', url: '/no/such/page' })).body).toBe(INDEX);
    const api = await app.inject({ method: 'GET', url: '/gatewayinner/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('without a manifest (or a build without </head>), every path gets index.html unchanged', () => {
    expect(appPages(INDEX, null)('/app/login')).toBe(INDEX);
    expect(appPages('<p>bare</p>', MANIFEST)('/app/login')).toBe('<p>bare</p>');
  });
});
