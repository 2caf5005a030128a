/**
 * A collection code as a file the merchant prints: the QR code with its quiet zone, the store's
 * name and the serial under it, as SVG (sharp at any size) or PNG (what a phone shares). Drawn
 * here with `uqr`, fetched on first use, as the code on screen is.
 */
const QUIET = 4;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The code and its caption lines as an SVG document; `module` is the side of one module in pixels. */
export async function codeSvg(payload: string, caption: string[], module = 12): Promise<{ svg: string; width: number; height: number }> {
  const { encode } = await import('uqr');
  const matrix = encode(payload, { ecc: 'M', border: 0 }).data;
  const side = (matrix.length + 2 * QUIET) * module;
  const lineHeight = Math.round(module * 2.4);
  const height = side + caption.length * lineHeight + module * 2;
  let path = '';
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) { x += 1; continue; }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${(start + QUIET) * module} ${(y + QUIET) * module}h${(x - start) * module}v${module}h-${(x - start) * module}z`;
    }
  });
  const text = caption.map((line, i) =>
    `<text x="${side / 2}" y="${side + (i + 1) * lineHeight}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(module * (i === 0 ? 1.8 : 1.4))}"${i === 0 ? ' font-weight="700"' : ''}>${escapeXml(line)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${height}" viewBox="0 0 ${side} ${height}" shape-rendering="crispEdges"><rect width="${side}" height="${height}" fill="#fff"/><path d="${path}" fill="#000"/>${text}</svg>`;
  return { svg, width: side, height };
}

/** Hands a file to the browser's downloads (the page itself never opens it). */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

async function pngOf(svg: string, width: number, height: number): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'));
}

/** Saves the code as `<fileBase>.svg` or `.png`. */
export async function downloadCode(payload: string, caption: string[], fileBase: string, format: 'svg' | 'png'): Promise<void> {
  const { svg, width, height } = await codeSvg(payload, caption);
  const blob = format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await pngOf(svg, width, height);
  saveFile(blob, `${fileBase}.${format}`);
}
