import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import { barcodeFrame, barcodeOnScreen, enterPin, FakeCamera, kz, launchPhones, MEMBER, openTill, see, signIn, STORE } from './phones.ts';
import { CLERK } from './backOffice.scenarios.ts';
import type { Scenario } from './scenarios.ts';

/**
 * The payment code without signal (issue 26, README "Payment code without signal") in Chromium,
 * after the collection walk (merchant.scenarios.ts: Luísa with money, password-free up to 1 000 Kz)
 * and the back office (backOffice.scenarios.ts: the clerk of Loja Central). Luísa turns the offline
 * code on while online; her phone's network is cut (`context.setOffline(true)`); it still shows a
 * code, which the clerk's till (another browser context, online) reads by camera and charges: once
 * (the same code again is refused); a charge above her limit waits until her phone is back online
 * and she confirms it. In English, the code turned off: without network, no code, and why.
 */

const BARCODE = 'Código de barras do código de pagamento';

/** The code the phone shows now: its digits (asked to show) and its barcode, read together (the code changes each 30 s). */
async function shownCode(member: Page, label = BARCODE): Promise<{ digits: string; bars: string }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const digits = (await member.locator('.kw-paycode-digits').textContent())!.replace(/\s/g, '');
    const bars = await barcodeOnScreen(member, label);
    if (/^\d{18}$/.test(digits) && bars === new CODE128(digits, {}).encode().data) return { digits, bars };
    await member.waitForTimeout(300);
  }
  throw new Error('the barcode on screen is not the Code 128 of the digits under it');
}

/** The till charges `amount` on the code its camera reads. */
async function tillReads(clerk: Page, member: Page, camera: FakeCamera, bars: string, amount: string) {
  await clerk.getByRole('button', { name: /Ler o código de pagamento do cliente/ }).click();
  await clerk.getByLabel('Valor a cobrar (Kz)').fill(amount);
  await camera.show(barcodeFrame(bars), [clerk, member]);
  await clerk.getByRole('button', { name: 'Ler o código do cliente' }).click();
}

export const offlineCodeScenarios: Scenario[] = [
  {
    name: 'offline payment code: turned on, the phone loses its network and still shows a code the clerk’s till charges once; above the limit it waits until the phone is back and confirms; turned off in English',
    async run(ctx) {
      const base = ctx.baseUrl;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-offline-'));
      const camera = new FakeCamera(dir);
      const errors: string[] = [];
      let browser: Browser | null = null;
      const phones: Page[] = [];
      try {
        const launched = await launchPhones(ctx, camera, errors);
        browser = launched.browser;
        const member = await launched.phone('198.51.100.230');
        const clerk = await launched.phone('198.51.100.231');
        phones.push(member, clerk);

        // online: Luísa opens her payment code and turns the offline code on for this phone
        await signIn(member, base, MEMBER.mobile, MEMBER.password);
        await member.goto(`${base}/app/paymentcode`);
        await see(member, 'Mostre este código ao caixa para pagar.');
        await see(member, 'Sem rede na caixa? Ligue o código sem rede');
        await member.getByRole('button', { name: 'Ligar o código sem rede' }).click();
        await see(member, /Código sem rede ligado neste telemóvel: funciona sem ligação até/);
        await ctx.shotOf(member, 'payment-code-offline-on-pt');
        await ctx.auditOf(member, 'payment code, offline code on');
        // kept as the platform allows: a non-extractable key in IndexedDB, nothing in localStorage
        const kept = await member.evaluate(`new Promise((resolve) => { const r = indexedDB.open('kw-offline-payment-code'); r.onsuccess = () => { const g = r.result.transaction('enrolment').objectStore('enrolment').get('this-phone'); g.onsuccess = () => resolve({ type: g.result && g.result.key && g.result.key.type, extractable: g.result && g.result.key && g.result.key.extractable, local: localStorage.getItem('kwOfflinePaymentCode') }); }; })`);
        if (JSON.stringify(kept) !== JSON.stringify({ type: 'secret', extractable: false, local: null })) throw new Error(`the offline secret is kept as ${JSON.stringify(kept)}`);

        // the network goes: a new code is asked for and gets no answer; the phone shows its own
        await member.context().setOffline(true);
        await member.getByRole('button', { name: 'Atualizar o código' }).click();
        await see(member, /Sem rede — código offline válido até/);
        await see(member, /Este código muda a cada 30 segundos e só serve uma vez\./);
        await member.getByRole('button', { name: 'Mostrar os algarismos' }).click();
        const first = await shownCode(member);
        if (!first.digits.startsWith('9')) throw new Error(`an offline code starts with 9: ${first.digits}`);
        await ctx.shotOf(member, 'payment-code-offline-pt');
        await ctx.auditOf(member, 'payment code offline');

        // the clerk's till (online) reads it and charges 300 Kz: under her password-free limit, paid at once
        await signIn(clerk, base, CLERK.mobile, CLERK.password);
        await clerk.goto(`${base}/app/cashier`);
        await openTill(clerk, { which: 'Em que loja está a cobrar?', how: 'Como quer cobrar?', at: `Loja: ${STORE}` });
        await tillReads(clerk, member, camera, first.bars, '300');
        const band = clerk.locator('.kw-done-paid');
        await band.waitFor({ timeout: 15_000 });
        if (!/300,00/.test((await band.textContent()) ?? '')) throw new Error(`the till's paid band: ${await band.textContent()}`);
        await ctx.shotOf(clerk, 'cashier-offline-code-paid-pt');
        // the same code again (a screenshot of it): refused
        await clerk.getByRole('button', { name: 'Nova cobrança' }).click();
        await tillReads(clerk, member, camera, first.bars, '300');
        await see(clerk, 'Este código expirou ou já foi usado. Peça um novo.');
        await ctx.shotOf(clerk, 'cashier-offline-code-used-pt');
        // the phone, still without network, still shows a code
        await see(member, /Sem rede — código offline válido até/);

        // above her limit (1 500 Kz) on the next step's code: the till waits for her confirmation, which needs the network
        // (the page's Content-Security-Policy refuses waitForFunction's eval: asked from here instead)
        for (let waited = 0; (await member.locator('.kw-paycode-digits').textContent())!.replace(/\s/g, '') === first.digits; waited += 500) {
          if (waited > 40_000) throw new Error('the offline code did not change after its 30 s step');
          await member.waitForTimeout(500);
        }
        const second = await shownCode(member);
        await clerk.getByRole('button', { name: 'Nova cobrança' }).click();
        await tillReads(clerk, member, camera, second.bars, '1500');
        await see(clerk, 'À espera da confirmação do cliente no telemóvel…');
        await member.context().setOffline(false);
        await member.getByRole('button', { name: 'Tentar a rede agora' }).click();
        await see(member, 'Confirme este pagamento');
        await see(member, kz('1 500,00 Kz'));
        await ctx.shotOf(member, 'payment-code-offline-confirm-pt');
        await member.getByRole('button', { name: /^Pagar 1\s500,00\sKz$/ }).click();
        await enterPin(member);
        await see(member, 'Pagamento feito');
        const paid = clerk.locator('.kw-done-paid');
        await paid.waitFor({ timeout: 15_000 });
        if (!/1\s500,00/.test((await paid.textContent()) ?? '')) throw new Error(`the till's paid band: ${await paid.textContent()}`);

        // in English: the offline code on, the network cut again, then turned off (online): without network, no code
        await member.goto(`${base}/`);
        await member.getByTestId('language-menu').selectOption('en');
        await member.getByRole('navigation', { name: 'Navigation' }).waitFor();
        await member.goto(`${base}/app/paymentcode`);
        await see(member, /Offline code on for this phone: it works without a connection until/);
        await ctx.shotOf(member, 'payment-code-offline-on-en');
        await member.context().setOffline(true);
        await member.getByRole('button', { name: 'Refresh the code' }).click();
        await see(member, /No network — offline code valid until/);
        await ctx.shotOf(member, 'payment-code-offline-en');
        await ctx.auditOf(member, 'payment code offline en');
        await member.context().setOffline(false);
        await member.getByRole('button', { name: 'Try the network now' }).click();
        await member.getByRole('button', { name: 'Turn off the offline code' }).click();
        await see(member, 'No signal at the till? Turn on the offline code', 15_000);
        await member.context().setOffline(true);
        await member.getByRole('button', { name: 'Refresh the code' }).click();
        await see(member, 'No network, and this phone does not have the offline code turned on. Connect to show your payment code.');
        await ctx.shotOf(member, 'payment-code-offline-off-en');
        await member.context().setOffline(false);
        if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
      } catch (error) {
        for (const [i, page] of phones.entries()) await page.screenshot({ path: path.join('tests/e2e/screenshots', `FAILED-offline-${i ? 'clerk' : 'member'}.png`) }).catch(() => {});
        throw error;
      } finally {
        await browser?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
