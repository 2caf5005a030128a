import { PDFDocument, StandardFonts, grayscale, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DayFigures, DayReport } from '../../../services/contract/dayReport.ts';
import { BRAND_GREEN_RGB, WALLET_NAME } from '../../../services/brand.ts';
import { formatKwanza } from '../../../src/lib/money.ts';
import { messageText, type Language } from '../../i18n.ts';

/**
 * The end-of-day report as a PDF (README "Day report"): A4, the merchant, the day and the store, the
 * day's totals, then a line per store and a line per clerk — the figures of the screen, from the
 * same query (report.ts). Made on the server with pdf-lib (already the stickers' sheet's library: no
 * new dependency and nothing in the app's bundle). Its standard fonts know only WinAnsi (Latin), so
 * a zh report is written with the English labels and amounts (en and zh write amounts alike), and a
 * character WinAnsi lacks in a name (a Chinese store name) is drawn as "?" rather than failing.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const BRAND = rgb(...BRAND_GREEN_RGB);
const INK = grayscale(0.1);
const MUTED = grayscale(0.42);
const RULE = grayscale(0.82);

/** The language the PDF's words are in: zh's labels need a CJK font the standard ones lack. */
export const pdfLanguage = (language: Language): Language => (language === 'zh' ? 'en' : language);

/** Text the font can draw: any character outside its set becomes "?". */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Cuts `text` to fit `width` at `size`, with an ellipsis. */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

export async function dayReportPdf(report: DayReport, language: Language): Promise<Uint8Array> {
  const words = pdfLanguage(language);
  const t = (key: string, vars: Record<string, string> = {}) => messageText(words, `dayReport.pdf.${key}`, vars);
  const kz = (centimos: number) => formatKwanza(centimos, words);
  const doc = await PDFDocument.create();
  doc.setTitle(`${WALLET_NAME} — ${t('title')} ${report.day}`);
  doc.setCreator(WALLET_NAME);
  doc.setProducer(WALLET_NAME);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; color?: Color; right?: number; width?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 9;
    let shown = drawable(font, value);
    if (options.width) shown = fitted(font, shown, size, options.width);
    const at = options.right !== undefined ? options.right - font.widthOfTextAtSize(shown, size) : x;
    page.drawText(shown, { x: at, y, size, font, color: options.color ?? INK });
  };
  const newPageIfBelow = (needed: number) => {
    if (y - needed > MARGIN) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };

  // heading: the wallet, the report, the merchant, the day, the store, when it was read
  text(WALLET_NAME, MARGIN, { size: 11, font: bold, color: BRAND });
  y -= 22;
  text(t('title'), MARGIN, { size: 18, font: bold });
  y -= 20;
  text(report.merchantName, MARGIN, { size: 11 });
  y -= 15;
  const storeName = report.storeId ? report.stores.find((s) => s.storeId === report.storeId)?.name ?? '' : t('allStores');
  text(`${t('day')}: ${report.day}    ${t('store')}: ${storeName}`, MARGIN, { size: 10 });
  y -= 13;
  const read = new Date(Date.parse(report.at) + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  text(`${t('readAt', { at: read })}${report.tillOf !== null ? `    ${t('ownTill', { name: report.tillOf })}` : ''}`, MARGIN, { size: 8, color: MUTED });
  y -= 26;

  // the day's totals
  const totals: Array<[string, string]> = [
    [t('payments'), `${kz(report.totals.payments.sum)} (${report.totals.payments.count})`],
    [t('refunds'), `${kz(report.totals.refunds.sum)} (${report.totals.refunds.count})`],
    [t('charges'), kz(report.totals.charges)],
    [t('net'), kz(report.totals.net)],
  ];
  for (const [label, value] of totals) {
    const isNet = label === t('net');
    text(label, MARGIN, { size: 11, font: isNet ? bold : regular });
    text(value, 0, { size: 11, font: isNet ? bold : regular, right: A4.width - MARGIN });
    y -= 17;
  }
  y -= 12;

  // the tables: a name column, then payments, refunds, charges, net
  const columns = [{ right: 330 }, { right: 420 }, { right: 480 }, { right: A4.width - MARGIN }];
  const table = (title: string, lines: Array<{ name: string; sub?: string; figures: DayFigures }>) => {
    newPageIfBelow(60);
    text(title, MARGIN, { size: 12, font: bold });
    y -= 16;
    const head = [t('payments'), t('refunds'), t('charges'), t('net')];
    head.forEach((h, i) => text(h, 0, { size: 8, font: bold, color: MUTED, right: columns[i]!.right }));
    y -= 5;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.6, color: RULE });
    y -= 12;
    if (lines.length === 0) {
      text(t('none'), MARGIN, { size: 9, color: MUTED });
      y -= 16;
      return;
    }
    for (const line of lines) {
      newPageIfBelow(line.sub ? 28 : 18);
      text(line.name, MARGIN, { size: 9, width: 190 });
      const f = line.figures;
      const cells = [`${kz(f.payments.sum)} (${f.payments.count})`, `${kz(f.refunds.sum)} (${f.refunds.count})`, kz(f.charges), kz(f.net)];
      cells.forEach((c, i) => text(c, 0, { size: 9, right: columns[i]!.right, font: i === 3 ? bold : regular }));
      if (line.sub) {
        y -= 11;
        text(line.sub, MARGIN, { size: 7.5, color: MUTED, width: 190 });
      }
      y -= 16;
    }
    y -= 10;
  };
  // a clerk's till is one store's: its line would repeat the totals
  if (report.role === 'owner') table(t('byStore'), report.byStore.map((s) => ({ name: s.name, figures: s })));
  table(t('byClerk'), report.byClerk.map((c) => ({ name: c.clerkId === 'none' ? t('noClerk') : c.name, sub: c.storeName, figures: c })));

  newPageIfBelow(30);
  text(t('footer'), MARGIN, { size: 7.5, color: MUTED, width: A4.width - 2 * MARGIN });
  return doc.save();
}
