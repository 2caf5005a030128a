import type { BrowserContext, Page } from 'playwright-core';
import type { E2eContext } from './run.ts';
import { watchPolicy } from './policy.ts';
import { outboxCount, topUpWithBoundCard, type Scenario } from './scenarios.ts';
import { enterPin, kz, see } from './phones.ts';

/**
 * Asking for money in Chromium (issue 26, part 2), after the newcomer (Joana, 923 456 700, verified,
 * password Huambo2027) and the money walk (Ana verified, her BAI card bound, her pay password set):
 * Joana asks Ana for 1 200 Kz from her own phone; Ana tops up, opens the request where its notice
 * leads (/app/moneyRequest/<id>), sees who asks and why, and pays it with the pay password; Joana
 * looks again and sees it paid. Pictures in pt, then the request and the lists in English.
 */
async function phone(ctx: E2eContext, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await watchPolicy(await ctx.page.context().browser()!.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-AO',
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  }), address);
  return { context, page: await context.newPage() };
}

async function signInMember(page: Page, base: string, login: string, password: string) {
  await page.goto(`${base}/app/login?language=pt`);
  await page.getByLabel('Telemóvel ou e-mail').fill(login);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Navegação' }).waitFor({ timeout: 15_000 });
}

export const moneyRequestScenarios: Scenario[] = [
  {
    name: 'money request: Joana asks Ana for 1 200 Kz, Ana opens it from the notice in her inbox, sees who asks and why, pays with the pay password; Joana sees it paid (pt, then en)',
    async run(ctx) {
      const base = ctx.baseUrl;
      const opened: BrowserContext[] = [];
      try {
        // Joana asks, from the home's «Pedir dinheiro»
        const joanaSide = await phone(ctx, '198.51.100.221');
        opened.push(joanaSide.context);
        const joana = joanaSide.page;
        await signInMember(joana, base, '923456700', 'Huambo2027');
        await joana.getByRole('link', { name: 'Pedir dinheiro' }).click();
        await see(joana, 'A quem quer pedir dinheiro?');
        await joana.getByLabel('Número de telemóvel').fill('923000001');
        await joana.getByRole('button', { name: 'Continuar' }).click();
        await see(joana, 'É esta a pessoa a quem quer pedir?');
        await see(joana, 'Ana M*** D***');
        await ctx.shotOf(joana, 'money-request-payee');
        await joana.getByRole('button', { name: 'Sim, é esta pessoa' }).click();
        await joana.getByLabel('Valor').first().fill('1200');
        await joana.getByLabel('Motivo').fill('Bilhetes do concerto');
        await joana.getByRole('button', { name: 'Continuar' }).click();
        await see(joana, 'Confirme o pedido');
        await see(joana, kz('1 200,00 Kz'));
        await ctx.shotOf(joana, 'money-request-review');
        await ctx.auditOf(joana, 'money request review');
        await joana.getByRole('button', { name: 'Enviar pedido' }).click();
        await see(joana, 'Pedido enviado');
        await ctx.shotOf(joana, 'money-request-sent');
        const href = await joana.getByRole('link', { name: 'Ver o pedido' }).getAttribute('href');
        const id = /^\/app\/moneyRequest\/(\d+)$/.exec(href ?? '')?.[1];
        if (!id) throw new Error(`no request link: ${href}`);
        // Ana's phone got the SMS with the link
        const smsBefore = await outboxCount({ ...ctx, page: joana }, '923000001');
        if (smsBefore < 1) throw new Error('no SMS to Ana');

        // Ana: enough money first (a top-up as the money walk makes one), then the request
        const anaSide = await phone(ctx, '198.51.100.222');
        opened.push(anaSide.context);
        const ana = anaSide.page;
        await signInMember(ana, base, '923000001', 'Kwanza2026');
        await topUpWithBoundCard(ctx, ana, { mobile: '923000001', cardLast4: '0011', amount: '2000' });

        // from the notice in her inbox (issue 26: «the other pays from the notice»)
        await ana.goto(`${base}/app/notices`);
        const notice = ana.getByRole('list', { name: 'Notificações' }).getByRole('button', { name: /Pedido de dinheiro/ }).first();
        await notice.waitFor({ timeout: 15_000 });
        if (!/Joana B\*\*\* N\*\*\* pede-lhe 1\s200,00\sKz/.test((await notice.textContent()) ?? '')) throw new Error(`the request's notice says: ${await notice.textContent()}`);
        await ctx.shotOf(ana, 'money-request-notice');
        await notice.click();
        await ana.waitForURL(new RegExp(`/app/moneyRequest/${id}$`), { timeout: 15_000 });
        await see(ana, 'Joana B*** N*** pede-lhe dinheiro');
        await see(ana, 'Bilhetes do concerto');
        await ctx.shotOf(ana, 'money-request-payer');
        await ctx.auditOf(ana, 'money request, the payer');
        await ana.getByRole('button', { name: kz('Pagar 1 200,00 Kz') }).click();
        await enterPin(ana);
        await see(ana, 'Pagou o pedido', 30_000);
        await ctx.shotOf(ana, 'money-request-paid-payer');
        await ctx.auditOf(ana, 'money request paid, the payer');

        // Joana looks again: paid, with its receipt
        await joana.getByRole('link', { name: 'Ver o pedido' }).click();
        await see(joana, 'Pedido a Ana M*** D***');
        await see(joana, 'Pago');
        await joana.getByRole('link', { name: 'Ver comprovativo' }).waitFor({ timeout: 15_000 });
        await ctx.shotOf(joana, 'money-request-paid-requester');
        await ctx.auditOf(joana, 'money request paid, the requester');

        // in English: the request and the lists
        await joana.goto(`${base}/app/moneyRequest/${id}?language=en`);
        await see(joana, 'Request to Ana M*** D***');
        await see(joana, 'Paid');
        await ctx.shotOf(joana, 'money-request-paid-requester-en');
        await ana.goto(`${base}/app/moneyRequests?language=en`);
        await see(ana, 'Requests to you');
        await see(ana, 'Bilhetes do concerto');
        await ctx.shotOf(ana, 'money-requests-en');
        await ctx.auditOf(ana, 'money requests list en');
      } finally {
        for (const context of opened) await context.close();
      }
    },
  },
];
