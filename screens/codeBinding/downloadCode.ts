import { BRAND_GREEN, WALLET_MARK, WALLET_NAME } from '../../services/brand.ts';
import { saveFile } from '../../src/lib/saveFile.ts';

/**
 * A store's collection code as the placard the merchant prints, as every wallet's counter placard
 * is: a green band with the wallet's mark and name, "Pay here with Kwanza Wallet" in the reader's
 * language, the QR code with its quiet zone (four light modules all round, on which nothing is
 * drawn: what keeps it readable), the store's name and the serial under it. SVG (sharp at any size)
 * or PNG (what a phone shares). Drawn here with `uqr`, fetched on first use, as the code on screen is.
 */
const QUIET = 4;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const FONTS = "Helvetica, Arial, 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";
const INK = '#1c1f23';
const MUTED = '#5b6470';

export interface Placard {
  payload: string;
  storeName: string;
  serial: string;
  /** "Pague aqui com Kwanza Wallet", in the merchant's language. */
  tagline: string;
}

/** How wide a line will print, near enough to fit it: CJK characters an em, others about 0.6 em in a bold sans. */
export function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const c of text) ems += c.codePointAt(0)! >= 0x2e80 ? 1 : c === ' ' ? 0.28 : 0.6;
  return ems * size;
}

/** Words in at most `lines` lines of `width` (the last one shortened with "…" if it must be). */
export function wrapText(text: string, size: number, width: number, lines = 2): string[] {
  const words = text.trim().split(/\s+/);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const tried = line ? `${line} ${word}` : word;
    if (textWidth(tried, size) <= width || !line) line = tried;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  let last = `${kept[lines - 1]} ${out.slice(lines).join(' ')}`;
  while (last.length > 1 && textWidth(`${last}…`, size) > width) last = last.slice(0, -1).trimEnd();
  kept[lines - 1] = `${last}…`;
  return kept;
}

const text = (x: number, y: number, size: number, content: string, attrs = '') =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-family="${FONTS}" font-size="${size}"${attrs}>${escapeXml(content)}</text>`;

/**
 * The placard as an SVG document; `module` is the side of one QR module in pixels. `code` is where
 * the QR code and its quiet zone sit: nothing but the code's own modules is drawn there.
 */
export async function placardSvg(placard: Placard, module = 12): Promise<{ svg: string; width: number; height: number; code: { x: number; y: number; side: number } }> {
  const { encode } = await import('uqr');
  const matrix = encode(placard.payload, { ecc: 'M', border: 0 }).data;
  const m = module;
  const side = (matrix.length + 2 * QUIET) * m;
  const margin = 2 * m;
  const width = side + 2 * margin;
  const inner = width - 2 * margin;

  // the band: the mark and the wallet's name, centred
  const band = 7 * m;
  const markSide = 4.4 * m;
  const nameSize = 2.6 * m;
  const brandWidth = markSide + 1.2 * m + textWidth(WALLET_NAME, nameSize);
  const markX = (width - brandWidth) / 2;
  const markY = (band - markSide) / 2;
  const scale = markSide / WALLET_MARK.size;
  const brand =
    `<rect width="${width}" height="${band}" fill="${BRAND_GREEN}"/>` +
    `<g transform="translate(${markX} ${markY}) scale(${scale})"><path d="${WALLET_MARK.square}" fill="#fff"/><path d="${WALLET_MARK.letter}" fill="${BRAND_GREEN}"/></g>` +
    `<text x="${markX + markSide + 1.2 * m}" y="${band / 2 + nameSize * 0.36}" font-family="${FONTS}" font-size="${nameSize}" font-weight="700" fill="#fff">${escapeXml(WALLET_NAME)}</text>`;

  // the tagline, shrunk to fit one line
  const taglineSize = Math.min(2.4 * m, (inner / textWidth(placard.tagline, 1)) * 0.98);
  const taglineY = band + 4 * m;
  const codeY = band + 6 * m;

  let path = '';
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) { x += 1; continue; }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${margin + (start + QUIET) * m} ${codeY + (y + QUIET) * m}h${(x - start) * m}v${m}h-${(x - start) * m}z`;
    }
  });

  // under the code: the store (up to two lines), the serial
  const storeLines = wrapText(placard.storeName, 2.6 * m, inner);
  // a word longer than the line (a name without spaces) shrinks the name until it fits
  const nameLineSize = Math.min(2.6 * m, ...storeLines.map((line) => (inner / textWidth(line, 1)) * 0.98));
  const firstLineY = codeY + side + 2.4 * m;
  const lineGap = nameLineSize * 1.25;
  const serialY = firstLineY + (storeLines.length - 1) * lineGap + 2.6 * m;
  const footer = 1.2 * m;
  const height = serialY + 2.2 * m + footer;

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    brand,
    text(width / 2, taglineY, taglineSize, placard.tagline, ` font-weight="700" fill="${INK}"`),
    `<path d="${path}" fill="#000" shape-rendering="crispEdges"/>`,
    ...storeLines.map((line, i) => text(width / 2, firstLineY + i * lineGap, nameLineSize, line, ` font-weight="700" fill="${INK}"`)),
    text(width / 2, serialY, 1.5 * m, placard.serial, ` fill="${MUTED}" letter-spacing="${0.1 * m}"`),
    `<rect y="${height - footer}" width="${width}" height="${footer}" fill="${BRAND_GREEN}"/>`,
    '</svg>',
  ].join('');
  return { svg, width, height, code: { x: margin, y: codeY, side } };
}

async function pngOf(svg: string, width: number, height: number): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width);
  canvas.height = Math.round(height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'));
}

/** Saves the placard as `<fileBase>.svg` or `.png`. */
export async function downloadCode(placard: Placard, fileBase: string, format: 'svg' | 'png'): Promise<void> {
  const { svg, width, height } = await placardSvg(placard);
  const blob = format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await pngOf(svg, width, height);
  saveFile(blob, `${fileBase}.${format}`);
}
