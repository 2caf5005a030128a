import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { asCtx, enterPin, refundOnRecord, FakeCamera, kz, launchPhones, MEMBER, MERCHANT, openTill, qrFrame, qrOnScreen, see, showDynamicCode, signIn, STORE } from './phones.ts';
import { codeFromOutbox, outboxCount, type Scenario } from './scenarios.ts';
import type { E2eContext } from './run.ts';

/**
 * The merchant back office in Chromium (issue 12), after the collection walk (merchant.scenarios.ts)
 * left Loja Demo with its store and Luísa with money: the merchant invites a clerk by SMS; the clerk
 * signs up from the invitation's link, agrees, shows a dynamic code that Luísa's camera reads and
 * pays, and sees it arrive live; the merchant finds it in the records, refunds half of it and reads
 * today's analysis with its chart; Luísa, invited by QR, reads it with the scanner and rejects.
 */

/** A newcomer who becomes the clerk: nothing else uses this number. */
export const CLERK = { mobile: '923000006', shown: '923 000 006', password: 'Caixa2026x' };

/** The invitation's link from the SMS the outbox holds for `mobile` (the newest one). */
async function invitationLink(ctx: E2eContext, mobile: string, before: number): Promise<string> {
  const outbox = await ctx.page.context().newPage();
  try {
    for (let attempt = 0; attempt < 40; attempt++) {
      await outbox.goto(`${ctx.baseUrl}/dev/outbox?to=${encodeURIComponent(mobile)}`);
      const bodies = await outbox.locator('li .body').allTextContents();
      const link = bodies.length > before ? /https?:\/\/\S+\/app\/invitation\/[A-Za-z0-9_-]+/.exec(bodies[0] ?? '')?.[0] : undefined;
      if (link) return link;
      await outbox.waitForTimeout(250);
    }
    throw new Error(`no invitation link for ${mobile} in the outbox`);
  } finally {
    await outbox.close();
  }
}

/** Opens the invitation link signed out, signs up with the invited number from there, and comes back to it. */
async function clerkSignsUpFromLink(ctx: E2eContext, clerk: Page, link: string) {
  const c = asCtx(ctx, clerk);
  await clerk.goto(link);
  await see(clerk, 'Entre na sua conta para ver este convite.');
  await ctx.shotOf(clerk, 'invitation-signed-out-pt');
  await clerk.getByRole('link', { name: 'Criar conta' }).click();
  await clerk.getByLabel('Número de telemóvel').fill(CLERK.mobile);
  await clerk.getByText('Li e aceito o').click();
  const before = await outboxCount(c, CLERK.mobile);
  await clerk.getByRole('button', { name: 'Receber código' }).click();
  await clerk.getByLabel('Código de verificação').fill(await codeFromOutbox(c, CLERK.mobile, before));
  await clerk.getByRole('button', { name: 'Confirmar' }).click();
  await clerk.getByLabel('Palavra-passe').fill(CLERK.password);
  await clerk.getByRole('button', { name: 'Criar conta' }).click();
  await clerk.getByRole('heading', { name: 'Olá', exact: true }).or(clerk.getByRole('heading', { name: /convida-o para a equipa/ })).first().waitFor({ timeout: 15_000 });
}

/** The store in the invitation form (its options read "store · merchant"). */
async function chooseStore(merchant: Page) {
  const option = merchant.locator('#invite-store option', { hasText: STORE }).first();
  await option.waitFor({ state: 'attached', timeout: 15_000 });
  await merchant.locator('#invite-store').selectOption(await option.getAttribute('value'));
}

export const backOfficeScenarios: Scenario[] = [
  {
    name: 'merchant back office: a clerk invited by SMS signs up, agrees and collects with live alerts; the merchant refunds half from the records and reads the analysis; a QR invitation read by the scanner is rejected',
    async run(ctx) {
      const base = ctx.baseUrl;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-back-office-'));
      const camera = new FakeCamera(dir);
      const errors: string[] = [];
      let browser: Browser | null = null;
      const pages: Record<string, Page> = {};
      try {
        const launched = await launchPhones(ctx, camera, errors);
        browser = launched.browser;
        const merchant = (pages.merchant = await launched.phone('198.51.100.220'));
        const clerk = (pages.clerk = await launched.phone('198.51.100.221'));
        const member = (pages.member = await launched.phone('198.51.100.222'));

        // the merchant invites the clerk by SMS for the store
        await signIn(merchant, base, MERCHANT.login, MERCHANT.password);
        await merchant.goto(`${base}/app/addstaff`);
        await chooseStore(merchant);
        await merchant.getByRole('radio', { name: 'Por SMS (número de telemóvel)' }).check();
        await merchant.getByRole('textbox', { name: 'Número de telemóvel' }).fill(CLERK.mobile);
        const before = await outboxCount(asCtx(ctx, merchant), CLERK.mobile);
        await ctx.shotOf(merchant, 'staff-invitation-form-pt');
        await ctx.auditOf(merchant, 'staff invitation form');
        await merchant.getByRole('button', { name: 'Enviar convite' }).click();
        await see(merchant, new RegExp(`Convite enviado para .*${STORE}`));
        await ctx.shotOf(merchant, 'staff-invitation-sent-pt');
        await ctx.auditOf(merchant, 'staff invitation sent');

        // the clerk opens the link from the SMS, signs up with the invited number, agrees
        const link = await invitationLink(ctx, CLERK.mobile, before);
        await clerkSignsUpFromLink(ctx, clerk, link.replace(/^https?:\/\/[^/]+/, base));
        await clerk.goto(link.replace(/^https?:\/\/[^/]+/, base));
        await see(clerk, 'Loja Demo convida-o para a equipa');
        await see(clerk, STORE);
        await ctx.shotOf(clerk, 'invitation-pt');
        await ctx.auditOf(clerk, 'invitation');
        await clerk.getByRole('button', { name: 'Aceitar' }).click();
        await see(clerk, `Agora faz parte da equipa de Loja Demo, na loja ${STORE}.`);
        await ctx.shotOf(clerk, 'staff-result-agreed-pt');
        await ctx.auditOf(clerk, 'staff result');

        // the clerk collects 1 000 Kz with a dynamic code; Luísa's camera reads it and she pays
        await clerk.getByRole('link', { name: 'Abrir a caixa' }).click();
        await openTill(clerk, { which: 'Em que loja está a cobrar?', how: 'Como quer cobrar?', at: `Loja: ${STORE}` });
        await see(clerk, 'A ouvir pagamentos');
        const dynamic = await showDynamicCode(clerk, '1000', { mode: 'Cobrar um valor com código', amountLabel: 'Valor a cobrar (Kz)', show: 'Mostrar o código', codeLabel: /Código QR para pagar 1\s000,00\sKz/ });
        await signIn(member, base, MEMBER.mobile, MEMBER.password);
        await camera.show(qrFrame(dynamic), [clerk, member]);
        await member.getByRole('link', { name: 'Ler código' }).click();
        await see(member, kz('1 000,00 Kz'));
        await member.getByRole('button', { name: 'Pagar', exact: true }).click();
        await enterPin(member);
        await see(member, 'Pagamento feito');
        // the live alert on the clerk's till (long polling), besides the till's own paid state
        await clerk.getByRole('region', { name: 'Pagamentos em direto' }).getByText(kz('1 000,00 Kz')).first().waitFor({ timeout: 15_000 });
        await ctx.shotOf(clerk, 'cashier-live-alert-pt');
        await ctx.auditOf(clerk, 'cashier with live alerts');

        // the merchant: the staff list, the payment in the records, half of it refunded
        await merchant.goto(`${base}/app/stafflist`);
        await see(merchant, STORE);
        // the owner's own clerk: the number it typed, in full
        await see(merchant, `+244 ${CLERK.shown}`);
        await ctx.shotOf(merchant, 'staff-list-pt');
        await ctx.auditOf(merchant, 'staff list');
        await merchant.goto(`${base}/app/records`);
        const record = merchant.getByRole('link', { name: /1\s000,00\sKz/ }).first();
        await record.waitFor({ timeout: 15_000 });
        await ctx.shotOf(merchant, 'records-pt');
        await ctx.auditOf(merchant, 'records');
        await record.click();
        await see(merchant, 'N.º do comprovativo');
        await refundOnRecord(ctx, merchant, '500', '500,00');
        await ctx.shotOf(merchant, 'refund-done-pt');
        await ctx.auditOf(merchant, 'refund done');
        await merchant.getByRole('button', { name: 'Ver o registo' }).click();
        await see(merchant, 'Reembolsado em parte');

        // today's analysis, with its chart (drawn by the chart library loaded on this screen only)
        await merchant.goto(`${base}/app/collectionanalysis`);
        await merchant.getByRole('img', { name: 'Gráfico de barras do valor recebido' }).waitFor({ timeout: 15_000 });
        await see(merchant, 'Recebido');
        await ctx.shotOf(merchant, 'collection-analysis-pt');
        await ctx.auditOf(merchant, 'collection analysis');

        // a QR invitation: Luísa reads it with the payment scanner and rejects it
        await merchant.goto(`${base}/app/addstaff`);
        await chooseStore(merchant);
        await merchant.getByRole('radio', { name: 'Com um código QR' }).check();
        await merchant.getByRole('button', { name: 'Mostrar código QR' }).click();
        const invitationQr = await qrOnScreen(merchant, new RegExp(`Código QR do convite para ${STORE}`));
        await ctx.shotOf(merchant, 'staff-invitation-qr-pt');
        await member.goto(`${base}/`);
        await camera.show(qrFrame(invitationQr), [clerk, member]);
        await member.getByRole('link', { name: 'Ler código' }).click();
        await see(member, 'Loja Demo convida-o para a equipa');
        await member.getByRole('button', { name: 'Recusar' }).click();
        await member.getByRole('button', { name: 'Recusar convite' }).click();
        await see(member, 'Recusou o convite de Loja Demo.');
        await ctx.shotOf(member, 'staff-result-rejected-pt');
        // the merchant's screen, which asked about the code in the background, says so in the code's place
        await see(merchant, `A pessoa recusou o convite para ${STORE}.`);
        await ctx.shotOf(merchant, 'staff-invitation-qr-rejected-pt');

        // in English: the records with the refund, the analysis, the staff list
        await merchant.goto(`${base}/app/records?language=en`);
        await see(merchant, 'Partly refunded');
        await ctx.shotOf(merchant, 'records-en');
        await merchant.goto(`${base}/app/collectionanalysis`);
        await merchant.getByRole('img').first().waitFor({ timeout: 15_000 });
        await ctx.shotOf(merchant, 'collection-analysis-en');
        await merchant.goto(`${base}/app/stafflist`);
        await see(merchant, STORE);
        await ctx.shotOf(merchant, 'staff-list-en');
        if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
      } catch (error) {
        for (const [name, page] of Object.entries(pages)) await page.screenshot({ path: path.join('tests/e2e/screenshots', `FAILED-back-office-${name}.png`) }).catch(() => {});
        throw error;
      } finally {
        await browser?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
