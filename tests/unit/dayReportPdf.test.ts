/**
 * The day report's PDF (server/domains/dayReport/pdf.ts) from a report as the query answers it: the
 * figures in the member's language, a long list of clerks over several A4 pages, and names outside
 * the standard fonts' WinAnsi (a Chinese name) drawn as "?" instead of failing; zh writes the
 * English labels.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { dayReportPdf, pdfLanguage } from '../../server/domains/dayReport/pdf.ts';
import { ownerReport } from '../models/dayReport.model.ts';

/** Every text the pages draw, from their content streams (pdf-lib writes `(…) Tj` or hex `<…> Tj`). */
async function drawnText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const refs = contents && 'asArray' in contents ? (contents as unknown as { asArray(): unknown[] }).asArray() : [contents];
    for (const ref of refs) {
      const stream = pdf.context.lookup(ref as never) as PDFRawStream;
      const raw = Buffer.from(stream.contents);
      const data = stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw;
      for (const match of data.toString('latin1').matchAll(/<([0-9A-Fa-f]+)> Tj/g)) texts.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
      for (const match of data.toString('latin1').matchAll(/\((.*?)\) Tj/g)) texts.push(match[1]!);
    }
  }
  return texts.join('\n');
}

describe('the day report PDF', () => {
  it('writes the screen’s figures, amounts as the member’s language writes them', async () => {
    const pt = await drawnText(await dayReportPdf(ownerReport, 'pt'));
    expect(pt).toContain('Fecho do dia');
    expect(pt).toContain('39 345,67 Kz (4)');
    expect(pt).toContain('37 158,94 Kz');
    expect(pt).toContain('Código da loja (sem caixa)');
    const en = await drawnText(await dayReportPdf(ownerReport, 'en'));
    expect(en).toContain('End-of-day report');
    expect(en).toContain('Kz 39,345.67 (4)');
    expect(pdfLanguage('zh')).toBe('en');
    expect(await drawnText(await dayReportPdf(ownerReport, 'zh'))).toContain('End-of-day report');
  });

  it('goes on over pages for a long list, and draws a name the fonts lack as "?"', async () => {
    const clerk = ownerReport.byClerk[0]!;
    const many = { ...ownerReport, byClerk: Array.from({ length: 90 }, (_, i) => ({ ...clerk, clerkId: String(100 + i), name: i === 89 ? '王小明' : `Caixa ${i}` })) };
    const bytes = await dayReportPdf(many, 'fr');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const text = await drawnText(bytes);
    expect(text).toContain('Caixa 0');
    expect(text).toContain('Caixa 88');
    expect(text).toContain('???');
    expect(text).toContain('Clôture de la journée');
  });
});
