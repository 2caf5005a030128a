import type { Outcome } from '../../services/contract/outcome.ts';
import { BRAND_GREEN, WALLET_NAME } from '../../services/brand.ts';

/**
 * A receipt leaves the phone (issue 26): drawn as a PNG on a canvas and handed to the share sheet
 * (`navigator.share({ files })`, WhatsApp on a phone) where `navigator.canShare` says files go;
 * else the PNG downloaded; else a text summary copied. The receipt's words come translated from
 * the screen; this module only lays them out and chooses the way out.
 */
export interface ReceiptCardText {
  title: string;
  amount: string;
  rows: Array<[label: string, value: string]>;
  fileName: string;
}

export type ReceiptWayOut = 'sheet' | 'download' | 'clipboard';

/** One text the picture draws: where, how big, which side it leans on. */
export interface DrawnText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  align: 'left' | 'right' | 'center';
  /** The widest it may be drawn (a long store name is narrowed, never over its label). */
  maxWidth: number;
}

export const RECEIPT_WIDTH = 720;
const MARGIN = 48;
const ROW_HEIGHT = 56;
/** The band across the top that says whose receipt it is (a picture in a chat travels without the app around it). */
const BAND = 64;
const TOP = BAND + 96;
const INNER = RECEIPT_WIDTH - 2 * MARGIN;

/** Where every text of the picture goes: the title and the amount centred, then label left and value right, a row each. */
export function receiptLayout(card: ReceiptCardText): { width: number; height: number; texts: DrawnText[] } {
  const texts: DrawnText[] = [
    { text: card.title, x: RECEIPT_WIDTH / 2, y: TOP, size: 32, bold: true, align: 'center', maxWidth: INNER },
    { text: card.amount, x: RECEIPT_WIDTH / 2, y: TOP + 80, size: 56, bold: true, align: 'center', maxWidth: INNER },
  ];
  card.rows.forEach(([label, value], index) => {
    const y = TOP + 180 + index * ROW_HEIGHT;
    texts.push({ text: label, x: MARGIN, y, size: 24, bold: false, align: 'left', maxWidth: INNER * 0.38 });
    texts.push({ text: value, x: RECEIPT_WIDTH - MARGIN, y, size: 24, bold: true, align: 'right', maxWidth: INNER * 0.6 });
  });
  return { width: RECEIPT_WIDTH, height: TOP + 180 + card.rows.length * ROW_HEIGHT + MARGIN, texts };
}

/** The receipt as plain text, for the clipboard and for copying by hand. */
export function receiptSummary(card: ReceiptCardText): string {
  return [card.title, card.amount, ...card.rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
}

type Canvas2D = Pick<CanvasRenderingContext2D, 'fillStyle' | 'font' | 'textAlign' | 'fillRect' | 'fillText'>;

/** Draws the layout on a 2D context: a white card under the wallet's green band and name, the texts in dark ink. */
export function drawReceipt(context: Canvas2D, layout: ReturnType<typeof receiptLayout>): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = BRAND_GREEN;
  context.fillRect(0, 0, layout.width, BAND);
  context.fillStyle = '#ffffff';
  context.font = 'bold 28px sans-serif';
  context.textAlign = 'left';
  context.fillText(WALLET_NAME, MARGIN, BAND / 2 + 10, INNER);
  context.fillStyle = '#1a1a1a';
  for (const text of layout.texts) {
    context.font = `${text.bold ? 'bold ' : ''}${text.size}px sans-serif`;
    context.textAlign = text.align;
    context.fillText(text.text, text.x, text.y, text.maxWidth);
  }
}

/** The receipt as a PNG, or null where the browser draws no canvas. */
export async function receiptPng(card: ReceiptCardText, doc: Document | undefined = globalThis.document): Promise<Blob | null> {
  const layout = receiptLayout(card);
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
  drawReceipt(context, layout);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}

const refused = (code: 'aborted' | 'unavailable'): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

export interface ShareEnvironment {
  nav?: Pick<Navigator, 'share' | 'canShare' | 'clipboard'> | undefined;
  doc?: Document | undefined;
  /** Draws the PNG (receiptPng by default; tests give a blob or null). */
  png?: (card: ReceiptCardText) => Promise<Blob | null>;
}

/** Saves a PNG through a link with `download`: the browser's own download. */
function download(blob: Blob, fileName: string, doc: Document): boolean {
  if (typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return true;
}

/**
 * Shares the receipt the best way the browser has: the PNG to the share sheet, else downloaded,
 * else the summary copied. `aborted` when the person closed the sheet; `unavailable` when none
 * worked (the screen shows the summary to copy by hand).
 */
export async function shareReceipt(card: ReceiptCardText, env: ShareEnvironment = {}): Promise<Outcome<{ via: ReceiptWayOut }>> {
  const nav = 'nav' in env ? env.nav : globalThis.navigator;
  const doc = 'doc' in env ? env.doc : globalThis.document;
  const png = await (env.png ?? ((c) => receiptPng(c, doc)))(card).catch(() => null);
  if (png) {
    const file = new File([png], card.fileName, { type: 'image/png' });
    if (typeof nav?.share === 'function' && typeof nav.canShare === 'function' && nav.canShare({ files: [file] })) {
      try {
        await nav.share({ files: [file], title: card.title, text: receiptSummary(card) });
        return { ok: true, data: { via: 'sheet' } };
      } catch (error) {
        if ((error as { name?: string } | null)?.name === 'AbortError') return refused('aborted');
      }
    }
    if (doc && download(png, card.fileName, doc)) return { ok: true, data: { via: 'download' } };
  }
  try {
    if (typeof nav?.clipboard?.writeText !== 'function') return refused('unavailable');
    await nav.clipboard.writeText(receiptSummary(card));
    return { ok: true, data: { via: 'clipboard' } };
  } catch {
    return refused('unavailable');
  }
}
