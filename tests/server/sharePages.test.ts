import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { migrate, openPglite } from '../../server/db/index.ts';
import { seed } from '../../server/db/seed.ts';
import { localAdapters } from '../../server/adapters/local.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import type { PageRenderer } from '../../server/ssr.ts';
import { createMerchantDirect, ok, type MerchantSetup } from '../support/merchant.ts';
import { envelope, type TestServer } from '../support/server.ts';

/**
 * Issue 24: a link to a store, a group package or a coupon pasted in WhatsApp. WhatsApp's crawler
 * runs no script: it reads the HTML the server renders (src/entry-server.tsx into index.html, the
 * real server) for its Open Graph tags and fetches their picture. Whatever cannot be offered now
 * leads to `/s/error`, never a blank or the not-found page.
 */
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const PUBLIC_URL = 'https://carteira.example.ao';
const KZ = 100;
const DAY = 86_400_000;

const tag = (html: string, property: string) => {
  const found = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];
  return found?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};

describe('share pages, as a link preview reads them', () => {
  let server: TestServer;
  let dir: string;
  let shop: MerchantSetup;
  let packageId: string;
  let couponId: string;

  const crawl = (url: string) => server.app.inject({ url, headers: { 'user-agent': WHATSAPP } });
  const call = async (service: string, bizContent: object) => (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent) })).json();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kw-share-'));
    await fs.mkdir(path.join(dir, 'dist'), { recursive: true });
    await fs.copyFile('index.html', path.join(dir, 'dist', 'index.html'));
    const db = await openPglite(null);
    await migrate(db);
    await seed(db);
    const config = { ...readConfig({ STATIC_DIR: path.join(dir, 'dist'), NODE_ENV: 'production', PUBLIC_URL }), dataDir: dir };
    const pageRenderer = (await import('../../src/entry-server.tsx')) as PageRenderer;
    const adapters = localAdapters(db, config, dir);
    const app = await buildApp({ config, db, adapters, pageRenderer });
    await app.ready();
    server = {
      app, db, adapters, filesDir: dir,
      memberToken: async (login) => openMemberSession(db, (await db.query<{ id: string }>('SELECT id FROM members WHERE mobile = $1 OR email = $1', [login])).rows[0]!.id, { idleMs: DAY, lifetimeMs: DAY }),
      close: async () => {},
    };
    shop = await createMerchantDirect(server, { store: { name: 'Pastelaria "Doce" & Cia', address: 'Rua Rainha Ginga 12, Luanda', description: 'Bolos e salgados desde 1998.', businessDays: [1, 2, 3, 4, 5], opensAt: '08:00', closesAt: '20:00' } });
    packageId = (await ok(server, 'merchant/groupPackage/save', {
      storeId: shop.storeId, name: 'Lanche para dois', content: ['2 pastéis de nata', '2 cafés'], groupPrice: 1_500 * KZ, normalPrice: 2_200 * KZ, stock: 20,
      endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
    }, shop.token)).packageId;
    couponId = (await ok(server, 'merchant/promotion/saveCoupon', { name: 'Menos 200 Kz', type: 2, threshold: 1_000 * KZ, amountOff: 200 * KZ, stock: 50 }, shop.token)).couponId;
  }, 120_000);
  afterAll(async () => {
    await server?.app.close();
    await server?.db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a store’s link: its real name, what it offers and a picture that answers, in the HTML alone', async () => {
    const response = await crawl(`/s/store/${shop.storeId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(tag(html, 'og:title')).toBe('Pastelaria "Doce" & Cia');
    expect(html).toContain('content="Pastelaria &quot;Doce&quot; &amp; Cia"'); // escaped, never raw
    expect(tag(html, 'og:description')).toBe('Bolos e salgados desde 1998.');
    expect(tag(html, 'og:url')).toBe(`${PUBLIC_URL}/s/store/${shop.storeId}`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/s/store/${shop.storeId}">`);
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toMatch(/<title>Pastelaria &quot;Doce&quot; &amp; Cia · Kwanza Wallet<\/title>/);
    const image = tag(html, 'og:image')!;
    expect(image).toBe(`${PUBLIC_URL}/s/image/store/${shop.storeId}`);
    const picture = await server.app.inject({ url: new URL(image).pathname, headers: { 'user-agent': WHATSAPP } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // the page itself, rendered: the store, its days and hours, its package and coupon
    for (const text of ['Rua Rainha Ginga 12, Luanda', 'Segunda a sexta, 08:00–20:00', 'Lanche para dois', 'Menos 200 Kz', 'Abrir na aplicação', 'Descarregar a aplicação']) expect(html).toContain(text);
    expect(html).toContain(`"share/store/${shop.storeId}|pt":{"ok":true`);
  });

  it('a package’s link and a coupon’s, in the language asked', async () => {
    const group = await crawl(`/s/group/${shop.storeId}/${packageId}?language=en`);
    expect(group.statusCode).toBe(200);
    expect(tag(group.body, 'og:title')).toBe('Lanche para dois');
    expect(tag(group.body, 'og:description')).toMatch(/1,500\.00 Kz instead of 2,200\.00 Kz|1 500,00 Kz|1,500/);
    expect(tag(group.body, 'og:image')).toBe(`${PUBLIC_URL}/s/image/group/${shop.storeId}/${packageId}`);
    for (const text of ['2 pastéis de nata', '2 cafés', 'Buy the package', 'I have an account: sign in']) expect(group.body).toContain(text);
    expect(group.body).toContain(`returnTo=${encodeURIComponent(`/app/grouppackages/buy/${packageId}`)}`);
    expect((await server.app.inject({ url: `/s/image/group/${shop.storeId}/${packageId}` })).statusCode).toBe(200);
    const coupon = await crawl(`/s/coupon/${couponId}`);
    expect(coupon.statusCode).toBe(200);
    expect(tag(coupon.body, 'og:title')).toBe('Menos 200 Kz');
    expect(tag(coupon.body, 'og:description')).toContain('Gaste 1 000,00 Kz e receba 200,00 Kz de desconto');
    expect(coupon.body).toContain(`returnTo=${encodeURIComponent(`/app/coupons/claim/${shop.storeId}/${couponId}`)}`);
  });

  it('what cannot be offered now leads to /s/error with the spec’s words, and the calls say SHR10001', async () => {
    const other = await createMerchantDirect(server);
    const ended = (await ok(server, 'merchant/groupPackage/save', { storeId: shop.storeId, name: 'Acabou', content: ['1 bolo'], groupPrice: 500 * KZ, normalPrice: 900 * KZ, stock: 5, endsAt: new Date(Date.now() + DAY).toISOString() }, shop.token)).packageId;
    await ok(server, 'merchant/groupPackage/setStatus', { packageId: ended, status: 'ended' }, shop.token);
    const expiredCoupon = (await ok(server, 'merchant/promotion/saveCoupon', { name: 'Velho', type: 1, amountOff: 50 * KZ, stock: 5 }, shop.token)).couponId;
    await server.db.query("UPDATE coupons SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 day' WHERE id = $1", [expiredCoupon]);
    const autoCoupon = (await ok(server, 'merchant/promotion/saveCoupon', { name: 'Dado', type: 1, amountOff: 50 * KZ, stock: 5, autoThreshold: 1_000 * KZ, autoBasis: 'paid' }, shop.token)).couponId;
    const closedStore = (await createMerchantDirect(server)).storeId;
    await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [closedStore]);
    const links = [
      `/s/store/999999999`, `/s/store/${closedStore}`, `/s/group/${shop.storeId}/${ended}`, `/s/group/${other.storeId}/${packageId}`,
      `/s/group/${shop.storeId}/999999`, `/s/coupon/${expiredCoupon}`, `/s/coupon/${autoCoupon}`, `/s/coupon/${packageId}99`,
    ];
    for (const link of links) {
      const response = await crawl(link);
      expect(response.statusCode, link).toBe(302);
      expect(response.headers.location, link).toBe('/s/error');
    }
    expect((await crawl(`/s/coupon/${expiredCoupon}?language=en`)).headers.location).toBe('/s/error?language=en');
    const page = await crawl('/s/error');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lamentamos, a informação partilhada já expirou.');
    // the calls the pages make in the browser
    expect((await call('share/store/get', { storeId: closedStore })).code).toBe('SHR10001');
    expect((await call('share/group/get', { storeId: shop.storeId, packageId: ended })).code).toBe('SHR10001');
    expect((await call('share/coupon/get', { couponId: expiredCoupon })).code).toBe('SHR10001');
    expect((await call('share/coupon/get', { couponId: 'abc' })).code).not.toBe('S0001');
    // an unknown picture is still a picture (the app's own), never an error
    expect((await server.app.inject({ url: '/s/image/store/999999999' })).headers['content-type']).toBe('image/png');
    // and what can be offered answers, with nothing private
    const store = await call('share/store/get', { storeId: shop.storeId });
    expect(store.code).toBe('S0001');
    expect(JSON.stringify(store.bizContent)).not.toMatch(/memberId|mobile|email|nif|settlement/i);
  });
});
