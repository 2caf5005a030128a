import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { bindSticker, call, issueStickerBatch, openMerchantWithStore, operatorOf } from '../support/merchant.ts';
import { decodeCollectionCode } from '../../services/emvco.ts';
import { stickerPayload } from '../../server/entities/collectionCodes.ts';
import { STICKERS_PER_PAGE, darkRuns, qrMatrix } from '../../server/domains/stickers/sheet.ts';
import { ZH_TAGLINE } from '../../server/domains/stickers/glyphs/zhTagline.ts';
import { WALLET_MARK } from '../../services/brand.ts';
import { dictionary } from '../../locales/dictionary.ts';
const zh = dictionary('zh');

/** The text a page draws with a standard font: pdf-lib writes it as a hex string of its WinAnsi codes. */
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

/** Every content stream of the document, inflated. */
function contentStreams(pdf: PDFDocument): string[] {
  return pdf.context.enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'));
}

describe.each(engines)('sticker batches on %s', (engine) => {
  let server: TestServer;
  let operator: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    operator = await operatorOf(server);
  });
  afterAll(() => server.close());

  const asOperator = (service: string, bizContent: object) => call(server, service, bizContent, operator, { type: 'SSO-AUTH' });
  const download = (batchId: string, token = operator, language = '') =>
    server.app.inject({ method: 'GET', url: `/platform/stickers/${batchId}.pdf${language ? `?language=${language}` : ''}`, headers: token ? { 'sso-auth-token': token } : {} });

  it('is for operators only', async () => {
    const member = await server.memberToken('+244923000001');
    expect((await call(server, 'platform/stickers/issue', { count: 1 }, member)).code).toBe('AGW10005');
    expect((await call(server, 'platform/stickers/issue', { count: 1 }, member, { type: 'SSO-AUTH' })).code).toBe('AGW10005');
    expect((await call(server, 'platform/stickers/batches', {}, '', { type: 'SSO-AUTH' })).code).toBe('AGW20001');
    expect((await asOperator('platform/stickers/issue', { count: 0 })).code).toBe('AGW10003');
    expect((await asOperator('platform/stickers/issue', { count: 501 })).code).toBe('AGW10003');
    expect((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM collection_codes')).rows[0]!.n).toBe('0');
  });

  it('issues a batch of random KW serials, audited', async () => {
    const answer = await asOperator('platform/stickers/issue', { count: 25 });
    expect(answer.code).toBe('S0001');
    const { batch } = answer.bizContent;
    const { rows } = await server.db.query<{ serial: string; store_id: string | null }>('SELECT serial, store_id FROM collection_codes WHERE batch_id = $1 ORDER BY serial', [batch.batchId]);
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => /^KW\d{10}$/.test(r.serial) && r.store_id === null)).toBe(true);
    expect(batch).toEqual({ batchId: expect.stringMatching(/^\d+$/), count: 25, firstSerial: rows[0]!.serial, lastSerial: rows.at(-1)!.serial, issuedBy: 'Operadora Demo', issuedAt: expect.any(String), bound: 0 });
    const audit = (await asOperator('platform/audit/query', { subjectId: batch.batchId })).bizContent.items;
    expect(audit).toEqual([expect.objectContaining({ action: 'stickers.issue', subjectType: 'sticker_batch', operatorId: 'op-demo', after: { count: 25, firstSerial: batch.firstSerial, lastSerial: batch.lastSerial } })]);
  });

  it('prints a payload per sticker that reads back as its serial: this wallet’s static code, before any merchant owns it', () => {
    for (const serial of ['KW0000000001', 'KW9876543210']) {
      expect(decodeCollectionCode(stickerPayload(serial))).toEqual({ ok: true, value: { kind: 'static', serial, mcc: '0000', merchantName: 'Kwanza Wallet', city: 'Luanda' } });
    }
  });

  it('lists batches newest first with how many stickers are bound now', async () => {
    const batch = await issueStickerBatch(server, 3);
    const shop = await openMerchantWithStore(server);
    await bindSticker(server, shop, batch.payloads[0]!);
    await bindSticker(server, shop, batch.serials[1]!);
    const { bindingId } = await bindSticker(server, shop, batch.serials[2]!);
    await call(server, 'merchant/code/unbind', { bindingId }, shop.token);
    const { batches, total } = (await asOperator('platform/stickers/batches', {})).bizContent;
    expect(total).toBe(2);
    expect(batches.map((b: { batchId: string }) => b.batchId)).toEqual([batch.batchId, expect.any(String)]);
    expect(batches[0]).toMatchObject({ count: 3, bound: 2, firstSerial: batch.serials[0], lastSerial: batch.serials[2] });
    expect(batches[1]).toMatchObject({ count: 25, bound: 0 });
    expect((await asOperator('platform/stickers/batches', { page: 2 })).bizContent).toEqual({ batches: [], total: 2 });
  });

  it('downloads the print-ready A4 sheet: a page per 12 stickers, each serial printed under its code', async () => {
    const batch = await issueStickerBatch(server, 14);
    const res = await download(batch.batchId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kwanza-wallet-stickers-${batch.batchId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(Math.ceil(14 / STICKERS_PER_PAGE));
    for (const page of pdf.getPages()) expect([Math.round(page.getWidth()), Math.round(page.getHeight())]).toEqual([595, 842]);
    const text = contentStreams(pdf).join('\n');
    for (const serial of batch.serials) expect(text, serial).toContain(`<${hexOf(serial)}> Tj`);
    expect(text).toContain(`<${hexOf('Kwanza Wallet')}> Tj`);
    // each a placard: the mark, the name and the tagline over the code (pt by default), the serial under it
    expect(text.split(`<${hexOf('Pague aqui com Kwanza Wallet')}> Tj`)).toHaveLength(14 + 1);
    const firstCode = text.indexOf(' re\n');
    expect(text.indexOf(`<${hexOf('Pague aqui com Kwanza Wallet')}> Tj`)).toBeLessThan(firstCode);
    expect(text.indexOf(`<${hexOf(batch.serials[0]!)}> Tj`)).toBeGreaterThan(firstCode);
    // each code is drawn as filled rectangles, one per run of dark modules
    const runs = batch.payloads.reduce((sum, payload) => sum + darkRuns(qrMatrix(payload)).length, 0);
    expect((text.match(/ re\n/g) ?? []).length).toBe(runs);
    const audit = (await asOperator('platform/audit/query', { subjectId: batch.batchId })).bizContent.items;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['stickers.download', 'stickers.issue']);
  });

  it('prints the tagline in the language asked: en in Helvetica, zh from its glyphs’ outlines (no CJK font embedded)', async () => {
    const batch = await issueStickerBatch(server, 2);
    const en = contentStreams(await PDFDocument.load((await download(batch.batchId, operator, 'en')).rawPayload)).join('\n');
    expect(en.split(`<${hexOf('Pay here with Kwanza Wallet')}> Tj`)).toHaveLength(3);
    expect(en).not.toContain(hexOf('Pague aqui'));
    const zhPdf = await PDFDocument.load((await download(batch.batchId, operator, 'zh')).rawPayload);
    const zhText = contentStreams(zhPdf).join('\n');
    expect(zhText).not.toContain(hexOf('Pague aqui'));
    expect(zhText).toContain(`<${hexOf(batch.serials[1]!)}> Tj`);
    // the outlines are drawn (each glyph's curves), and only the two standard fonts are embedded
    expect((zhText.match(/ c\n/g) ?? []).length).toBeGreaterThan(100);
    const fonts = zhPdf.context.enumerateIndirectObjects().map(([, o]) => String(o)).filter((o) => o.includes('/Type /Font'));
    expect(fonts.every((f) => f.includes('/Helvetica'))).toBe(true);
  });

  it('the zh outlines are of the zh tagline (regenerate glyphs/zhTagline.ts with glyphs/generate.mjs when it changes)', () => {
    expect(ZH_TAGLINE.text).toBe(zh.codeBinding.placardTagline);
    expect(WALLET_MARK.size).toBe(100);
  });

  it('serves the sheet only to an operator, and only for a batch that exists', async () => {
    const batch = await issueStickerBatch(server, 1);
    expect((await download(batch.batchId, '')).statusCode).toBe(401);
    expect((await download(batch.batchId, await server.memberToken('+244923000001'))).statusCode).toBe(403);
    expect((await download('999999')).statusCode).toBe(404);
    expect((await download('abc')).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/platform/stickers/${batch.batchId}.png`, headers: { 'sso-auth-token': operator } })).statusCode).toBe(404);
  });

  it('draws the QR code’s dark modules as horizontal runs', () => {
    expect(darkRuns([[true, true, false, true], [false, false, false, false], [true, false, true, true]])).toEqual([
      { row: 0, column: 0, length: 2 }, { row: 0, column: 3, length: 1 }, { row: 2, column: 0, length: 1 }, { row: 2, column: 2, length: 2 },
    ]);
    const matrix = qrMatrix(stickerPayload('KW0123456789'));
    expect(matrix.length).toBe(matrix[0]!.length);
    expect(matrix.length).toBeGreaterThanOrEqual(21);
    // the finder pattern in the top-left corner: a 7×7 dark ring
    expect(matrix[0]!.slice(0, 7)).toEqual(Array(7).fill(true));
  });
});
