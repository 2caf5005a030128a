import type { Outcome } from '../../services/contract/outcome.ts';
import { BRAND_GREEN, WALLET_NAME } from '../../services/brand.ts';
import type { CodeImage, CodeSavedVia } from '../../machines/receiveCode.machine.ts';

/**
 * A receive code leaves the phone as a picture (issue 26): the QR code drawn module by module on a
 * canvas, under the wallet's green band, with the masked name (and a one-time code's amount and
 * note) under it, big enough to print and stick on a stall. Handed to the share sheet where files
 * go (WhatsApp on a phone), else downloaded, as receipts are (src/lib/receiptShare.ts).
 */
const WIDTH = 720;
const BAND = 64;
const MARGIN = 48;
const QUIET_ZONE = 4;
const QR_SIDE = 520;
const LINE = 44;

/** Where the picture puts things: the QR's top-left and module size, the title and lines' baselines. */
export function codeImageLayout(image: Pick<CodeImage, 'lines'>, modules: number) {
  const cell = Math.floor(QR_SIDE / (modules + 2 * QUIET_ZONE));
  const qrSide = cell * (modules + 2 * QUIET_ZONE);
  const qrTop = BAND + 96;
  const qrLeft = Math.floor((WIDTH - qrSide) / 2);
  const linesTop = qrTop + qrSide + 56;
  return { width: WIDTH, height: linesTop + image.lines.length * LINE + MARGIN, cell, qrTop, qrLeft, titleY: BAND + 60, linesTop };
}

/** The picture as a PNG, or null where the browser draws no canvas. */
export async function codeImagePng(image: CodeImage, doc: Document | undefined = globalThis.document): Promise<Blob | null> {
  const { encode } = await import('uqr');
  const matrix = encode(image.payload, { ecc: 'M', border: 0 }).data;
  const layout = codeImageLayout(image, matrix.length);
  const canvas = doc?.createElement('canvas');
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas?.getContext('2d') ?? null;
  } catch {
    context = null;
  }
  if (!canvas || !context) return null;
  canvas.width = layout.width;
  canvas.height = layout.height;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = BRAND_GREEN;
  context.fillRect(0, 0, layout.width, BAND);
  context.fillStyle = '#ffffff';
  context.font = 'bold 28px sans-serif';
  context.textAlign = 'left';
  context.fillText(WALLET_NAME, MARGIN, BAND / 2 + 10, WIDTH - 2 * MARGIN);
  context.fillStyle = '#1a1a1a';
  context.textAlign = 'center';
  context.font = 'bold 32px sans-serif';
  context.fillText(image.title, WIDTH / 2, layout.titleY, WIDTH - 2 * MARGIN);
  matrix.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) context!.fillRect(layout.qrLeft + (x + QUIET_ZONE) * layout.cell, layout.qrTop + (y + QUIET_ZONE) * layout.cell, layout.cell, layout.cell);
  }));
  image.lines.forEach((line, index) => {
    context!.font = `${index === 0 ? 'bold ' : ''}${index === 0 ? 36 : 28}px sans-serif`;
    context!.fillText(line, WIDTH / 2, layout.linesTop + index * LINE, WIDTH - 2 * MARGIN);
  });
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}

const refused = (code: 'aborted' | 'unavailable'): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

export interface SaveEnvironment {
  nav?: Pick<Navigator, 'share' | 'canShare'> | undefined;
  doc?: Document | undefined;
  png?: (image: CodeImage) => Promise<Blob | null>;
}

/** The PNG to the share sheet where files go, else downloaded; `aborted` when the sheet was closed, `unavailable` when neither worked. */
export async function saveCodeImage(image: CodeImage, env: SaveEnvironment = {}): Promise<Outcome<{ via: CodeSavedVia }>> {
  const nav = 'nav' in env ? env.nav : globalThis.navigator;
  const doc = 'doc' in env ? env.doc : globalThis.document;
  const png = await (env.png ?? ((i) => codeImagePng(i, doc)))(image).catch(() => null);
  if (!png || !doc) return refused('unavailable');
  const file = new File([png], image.fileName, { type: 'image/png' });
  if (typeof nav?.share === 'function' && typeof nav.canShare === 'function' && nav.canShare({ files: [file] })) {
    try {
      await nav.share({ files: [file], title: image.title });
      return { ok: true, data: { via: 'sheet' } };
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') return refused('aborted');
    }
  }
  if (typeof URL.createObjectURL !== 'function') return refused('unavailable');
  const url = URL.createObjectURL(png);
  const link = doc.createElement('a');
  link.href = url;
  link.download = image.fileName;
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return { ok: true, data: { via: 'download' } };
}
