import { PDFDocument, StandardFonts, fill, grayscale, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { BRAND_GREEN_RGB, WALLET_MARK, WALLET_NAME } from '../../../services/brand.ts';
import { messageText, type Language } from '../../i18n.ts';
import { stickerPayload } from '../../entities/collectionCodes.ts';
import { ZH_TAGLINE } from './glyphs/zhTagline.ts';

/**
 * The print-ready sheet of a sticker batch: A4 pages, a grid of stickers, each a placard as every
 * collection placard is: the wallet's mark and name, "Pague aqui com Kwanza Wallet" in the sheet's
 * language (pt, en or zh; fr prints pt), the QR code of the sticker's static EMVCo payload with its
 * quiet zone (nothing drawn on it) and the serial printed under it (no store: a sticker is bound
 * to one later). The QR modules are drawn as filled rectangles (vector: sharp at any printer's
 * resolution), one rectangle per horizontal run of dark modules, all filled at once per code. The
 * standard fonts know only WinAnsi, so the zh tagline is drawn from its glyphs' outlines
 * (glyphs/zhTagline.ts, made by glyphs/generate.mjs).
 */

export { WALLET_NAME };
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
export const STICKER_GRID = { columns: 3, rows: 4 } as const;
export const STICKERS_PER_PAGE = STICKER_GRID.columns * STICKER_GRID.rows;
/** The QR code with its quiet zone, in points (≈ 45 mm: a phone reads it from a counter's distance). */
const CODE_SIDE = 128;
const BRAND = rgb(...BRAND_GREEN_RGB);
const INK = grayscale(0.11);
/** The standard's quiet zone: four light modules around the code. */
const QUIET_MODULES = 4;

/** The QR code's dark modules as rectangles (module units, row 0 at the top): one per horizontal run. */
export function darkRuns(matrix: boolean[][]): Array<{ row: number; column: number; length: number }> {
  const runs: Array<{ row: number; column: number; length: number }> = [];
  matrix.forEach((line, row) => {
    let start = -1;
    for (let column = 0; column <= line.length; column++) {
      const dark = column < line.length && line[column];
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ row, column: start, length: column - start });
        start = -1;
      }
    }
  });
  return runs;
}

/** Thousandths of a point are far below any printer's dot, and keep the page's drawing short. */
const points = (value: number) => Math.round(value * 1000) / 1000;

/** Error correction M (15 %): the sticker survives a scratch or a smudge, and the code stays small enough for its modules to be about 1 mm. */
export const qrMatrix = (payload: string) => encode(payload, { ecc: 'M', border: 0 }).data;

/** The tagline of `language`, centred on `centre` with its baseline at `y`, at most `width` wide. */
function drawTagline(page: PDFPage, language: Language, font: PDFFont, centre: number, y: number, width: number) {
  const size = 9;
  if (language === 'zh') {
    const scale = Math.min(size, (width / ZH_TAGLINE.advance) * ZH_TAGLINE.unitsPerEm) / ZH_TAGLINE.unitsPerEm;
    page.drawSvgPath(ZH_TAGLINE.path, { x: centre - (ZH_TAGLINE.advance * scale) / 2, y, scale, color: INK, borderWidth: 0 });
    return;
  }
  const text = messageText(language, 'codeBinding.placardTagline');
  const fitted = Math.min(size, (width / font.widthOfTextAtSize(text, 1)) * 0.98);
  page.drawText(text, { x: centre - font.widthOfTextAtSize(text, fitted) / 2, y, size: fitted, font, color: INK });
}

/** The band over the code: the mark and the wallet's name in the brand green, centred on `centre`, their top at `top`. */
function drawBrand(page: PDFPage, font: PDFFont, centre: number, top: number) {
  const mark = 15;
  const size = 11;
  const width = mark + 4 + font.widthOfTextAtSize(WALLET_NAME, size);
  const left = centre - width / 2;
  const scale = mark / WALLET_MARK.size;
  page.drawSvgPath(WALLET_MARK.square, { x: left, y: top, scale, color: BRAND, borderWidth: 0 });
  page.drawSvgPath(WALLET_MARK.letter, { x: left, y: top, scale, color: rgb(1, 1, 1), borderWidth: 0 });
  page.drawText(WALLET_NAME, { x: left + mark + 4, y: top - mark + 3.5, size, font, color: BRAND });
}

/** The sheet of a batch, its placards' tagline in `language`. */
export async function stickerSheet(batch: { id: string; serials: readonly string[] }, language: Language = 'pt'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${WALLET_NAME} — stickers, batch ${batch.id}`);
  pdf.setCreator(WALLET_NAME);
  pdf.setProducer(WALLET_NAME);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const cell = { width: (A4.width - 2 * MARGIN) / STICKER_GRID.columns, height: (A4.height - 2 * MARGIN) / STICKER_GRID.rows };

  for (let first = 0; first < batch.serials.length; first += STICKERS_PER_PAGE) {
    const page = pdf.addPage([A4.width, A4.height]);
    batch.serials.slice(first, first + STICKERS_PER_PAGE).forEach((serial, i) => {
      const left = MARGIN + (i % STICKER_GRID.columns) * cell.width;
      const top = A4.height - MARGIN - Math.floor(i / STICKER_GRID.columns) * cell.height;
      // the cutting outline, light enough not to be read as part of the code
      page.drawRectangle({ x: left + 4, y: top - cell.height + 4, width: cell.width - 8, height: cell.height - 8, borderColor: grayscale(0.75), borderWidth: 0.5, borderDashArray: [3, 3] });

      // above the code: the wallet's mark and name, then the tagline (drawn before the code, which the serial follows)
      const centre = left + cell.width / 2;
      drawBrand(page, bold, centre, top - 12);
      drawTagline(page, language, bold, centre, top - 40, cell.width - 20);

      const matrix = qrMatrix(stickerPayload(serial));
      const module = CODE_SIDE / (matrix.length + 2 * QUIET_MODULES);
      const codeLeft = left + (cell.width - CODE_SIDE) / 2 + QUIET_MODULES * module;
      const codeTop = top - 46 - QUIET_MODULES * module;
      page.pushOperators(
        pushGraphicsState(),
        setFillingGrayscaleColor(0),
        ...darkRuns(matrix).map((run) => rectangle(points(codeLeft + run.column * module), points(codeTop - (run.row + 1) * module), points(run.length * module), points(module))),
        fill(),
        popGraphicsState(),
      );

      const centred = (text: string, size: number, font: typeof bold, y: number, gray = 0) =>
        page.drawText(text, { x: left + (cell.width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: grayscale(gray) });
      centred(serial, 13, bold, top - 46 - CODE_SIDE - 12);
    });
  }
  return pdf.save();
}
