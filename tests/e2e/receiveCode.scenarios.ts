import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { encode as encodeQr } from 'uqr';
import { decodePersonalCode } from '../../services/emvco.ts';
import { enterPin, imageFrame, FakeCamera, launchPhones, qrFrame, qrOnScreen, sameMatrix, see, signIn } from './phones.ts';
import { topUpWithBoundCard, type Scenario } from './scenarios.ts';

/**
 * A person's receive code (issue 26, part 1) in Chromium, on two phones of one Chromium with a fake
 * camera (as the merchant walks): Joana (the Portuguese newcomer, verified earlier) shows her code;
 * Ana (verified and with a card in the money walk) scans it from the scan screen, sees Joana's
 * masked name, and pays her 500 Kz with a note. The camera is fed a Y4M drawn from the QR on
 * Joana's screen (checked to be the QR of the payload the server gave her). Then Joana saves her
 * code as a PNG, and both screens are looked at in English.
 */
const JOANA = { login: '923456700', password: 'Huambo2027', masked: 'Joana B*** N***' };
const ANA = { login: '923000001', password: 'Kwanza2026' };

export const receiveCodeScenarios: Scenario[] = [
  {
    name: 'receive code: Joana shows her code, Ana scans it with the camera and pays her 500 Kz with a note; saved as a picture; in English',
    async run(ctx) {
      const base = ctx.baseUrl;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-receive-'));
      const camera = new FakeCamera(dir);
      const errors: string[] = [];
      let browser: Browser | undefined;
      const pages: Array<[string, import('playwright-core').Page]> = [];
      try {
        const launched = await launchPhones(ctx, camera, errors);
        browser = launched.browser;
        const joana = await launched.phone('198.51.100.220');
        const ana = await launched.phone('198.51.100.221');
        pages.push(['joana', joana], ['ana', ana]);
        await signIn(joana, base, JOANA.login, JOANA.password);
        await signIn(ana, base, ANA.login, ANA.password);

        // Ana tops up 1 000 Kz with her bound card (the money walk left her a few hundred)
        await topUpWithBoundCard(ctx, ana, { mobile: ANA.login, cardLast4: '0011', amount: '1000' });

        // Joana opens «Receber» from her hub: her code, big, her masked name under it
        await joana.goto(`${base}/`);
        await joana.getByRole('link', { name: 'Receber' }).waitFor({ timeout: 15_000 });
        const answered = joana.waitForResponse((r) => r.url().endsWith('/gatewayinner/api') && r.request().postDataJSON()?.service === 'wallet/receiveCode/myCode');
        await joana.getByRole('link', { name: 'Receber' }).click();
        const myCode = await (await answered).json();
        if (myCode.code !== 'S0001') throw new Error(`myCode: ${myCode.code}`);
        await see(joana, 'Pague-me com Kwanza');
        const shown = await qrOnScreen(joana, `Código para receber de ${JOANA.masked}`);
        if (!sameMatrix(shown, encodeQr(myCode.bizContent.payload, { ecc: 'M', border: 0 }).data)) throw new Error('the screen does not show the QR of the payload it received');
        const decoded = decodePersonalCode(myCode.bizContent.payload);
        if (!decoded.ok) throw new Error(`the payload is not a personal code: ${decoded.refusal}`);
        await see(joana, JOANA.masked);
        await ctx.shotOf(joana, 'receive-code-pt');
        await ctx.auditOf(joana, 'receive code');

        // Ana scans it: the camera sees Joana's screen; the scan screen opens the transfer by code
        await camera.show(qrFrame(shown), [joana, ana]);
        await ana.goto(`${base}/app/scan`);
        await ana.waitForURL(`**/app/sendbycode/${decoded.value.token}`, { timeout: 20_000 });
        await see(ana, 'É esta a pessoa a quem quer pagar?');
        await see(ana, JOANA.masked);
        await ana.getByLabel('Nota (opcional)').fill('Peixe do mercado');
        await ctx.shotOf(ana, 'receive-code-pay-confirm-pt');
        await ctx.auditOf(ana, 'pay by code: confirm');
        await ana.getByRole('button', { name: 'Sim, continuar' }).click();
        await ana.getByLabel('Valor (Kz)').fill('500');
        await ana.getByRole('button', { name: 'Continuar' }).click();
        await see(ana, /500,00\sKz para Joana B\*\*\* N\*\*\*/);
        await enterPin(ana);
        await see(ana, 'Pagamento feito');
        await ctx.shotOf(ana, 'receive-code-paid-pt');
        await ctx.auditOf(ana, 'pay by code: paid');
        await ana.getByRole('link', { name: 'Ver comprovativo' }).click();
        await see(ana, 'Comprovativo de transferência');
        await see(ana, 'Peixe do mercado');
        await see(ana, JOANA.masked);
        await ctx.shotOf(ana, 'receive-code-receipt-pt');

        // Joana saves her code as a picture (downloaded here: no share sheet in this browser)
        const download = joana.waitForEvent('download', { timeout: 15_000 });
        await joana.getByRole('button', { name: 'Guardar imagem' }).click();
        const picture = await download;
        if (!picture.suggestedFilename().endsWith('.png')) throw new Error(`the code was saved as ${picture.suggestedFilename()}`);
        await picture.saveAs('tests/e2e/screenshots/receive-code-picture.png');
        await see(joana, 'Imagem do código guardada.');

        // a one-time code for 1 kg of fish, saved as a picture; Ana's camera reads the picture: the amount is the code's, paid once
        await joana.getByRole('button', { name: 'Pedir um valor' }).click();
        await joana.getByLabel('Valor (Kz)').fill('300');
        await joana.getByLabel('Descrição (opcional)').fill('1 kg de peixe');
        await joana.getByRole('button', { name: 'Criar código' }).click();
        await see(joana, 'Código para um pagamento');
        await see(joana, '1 kg de peixe');
        await ctx.shotOf(joana, 'receive-code-one-time-pt');
        await ctx.auditOf(joana, 'receive code: one-time');
        const oneTimeDownload = joana.waitForEvent('download', { timeout: 15_000 });
        await joana.getByRole('button', { name: 'Guardar imagem' }).click();
        const oneTimePicture = await oneTimeDownload;
        const oneTimePng = fs.readFileSync((await oneTimePicture.path())!);
        fs.writeFileSync('tests/e2e/screenshots/receive-code-one-time-picture.png', oneTimePng);
        await camera.show(await imageFrame(ana, oneTimePng), [joana, ana]);
        await ana.goto(`${base}/app/scan`);
        await ana.waitForURL(/\/app\/sendbycode\/[A-Za-z0-9_-]{22}$/, { timeout: 20_000 });
        if (ana.url().endsWith(decoded.value.token)) throw new Error('the picture of the one-time code opened the standing code');
        await see(ana, 'É esta a pessoa a quem quer pagar?');
        await see(ana, /^300,00\sKz$/);
        await see(ana, '1 kg de peixe');
        await ctx.shotOf(ana, 'receive-code-one-time-confirm-pt');
        await ana.getByRole('button', { name: 'Sim, continuar' }).click();
        await see(ana, /300,00\sKz para Joana B\*\*\* N\*\*\*/);
        await enterPin(ana);
        await see(ana, 'Pagamento feito');
        // the same picture again: already paid
        const oneTimePath = new URL(ana.url()).pathname;
        await ana.goto(`${base}${oneTimePath}`);
        await see(ana, 'Este código já foi pago.');
        await ctx.shotOf(ana, 'receive-code-one-time-spent-pt');

        // in English: Joana's code, and Ana's confirmation of the same code
        await joana.goto(`${base}/app/receive?language=en`);
        await see(joana, 'Pay me with Kwanza');
        await ctx.shotOf(joana, 'receive-code-en');
        await ana.goto(`${base}/app/sendbycode/${decoded.value.token}?language=en`);
        await see(ana, 'Is this the person you want to pay?');
        await ctx.shotOf(ana, 'receive-code-pay-confirm-en');
        await ctx.auditOf(ana, 'pay by code: confirm, English');
        if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
      } catch (error) {
        for (const [who, page] of pages) await page.screenshot({ path: `tests/e2e/screenshots/FAILED-receive-code-${who}.png` }).catch(() => {});
        throw error;
      } finally {
        await browser?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
