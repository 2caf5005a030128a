import { useEffect, useMemo, useState, type ReactNode } from 'react';

/** Modules of white around the code (the QR standard's quiet zone). */
const QUIET_ZONE = 4;

/** One SVG path for the dark modules: a run of dark modules in a row is one rectangle. */
function modulesPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) { x += 1; continue; }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      d += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h-${x - start}z`;
    }
  });
  return d;
}

/** Draws `value` as an SVG QR code (uqr, fetched on first use); `label` is its accessible name, `caption` a line under it. */
export function QrCode({ value, label, caption, size = 232 }: { value: string; label: string; caption?: ReactNode; size?: number }) {
  const [drawn, setDrawn] = useState<{ value: string; data: boolean[][] } | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (current) setDrawn({ value, data: encode(value, { ecc: 'M', border: 0 }).data });
    });
    return () => {
      current = false;
    };
  }, [value]);
  const matrix = drawn?.value === value ? drawn.data : null;
  const path = useMemo(() => (matrix ? modulesPath(matrix) : ''), [matrix]);
  const side = (matrix?.length ?? 21) + 2 * QUIET_ZONE;
  return (
    <figure className="kw-qr">
      {matrix ? (
        <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
          <rect width={side} height={side} fill="#fff" />
          <path d={path} fill="#000" />
        </svg>
      ) : (
        <div className="kw-qr-pending" role="img" aria-label={label} aria-busy="true" style={{ width: size, height: size }} />
      )}
      {caption && <figcaption className="kw-qr-caption">{caption}</figcaption>}
    </figure>
  );
}
