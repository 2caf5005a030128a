import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisBucket } from '../../services/contract/collectionAnalysis.ts';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { formatHour, formatShortDay } from '../../src/lib/dates.ts';

/**
 * The series as bars, drawn by Chartist (SVG, no canvas: sharp at any pixel ratio, styled by CSS,
 * and light: README "Bundle" says what it costs). The library is imported when this component
 * mounts, so only /app/collectionanalysis downloads it. Until it has drawn (or if it cannot), the
 * same figures are in the table under the chart, which is also what screen readers read.
 */
export function IncomeChart({ series, hourly, language }: { series: AnalysisBucket[]; hourly: boolean; language: Language }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { detach(): void } | null = null;
    let cancelled = false;
    const element = holder.current;
    if (!element) return;
    import('./bars.ts')
      .then(({ BarChart }) => {
        if (cancelled) return;
        const whole = new Intl.NumberFormat(INTL_LOCALE[language], { notation: 'compact', maximumFractionDigits: 1 });
        // every label on a phone's width would overlap: a day range names every few days, a day every 3 hours
        const every = hourly ? 3 : Math.max(1, Math.ceil(series.length / 8));
        chart = new BarChart(
          element,
          { labels: series.map((b, i) => (i % every === 0 ? (hourly ? formatHour(b.key, language) : formatShortDay(b.key, language)) : '')), series: [series.map((b) => b.collected / 100)] },
          { axisY: { labelInterpolationFnc: (value: number | string) => whole.format(Number(value)), onlyInteger: true }, axisX: { showGrid: false }, chartPadding: { left: 4, right: 8 } },
        );
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [series, hourly, language]);
  return (
    <figure className="kw-analysis-chart">
      <div ref={holder} className="kw-analysis-bars" role="img" aria-label={t('collectionAnalysis.chartLabel')} />
      {failed && <figcaption className="kw-muted-text">{t('collectionAnalysis.chartFailed')}</figcaption>}
    </figure>
  );
}
