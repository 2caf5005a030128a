import type { Page } from 'playwright-core';
import type { E2eContext } from './run.ts';
import { codeFromOutbox, expectSignedIn, expectText, outboxCount, verifyIdentity, type Scenario } from './scenarios.ts';

/**
 * Money in Chromium, as Ana (whose pay password an earlier scenario set to 270419) pays Joana (the
 * Portuguese newcomer, verified earlier): verify, bind a debit card (a credit card is refused), top
 * up with the SMS code and the pay password, transfer after confirming the payee's name, withdraw
 * and watch it go from pending to success, and read the fund detail filtered to today.
 */
const PIN = '270419';

async function enterPin(page: Page) {
  const keypad = page.getByRole('group', { name: 'Teclado seguro' });
  await keypad.waitFor({ timeout: 15_000 });
  for (const digit of PIN) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

async function signIn(ctx: E2eContext) {
  await ctx.page.goto(`${ctx.baseUrl}/app/login`);
  await ctx.page.getByLabel('Telemóvel ou e-mail').fill('923000001');
  await ctx.page.getByLabel('Palavra-passe', { exact: true }).fill('Kwanza2026');
  await ctx.page.getByRole('button', { name: 'Entrar' }).click();
  await expectSignedIn(ctx, 'Ana Demo');
}

export const moneyScenarios: Scenario[] = [
  {
    name: 'money: bind a debit card (a credit card is refused), top up with SMS code and pay password, transfer after confirming the name, withdraw from pending to success, fund detail for today',
    async run(ctx) {
      const page = ctx.page;
      await signIn(ctx);
      await verifyIdentity(ctx, 'pt', { nif: '004562891LA042', name: 'Ana Maria Demo' });

      // bind: the credit card first, refused; then the debit card with the code sent to its mobile
      await page.goto(`${ctx.baseUrl}/app/cards/bind`);
      await page.getByLabel('Número do cartão de débito').fill('6000650000000025');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expectText(ctx, /crédito/);
      await ctx.shot('money-bind-credit-refused');
      await ctx.audit('bind card, credit refused');
      await page.getByLabel('Número do cartão de débito').fill('6004000000000011');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Telemóvel registado no banco para este cartão').fill('923000001');
      const codesBefore = await outboxCount(ctx, '923000001');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Código de verificação').fill(await codeFromOutbox(ctx, '923000001', codesBefore));
      await page.getByRole('button', { name: /Confirmar|Associar/ }).first().click();
      await expectText(ctx, 'Cartão associado');
      await ctx.shot('money-card-bound');

      // top up 1 000 Kz
      await page.goto(`${ctx.baseUrl}/app/topup`);
      await page.getByText(/\*\*\*\* 0011/).first().click();
      await page.getByLabel('Valor a carregar (Kz)').fill('1000');
      const topupCodes = await outboxCount(ctx, '923000001');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Código de verificação').fill(await codeFromOutbox(ctx, '923000001', topupCodes));
      await page.getByRole('button', { name: /Confirmar|Continuar/ }).first().click();
      await enterPin(page);
      await expectText(ctx, /Carregamento feito/);
      await ctx.shot('money-topup-done');
      await ctx.audit('top-up done');

      // transfer 250 Kz to Joana, after confirming it is her
      await page.goto(`${ctx.baseUrl}/app/transfer`);
      await page.getByLabel('Telemóvel do destinatário').fill('923456700');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expectText(ctx, 'Joana B*** N***');
      await ctx.shot('money-transfer-payee');
      await ctx.audit('transfer payee confirmation');
      await page.getByRole('button', { name: 'Sim, é esta pessoa' }).click();
      await page.getByLabel('Valor (Kz)').fill('250');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await enterPin(page);
      await expectText(ctx, 'Transferência feita');
      await ctx.shot('money-transfer-done');
      // its receipt (issue 26 part 3): both sides as the other may see them, downloaded as a picture, then shared as a file
      await page.getByRole('link', { name: 'Ver comprovativo' }).click();
      await expectText(ctx, 'Comprovativo de transferência');
      await expectText(ctx, 'Joana B*** N***');
      await ctx.shot('money-transfer-receipt');
      await ctx.audit('transfer receipt');
      const download = page.waitForEvent('download', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Partilhar comprovativo' }).click();
      const picture = await download;
      if (!picture.suggestedFilename().endsWith('.png')) throw new Error('the receipt was not a picture');
      await picture.saveAs('tests/e2e/screenshots/money-transfer-receipt-picture.png');
      // on a phone the share sheet takes files (Chrome on Android): desktop Chromium has none, so the
      // page gets one that keeps what it is given, and the receipt must reach it as a PNG file
      await page.evaluate(`(() => {
        window.__shared = [];
        navigator.canShare = (data) => Array.isArray(data?.files) && data.files.every((f) => f instanceof File);
        navigator.share = async (data) => { window.__shared.push(...await Promise.all(data.files.map(async (f) => ({ name: f.name, type: f.type, size: f.size, head: [...new Uint8Array(await f.slice(0, 8).arrayBuffer())] })))); };
      })()`);
      await page.getByRole('button', { name: 'Partilhar comprovativo' }).click();
      await expectText(ctx, 'Comprovativo partilhado.');
      const shared = (await page.evaluate('window.__shared')) as Array<{ name: string; type: string; size: number; head: number[] }>;
      const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
      if (shared.length !== 1 || shared[0]!.type !== 'image/png' || !shared[0]!.name.endsWith('.png') || shared[0]!.size < 1000 || shared[0]!.head.join() !== PNG.join()) {
        throw new Error(`the share sheet did not get the receipt as one PNG file: ${JSON.stringify(shared)}`);
      }

      // withdraw 300 Kz: the charge before confirming, then pending, then success
      await page.goto(`${ctx.baseUrl}/app/withdraw`);
      await page.getByText(/\*\*\*\* 0011/).first().click();
      await page.getByLabel('Valor a levantar (Kz)').fill('300');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expectText(ctx, 'Confirme o levantamento');
      await ctx.shot('money-withdraw-review');
      await ctx.audit('withdrawal review');
      await page.getByRole('button', { name: 'Confirmar levantamento' }).click();
      await enterPin(page);
      await expectText(ctx, 'À espera do banco…');
      await ctx.shot('money-withdraw-pending');
      // a reload while the bank settles comes back to this withdrawal, not to a new one
      await page.reload();
      await expectText(ctx, /À espera do banco…|Levantamento concluído/);
      await expectText(ctx, /Levantamento concluído: 300,00 Kz enviados para/);
      await ctx.shot('money-withdraw-done');

      // 1 000 in, 250 to Joana, 300 and its 50 charge out: 400 left
      await page.goto(`${ctx.baseUrl}/app/wallet`);
      await expectText(ctx, '400,00 Kz');

      // fund detail, today
      await page.goto(`${ctx.baseUrl}/app/funddetail`);
      await page.getByRole('button', { name: 'Hoje' }).click();
      await expectText(ctx, /Joana/);
      await page.getByText('Levantamento', { exact: true }).first().waitFor();
      await ctx.shot('money-fund-detail-today');
      await ctx.audit('fund detail');
    },
  },
];
