import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { enterPin, FakeCamera, imageFrame, kz, launchPhones, MEMBER, MERCHANT, refundOnRecord, see, signIn, STORE } from './phones.ts';
import type { Scenario } from './scenarios.ts';

/**
 * Promotions at the till (issue 23), on two phones with a fake camera, after the merchant scenarios
 * (the demo business verified and open with its store, Luísa verified with money and a pay password):
 * the merchant makes a 10 % cashback (at most 500 Kz) and a "spend 500, get 100 off" coupon and shares
 * the coupon's link; Luísa opens it and claims the coupon, scans the store's code, sees the quote (the
 * coupon applied, the cashback to come), pays 900 of 1 000 Kz and gets 90 Kz back; the merchant
 * refunds half of what she paid and 45 Kz of the cashback goes back. Then in English; the cashback
 * policy ended at the end, so that no later payment at the store meets it.
 */
export const promotionsScenarios: Scenario[] = [
  {
    name: 'promotions at the till on two phones: a cashback and a coupon made and shared, the coupon claimed, the quote shown and paid, the cashback received and clawed back in proportion by a refund of half',
    async run(ctx) {
      const base = ctx.baseUrl;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-promotions-'));
      const camera = new FakeCamera(dir);
      const errors: string[] = [];
      let browser: Browser | null = null;
      const pages: Record<string, Page> = {};
      try {
        const launched = await launchPhones(ctx, camera, errors);
        browser = launched.browser;
        const merchant = (pages.merchant = await launched.phone('198.51.100.230'));
        const member = (pages.member = await launched.phone('198.51.100.231'));

        // the merchant: a 10 % cashback of at most 500 Kz, from its hub
        await signIn(merchant, base, MERCHANT.login, MERCHANT.password);
        await merchant.getByRole('link', { name: 'Promoções' }).click();
        await see(merchant, 'Ainda não tem promoções. Crie um cashback, um desconto ou um cupão.');
        await ctx.shotOf(merchant, 'promotions-empty-pt');
        await ctx.auditOf(merchant, 'promotions, none yet');
        await merchant.getByRole('link', { name: 'Novo cashback' }).click();
        await merchant.getByLabel('Nome').fill('Dez por cento');
        await merchant.getByLabel('Percentagem do que o cliente paga (%)').fill('10');
        await merchant.getByRole('textbox', { name: 'Cashback máximo', exact: true }).fill('500');
        await ctx.shotOf(merchant, 'promotion-form-cashback-pt');
        await ctx.auditOf(merchant, 'cashback form');
        await merchant.getByRole('button', { name: 'Criar cashback' }).click();
        await see(merchant, 'Cashback «Dez por cento» criado.');
        await merchant.getByRole('link', { name: 'Ver as promoções' }).click();

        // and a coupon: spend 500 Kz, get 100 Kz off, ten of them
        await merchant.getByRole('link', { name: 'Novo cupão' }).click();
        await merchant.getByLabel('Nome').fill('Menos 100 Kz');
        await merchant.getByLabel('Tipo de cupão').selectOption({ label: 'Gaste X, desconte Y' });
        await merchant.getByRole('textbox', { name: 'Compra mínima', exact: true }).fill('500');
        await merchant.getByRole('textbox', { name: 'Valor do desconto', exact: true }).fill('100');
        await merchant.getByLabel('Quantidade de cupões').fill('10');
        await ctx.shotOf(merchant, 'promotion-form-coupon-pt');
        await ctx.auditOf(merchant, 'coupon form');
        await merchant.getByRole('button', { name: 'Criar cupão' }).click();
        await see(merchant, 'Cupão «Menos 100 Kz» criado.');
        await merchant.getByRole('link', { name: 'Ver as promoções' }).click();
        await see(merchant, 'Dez por cento');
        await see(merchant, 'Menos 100 Kz');
        await ctx.shotOf(merchant, 'promotions-list-pt');
        await ctx.auditOf(merchant, 'promotions list');

        // its link, shared (no share sheet in this browser: copied, or shown to copy by hand)
        await merchant.getByRole('button', { name: 'Partilhar o cupão Menos 100 Kz' }).click();
        const storeQuestion = merchant.getByText('Em que loja os clientes obtêm o cupão?');
        const linkShown = merchant.getByText(/Link copiado: /).or(merchant.getByLabel('Link do cupão'));
        await storeQuestion.or(linkShown).first().waitFor({ timeout: 15_000 });
        if (await storeQuestion.isVisible()) await merchant.getByRole('button', { name: STORE, exact: true }).click();
        await linkShown.first().waitFor({ timeout: 15_000 });
        await ctx.shotOf(merchant, 'promotions-coupon-link-pt');
        const copied = merchant.getByText(/Link copiado: /);
        const link = (await copied.isVisible()) ? (await copied.textContent())!.replace(/^.*Link copiado: /, '').trim() : await merchant.getByLabel('Link do cupão').inputValue();
        const claimPath = new URL(link).pathname;
        if (!/^\/app\/coupons\/claim\/\d+\/\d+$/.test(claimPath)) throw new Error(`the coupon's link: ${link}`);

        // Luísa opens the link and claims the coupon
        await signIn(member, base, MEMBER.mobile, MEMBER.password);
        await member.goto(`${base}${claimPath}`);
        await see(member, 'Menos 100 Kz');
        await see(member, `Oferecido pela loja ${STORE} (${MERCHANT.shortName})`);
        await ctx.shotOf(member, 'coupon-claim-pt');
        await ctx.auditOf(member, 'coupon claim');
        await member.getByRole('button', { name: 'Obter o cupão' }).click();
        await see(member, 'O cupão está nos seus cupões.');
        await member.getByRole('link', { name: 'Ver os meus cupões' }).click();
        await see(member, 'Menos 100 Kz');
        await ctx.shotOf(member, 'my-coupons-pt');
        await ctx.auditOf(member, 'my coupons');

        // the store's own code, downloaded by the merchant as its placard, before Luísa's camera
        await merchant.goto(`${base}/app/merchantlist`);
        await merchant.getByText(STORE).first().waitFor({ timeout: 15_000 });
        await merchant.getByRole('link', { name: 'Códigos' }).first().click();
        const downloading = merchant.waitForEvent('download');
        await merchant.getByRole('button', { name: 'Descarregar PNG' }).click();
        const placard = fs.readFileSync((await (await downloading).path())!);
        await member.goto(`${base}/`);
        await camera.show(await imageFrame(member, placard), [merchant, member]);
        await member.getByRole('link', { name: 'Ler código' }).click();
        await see(member, 'Vai pagar a');
        await member.getByLabel('Valor (Kz)').fill('1000');
        await member.getByRole('button', { name: 'Pagar', exact: true }).click();

        // the quote: the coupon off the price, what she pays, the cashback to come
        await see(member, 'As suas ofertas');
        await see(member, 'Cupão: Menos 100 Kz');
        await see(member, kz('− 100,00 Kz'));
        await see(member, 'Cashback a receber: Dez por cento');
        await see(member, /\+\s90,00\sKz/);
        await ctx.shotOf(member, 'scan-quote-pt');
        await ctx.auditOf(member, 'scan to pay: the quote');
        await member.getByRole('button', { name: /^Pagar 900,00\sKz$/ }).click();
        await enterPin(member);
        await see(member, 'Pagamento feito');
        await see(member, 'Cashback recebido');
        await see(member, /\+\s90,00\sKz/);
        await ctx.shotOf(member, 'scan-paid-cashback-pt');
        await ctx.auditOf(member, 'scan to pay: paid with cashback');

        // the cashback in her wallet and in her cashback list
        await member.goto(`${base}/app/wallet`);
        await member.getByRole('link', { name: /^Ver o cashback recebido: 90,00\sKz$/ }).click();
        await see(member, MERCHANT.shortName);
        await see(member, kz('90,00 Kz'));
        await ctx.shotOf(member, 'cashback-list-pt');
        await ctx.auditOf(member, 'cashback list');

        // the merchant refunds half of what she paid (450 of 900 Kz): half the cashback, 45 Kz, goes back
        await merchant.goto(`${base}/app/records`);
        const record = merchant.getByRole('link', { name: /900,00\sKz|1\s000,00\sKz/ }).first();
        await record.waitFor({ timeout: 15_000 });
        await record.click();
        await see(merchant, 'N.º do comprovativo');
        await refundOnRecord(ctx, merchant, '450', '450,00');
        await ctx.shotOf(merchant, 'refund-done-promoted-pt');
        await member.goto(`${base}/app/cashbacklist`);
        await see(member, kz('45,00 Kz devolvido por reembolso'));
        await ctx.shotOf(member, 'cashback-list-clawed-back-pt');
        await member.getByText(MERCHANT.shortName).first().click();
        await see(member, 'Devolvido');
        await see(member, 'Comprovativo do reembolso');
        await ctx.shotOf(member, 'cashback-detail-pt');
        await ctx.auditOf(member, 'cashback detail');

        // in English: the cashback record and the merchant's promotions with their spend
        for (const page of [member, merchant]) {
          await page.goto(`${base}/`);
          await page.getByTestId('language-menu').selectOption('en');
          await page.getByRole('navigation', { name: 'Navigation' }).waitFor();
        }
        await member.goto(`${base}/app/cashbacklist`);
        await member.getByText(MERCHANT.shortName).first().click();
        await see(member, 'Returned');
        await ctx.shotOf(member, 'cashback-detail-en');
        await member.goto(`${base}/app/coupons`);
        // the coupon, used by the payment, under Used
        await member.getByRole('button', { name: 'Used', exact: true }).click();
        await see(member, 'Menos 100 Kz');
        await ctx.shotOf(member, 'my-coupons-en');
        await merchant.goto(`${base}/app/promotions`);
        await see(merchant, 'Dez por cento');
        await ctx.shotOf(merchant, 'promotions-list-en');

        // the cashback ended for good (confirmed), so that no later payment at the store meets it
        await merchant.getByRole('button', { name: 'End Dez por cento' }).click();
        await merchant.getByRole('button', { name: 'End for good' }).click();
        await see(merchant, 'Ended');
        await ctx.shotOf(merchant, 'promotions-ended-en');
        if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
      } catch (error) {
        for (const [name, page] of Object.entries(pages)) await page.screenshot({ path: path.join('tests/e2e/screenshots', `FAILED-promotions-${name}.png`) }).catch(() => {});
        throw error;
      } finally {
        await browser?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
