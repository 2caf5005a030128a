import { useEffect, useMemo, useState } from 'react';

/** Quiet zone on each side, in modules (Code 128 asks for at least ten). */
const QUIET_ZONE = 10;

/** One SVG path for the bars: each run of '1' modules is one bar. */
function barsPath(modules: string): string {
  let d = '';
  for (let x = 0; x < modules.length;) {
    if (modules[x] !== '1') { x += 1; continue; }
    const start = x;
    while (modules[x] === '1') x += 1;
    d += `M${start + QUIET_ZONE} 0h${x - start}v1h-${x - start}z`;
  }
  return d;
}

/**
 * Draws `value` as a Code 128 barcode in SVG, with jsbarcode's Code 128 encoder alone (fetched on
 * first use; the drawing is ours, so no other format and no DOM code of the library ship).
 */
export function Barcode128({ value, label, height = 72 }: { value: string; label: string; height?: number }) {
  const [encoded, setEncoded] = useState<{ value: string; modules: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('jsbarcode/bin/barcodes/CODE128/index.js').then((module) => {
      const { CODE128 } = module as typeof import('jsbarcode/bin/barcodes/CODE128/index.js');
      if (current) setEncoded({ value, modules: new CODE128(value, {}).encode().data });
    });
    return () => {
      current = false;
    };
  }, [value]);
  const modules = encoded?.value === value ? encoded.modules : null;
  const path = useMemo(() => (modules ? barsPath(modules) : ''), [modules]);
  if (!modules) return <div className="kw-barcode-pending" role="img" aria-label={label} aria-busy="true" style={{ height }} />;
  const width = modules.length + 2 * QUIET_ZONE;
  return (
    <svg className="kw-barcode" role="img" aria-label={label} viewBox={`0 0 ${width} 1`} preserveAspectRatio="none" height={height} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={width} height={1} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
