import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { enterpriseDocumentSlots } from '../../services/contract/enterpriseVerification.ts';
import { PDF, png, zipBomb } from '../support/files.ts';
import type { E2eContext } from './run.ts';
import { codeFromOutbox, expectSignedIn, expectText, outboxCount, type Scenario } from './scenarios.ts';
import { watchPolicy } from './policy.ts';

/** Real files on disk for the file inputs: a photo-sized PNG, a PDF, and the three an attacker would try. */
function writeFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-e2e-files-'));
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  return {
    dir,
    photo: write('documento.png', png(640, 400)),
    pdf: write('certidao.pdf', PDF),
    fakeJpg: write('fotografia.jpg', Buffer.from('MZ\x90\x00 this is a program, not a photograph '.repeat(40))),
    huge: write('digitalizacao.pdf', Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024, 0x20)])),
    bomb: write('bomba.jpg', zipBomb(200)),
  };
}

/** Stored uploads (finished files only; `.part` files would be half-saved ones). */
function storedFiles(ctx: E2eContext): { complete: number; partial: number } {
  const root = path.join(ctx.dataDir, 'files');
  const all = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
  return { complete: all.filter((f) => !f.endsWith('.part')).length, partial: all.filter((f) => f.endsWith('.part')).length };
}

async function signUpEnterprise(ctx: E2eContext, email: string) {
  await ctx.page.goto(`${ctx.baseUrl}/app/enterpriseregister`);
  await ctx.page.getByLabel('E-mail da empresa').fill(email);
  await ctx.page.getByText('Li e aceito o').click();
  const before = await outboxCount(ctx, email);
  await ctx.page.getByRole('button', { name: 'Receber código' }).click();
  await ctx.page.getByLabel('Código de verificação').fill(await codeFromOutbox(ctx, email, before));
  await ctx.page.getByRole('button', { name: 'Confirmar' }).click();
  await ctx.page.getByLabel('Palavra-passe').fill('Empresa2026');
  await ctx.page.getByRole('button', { name: 'Criar conta' }).click();
  // not the e-mail's first part: a company has given no name before its verification
  await expectSignedIn(ctx, null);
}

async function fillEnterpriseForm(page: Page) {
  const fill = (name: string, value: string) => page.locator(`[name="${name}"]`).fill(value);
  await fill('company.name', 'Mercearia Kianda, Lda');
  await fill('company.shortName', 'Kianda');
  await fill('company.nif', '5000123456');
  await fill('company.licenceNumber', 'AL-2025-0420');
  await page.locator('input[name="company.validityKind"][value="longTerm"]').check();
  await fill('company.registrationNumber', 'CRC-LDA-7781');
  await fill('legalPerson.name', 'Joana');
  await fill('legalPerson.surname', 'Baptista Neto');
  await fill('legalPerson.cardNumber', '006123456LA048');
  await fill('legalPerson.taxNumber', '006123456LA048');
  await fill('signer.name', 'Mateus Kiala Fernandes');
  await fill('signer.cardNumber', '007654321HO011');
  await fill('signer.taxNumber', '007654321HO011');
  await fill('basicInfo.phone', '923456780');
  await fill('basicInfo.email', 'geral@kianda.ao');
  await fill('basicInfo.address', 'Rua Amílcar Cabral 45, Ingombota');
  await fill('basicInfo.areaOfBusiness', 'Comércio alimentar');
  await page.locator('select[name="basicInfo.province"]').selectOption('luanda');
  await page.locator('select[name="basicInfo.city"]').selectOption('Ingombota');
  await page.locator('input[name="basicInfo.gender"][value="F"]').check();
  await fill('basicInfo.birthday', '1988-06-15');
  await fill('basicInfo.personalNif', '006123456LA048');
}

const slot = (page: Page, name: string) => page.getByTestId(`slot-${name}`);

async function upload(page: Page, name: string, file: string) {
  await page.locator(`input[name="documents.${name}"]`).setInputFiles(file);
}

/** An operator's own browser (own storage), signed in through the single sign-on at /plateform/. */
async function operatorSignsIn(ctx: E2eContext): Promise<Page> {
  const context = await watchPolicy(await ctx.page.context().browser()!.newContext({
    viewport: { width: 1280, height: 900 }, locale: 'pt-AO', extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.200' },
  }), 'operator');
  const page = await context.newPage();
  await page.goto(`${ctx.baseUrl}/plateform/`);
  await page.getByRole('button', { name: /Entrar com/ }).click();
  await page.getByLabel('Utilizador').fill('operador');
  await page.getByLabel('Palavra-passe').fill('Operador2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/plateform/verifications**', { timeout: 15_000 });
  return page;
}

async function operatorDecides(ctx: E2eContext, operator: Page, decision: 'reject' | 'approve', label: string) {
  await operator.goto(`${ctx.baseUrl}/plateform/verifications`);
  await operator.getByRole('link', { name: /Mercearia Kianda, Lda/ }).first().click();
  await operator.getByText('006123456LA048').first().waitFor({ timeout: 15_000 });
  const firstDocument = operator.locator('figure.kw-plt-doc img').first();
  await firstDocument.waitFor({ timeout: 15_000 });
  await operator.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await firstDocument.elementHandle(), { timeout: 15_000 });
  await operator.screenshot({ path: path.join('tests/e2e/screenshots', `platform-review-${label}.png`), fullPage: false });
  if (decision === 'reject') {
    await operator.getByRole('button', { name: 'Recusar' }).first().click();
    await operator.getByLabel('Motivo da recusa').fill('A certidão do registo comercial está ilegível. Envie uma cópia nítida.');
    await operator.getByRole('button', { name: 'Confirmar recusa' }).click();
  } else {
    await operator.getByRole('button', { name: 'Aprovar' }).first().click();
    await operator.getByRole('button', { name: 'Confirmar aprovação' }).click();
  }
  // back on the queue itself (the review page's address also starts with /plateform/verifications)
  await operator.waitForURL(/\/plateform\/verifications(\?.*)?$/, { timeout: 15_000 });
}

export const verificationScenarios: Scenario[] = [
  {
    name: 'an enterprise signs up and sends its verification with real images and a PDF; renamed, huge and zip-bomb files are refused and nothing is half-saved; an operator rejects with a reason; the enterprise re-verifies and is approved',
    async run(ctx) {
      const files = writeFiles();
      try {
        await signUpEnterprise(ctx, 'geral@kianda.ao');
        await ctx.page.goto(`${ctx.baseUrl}/app/enterprisecert`);
        await ctx.page.locator('[name="company.name"]').waitFor({ timeout: 15_000 });
        await ctx.page.getByRole('button', { name: 'Enviar para verificação' }).click();
        await expectText(ctx, 'Indique o nome da empresa.');
        await ctx.shot('enterprise-form-required');
        await ctx.audit('enterprise form with required-field messages');
        await fillEnterpriseForm(ctx.page);

        // the three uploads an attacker or an unlucky user would try: each refused with its reason
        const before = storedFiles(ctx);
        await upload(ctx.page, 'businessLicence', files.fakeJpg);
        await slot(ctx.page, 'businessLicence').getByText(/Tipo de ficheiro não aceite/).waitFor({ timeout: 20_000 });
        await ctx.shot('enterprise-upload-renamed-refused');
        await upload(ctx.page, 'registrationCertificate', files.huge);
        await slot(ctx.page, 'registrationCertificate').getByText(/demasiado grande/).waitFor({ timeout: 20_000 });
        await ctx.shot('enterprise-upload-too-large-refused');
        await upload(ctx.page, 'companyNifPhoto', files.bomb);
        await slot(ctx.page, 'companyNifPhoto').getByText(/Tipo de ficheiro não aceite/).waitFor({ timeout: 20_000 });
        const after = storedFiles(ctx);
        if (after.complete !== before.complete || after.partial !== 0) throw new Error(`refused uploads left files: ${JSON.stringify({ before, after })}`);

        for (const name of enterpriseDocumentSlots) {
          await upload(ctx.page, name, name === 'registrationCertificate' ? files.pdf : files.photo);
          await slot(ctx.page, name).getByRole('button', { name: /Remover/ }).waitFor({ timeout: 20_000 });
        }
        if (storedFiles(ctx).complete !== before.complete + enterpriseDocumentSlots.length) throw new Error('the seven documents were not stored');
        await ctx.shot('enterprise-form-filled');
        // a reload keeps the draft, documents included
        await ctx.page.reload();
        await expectText(ctx, 'Recuperámos os dados que estava a preencher.');
        if ((await ctx.page.locator('[name="company.nif"]').inputValue()) !== '5000123456') throw new Error('the draft was lost on reload');
        await slot(ctx.page, 'signerIdBack').getByRole('button', { name: /Remover/ }).waitFor();
        await ctx.audit('enterprise form filled');
        await ctx.page.getByRole('button', { name: 'Enviar para verificação' }).click();
        await ctx.page.waitForURL('**/app/result', { timeout: 15_000 });
        await expectText(ctx, 'Pedido em análise');
        await ctx.shot('enterprise-result-pending');
        await ctx.audit('enterprise result pending');

        const operator = await operatorSignsIn(ctx);
        try {
          await operatorDecides(ctx, operator, 'reject', 'first');
          await ctx.page.reload();
          await expectText(ctx, 'A verificação falhou');
          await expectText(ctx, 'A certidão do registo comercial está ilegível.');
          await ctx.shot('enterprise-result-failed');
          await ctx.audit('enterprise result failed');
          await ctx.page.getByRole('button', { name: 'Verificar de novo' }).click();
          await ctx.page.waitForURL('**/app/enterprisecert', { timeout: 15_000 });
          if ((await ctx.page.locator('[name="company.name"]').inputValue()) !== 'Mercearia Kianda, Lda') throw new Error('re-verify did not start from the last values');
          await upload(ctx.page, 'registrationCertificate', files.pdf);
          await slot(ctx.page, 'registrationCertificate').getByRole('button', { name: /Remover/ }).waitFor({ timeout: 20_000 });
          await ctx.page.getByRole('button', { name: 'Enviar para verificação' }).click();
          await ctx.page.waitForURL('**/app/result', { timeout: 15_000 });
          await expectText(ctx, 'Pedido em análise');

          await operatorDecides(ctx, operator, 'approve', 'second');
          await ctx.page.reload();
          await expectText(ctx, 'Empresa verificada');
          await ctx.shot('enterprise-result-verified');

          // every decision is in the audit log
          await operator.goto(`${ctx.baseUrl}/plateform/audit`);
          await operator.getByText('verification.approve').first().waitFor({ timeout: 15_000 });
          await operator.getByText('verification.reject').first().waitFor();
          await operator.screenshot({ path: path.join('tests/e2e/screenshots', 'platform-audit.png') });
        } finally {
          await operator.context().close();
        }
      } finally {
        fs.rmSync(files.dir, { recursive: true, force: true });
      }
    },
  },
];
