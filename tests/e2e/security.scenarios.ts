import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame } from 'playwright-core';
import type { Scenario } from './scenarios.ts';

/**
 * Issue 30: no page of the wallet can be framed by another site (clickjacking the pay password, say).
 * A throwaway site on another port — another origin — frames `/app/paypassword` next to a page of its
 * own: its own frame shows, the wallet's stays an error page (Chromium refuses it for the wallet's
 * `frame-ancestors 'none'`). The framing site's browser context is not watched for policy violations
 * (policy.ts): the refusal is what this scenario expects.
 */
const FRAMED = '/app/paypassword';

/** What a frame's document holds, or null when the browser lets nothing be read from it. */
const contentOf = async (frame: Frame | null) => (frame ? frame.evaluate(() => document.documentElement.outerHTML).catch(() => null) : null);

export const securityScenarios: Scenario[] = [
  {
    name: 'another site cannot frame the wallet: the pay-password page in its iframe shows nothing, the site\'s own frame shows',
    async run(ctx) {
      const site = http.createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        if (request.url === '/own.html') response.end('<!doctype html><title>own</title><p id="own">a page of the framing site</p>');
        else response.end(`<!doctype html><title>Another site</title><iframe id="own" src="/own.html" width="360" height="120"></iframe><iframe id="wallet" src="${ctx.baseUrl}${FRAMED}" width="360" height="600"></iframe>`);
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const context = await ctx.page.context().browser()!.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const said: string[] = [];
        page.on('console', (message) => said.push(message.text()));
        const asked = page.waitForResponse((response) => response.url().startsWith(`${ctx.baseUrl}${FRAMED}`), { timeout: 15_000 });
        await page.goto(`${origin}/`);
        // the browser did fetch the wallet's page: what it refused is to show it here
        const answer = await asked;
        if (answer.status() !== 200) throw new Error(`${FRAMED} answered ${answer.status()}`);
        const headers = answer.headers();
        if (!/frame-ancestors 'none'/.test(headers['content-security-policy'] ?? '') || headers['x-frame-options'] !== 'DENY') throw new Error(`${FRAMED} came without its framing defences: ${JSON.stringify(headers)}`);
        await page.waitForLoadState('load');

        const own = await (await page.locator('#own').elementHandle())!.contentFrame();
        await own!.locator('#own').waitFor({ timeout: 15_000 }); // iframes work on this site
        const wallet = await (await page.locator('#wallet').elementHandle())!.contentFrame();
        const html = await contentOf(wallet);
        if (wallet && wallet.url().startsWith(ctx.baseUrl)) throw new Error(`the wallet's page loaded in another site's frame (${wallet.url()})`);
        if (html && /id="root"|kw-frame|Kwanza/.test(html)) throw new Error(`the framed page shows the wallet: ${html.slice(0, 200)}`);
        if (!said.some((line) => /frame-ancestors 'none'/.test(line))) throw new Error(`no refusal for frame-ancestors in the console: ${said.join(' | ')}`);
        await ctx.shotOf(page, 'security-framed-by-another-site');
      } finally {
        await context.close();
        site.close();
      }
    },
  },
];
