import type { Page } from 'playwright-core';
import type { E2eContext } from './run.ts';
import { codeFromOutbox, expectText, outboxCount, type Scenario } from './scenarios.ts';

/**
 * What a new user trips over (issue 21), as they met it: a signed-in page without a session, a
 * session lost on the wallet, Back on a page opened from a link, a language that did not follow a
 * link into a new tab, and French screens with Portuguese words and American amounts.
 */

const ANA = { login: '923000001', password: 'Kwanza2026' };

/** A member of this scenario's own (signed up here, signed in after): no pay password yet. */
async function signUpNewMember(page: Page, ctx: E2eContext, mobile: string) {
  await page.goto(`${ctx.baseUrl}/app/register?language=pt`);
  await page.getByLabel('Número de telemóvel').fill(mobile);
  await page.getByText('Li e aceito o').click();
  const before = await outboxCount(ctx, mobile);
  await page.getByRole('button', { name: 'Receber código' }).click();
  await page.getByLabel('Código de verificação').fill(await codeFromOutbox(ctx, mobile, before));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByLabel('Palavra-passe').fill('Luanda2026');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('navigation', { name: 'Navegação' }).waitFor({ timeout: 15_000 });
}

/** On the login page (as the session chart sends people there), log in; the page that asked comes next. */
async function logInHere(page: Page, who: { login: string; password: string }, language: 'pt' | 'en' = 'pt') {
  const x = language === 'pt' ? { login: 'Telemóvel ou e-mail', password: 'Palavra-passe', enter: 'Entrar' } : { login: 'Mobile or e-mail', password: 'Password', enter: 'Sign in' };
  await page.getByLabel(x.login).fill(who.login);
  await page.getByLabel(x.password, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: x.enter }).click();
}

async function signIn(page: Page, base: string, who: { login: string; password: string }, language: 'pt' | 'en' | 'fr' = 'pt') {
  await page.goto(`${base}/app/login?language=${language}`);
  await logInHere(page, who, language === 'en' ? 'en' : 'pt');
  await page.getByRole('navigation').first().waitFor({ timeout: 15_000 });
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The address becomes `wanted` (a router's move or a page load alike). */
async function waitForPath(page: Page, wanted: string | RegExp, timeout = 15_000) {
  await page.waitForFunction(
    ([text, source]) => (source === null ? location.pathname + location.search === text : new RegExp(source).test(location.pathname + location.search)),
    [typeof wanted === 'string' ? wanted : '', typeof wanted === 'string' ? null : wanted.source] as const,
    { timeout },
  );
}

/** A link opened in a new tab, as a person would from a message: nothing before it in that tab. */
async function openInNewTab(ctx: E2eContext, address: string): Promise<Page> {
  const tab = await ctx.page.context().newPage();
  await tab.goto(`${ctx.baseUrl}${address}`);
  return tab;
}

/** Page text readable on screen now (what a person sees, not what the DOM holds behind a cover). */
const visibleText = (page: Page) => page.evaluate(() => {
  const cover = document.querySelector('.kw-session-cover');
  return cover ? (cover as HTMLElement).innerText : document.body.innerText;
});

export const newcomerScenarios: Scenario[] = [
  {
    name: 'a signed-in page opened by someone never signed in goes straight to log-in, and there after it (pt and en)',
    async run(ctx) {
      const { page } = ctx;
      await page.goto(`${ctx.baseUrl}/app/funddetail`);
      await waitForPath(page, '/app/login?returnTo=%2Fapp%2Ffunddetail');
      await page.getByRole('heading', { level: 1, name: 'Iniciar sessão' }).waitFor();
      if (/Sessão terminada|sessão terminou/.test(await page.evaluate(() => document.body.innerText))) throw new Error('a visitor never signed in is told a session ended');
      await ctx.shot('newcomer-login-from-signed-in-page-pt');
      await ctx.audit('login asked by a signed-in page');
      await logInHere(page, ANA);
      await waitForPath(page, '/app/funddetail');
      await page.getByRole('heading', { level: 1, name: 'Movimentos' }).waitFor({ timeout: 15_000 });
      await ctx.shot('newcomer-back-at-the-page-after-login-pt');

      // en, from a record's page, query and all
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${ctx.baseUrl}/app/staffdetail?staffId=4&language=en`);
      await waitForPath(page, /^\/app\/login\?returnTo=%2Fapp%2Fstaffdetail%3FstaffId%3D4/);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await ctx.shot('newcomer-login-from-signed-in-page-en');
      // a return address elsewhere is refused: log-in then goes home
      await page.goto(`${ctx.baseUrl}/app/login?returnTo=${encodeURIComponent('//evil.example/app/wallet')}`);
      await logInHere(page, ANA, 'en');
      await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor({ timeout: 15_000 });
      if (path(page) !== '/') throw new Error(`an outside return address led to ${page.url()}`);
    },
  },
  {
    name: 'a session lost on the wallet hides the balance at once, then log-in, then back on the wallet (pt and en)',
    async run(ctx) {
      const { page } = ctx;
      for (const language of ['pt', 'en'] as const) {
        const x = language === 'pt'
          ? { available: 'Saldo disponível', refresh: 'Atualizar', ended: 'Sessão terminada', title: 'Carteira', login: 'Iniciar sessão' }
          : { available: 'Available balance', refresh: 'Refresh', ended: 'Session ended', title: 'Wallet', login: 'Sign in' };
        await page.evaluate(() => localStorage.clear()).catch(() => {});
        await signIn(page, ctx.baseUrl, ANA, language);
        await page.goto(`${ctx.baseUrl}/app/wallet`);
        await page.getByText(x.available).waitFor({ timeout: 15_000 });
        await ctx.shot(`session-wallet-before-${language}`);
        // the session dies on the server's side (an unknown token answers AGW20001, as an ended one does)
        await page.evaluate(() => {
          const user = JSON.parse(localStorage.getItem('UserInfo') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('UserInfo', JSON.stringify({ ...user, h5Token: 'ended-session-token-0123456789' }));
        });
        await page.getByRole('button', { name: x.refresh }).click();
        await page.getByRole('alertdialog').getByText(x.ended).waitFor({ timeout: 10_000 });
        const seen = await visibleText(page);
        if (/Kz|\d[\d\s.,]*,\d\d|\d,\d{3}/.test(seen) || seen.includes(x.available)) throw new Error(`the wallet is readable behind the message: ${seen}`);
        const opaque = await page.evaluate(() => getComputedStyle(document.querySelector('.kw-session-cover')!).backgroundColor);
        if (!/^rgb\(/.test(opaque)) throw new Error(`the cover lets the page through: ${opaque}`);
        if (await page.getByText(x.available).count()) throw new Error('the wallet is still on the page behind the cover');
        await ctx.shot(`session-expired-cover-${language}`);
        await ctx.audit(`session expired ${language}`);
        await waitForPath(page, '/app/login?returnTo=%2Fapp%2Fwallet', 10_000);
        await page.getByRole('heading', { level: 1, name: x.login }).waitFor();
        await ctx.shot(`session-login-to-return-${language}`);
        await logInHere(page, ANA, language);
        await waitForPath(page, '/app/wallet');
        await page.getByText(x.available).waitFor({ timeout: 15_000 });
        await ctx.shot(`session-back-on-wallet-${language}`);
      }
    },
  },
  {
    name: 'Back on a page opened from a link stays in the app: a record, the fund detail, the pay password’s Done',
    async run(ctx) {
      await signUpNewMember(ctx.page, ctx, '923456711');
      for (const [address, parent, heading] of [['/app/records/3', '/app/records', 'Registos de transações'], ['/app/funddetail', '/app/wallet', 'Carteira']] as const) {
        const tab = await openInNewTab(ctx, address);
        await tab.getByRole('button', { name: 'Voltar' }).click();
        await waitForPath(tab, parent);
        await tab.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
        await ctx.shotOf(tab, `back-from-${address.replace(/\W+/g, '-').slice(1)}`);
        await tab.close();
      }
      // the pay password set from a link, then Done
      const tab = await openInNewTab(ctx, '/app/paypassword');
      const keypad = tab.getByRole('group', { name: 'Teclado seguro' });
      await keypad.waitFor({ timeout: 15_000 });
      for (const digit of '581302') await keypad.getByRole('button', { name: digit, exact: true }).click();
      await tab.getByText('Repita a palavra-passe').waitFor();
      for (const digit of '581302') await keypad.getByRole('button', { name: digit, exact: true }).click();
      await tab.getByText(/Palavra-passe de pagamento guardada/).waitFor({ timeout: 15_000 });
      await tab.getByRole('button', { name: 'Concluído' }).click();
      await waitForPath(tab, '/app/setting');
      await tab.getByRole('heading', { level: 1, name: 'Definições' }).waitFor({ timeout: 15_000 });
      await ctx.shotOf(tab, 'back-from-pay-password-done');
      // with history of the app's own, Back is one step back
      await ctx.page.goto(`${ctx.baseUrl}/app/wallet`);
      await ctx.page.getByRole('link', { name: 'Movimentos' }).first().click();
      await waitForPath(ctx.page, /^\/app\/funddetail/);
      await ctx.page.getByRole('button', { name: 'Voltar' }).click();
      await waitForPath(ctx.page, /^\/app\/wallet/);
    },
  },
  {
    name: 'the language follows a link into a new tab, and a new tab opens in it',
    async run(ctx) {
      const { page } = ctx;
      await page.goto(`${ctx.baseUrl}/app/register?language=en`);
      await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor({ timeout: 15_000 });
      const [agreement] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Registration Agreement' }).click()]);
      await agreement.waitForLoadState();
      if (new URL(agreement.url()).searchParams.get('language') !== 'en') throw new Error(`the agreement link carries no language: ${agreement.url()}`);
      await agreement.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      if ((await agreement.getAttribute('html', 'lang')) !== 'en') throw new Error('the agreement opened in another language');
      await ctx.shotOf(agreement, 'language-agreement-new-tab-en');
      await agreement.close();
      // a tab opened by hand, no parameter: the language chosen in this browser
      const fresh = await openInNewTab(ctx, '/');
      await fresh.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor({ timeout: 15_000 });
      await ctx.shotOf(fresh, 'language-new-tab-en');
      await fresh.close();
      // changed from the menu: the next new tab follows
      await page.goto(`${ctx.baseUrl}/`);
      await page.getByTestId('language-menu').selectOption('zh');
      await expectText(ctx, '欢迎');
      const third = await openInNewTab(ctx, '/app/helpdoc');
      if ((await third.getAttribute('html', 'lang')) === 'pt-AO') await third.waitForFunction(() => document.documentElement.lang === 'zh', undefined, { timeout: 15_000 });
      await third.close();
    },
  },
  {
    name: 'French screens: French or Portuguese by whole texts, amounts 38 100,00 Kz, dates in words',
    async run(ctx) {
      const { page } = ctx;
      await signIn(page, ctx.baseUrl, ANA, 'fr');
      await page.goto(`${ctx.baseUrl}/app/wallet?language=fr`);
      await page.getByText('Solde disponible').waitFor({ timeout: 15_000 });
      const wallet = await page.evaluate(() => document.body.innerText);
      if (/Kz\s?\d/.test(wallet)) throw new Error(`an amount in the en-US way on a French screen: ${wallet}`);
      if (!/\d,\d\d\sKz/.test(wallet)) throw new Error(`no amount written 1 234,56 Kz: ${wallet}`);
      if (/Saldo disponível|Levantar/.test(wallet)) throw new Error(`Portuguese words on the French wallet: ${wallet}`);
      await ctx.shot('fr-wallet');
      await page.goto(`${ctx.baseUrl}/?language=fr`);
      await page.getByRole('heading', { level: 1, name: /^Bonjour, / }).waitFor({ timeout: 15_000 });
      await ctx.shot('fr-hub');
      await page.goto(`${ctx.baseUrl}/app/funddetail?language=fr`);
      await page.getByRole('heading', { level: 1, name: 'Mouvements' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Autre' }).click();
      await page.locator('#fund-from-shown').waitFor();
      const shown = await page.locator('#fund-from-shown').innerText();
      if (/\d{4}-\d{2}-\d{2}/.test(shown) || !/^\d{1,2} \S+ \d{4}$/.test(shown)) throw new Error(`the range's day is written ${shown}`);
      await ctx.shot('fr-fund-detail-range');
      await page.goto(`${ctx.baseUrl}/app/funddetail?language=pt`);
      await page.getByRole('heading', { level: 1, name: 'Movimentos' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Outro' }).click();
      await page.locator('#fund-from-shown').waitFor();
      await ctx.shot('pt-fund-detail-range');
      await page.goto(`${ctx.baseUrl}/app/funddetail?language=en`);
      await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Other' }).click();
      await page.locator('#fund-from-shown').waitFor();
      if (!/^\d{1,2} [A-Z][a-z]{2} \d{4}$/.test(await page.locator('#fund-from-shown').innerText())) throw new Error('the range\'s day is not written 26 Nov 2026 in en');
      await ctx.shot('en-fund-detail-range');
    },
  },
];
