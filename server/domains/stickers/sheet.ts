import { PDFDocument, StandardFonts, fill, grayscale, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor } from 'pdf-lib';
import { encode } from 'uqr';
import { stickerPayload } from '../codeBinding/codes.ts';

/**
 * The print-ready sheet of a sticker batch: A4 pages, a grid of stickers, each the QR code of the
 * sticker's static EMVCo payload with its serial printed under it and the wallet's name. The QR
 * modules are drawn as filled rectangles (vector: sharp at any printer's resolution), one
 * rectangle per horizontal run of dark modules, all filled at once per code.
 */

export const WALLET_NAME = 'Kwanza Wallet';
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
export const STICKER_GRID = { columns: 3, rows: 4 } as const;
export const STICKERS_PER_PAGE = STICKER_GRID.columns * STICKER_GRID.rows;
/** The QR code with its quiet zone, in points (≈ 49 mm: a phone reads it from a counter's distance). */
const CODE_SIDE = 140;
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

export async function stickerSheet(batch: { id: string; serials: readonly string[] }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${WALLET_NAME} — stickers, batch ${batch.id}`);
  pdf.setCreator(WALLET_NAME);
  pdf.setProducer(WALLET_NAME);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const cell = { width: (A4.width - 2 * MARGIN) / STICKER_GRID.columns, height: (A4.height - 2 * MARGIN) / STICKER_GRID.rows };

  for (let first = 0; first < batch.serials.length; first += STICKERS_PER_PAGE) {
    const page = pdf.addPage([A4.width, A4.height]);
    batch.serials.slice(first, first + STICKERS_PER_PAGE).forEach((serial, i) => {
      const left = MARGIN + (i % STICKER_GRID.columns) * cell.width;
      const top = A4.height - MARGIN - Math.floor(i / STICKER_GRID.columns) * cell.height;
      // the cutting outline, light enough not to be read as part of the code
      page.drawRectangle({ x: left + 4, y: top - cell.height + 4, width: cell.width - 8, height: cell.height - 8, borderColor: grayscale(0.75), borderWidth: 0.5, borderDashArray: [3, 3] });

      const matrix = qrMatrix(stickerPayload(serial));
      const module = CODE_SIDE / (matrix.length + 2 * QUIET_MODULES);
      const codeLeft = left + (cell.width - CODE_SIDE) / 2 + QUIET_MODULES * module;
      const codeTop = top - 12 - QUIET_MODULES * module;
      page.pushOperators(
        pushGraphicsState(),
        setFillingGrayscaleColor(0),
        ...darkRuns(matrix).map((run) => rectangle(points(codeLeft + run.column * module), points(codeTop - (run.row + 1) * module), points(run.length * module), points(module))),
        fill(),
        popGraphicsState(),
      );

      const centred = (text: string, size: number, font: typeof bold, y: number, gray = 0) =>
        page.drawText(text, { x: left + (cell.width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: grayscale(gray) });
      const textTop = top - 12 - CODE_SIDE;
      centred(serial, 13, bold, textTop - 14);
      centred(WALLET_NAME, 9, regular, textTop - 28, 0.3);
    });
  }
  return pdf.save();
}
