import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { collectionAnalysisMachine, CollectionAnalysisEvent } from '../../machines/collectionAnalysis.machine.ts';
import type { AnalysisShare, CollectionAnalysis } from '../../services/contract/collectionAnalysis.ts';
import type { Language } from '../../src/lib/language.ts';
import { dayInSentence, formatDate, formatHour } from '../../src/lib/dates.ts';
import { LoadFailed, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { languageOf, money } from '../common/format.ts';
import { CustomRangePanel, PeriodTabs, type DateRangeActor } from '../common/DateFilter.tsx';
import '../common/wallet.css';
import './collectionAnalysis.css';

// the chart's module (and the chart library it imports) loads only when there is something to chart
const IncomeChart = lazy(() => import('./IncomeChart.tsx').then((m) => ({ default: m.IncomeChart })));

type State = SnapshotFrom<typeof collectionAnalysisMachine>;
type Send = (event: CollectionAnalysisEvent) => void;

/**
 * The income analysis: the fund detail's date filter (same tabs, same custom range and its
 * checks, same words), a store picker, then the figures, the chart, the breakdowns, the balances
 * and the way to the merchant's fund detail.
 */
export function CollectionAnalysisView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const customShown = state.matches('customRange');
  const tabs = <PeriodTabs section="fundDetail" filter={context.filter} customShown={customShown} send={send} />;

  if (customShown) {
    return (
      <div className="kw-form">
        {tabs}
        <CustomRangePanel actor={state.children.dateRange as DateRangeActor | undefined} section="fundDetail" idPrefix="analysis" />
      </div>
    );
  }

  const storePicker = (
    <select className="kw-analysis-store" aria-label={t('collectionAnalysis.store')} value={context.storeId ?? ''} disabled={!state.can({ type: 'store.changed', storeId: null })}
      onChange={(e) => send({ type: 'store.changed', storeId: e.target.value || null })}>
      <option value="">{t('collectionAnalysis.allStores')}</option>
      {context.stores.map((store) => <option key={store.storeId} value={store.storeId}>{store.name}</option>)}
    </select>
  );

  let body: React.ReactNode;
  if (state.matches('loading')) body = <Loading />;
  else if (state.matches('failed')) body = <LoadFailed errorCode={context.errorCode} fallback={t('collectionAnalysis.failed')} onRetry={() => send({ type: 'analysis.retry' })} />;
  else {
    const analysis = context.analysis!;
    body = (
      <>
        <p className="kw-muted-text">{t('fundDetail.range', { from: dayInSentence(analysis.from), to: dayInSentence(analysis.to) })}</p>
        <Totals analysis={analysis} language={language} />
        {state.matches('empty') ? (
          <p className="kw-muted-text kw-centered-text" role="status">{t('collectionAnalysis.empty')}</p>
        ) : (
          <>
            <h2 className="kw-section-title">{t(analysis.granularity === 'hour' ? 'collectionAnalysis.byHour' : 'collectionAnalysis.byDay')}</h2>
            <Suspense fallback={<p className="kw-muted-text">{t('collectionAnalysis.chartLoading')}</p>}>
              <IncomeChart series={analysis.series} hourly={analysis.granularity === 'hour'} language={language} />
            </Suspense>
            <SeriesTable analysis={analysis} language={language} />
            <Shares title={t('collectionAnalysis.byStore')} shares={analysis.byStore} language={language} />
            <Shares title={t('collectionAnalysis.byClerk')} shares={analysis.byClerk.map((s) => (s.id === 'none' ? { ...s, name: t('collectionAnalysis.noClerk') } : s))} language={language} />
          </>
        )}
        <h2 className="kw-section-title">{t('collectionAnalysis.balances')}</h2>
        <dl className="kw-analysis-totals">
          <div><dt>{t('collectionAnalysis.available')}</dt><dd>{money(analysis.balances.available, language)}</dd></div>
          <div><dt>{t('collectionAnalysis.frozen')}</dt><dd>{money(analysis.balances.frozen, language)}</dd></div>
        </dl>
        <LinkButton href="/app/collectionanalysis/funds">{t('collectionAnalysis.fundDetail')}</LinkButton>
        <button type="button" className="kw-text-button" onClick={() => send({ type: 'analysis.refreshed' })}>{t('walletAssets.refresh')}</button>
      </>
    );
  }
  return (
    <div className="kw-form">
      {tabs}
      {storePicker}
      {body}
    </div>
  );
}

function Totals({ analysis, language }: { analysis: CollectionAnalysis; language: Language }) {
  const { t } = useTranslation();
  const { totals } = analysis;
  const figures: [string, string][] = [
    ['collected', money(totals.collected, language)],
    ['count', String(totals.count)],
    ['averageTicket', money(totals.averageTicket, language)],
    ['charges', money(totals.charges, language)],
    ['refunds', money(totals.refunds, language)],
    ['net', money(totals.net, language)],
  ];
  return (
    <dl className="kw-analysis-totals" aria-label={t('collectionAnalysis.totals')}>
      {figures.map(([key, value]) => <div key={key}><dt>{t(`collectionAnalysis.${key}`)}</dt><dd>{value}</dd></div>)}
    </dl>
  );
}

/** The chart's figures as a table: what a screen reader reads, and the fallback if the chart cannot draw. */
function SeriesTable({ analysis, language }: { analysis: CollectionAnalysis; language: Language }) {
  const { t } = useTranslation();
  const rows = analysis.series.filter((bucket) => bucket.count > 0);
  return (
    <table className="kw-analysis-table">
      <caption className="kw-muted-text">{t('collectionAnalysis.tableCaption')}</caption>
      <thead><tr><th scope="col">{t(analysis.granularity === 'hour' ? 'collectionAnalysis.hour' : 'collectionAnalysis.day')}</th><th scope="col">{t('collectionAnalysis.count')}</th><th scope="col">{t('collectionAnalysis.collected')}</th></tr></thead>
      <tbody>
        {rows.map((bucket) => (
          <tr key={bucket.key}><th scope="row">{analysis.granularity === 'hour' ? formatHour(bucket.key, language) : formatDate(bucket.key, language)}</th><td>{bucket.count}</td><td>{money(bucket.collected, language)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

function Shares({ title, shares, language }: { title: string; shares: AnalysisShare[]; language: Language }) {
  return (
    <>
      <h2 className="kw-section-title">{title}</h2>
      <ul className="kw-analysis-shares" aria-label={title}>
        {shares.map((share) => (
          <li key={share.id}><span>{share.name} ({share.count})</span><span className="kw-fund-amount">{money(share.collected, language)}</span></li>
        ))}
      </ul>
    </>
  );
}
