/**
 * A receive code leaving the phone as a picture (src/lib/receiveCodeImage.ts): where the QR and the
 * lines go, and the way out — the share sheet where it takes files, else a download; a closed sheet
 * is `aborted`, no picture at all `unavailable` (the screen says so and offers printing).
 */
import { describe, expect, it, vi } from 'vitest';
import { codeImageLayout, saveCodeImage } from '../../src/lib/receiveCodeImage.ts';
import type { CodeImage } from '../../machines/receiveCode.machine.ts';

const image: CodeImage = { payload: '000201010211…', title: 'Pague-me com Kwanza', lines: ['Ana M*** D***', '2 500,00 Kz', '2 kg de peixe'], fileName: 'codigo-receber-kwanza.png' };
const png = async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function fakeDocument() {
  const clicked: Array<{ download: string }> = [];
  const doc = {
    createElement: () => {
      const link = { href: '', download: '', click: () => clicked.push({ download: link.download }), remove: () => undefined };
      return link;
    },
    body: { appendChild: () => undefined },
  } as unknown as Document;
  return { doc, clicked };
}

describe('the receive code picture', () => {
  it('draws the QR square and centred, its quiet zone inside the picture, the lines below it', () => {
    const layout = codeImageLayout(image, 41);
    const side = layout.cell * (41 + 8);
    expect(layout.cell).toBeGreaterThanOrEqual(8); // a module of 8 px or more: read from a printed sheet
    expect(layout.qrLeft * 2 + side).toBeLessThanOrEqual(layout.width + 1);
    expect(layout.qrLeft).toBeGreaterThan(0);
    expect(layout.linesTop).toBeGreaterThan(layout.qrTop + side);
    expect(layout.height).toBeGreaterThan(layout.linesTop + (image.lines.length - 1) * 44);
  });

  it('goes to the share sheet where it takes files, else is downloaded; a closed sheet or no picture is said', async () => {
    const share = vi.fn(async () => undefined);
    const sheet = await saveCodeImage(image, { nav: { share, canShare: () => true }, doc: fakeDocument().doc, png });
    expect(sheet).toEqual({ ok: true, data: { via: 'sheet' } });
    expect((share.mock.calls[0] as unknown as [ShareData])[0].files![0]!.name).toBe('codigo-receber-kwanza.png');

    const closed = await saveCodeImage(image, { nav: { share: async () => { throw Object.assign(new Error('closed'), { name: 'AbortError' }); }, canShare: () => true }, doc: fakeDocument().doc, png });
    expect(closed).toMatchObject({ ok: false, code: 'aborted' });

    const { doc, clicked } = fakeDocument();
    const downloaded = await saveCodeImage(image, { nav: { share: undefined as never, canShare: undefined as never }, doc, png });
    expect(downloaded).toEqual({ ok: true, data: { via: 'download' } });
    expect(clicked).toEqual([{ download: 'codigo-receber-kwanza.png' }]);

    expect(await saveCodeImage(image, { nav: undefined, doc: fakeDocument().doc, png: async () => null })).toMatchObject({ ok: false, code: 'unavailable' });
  });
});
