import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { encode as encodeQr } from 'uqr';
import type { E2eContext } from './run.ts';
import { watchPolicy } from './policy.ts';

/**
 * The pieces of the merchant walks (collection, back office): the people and their phones, a fake
 * camera fed Y4M frames of the codes another screen shows, and small steps. See merchant.scenarios.ts
 * for why the camera file is rewritten before each capture.
 */
export const PIN = '270419';
/** Luísa (in the identity registry, with a BNI debit card of her own in the bank simulator), a newcomer here: nothing else uses her. */
export const MEMBER = { mobile: '923000005', nif: '008246810BG027', name: 'Luísa Nzinga Tavares', card: '6005200000000081', password: 'Luanda2026' };
/** The demo enterprise (customers see its short name) and its business card (bank simulator: "Loja Demo, Lda", BAI, mobile 923 000 010). */
export const MERCHANT = { login: 'loja@demo.ao', password: 'Kwanza2026', company: 'Loja Demo, Lda', shortName: 'Loja Demo', card: '6004000000000094', cardMobile: '923000010' };
export const STORE = 'Loja Central';

// ---------------------------------------------------------------------------------------------
// the fake camera: Y4M frames drawn from a QR matrix or Code 128 modules

export const FRAME = { width: 640, height: 480 };
/** Studio-range luma (Chromium reads the Y4M as limited range): 235 white paper, 16 black ink. */
export const WHITE = 235;
export const BLACK = 16;

export type Matrix = boolean[][];

/** A frame (luma plane) with the QR matrix centred, its quiet zone included, about 80 % of the height. */
export function qrFrame(matrix: Matrix): Buffer {
  const luma = Buffer.alloc(FRAME.width * FRAME.height, WHITE);
  const size = matrix.length;
  const px = Math.floor((FRAME.height * 0.8) / (size + 8));
  const left = Math.floor((FRAME.width - size * px) / 2);
  const top = Math.floor((FRAME.height - size * px) / 2);
  matrix.forEach((row, y) => row.forEach((dark, x) => {
    if (!dark) return;
    for (let dy = 0; dy < px; dy++) luma.fill(BLACK, (top + y * px + dy) * FRAME.width + left + x * px, (top + y * px + dy) * FRAME.width + left + (x + 1) * px);
  }));
  return luma;
}

/**
 * A frame with an image file (a downloaded placard) scaled into 95 % of it on white, as a print of
 * it held before the camera: drawn by a blank page's canvas beside `page` (the browser's own PNG
 * decoding and scaling, no image library here).
 */
export async function imageFrame(page: Page, png: Buffer): Promise<Buffer> {
  const blank = await page.context().newPage();
  try {
    const luma = await blank.evaluate(async ({ src, width, height }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      const scale = Math.min((width * 0.95) / image.width, (height * 0.95) / image.height);
      context.drawImage(image, (width - image.width * scale) / 2, (height - image.height * scale) / 2, image.width * scale, image.height * scale);
      const data = context.getImageData(0, 0, width, height).data;
      return Array.from({ length: width * height }, (_, i) => Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!));
    }, { src: `data:image/png;base64,${png.toString('base64')}`, width: FRAME.width, height: FRAME.height });
    return Buffer.from(luma.map((l) => Math.round(BLACK + ((WHITE - BLACK) * l) / 255)));
  } finally {
    await blank.close();
  }
}

/** A frame with a Code 128 symbol ('1' a bar module), centred, 200 px tall. */
export function barcodeFrame(modules: string): Buffer {
  const luma = Buffer.alloc(FRAME.width * FRAME.height, WHITE);
  const px = Math.floor((FRAME.width * 0.9) / (modules.length + 20));
  const left = Math.floor((FRAME.width - modules.length * px) / 2);
  const top = Math.floor((FRAME.height - 200) / 2);
  for (let y = top; y < top + 200; y++) {
    for (let m = 0; m < modules.length; m++) if (modules[m] === '1') luma.fill(BLACK, y * FRAME.width + left + m * px, y * FRAME.width + left + (m + 1) * px);
  }
  return luma;
}

export class FakeCamera {
  readonly file: string;
  constructor(dir: string) {
    this.file = path.join(dir, 'camera.y4m');
    this.write(Buffer.alloc(FRAME.width * FRAME.height, WHITE)); // a blank page until a code is shown
  }

  /** YUV4MPEG2 4:2:0, a few identical frames (Chromium loops them); grey chroma. Read when a page opens the camera. */
  write(luma: Buffer) {
    const header = Buffer.from(`YUV4MPEG2 W${FRAME.width} H${FRAME.height} F10:1 Ip A1:1 C420jpeg\n`);
    const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, Buffer.alloc(FRAME.width * FRAME.height / 2, 128)]);
    fs.writeFileSync(`${this.file}.part`, Buffer.concat([header, frame, frame, frame]));
    fs.renameSync(`${this.file}.part`, this.file);
  }

  /** Puts `luma` before the camera, once no page of `phones` holds a camera picture (see the note at the top). */
  async show(luma: Buffer, phones: Page[]) {
    for (const phone of phones) await phone.waitForFunction(() => document.querySelectorAll('video').length === 0, undefined, { timeout: 15_000 });
    await phones[0]!.waitForTimeout(250); // the capture service stops the device just after the last track
    this.write(luma);
  }
}

/** A counter top with no code on it: the camera's picture while a screenshot is taken. */
export const counterFrame = () => {
  const luma = Buffer.alloc(FRAME.width * FRAME.height);
  for (let y = 0; y < FRAME.height; y++) luma.fill(90 + Math.round((60 * y) / FRAME.height), y * FRAME.width, (y + 1) * FRAME.width);
  return luma;
};

/** Waits until the scanner's picture plays (the camera is open and frames arrive). */
export const cameraPicture = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>('video.kw-scanner-video')].some((v) => v.readyState >= 2 && v.videoWidth > 0), undefined, { timeout: 15_000 });

/** The dark modules of a QR drawn by screens/common/QrCode.tsx (one `M x y h w v1 h-w z` per run, a 4-module quiet zone). */
export async function qrOnScreen(page: Page, label: string | RegExp): Promise<Matrix> {
  const svg = page.locator('svg[role="img"]').and(page.getByRole('img', { name: label }));
  await svg.waitFor({ timeout: 15_000 });
  const [viewBox, d] = await Promise.all([svg.getAttribute('viewBox'), svg.locator('path').getAttribute('d')]);
  const size = Number(viewBox!.split(' ')[2]) - 8;
  const matrix: Matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of d!.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let i = 0; i < Number(w); i++) matrix[Number(y) - 4]![Number(x) - 4 + i] = true;
  }
  return matrix;
}

/** The modules of the Code 128 drawn by screens/paymentCode/Barcode128.tsx (a 10-module quiet zone each side). */
export async function barcodeOnScreen(page: Page, label: string): Promise<string> {
  const svg = page.locator(`svg[aria-label="${label}"]`);
  await svg.waitFor({ timeout: 15_000 });
  const [viewBox, d] = await Promise.all([svg.getAttribute('viewBox'), svg.locator('path').getAttribute('d')]);
  const width = Number(viewBox!.split(' ')[2]) - 20;
  const modules = Array<string>(width).fill('0');
  for (const [, x, w] of d!.matchAll(/M(\d+) 0h(\d+)/g)) for (let i = 0; i < Number(w); i++) modules[Number(x) - 10 + i] = '1';
  return modules.join('');
}

export const sameMatrix = (a: Matrix, b: Matrix) => a.length === b.length && a.every((row, y) => row.every((dark, x) => dark === b[y]![x]));

// ---------------------------------------------------------------------------------------------
// small steps

export const see = (page: Page, text: string | RegExp, timeout = 15_000) => page.getByText(text).first().waitFor({ state: 'visible', timeout });
/** An amount as the screens write it: pt "1 500,00 Kz", en "Kz 1,500.00" or alike; any space. */
export const kz = (amount: string) => new RegExp(amount.replace(/[ ,.]/g, (c) => (c === ' ' ? '\\s' : `\\${c}`)));

export async function enterPin(page: Page, keypad = 'Teclado seguro') {
  const pad = page.getByRole('group', { name: keypad });
  await pad.waitFor({ timeout: 15_000 });
  for (const digit of PIN) await pad.getByRole('button', { name: digit, exact: true }).click();
}

export async function signIn(page: Page, base: string, login: string, password: string) {
  await page.goto(`${base}/app/login?language=pt`);
  await page.getByLabel('Telemóvel ou e-mail').fill(login);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Navegação' }).waitFor({ timeout: 15_000 });
}

export interface Phones {
  ctx: E2eContext;
  base: string;
  member: Page;
  merchant: Page;
  operator: Page;
  camera: FakeCamera;
}

/** A context of this walk's own as the run's ctx helpers expect it (codes from /dev/outbox, verification). */
export const asCtx = (ctx: E2eContext, page: Page): E2eContext => ({ ...ctx, page, shot: async () => {}, audit: (label) => ctx.auditOf(page, label) });


/**
 * One Chromium with a fake camera reading `camera.file`, and a phone (390×844, touch, pt-AO) per
 * address: each speaks from its own address (X-Forwarded-For) and may open the camera. Page errors
 * are collected in `errors`.
 */
export async function launchPhones(ctx: E2eContext, camera: FakeCamera, errors: string[]): Promise<{ browser: Browser; phone: (address: string) => Promise<Page> }> {
  const browser = await chromium.launch({
    executablePath: ctx.chromiumPath,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera.file}`],
  });
  const phone = async (address: string): Promise<Page> => {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-AO',
      extraHTTPHeaders: { 'X-Forwarded-For': address },
    });
    await context.grantPermissions(['camera'], { origin: ctx.baseUrl });
    await watchPolicy(context, address);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${address}: ${String(e)}`));
    return page;
  };
  return { browser, phone };
}

export async function openTill(merchant: Page, words: { which: string; how: string; at: string }) {
  const which = merchant.getByText(words.which);
  const how = merchant.getByText(words.how);
  await which.or(how).first().waitFor({ timeout: 15_000 });
  if (await which.isVisible()) await merchant.getByRole('button', { name: new RegExp(STORE) }).click();
  await how.waitFor();
  await see(merchant, words.at);
}

/** The cashier shows a dynamic code for `amount`; answers the QR as drawn on screen (checked against uqr of the payload it received). */
export async function showDynamicCode(merchant: Page, amount: string, words: { mode: string; amountLabel: string; show: string; codeLabel: RegExp }): Promise<Matrix> {
  await merchant.getByRole('button', { name: new RegExp(words.mode) }).click();
  await merchant.getByLabel(words.amountLabel).fill(amount);
  const created = merchant.waitForResponse((r) => r.url().endsWith('/gatewayinner/api') && r.request().postDataJSON()?.service === 'merchant/cashier/createDynamicCode');
  await merchant.getByRole('button', { name: words.show }).click();
  const answer = await (await created).json();
  if (answer.code !== 'S0001') throw new Error(`createDynamicCode: ${answer.code} ${answer.subMsg}`);
  const shown = await qrOnScreen(merchant, words.codeLabel);
  if (!sameMatrix(shown, encodeQr(answer.bizContent.payload, { ecc: 'M', border: 0 }).data)) throw new Error('the till does not show the QR of the payload it received');
  return shown;
}

/**
 * On a payment's record (the refund screen), refunds `amount` with the merchant's pay password. A
 * refund asks the merchant's pay password; alone (E2E_ONLY) the demo business has none yet and the
 * screen says so before any keypad, in the whole walk an earlier scenario set it (the same PIN): both
 * are taken. Without one, it is set right there and the same refund goes on (not typed again).
 */
export async function refundOnRecord(ctx: E2eContext, merchant: Page, amount: string, shown: string) {
  const shownAmount = shown.replace(/[ ,.]/g, (c) => (c === ' ' ? '\\s' : `\\${c}`));
  await merchant.getByRole('button', { name: 'Reembolsar' }).click();
  await merchant.getByLabel('Valor a reembolsar').fill(amount);
  await merchant.getByRole('button', { name: 'Continuar' }).click();
  const notSet = merchant.getByText('Ainda não definiu a palavra-passe de pagamento.');
  await notSet.or(merchant.getByRole('group', { name: 'Teclado seguro' })).first().waitFor({ timeout: 15_000 });
  if (await notSet.isVisible()) {
    await ctx.shotOf(merchant, 'refund-no-pay-password-pt');
    await merchant.getByRole('button', { name: 'Definir a palavra-passe de pagamento' }).click();
    await enterPin(merchant);
    await see(merchant, 'Repita a palavra-passe');
    await enterPin(merchant);
    await see(merchant, /Palavra-passe de pagamento guardada\. Use-a agora para confirmar/);
    await see(merchant, new RegExp(`Reembolso de ${shownAmount}\\sKz`));
  }
  await enterPin(merchant);
  await see(merchant, new RegExp(`Reembolso de ${shownAmount}\\sKz feito\\. O cliente foi avisado\\.`));
}
