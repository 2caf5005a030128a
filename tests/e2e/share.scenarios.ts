import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeCamera, launchPhones, MERCHANT, see, signIn, STORE } from './phones.ts';
import { watchPolicy } from './policy.ts';
import type { Scenario } from './scenarios.ts';
import type { E2eContext } from './run.ts';

/**
 * Shared by link (issue 24), after the promotions scenario (the demo business open with its store
 * and the coupon «Menos 100 Kz»): the merchant shares its store from the store's screen; someone
 * who never used the wallet opens the link in a fresh browser and sees the store rendered, its
 * coupon and the ways on; the same link in Instagram's browser shows the tip to open it in the
 * default browser; the coupon, ended by the merchant, leads to /s/error. pt and en.
 */
const INSTAGRAM_UA = 'Mozilla/5.0 (Linux; Android 13; itel A665L; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 Instagram 301.0.0.29.124 Android';

/** A phone nobody signed in on (its own context: no session, no saved language), optionally another browser. */
async function freshPhone(ctx: E2eContext, browser: Browser, errors: string[], userAgent?: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-AO', ...(userAgent && { userAgent }) });
  await watchPolicy(context, userAgent ? 'instagram' : 'visitor');
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`visitor: ${String(e)}`));
  return page;
}

/** The link a share button gave: copied (and said so), or shown to copy by hand. */
async function sharedLink(page: Page, button: string): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const copied = page.getByText(/^Link copiado: /);
  const byHand = page.getByLabel('Link para copiar');
  await copied.or(byHand).first().waitFor({ timeout: 15_000 });
  return (await copied.isVisible()) ? (await copied.textContent())!.replace(/^Link copiado: /, '').trim() : byHand.inputValue();
}

export const shareScenarios: Scenario[] = [
  {
    name: 'shared by link: the merchant shares its store, a newcomer opens it in a fresh browser, Instagram’s browser shows the tip, an ended coupon’s link leads to /s/error',
    async run(ctx) {
      const base = ctx.baseUrl;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-share-'));
      const camera = new FakeCamera(dir);
      const errors: string[] = [];
      let browser: Browser | null = null;
      const pages: Record<string, Page> = {};
      try {
        const launched = await launchPhones(ctx, camera, errors);
        browser = launched.browser;
        const merchant = (pages.merchant = await launched.phone('198.51.100.240'));
        await merchant.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });

        // the merchant shares its store from the store's screen
        await signIn(merchant, base, MERCHANT.login, MERCHANT.password);
        await merchant.goto(`${base}/app/merchantlist`);
        await merchant.getByRole('link', { name: STORE, exact: true }).first().click();
        const storeLink = await sharedLink(merchant, 'Partilhar a loja');
        await ctx.shotOf(merchant, 'share-store-link-pt');
        const storePath = new URL(storeLink).pathname;
        if (!/^\/s\/store\/\d+$/.test(storePath)) throw new Error(`the store's link: ${storeLink}`);

        // a newcomer opens it: the store, rendered by the server, its coupon and the ways on
        const visitor = (pages.visitor = await freshPhone(ctx, browser, errors));
        await visitor.goto(`${base}${storePath}`);
        await see(visitor, STORE);
        await see(visitor, 'Menos 100 Kz');
        await see(visitor, 'Abrir na aplicação');
        await see(visitor, 'Descarregar a aplicação');
        const preview = await visitor.locator('meta[property="og:title"]').getAttribute('content');
        if (preview !== STORE) throw new Error(`og:title is ${preview}`);
        await ctx.shotOf(visitor, 'share-store-pt');
        await ctx.auditOf(visitor, 'store share page');
        // open in the app: no app on this phone, so the page says so and offers the download
        await visitor.getByRole('button', { name: 'Abrir na aplicação' }).click();
        await see(visitor, 'Não foi possível abrir a aplicação', 10_000);
        await ctx.shotOf(visitor, 'share-open-failed-pt');
        // its coupon's page
        await visitor.getByRole('link', { name: /Menos 100 Kz/ }).first().click();
        await see(visitor, 'Obter o cupão');
        const couponPath = new URL(visitor.url()).pathname;
        await ctx.shotOf(visitor, 'share-coupon-pt');
        await ctx.auditOf(visitor, 'coupon share page');

        // the same link in Instagram's browser: the tip to open it in the default browser
        const instagram = (pages.instagram = await freshPhone(ctx, browser, errors, INSTAGRAM_UA));
        await instagram.goto(`${base}${storePath}`);
        await see(instagram, /Está dentro de outra aplicação/);
        await ctx.shotOf(instagram, 'share-store-instagram-pt');
        await instagram.goto(`${base}${storePath}?language=en`);
        await see(instagram, /You are inside another app/);
        await see(instagram, 'Open in the app');
        await ctx.shotOf(instagram, 'share-store-instagram-en');

        // the merchant ends the coupon: its link now leads to /s/error, in the spec's words
        await merchant.goto(`${base}/app/promotions`);
        await merchant.getByRole('button', { name: 'Terminar Menos 100 Kz' }).click();
        await merchant.getByRole('button', { name: 'Terminar de vez' }).click();
        await see(merchant, 'Terminada');
        await visitor.goto(`${base}${couponPath}`);
        await visitor.waitForURL(/\/s\/error/, { timeout: 15_000 });
        await see(visitor, 'Lamentamos, a informação partilhada já expirou.');
        await ctx.shotOf(visitor, 'share-error-pt');
        await ctx.auditOf(visitor, 'share error');
        await visitor.goto(`${base}${couponPath}?language=en`);
        await see(visitor, 'Sorry, the information shared by the user has expired.');
        await ctx.shotOf(visitor, 'share-error-en');
        if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
      } catch (error) {
        for (const [name, page] of Object.entries(pages)) await page.screenshot({ path: path.join('tests/e2e/screenshots', `FAILED-share-${name}.png`) }).catch(() => {});
        throw error;
      } finally {
        await browser?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
