import type { ConsoleMessage, Page } from 'playwright-core';
import type { E2eContext } from './run.ts';
import type { Scenario } from './scenarios.ts';

/**
 * The public pages the server renders (server/ssr.ts, issue 14): each arrives with its heading in
 * the HTML, and the app takes that very markup over — the heading the parser made is the one React
 * owns afterwards (hydrated, not rendered again) — with nothing in the console: a hydration mismatch
 * is a console error in React 19 (recoverable error #418/#423/#425 in a production build).
 */
const RENDERED_PAGES: Array<{ path: string; heading: string | RegExp }> = [
  { path: '/', heading: 'Bem-vindo' },
  { path: '/?language=en', heading: 'Welcome' },
  { path: '/?language=zh', heading: '欢迎' },
  { path: '/agreement/registrationAgreement', heading: /Contrato|Acordo|Termos/ },
  { path: '/en/agreement/privacyProtectionAgreement', heading: /Privacy/ },
  { path: '/pt/agreement/collectionqrcode', heading: /./ },
  { path: '/agreement/nopwd?language=en', heading: /Password-Free/ },
  { path: '/app/download', heading: /./ },
  { path: '/app/helpdoc', heading: /./ },
  { path: '/recharge/rule', heading: /./ },
  { path: '/app/login', heading: 'Iniciar sessão' },
];

/** Console errors and warnings of the page, and uncaught errors, from now on. */
function watchConsole(page: Page) {
  const messages: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  };
  page.on('console', onConsole);
  return messages;
}

/** Records the first `<h1>` the HTML parser creates, before any script of the app runs. */
const RECORD_FIRST_HEADING = () => {
  const w = window as unknown as { __kwParsedHeading?: Element };
  new MutationObserver((_, observer) => {
    const heading = document.querySelector('#root h1');
    if (heading) {
      w.__kwParsedHeading = heading;
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

/**
 * The page works from its HTML and the app waits for a touch (server/appLoader.ts): none of its
 * code has run once the page has loaded. Then a touch, and the app takes the page over: React's
 * fiber is on the heading the parser created.
 */
async function expectHydrated(page: Page, label: string) {
  await page.waitForLoadState('load');
  const early = await page.evaluate(() => ({
    running: !!document.querySelector('script[type="module"][src*="/dist/assets/"]'),
    fiber: Object.keys(document.querySelector('#root h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
  }));
  if (early.running || early.fiber) throw new Error(`${label}: the app ran before anyone touched the page`);
  await page.locator('#root h1').first().click();
  await page.waitForFunction(() => {
    const parsed = (window as unknown as { __kwParsedHeading?: Element }).__kwParsedHeading;
    return !!parsed && Object.keys(parsed).some((key) => key.startsWith('__reactFiber'));
  }, undefined, { timeout: 15_000 }).catch(() => {
    throw new Error(`${label}: the server's heading was not hydrated`);
  });
  const same = await page.evaluate(() => document.querySelector('#root h1') === (window as unknown as { __kwParsedHeading?: Element }).__kwParsedHeading);
  if (!same) throw new Error(`${label}: the heading was rendered again, not hydrated`);
}

export const renderedScenarios: Scenario[] = [
  {
    name: 'public pages arrive rendered and hydrate without a warning',
    async run(ctx) {
      const messages = watchConsole(ctx.page);
      await ctx.page.addInitScript(RECORD_FIRST_HEADING);
      for (const { path, heading } of RENDERED_PAGES) {
        const html = await (await ctx.page.request.get(`${ctx.baseUrl}${path}`)).text();
        const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="kw-ssr">/.exec(html)?.[1] ?? '';
        const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1];
        if (!h1 || !(typeof heading === 'string' ? h1 === heading : heading.test(h1))) throw new Error(`${path}: the HTML has no main heading ${heading} (found ${h1 ?? 'none'})`);
        await ctx.page.goto(`${ctx.baseUrl}${path}`);
        await expectHydrated(ctx.page, path);
        await ctx.page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor({ timeout: 15_000 });
        if (messages.length) throw new Error(`${path}: console says ${messages.join(' | ')}`);
        // a `language` parameter is saved for the tab and the browser (decisions.md, issue 21): the next page starts afresh
        await ctx.page.evaluate(() => {
          sessionStorage.clear();
          localStorage.removeItem('LANG');
        });
      }
      // hydrated pages work as before: the language menu, then a link rendered by the server
      await ctx.page.goto(`${ctx.baseUrl}/`);
      await expectHydrated(ctx.page, '/ again');
      await ctx.page.getByTestId('language-menu').selectOption('en');
      await ctx.page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor({ timeout: 15_000 });
      await ctx.page.getByRole('link', { name: 'Sign in' }).first().click();
      await ctx.page.waitForURL(/\/app\/login$/);
      await ctx.page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      if (messages.length) throw new Error(`after navigating: console says ${messages.join(' | ')}`);
      await ctx.shot('rendered-login-after-hydration');
    },
  },
  {
    name: 'a saved language or a session swaps the rendered page for the app',
    async run(ctx) {
      const messages = watchConsole(ctx.page);
      await ctx.page.addInitScript(RECORD_FIRST_HEADING);
      // the tab saved English; the server, which cannot know, rendered Portuguese: the app renders English instead
      await ctx.page.goto(`${ctx.baseUrl}/app/download`);
      await ctx.page.evaluate(() => sessionStorage.setItem('LANG', 'en'));
      await ctx.page.goto(`${ctx.baseUrl}/`);
      await ctx.page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor({ timeout: 15_000 });
      if ((await ctx.page.getAttribute('html', 'lang')) !== 'en') throw new Error('html lang is not en');
      if (await ctx.page.getByText('Bem-vindo').count()) throw new Error('the Portuguese rendering is still in the page');
      // an agreement in the saved language, its document loaded by the app
      await ctx.page.goto(`${ctx.baseUrl}/agreement/privacyProtectionAgreement`);
      await ctx.page.getByRole('heading', { level: 2, name: /Privacy/ }).waitFor({ timeout: 15_000 });
      // the query parameter wins over the saved language: the English rendering is hydrated
      await ctx.page.goto(`${ctx.baseUrl}/?language=pt`);
      await ctx.page.getByRole('heading', { level: 1, name: 'Bem-vindo' }).waitFor({ timeout: 15_000 });
      await expectHydrated(ctx.page, '/?language=pt');
      // signed in, `/` is the hub, never the signed-out page the server rendered (the gateway held
      // unanswered: this made-up session would otherwise be refused, and the app sign out)
      await ctx.page.route('**/gatewayinner/api', () => {});
      await ctx.page.evaluate(() => localStorage.setItem('UserInfo', JSON.stringify({ h5Token: 'not-a-real-token', memberType: 'individual' })));
      await ctx.page.goto(`${ctx.baseUrl}/`);
      await ctx.page.getByRole('navigation', { name: 'Navegação' }).waitFor({ timeout: 15_000 });
      if (await ctx.page.getByText('Bem-vindo').count()) throw new Error('the signed-out page is still shown to someone signed in');
      const hydrationErrors = messages.filter((m) => /hydrat|#418|#423|#425/i.test(m));
      if (hydrationErrors.length) throw new Error(`console says ${hydrationErrors.join(' | ')}`);
    },
  },
];
