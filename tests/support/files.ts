import zlib from 'node:zlib';

/** Test files made in code (no binary fixtures in the repository). */

/** A real PNG of `width`×`height` (8-bit grey). With `realPixels` false, only the header is honest: a decompression bomb. */
export function png(width = 4, height = 4, realPixels = true): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // a diagonal gradient, so a screenshot shows a picture rather than a flat box
  const rows = realPixels
    ? Buffer.from(Array.from({ length: (width + 1) * height }, (_, i) => (i % (width + 1) === 0 ? 0 : (((i % (width + 1)) + Math.floor(i / (width + 1))) * 2) & 0xff)))
    : Buffer.alloc(16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page A4 PDF with a line of text, cross-reference table and all, as a scanner would make. */
export const PDF = (() => {
  const text = 'BT /F1 22 Tf 72 760 Td (Certidao do registo comercial) Tj 0 -32 Td /F1 14 Tf (Kwanza Wallet - documento de teste) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
})();

/** A real ZIP archive whose one entry inflates from a few KB to `inflatedMb` MB of zeros. */
export function zipBomb(inflatedMb = 200): Buffer {
  const inflated = Buffer.alloc(inflatedMb * 1024 * 1024);
  const deflated = zlib.deflateRawSync(inflated, { level: 9 });
  const name = Buffer.from('photo.jpg');
  const crc = zlib.crc32(inflated);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14); local.writeUInt32LE(deflated.length, 18); local.writeUInt32LE(inflated.length, 22); local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16); central.writeUInt32LE(deflated.length, 20); central.writeUInt32LE(inflated.length, 24); central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12); end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, deflated, central, name, end]);
}
