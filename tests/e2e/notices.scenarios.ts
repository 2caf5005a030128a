import type { E2eContext } from './run.ts';
import { expectSignedIn, expectText, type Scenario } from './scenarios.ts';

/**
 * The notices inbox in Chromium (issue 26, part 5), as Joana (the Portuguese newcomer, verified
 * earlier), to whom Ana sent 250 Kz in the money scenario: the hub's bell says how many notices
 * are unread; the inbox shows the money received first; opening it marks it read and shows its
 * receipt; back home, the count is one less. Then the inbox in English.
 */
const JOANA = { login: '923456700', password: 'Huambo2027' };

async function signInAsJoana(ctx: E2eContext) {
  await ctx.page.goto(`${ctx.baseUrl}/app/login?language=pt`);
  await ctx.page.getByLabel('Telemóvel ou e-mail').fill(JOANA.login);
  await ctx.page.getByLabel('Palavra-passe', { exact: true }).fill(JOANA.password);
  await ctx.page.getByRole('button', { name: 'Entrar' }).click();
  await expectSignedIn(ctx, 'Joana Baptista Neto');
}

/** The home, once its bell shows the count the server gave it: that count. */
async function homeBell(ctx: E2eContext, language: 'pt' | 'en' = 'pt'): Promise<number> {
  // (a page still asking for its count is left first: its answer dies with it, unread by this)
  await ctx.page.goto('about:blank');
  const counted = ctx.page.waitForResponse((r) => r.url().endsWith('/gatewayinner/api') && (r.request().postData() ?? '').includes('wallet/notices/unreadCount'), { timeout: 15_000 });
  await ctx.page.goto(`${ctx.baseUrl}/`);
  const unread = ((await (await counted).json()) as { bizContent: { unread: number } }).bizContent.unread;
  const name = language === 'pt' ? (unread > 0 ? `Notificações, ${unread} por ler` : 'Notificações') : unread > 0 ? `Notices, ${unread} unread` : 'Notices';
  await ctx.page.getByRole('link', { name, exact: true }).waitFor({ timeout: 15_000 });
  return unread;
}

export const noticesScenarios: Scenario[] = [
  {
    name: 'inbox: the money Joana received shows on the home’s bell and first in the inbox; opening it marks it read and shows its receipt (pt, en)',
    async run(ctx) {
      const page = ctx.page;
      await signInAsJoana(ctx);
      // the count is read each time the hub shows: the transfer, the verification's result and the announcements
      const before = await homeBell(ctx);
      if (before < 2) throw new Error(`expected the transfer and more unread, the bell says ${before}`);
      await ctx.shot('inbox-home-badge-pt');
      await ctx.audit('home with the inbox badge');

      await page.getByRole('link', { name: /^Notificações, \d+ por ler$/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Notificações' }).waitFor({ timeout: 15_000 });
      await expectText(ctx, `${before} notificações por ler`);
      const list = page.getByRole('list', { name: 'Notificações' });
      const received = list.getByRole('button', { name: /Dinheiro recebido/ }).first();
      await received.waitFor({ timeout: 15_000 });
      const line = (await received.textContent()) ?? '';
      if (!/^Por ler: Dinheiro recebidoAna M\*\*\* D\*\*\* enviou-lhe 250,00\sKz/.test(line)) throw new Error(`the money received says: ${line}`);
      await expectText(ctx, 'Identidade verificada');
      await ctx.shot('inbox-list-pt');
      await ctx.audit('inbox');

      // opening it: read, then its receipt
      await received.click();
      await expectText(ctx, 'Comprovativo de transferência');
      await expectText(ctx, 'Ana M*** D***');
      await ctx.shot('inbox-opened-receipt-pt');

      // back on the home: one fewer unread
      const after = await homeBell(ctx);
      if (after !== before - 1) throw new Error(`the bell said ${before}, then ${after} after opening one`);
      await page.goto(`${ctx.baseUrl}/app/notices`);
      const readLine = page.getByRole('list', { name: 'Notificações' }).getByRole('button', { name: /Dinheiro recebido/ }).first();
      await readLine.waitFor({ timeout: 15_000 });
      if ((await readLine.getAttribute('class'))?.includes('kw-notice-unread')) throw new Error('the money received is still unread');

      // in English, the same inbox; then everything marked read
      await page.goto(`${ctx.baseUrl}/app/notices?language=en`);
      await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor({ timeout: 15_000 });
      await expectText(ctx, /Ana M\*\*\* D\*\*\* sent you 250\.00\sKz|Ana M\*\*\* D\*\*\* sent you Kz\s?250\.00/);
      await expectText(ctx, `${after} unread notice`);
      await ctx.shot('inbox-list-en');
      await ctx.audit('inbox in English');
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await expectText(ctx, 'All read.');
      await ctx.shot('inbox-all-read-en');
      if ((await homeBell(ctx, 'en')) !== 0) throw new Error('the bell still counts notices after marking all read');
      await ctx.shot('inbox-home-no-badge-en');
      // Joana's language back as it was, for whoever signs her in next
      await page.goto(`${ctx.baseUrl}/?language=pt`);
      await expectSignedIn(ctx, 'Joana Baptista Neto');
    },
  },
];
