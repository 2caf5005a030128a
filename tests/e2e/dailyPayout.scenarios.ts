import fs from 'node:fs';
import { MERCHANT, see, signIn } from './phones.ts';
import type { Scenario } from './scenarios.ts';

/**
 * The shop's money in the bank every evening (issue 26, part 7), after the collection walk
 * (merchant.scenarios.ts) left Loja Demo with today's payments: the owner switches the daily payout
 * on at a time of its choosing, reads the end-of-day report and downloads its PDF, in Portuguese and
 * in English; then switches the payout off again, so that a walk run near its time pays nothing out
 * of the later scenarios' settlement.
 */
export const dailyPayoutScenarios: Scenario[] = [
  {
    name: 'daily payout and day report: the owner switches the payout on at 18:30, reads the day report and downloads its PDF (pt, en), then switches it off',
    async run(ctx) {
      const base = ctx.baseUrl;
      const page = ctx.page;
      await signIn(page, base, MERCHANT.login, MERCHANT.password);
      await page.getByRole('link', { name: 'Levantamento diário' }).click();
      const enabled = page.getByRole('checkbox', { name: 'Levantar todos os dias' });
      await enabled.waitFor({ timeout: 15_000 });
      await see(page, 'Saldo agora');
      await ctx.shot('daily-payout-pt');
      await ctx.audit('daily payout');
      if (!(await enabled.isChecked())) await enabled.check();
      await page.getByLabel('Hora (Luanda)').fill('18:30');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await see(page, /Ligado: todos os dias às 18:30, para BAI/);
      await ctx.shot('daily-payout-saved-pt');

      // the day's report, from the payout's page
      await page.getByRole('link', { name: 'Ver o fecho do dia' }).click();
      await page.getByRole('list', { name: 'Por caixa' }).waitFor({ timeout: 15_000 });
      await see(page, 'Líquido');
      await ctx.shot('day-report-pt');
      await ctx.audit('day report');
      const download = page.waitForEvent('download', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Descarregar PDF' }).click();
      const file = await download;
      if (!/^kwanza-wallet-day-\d{4}-\d{2}-\d{2}\.pdf$/.test(file.suggestedFilename())) throw new Error(`PDF named ${file.suggestedFilename()}`);
      const saved = await file.path();
      if (!saved || fs.readFileSync(saved).subarray(0, 5).toString() !== '%PDF-') throw new Error('the download is not a PDF');
      await see(page, 'PDF guardado');
      // the day before: nothing happened yet on a fresh database
      await page.getByRole('button', { name: /Dia anterior/ }).click();
      await see(page, 'Sem pagamentos nem reembolsos neste dia.');

      // in English
      await page.goto(`${base}/app/dayreport?language=en`);
      await page.getByRole('list', { name: 'By clerk' }).waitFor({ timeout: 15_000 });
      await ctx.shot('day-report-en');
      await page.goto(`${base}/app/dailypayout`);
      await see(page, /Every day, at the time you choose/);
      await ctx.shot('daily-payout-en');
      // off again: nothing is paid out automatically
      await page.getByRole('checkbox', { name: 'Pay out every day' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await see(page, 'Off: nothing is paid out automatically.');
      await page.goto(`${base}/app/dailypayout?language=pt`);
      await see(page, 'Saldo agora');
    },
  },
];
