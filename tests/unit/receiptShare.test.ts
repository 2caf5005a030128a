/**
 * A receipt leaving the phone (src/lib/receiptShare.ts): the texts the picture draws, and the way
 * out chosen — the PNG to the share sheet where it takes files, else downloaded, else the summary
 * copied, else nothing (the screen shows the summary).
 */
import { describe, expect, it, vi } from 'vitest';
import { drawReceipt, receiptLayout, receiptSummary, shareReceipt, RECEIPT_WIDTH, type ReceiptCardText } from '../../src/lib/receiptShare.ts';

const card: ReceiptCardText = {
  title: 'Comprovativo de transferência',
  amount: '1 250,00 Kz',
  rows: [['N.º do comprovativo', 'TF00000000000041'], ['De', 'Ana M*** D*** · 9** *** 001'], ['Para', 'Bruno M*** D*** · 9** *** 002']],
  fileName: 'comprovativo-TF00000000000041.png',
};
const png = async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const abort = () => Object.assign(new Error('closed'), { name: 'AbortError' });

/** A document whose links record the download they are clicked for. */
function fakeDocument() {
  const clicked: Array<{ href: string; download: string }> = [];
  const doc = {
    createElement: () => {
      const link = { href: '', download: '', click: () => clicked.push({ href: link.href, download: link.download }), remove: () => undefined };
      return link;
    },
    body: { appendChild: () => undefined },
  } as unknown as Document;
  return { doc, clicked };
}

describe('the receipt picture', () => {
  it('draws the title and amount centred, then each label left and its value right, on a white card', () => {
    const layout = receiptLayout(card);
    expect(layout.texts.map((t) => [t.text, t.align])).toEqual([
      ['Comprovativo de transferência', 'center'], ['1 250,00 Kz', 'center'],
      ['N.º do comprovativo', 'left'], ['TF00000000000041', 'right'],
      ['De', 'left'], ['Ana M*** D*** · 9** *** 001', 'right'],
      ['Para', 'left'], ['Bruno M*** D*** · 9** *** 002', 'right'],
    ]);
    expect(layout.width).toBe(RECEIPT_WIDTH);
    // a label and its value never reach each other: the label's room ends before the value's starts
    const [label, value] = [layout.texts[2]!, layout.texts[3]!];
    expect(label.x + label.maxWidth).toBeLessThan(value.x - value.maxWidth);
    // every text inside the card, each row below the one before
    const ys = layout.texts.map((t) => t.y);
    expect(Math.max(...ys)).toBeLessThan(layout.height);
    expect(ys.filter((_, i) => i % 2 === 0)).toEqual([...ys.filter((_, i) => i % 2 === 0)].sort((a, b) => a - b));

    const drawn: string[] = [];
    const context = { fillStyle: '', font: '', textAlign: 'left', fillRect: vi.fn(), fillText: (text: string) => drawn.push(text) };
    drawReceipt(context as never, layout);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, layout.width, layout.height);
    // whose receipt it is, in the band above the title
    expect(drawn).toEqual(['Kwanza Wallet', ...layout.texts.map((t) => t.text)]);
  });

  it('says the same in its text summary', () => {
    expect(receiptSummary(card)).toBe('Comprovativo de transferência\n1 250,00 Kz\nN.º do comprovativo: TF00000000000041\nDe: Ana M*** D*** · 9** *** 001\nPara: Bruno M*** D*** · 9** *** 002');
  });
});

describe('the way out', () => {
  it('the share sheet with the PNG where it takes files', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    const nav = { share, canShare: (data?: ShareData) => !!data?.files?.length, clipboard: { writeText: vi.fn() } };
    expect(await shareReceipt(card, { nav: nav as never, doc: fakeDocument().doc, png })).toEqual({ ok: true, data: { via: 'sheet' } });
    const data = share.mock.calls[0]![0];
    expect(data.files!.map((f) => [f.name, f.type])).toEqual([['comprovativo-TF00000000000041.png', 'image/png']]);
    expect(data.text).toBe(receiptSummary(card));
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });

  it('the person closing the sheet is not a failure, and nothing else is tried', async () => {
    const { doc, clicked } = fakeDocument();
    const nav = { share: async () => Promise.reject(abort()), canShare: () => true };
    expect(await shareReceipt(card, { nav: nav as never, doc, png })).toMatchObject({ ok: false, code: 'aborted' });
    expect(clicked).toEqual([]);
  });

  it('a download of the PNG where the sheet takes no files (a desktop browser), or fails', async () => {
    const noFiles = fakeDocument();
    const share = vi.fn();
    expect(await shareReceipt(card, { nav: { share, canShare: () => false } as never, doc: noFiles.doc, png })).toEqual({ ok: true, data: { via: 'download' } });
    expect(share).not.toHaveBeenCalled();
    expect(noFiles.clicked).toEqual([{ href: expect.stringMatching(/^blob:/), download: 'comprovativo-TF00000000000041.png' }]);

    const failing = fakeDocument();
    const nav = { share: async () => Promise.reject(new Error('NotAllowedError')), canShare: () => true };
    expect(await shareReceipt(card, { nav: nav as never, doc: failing.doc, png })).toEqual({ ok: true, data: { via: 'download' } });
  });

  it('the summary copied where no picture can be drawn; nothing when the clipboard refuses too', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareReceipt(card, { nav: { clipboard: { writeText } } as never, doc: fakeDocument().doc, png: async () => null })).toEqual({ ok: true, data: { via: 'clipboard' } });
    expect(writeText).toHaveBeenCalledWith(receiptSummary(card));
    const refusing = { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } };
    expect(await shareReceipt(card, { nav: refusing as never, doc: undefined, png: async () => null })).toMatchObject({ ok: false, code: 'unavailable' });
    expect(await shareReceipt(card, { nav: undefined, doc: undefined })).toMatchObject({ ok: false, code: 'unavailable' });
  });
});
