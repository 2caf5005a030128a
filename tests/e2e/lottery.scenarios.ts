import type { BrowserContext, Page } from 'playwright-core';
import type { E2eContext } from './run.ts';
import { watchPolicy } from './policy.ts';
import { topUpWithBoundCard, type Scenario } from './scenarios.ts';
import { enterPin, MERCHANT, see } from './phones.ts';

/**
 * The lottery in Chromium (issue 25), after the money scenario (Ana verified, her BAI card bound,
 * her pay password set): an operator makes a recharge activity whose one prize line has every
 * ticket and a stock of 3; Ana tops up 1 000 Kz, which earns her 5 draws, and draws them all: three
 * prizes, then "no prize" twice (the stock is gone), then none left. The delivery job puts the
 * 3 × 50 Kz into her cashback; the winners list says sent. The operator ends the activity, the seed
 * is revealed and Ana's check page recomputes every draw. The demo company may not join. In pt, then
 * the page and the check in English.
 */

async function desktop(ctx: E2eContext, address: string, locale = 'pt-AO'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await watchPolicy(await ctx.page.context().browser()!.newContext({
    viewport: { width: 1280, height: 900 }, locale, extraHTTPHeaders: { 'X-Forwarded-For': address },
  }), address);
  return { context, page: await context.newPage() };
}

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

/** `datetime-local` as the browser reads it: its own local time, to the minute. */
const localMinute = (page: Page, offsetMs: number): Promise<string> =>
  // a string, not a function: tsx would wrap a function's inner helpers in its own `__name`, unknown in the page
  page.evaluate(`(() => {
    const at = new Date(Date.now() + ${offsetMs});
    const two = (n) => String(n).padStart(2, '0');
    return at.getFullYear() + '-' + two(at.getMonth() + 1) + '-' + two(at.getDate()) + 'T' + two(at.getHours()) + ':' + two(at.getMinutes());
  })()`);

/** The wallet's "cashback received", in kwanzas (pt: "1 234,56 Kz"). */
async function cashbackReceived(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/app/wallet`);
  const figure = await page.getByRole('link', { name: /Ver o cashback recebido/ }).textContent({ timeout: 15_000 });
  return Number((figure ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
}

const expect = (actual: number) => ({
  toBe(expected: number) {
    if (actual !== expected) throw new Error(`expected ${expected}, got ${actual}`);
  },
});

export const lotteryScenarios: Scenario[] = [
  {
    name: 'lottery: an operator makes a recharge activity, Ana tops up, earns 5 draws, wins 3 and then no prize, gets the prizes in her cashback, checks every draw once the seed is revealed; a company may not join',
    async run(ctx) {
      const base = ctx.baseUrl;
      const opened: BrowserContext[] = [];
      try {
        // the operator: a recharge activity, one prize line with every ticket, 3 of them
        const operatorSide = await desktop(ctx, '198.51.100.240');
        opened.push(operatorSide.context);
        const operator = operatorSide.page;
        await operator.goto(`${base}/plateform/`);
        await operator.getByRole('button', { name: /Entrar com/ }).click();
        await operator.getByLabel('Utilizador').fill('operador');
        await operator.getByLabel('Palavra-passe').fill('Operador2026');
        await operator.getByRole('button', { name: 'Entrar' }).click();
        await operator.waitForURL('**/plateform/verifications**', { timeout: 15_000 });
        await operator.getByRole('link', { name: 'Sorteio' }).first().click();
        await see(operator, 'Ainda não há atividades de sorteio.');
        await operator.getByRole('link', { name: 'Nova atividade de sorteio' }).click();
        await operator.getByLabel('Nome', { exact: true }).fill('Sorteio de Natal');
        await operator.getByLabel('Regras (português)').fill('Cada carregamento de 1 000 Kz ou mais dá 5 sorteios. Os prémios vão para a conta de cashback.');
        await operator.getByLabel('Regras (inglês)').fill('Each top-up of 1,000 Kz or more gives 5 draws. Prizes go to the cashback account.');
        await operator.getByLabel('Regras (chinês)').fill('每笔1000宽扎及以上的充值可获得5次抽奖。奖品发放至返现账户。');
        await operator.getByLabel('Início').fill(await localMinute(operator, 0));
        await operator.getByLabel('Fim').fill(await localMinute(operator, 7 * 86_400_000));
        await operator.getByLabel('O que dá sorteios').selectOption({ label: 'Cada carregamento' });
        await operator.getByLabel('Valor mínimo (Kz)').fill('1000');
        await operator.getByLabel('Sorteios por carregamento ou pagamento').fill('5');
        await operator.getByLabel('Orçamento (Kz)').fill('150');
        await operator.getByLabel('Referência da autorização do regulador').fill('IGJ/AUT/2026/0917');
        await operator.getByLabel('Nome do prémio').fill('50 Kz de cashback');
        await operator.getByLabel('Valor (Kz)').fill('50');
        await operator.getByLabel('Quantidade').fill('3');
        await operator.getByLabel('Probabilidade (%)').fill('100');
        await ctx.shotOf(operator, 'lottery-operator-form-pt');
        await ctx.auditOf(operator, 'lottery activity form');
        await operator.getByRole('button', { name: 'Criar atividade' }).click();
        await see(operator, 'Atividade «Sorteio de Natal» criada.');
        await ctx.shotOf(operator, 'lottery-operator-created-pt');

        // Ana: no draws yet; a top-up of 1 000 Kz earns 5
        const anaSide = await phone(ctx, '198.51.100.241');
        opened.push(anaSide.context);
        const ana = anaSide.page;
        await signInMember(ana, base, '923000001', 'Kwanza2026');
        await ana.getByRole('link', { name: /Lotaria|Sorteio/ }).first().click();
        await see(ana, 'Sorteio de Natal');
        await see(ana, 'IGJ/AUT/2026/0917');
        await see(ana, 'Ainda não tem sorteios nesta lotaria.');
        const cashbackBefore = await cashbackReceived(ana, base);
        await topUpWithBoundCard(ctx, ana, { mobile: '923000001', cardLast4: '0011', amount: '1000' });

        // five draws: the three prizes, then no prize twice, then none left
        await ana.goto(`${base}/app/luckyApp`);
        await see(ana, 'Sorteios restantes');
        await ana.getByText('5', { exact: true }).first().waitFor({ timeout: 15_000 });
        await ctx.shotOf(ana, 'lottery-ready-pt');
        await ctx.auditOf(ana, 'lottery page, draws left');
        for (let i = 0; i < 3; i++) {
          await ana.getByRole('button', { name: 'Sortear' }).click();
          await see(ana, 'Parabéns! Ganhou: 50 Kz de cashback');
          if (i === 0) {
            await ctx.shotOf(ana, 'lottery-won-pt');
            await ctx.auditOf(ana, 'lottery, won');
          }
          await ana.getByRole('button', { name: 'Continuar' }).click();
        }
        for (let i = 0; i < 2; i++) {
          await ana.getByRole('button', { name: 'Sortear' }).click();
          await see(ana, 'Lamentamos, desta vez não ganhou nenhum prémio.');
          if (i === 0) await ctx.shotOf(ana, 'lottery-no-prize-pt');
          // the last result closes rather than goes on: nothing is left to draw
          await ana.getByRole('button', { name: i === 1 ? 'Fechar' : 'Continuar' }).click();
        }
        await see(ana, 'Já usou todos os seus sorteios.');
        await ctx.shotOf(ana, 'lottery-none-left-pt');

        // the delivery job (every second here) puts the prizes into her cashback
        await ana.getByRole('link', { name: 'Ver os vencedores' }).click();
        await see(ana, 'Os meus prémios');
        for (let i = 0; i < 30; i++) {
          if ((await ana.getByText('Enviado para a conta de cashback').count()) === 3) break;
          await ana.waitForTimeout(1000);
          await ana.reload();
          await see(ana, 'Os meus prémios');
        }
        await ana.getByText('Enviado para a conta de cashback').nth(2).waitFor({ timeout: 5_000 });
        await ctx.shotOf(ana, 'lottery-winners-pt');
        await ctx.auditOf(ana, 'lottery winners list');
        expect(await cashbackReceived(ana, base)).toBe(cashbackBefore + 150);

        // the demo company may not join while it runs
        const companySide = await phone(ctx, '198.51.100.242');
        opened.push(companySide.context);
        const company = companySide.page;
        await signInMember(company, base, MERCHANT.login, MERCHANT.password);
        await company.goto(`${base}/app/luckyApp`);
        await see(company, 'Só clientes particulares podem participar nesta lotaria; as contas de empresa não.');
        await ctx.shotOf(company, 'lottery-company-refused-pt');

        // the operator ends it: the seed revealed, every draw checked on Ana's phone
        await operator.goto(`${base}/plateform/lottery`);
        await see(operator, 'Sorteio de Natal');
        await operator.getByRole('button', { name: 'Terminar Sorteio de Natal' }).click();
        await operator.getByRole('button', { name: 'Terminar de vez' }).click();
        await see(operator, /Sorteio de Natal terminou\. Semente revelada: [0-9a-f]{64}/);
        await ctx.shotOf(operator, 'lottery-operator-ended-pt');
        await ana.goto(`${base}/app/luckyList`);
        await ana.getByRole('link', { name: /Verificar este sorteio|Verificar o sorteio/ }).first().click();
        await see(ana, 'Os 5 sorteios registados correspondem ao que a semente revelada dá.', 30_000);
        await ctx.shotOf(ana, 'lottery-check-pt');
        await ctx.auditOf(ana, 'lottery check, verified');

        // and in English: the page says it ended, the check says the same as in Portuguese
        const checkPath = new URL(ana.url()).pathname;
        await ana.goto(`${base}/app/luckyApp?language=en`);
        await see(ana, 'This lottery event has ended.');
        await ctx.shotOf(ana, 'lottery-ended-en');
        await ctx.auditOf(ana, 'lottery page, ended, English');
        await ana.goto(`${base}${checkPath}?language=en`);
        await see(ana, 'All 5 recorded draws are what the revealed seed gives.', 30_000);
        await ctx.shotOf(ana, 'lottery-check-en');

      } catch (error) {
        // what each of this walk's own browsers showed when it failed (the run's shot is of its main page)
        for (const [i, context] of opened.entries()) for (const page of context.pages()) await ctx.shotOf(page, `FAILED-lottery-${i}`).catch(() => undefined);
        throw error;
      } finally {
        for (const context of opened) await context.close();
      }
    },
  },
];
