import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { migrate, openPglite, type Database } from '../../server/db/index.ts';
import { localAdapters } from '../../server/adapters/local.ts';
import { findDocument } from '../../server/domains/document/documents.ts';
import { deferScripts, type PageRenderer } from '../../server/ssr.ts';
import { APP_LOADER } from '../../server/appLoader.ts';
import type { DocumentSlug } from '../../services/contract/document.ts';
import { ROUTES } from '../../services/routeTable.ts';
import type { Language } from '../../src/lib/language.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');

/**
 * Issue 14: the public pages reach the browser rendered — their main heading, in the request's
 * language, in the HTML's root — with the data the app hydrates them with. Renders with the app's
 * own server entry (src/entry-server.tsx, what `vite build --ssr` bundles) into the repository's
 * index.html, through the real server.
 */
const DICTIONARIES = { pt, en, zh } as unknown as Record<'pt' | 'en' | 'zh', Record<string, Record<string, string>>>;
const LANGUAGES = ['pt', 'en', 'zh'] as const;

/** Every address of every `rendered` route: a parameter's pattern in the table is a list of names. */
/** (the share pages render what their link names: tests/server/sharePages.test.ts) */
const RENDERED = ROUTES.filter((route) => route.rendered && !route.shared).flatMap((route) => {
  const pattern = route.params?.slug?.source;
  const slugs = pattern ? /^\^\(\?:(.*)\)\$$/.exec(pattern)![1]!.split('|') : [undefined];
  return slugs.map((slug) => ({ route, url: slug ? route.path.replace('$slug', slug) : route.path, slug: slug ?? route.props?.slug }));
});

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="kw-ssr">/.exec(html)?.[1] ?? '';
const headingOf = (html: string) => {
  const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(rootOf(html))?.[1];
  return h1?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
};

/**
 * Every script a browser would run and every style element of a page is allowed by the page's
 * Content-Security-Policy, by its hash (server/securityHeaders.ts): a render that writes another
 * inline script (a router upgrade, a screen) would be blocked in the browser, so it fails here.
 */
function expectInlineAllowed(response: { body: string; headers: Record<string, unknown> }, label: string) {
  const policy = new Map(String(response.headers['content-security-policy']).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
  for (const [, attributes, text] of response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=|type="application\/json"/.test(attributes!)) continue;
    expect(policy.get('script-src'), `${label}: inline script ${text!.slice(0, 50)}`).toContain(hash(text!));
  }
  for (const [, text] of response.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) expect(policy.get('style-src'), `${label}: inline style`).toContain(hash(text!));
}

describe('public pages are rendered by the server', () => {
  let dir: string;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-rendered-'));
    await fs.mkdir(path.join(dir, 'dist'), { recursive: true });
    await fs.copyFile('index.html', path.join(dir, 'dist', 'index.html'));
    db = await openPglite(null);
    await migrate(db);
    const config = { ...readConfig({ STATIC_DIR: path.join(dir, 'dist'), NODE_ENV: 'production' }), dataDir: dir };
    const pageRenderer = (await import('../../src/entry-server.tsx')) as PageRenderer;
    app = await buildApp({ config, db, adapters: localAdapters(db, config, dir), pageRenderer });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('covers the home, the agreements in every prefix and the help pages', () => {
    const urls = RENDERED.map((r) => r.url);
    expect(urls).toContain('/');
    expect(urls).toContain('/agreement/registrationAgreement');
    expect(urls).toContain('/en/agreement/privacyProtectionAgreement');
    expect(urls).toContain('/pt/agreement/collectionqrcode');
    expect(urls).toContain('/app/download');
    expect(urls).toContain('/app/login');
    expect(urls.length).toBeGreaterThan(30);
  });

  for (const language of LANGUAGES) {
    it(`every rendered page has its main heading in the HTML (${language})`, async () => {
      for (const { route, url, slug } of RENDERED) {
        const response = await app.inject({ url: `${url}?language=${language}` });
        expect(response.statusCode, url).toBe(200);
        const documentLanguage = (route.props?.language ?? language) as Language;
        let expected: string;
        if (route.screen === 'home/HomeScreen') expected = DICTIONARIES[language].home!.welcome!;
        else if (route.screen === 'document/AgreementScreen') expected = (await findDocument(slug as DocumentSlug, documentLanguage))!.title;
        else expected = DICTIONARIES[language].titles![route.title.replace(/^titles\./, '')]!;
        expect(headingOf(response.body), `${url} in ${language}`).toBe(expected);
        expect(response.body).toContain(`data-rendered="${language}"`);
        expectInlineAllowed(response, `${url} in ${language}`);
        expect(response.body).toMatch(new RegExp(`<html lang="${language === 'pt' ? 'pt-AO' : language}"`));
        // the app hydrates with the document the page was rendered with, not a second fetch
        if (slug) expect(response.body, url).toContain(`"${slug}|${documentLanguage}":{"ok":true`);
      }
    }, 60_000);
  }

  it('renders pt without a language parameter, and names the page in the title', async () => {
    const response = await app.inject({ url: '/agreement/registrationAgreement' });
    expect(headingOf(response.body)).toBe((await findDocument('registrationAgreement', 'pt'))!.title);
    expect(response.body).toMatch(/<title>[^<]+ · Kwanza Wallet<\/title>/);
    const home = await app.inject({ url: '/' });
    expect(headingOf(home.body)).toBe(pt.home.welcome);
  });

  it('leaves the other pages to the app: the frame in the HTML, an empty root', async () => {
    for (const url of ['/app/register', '/app/wallet', '/agreement/noSuchAgreement', '/no/such/page']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('id="kw-frame"');
      expect(response.body, url).not.toContain('id="kw-ssr"');
    }
  });

  it('sends the page compressed to browsers that take it', async () => {
    const plain = await app.inject({ url: '/?language=en' });
    const br = await app.inject({ url: '/?language=en', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/?language=en', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('leaves the app\'s code to the loader, not the head', () => {
    const page = `<html><head>
    <script type="module" crossorigin src="/dist/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/dist/assets/vendor-V.js">
  </head><body><div id="root"><h1>Bem-vindo</h1></div></body></html>`;
    const deferred = deferScripts(page);
    const head = deferred.slice(0, deferred.indexOf('</head>'));
    expect(head).not.toContain('index-E.js');
    expect(head).not.toContain('vendor-V.js');
    // what to load is data (never run); the loader is one fixed text, allowed by its hash (server/securityHeaders.ts)
    const data = /<script type="application\/json" id="kw-deferred">([^<]+)<\/script><script>([^<]+)<\/script>\s*<\/body>/.exec(deferred);
    expect(JSON.parse(data?.[1] ?? 'null')).toMatchObject({ entry: '/dist/assets/index-E.js', preloads: ['/dist/assets/vendor-V.js'] });
    expect(JSON.parse(data?.[1] ?? 'null').appPaths).toEqual(expect.arrayContaining(['', 'app', 'agreement', 's']));
    expect(data?.[2]).toBe(APP_LOADER); // (what it does: tests/screens/appLoader.screen.test.tsx)
    // a page without the built entry (the development server's) is left as it is
    expect(deferScripts('<head><script type="module" src="/src/main.tsx"></script></head><body></body>')).toContain('src="/src/main.tsx"');
  });
});
