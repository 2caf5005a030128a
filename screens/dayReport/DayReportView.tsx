import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { dayReportMachine, DayReportEvent } from '../../machines/dayReport.machine.ts';
import type { DayFigures, DayReport } from '../../services/contract/dayReport.ts';
import type { Language } from '../../src/lib/language.ts';
import { formatDate, formatDateTime } from '../../src/lib/dates.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailed, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf, money } from '../common/format.ts';
import '../common/wallet.css';
import './dayReport.css';

type State = SnapshotFrom<typeof dayReportMachine>;
type Send = (event: DayReportEvent) => void;

/**
 * The end-of-day report: the day (previous, picked, next) and, for the owner, the store; then the
 * day's payments, refunds, charges and net, by store and by clerk, and the PDF of the same figures.
 * A clerk's is their own till, said so, to show the owner.
 */
export function DayReportView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const report = context.report;
  const owner = report?.role !== 'clerk';

  const dayControls = (
    <div className="kw-day-controls">
      <button type="button" className="kw-text-button" aria-label={t('dayReport.previousDay')} onClick={() => send({ type: 'day.previous' })}>‹</button>
      <input className="kw-input kw-day-input" type="date" aria-label={t('dayReport.day')} value={context.day} max={context.today}
        onChange={(e) => e.target.value && send({ type: 'day.chosen', day: e.target.value })} />
      <button type="button" className="kw-text-button" aria-label={t('dayReport.nextDay')} disabled={!state.can({ type: 'day.next' })} onClick={() => send({ type: 'day.next' })}>›</button>
    </div>
  );
  const storePicker = report && owner && report.stores.length > 1 && (
    <select className="kw-input" aria-label={t('dayReport.store')} value={context.storeId ?? ''} onChange={(e) => send({ type: 'reportStore.changed', storeId: e.target.value || null })}>
      <option value="">{t('dayReport.allStores')}</option>
      {report.stores.map((store) => <option key={store.storeId} value={store.storeId}>{store.name}</option>)}
    </select>
  );

  let body: React.ReactNode;
  if (state.matches('loading')) body = <Loading />;
  else if (state.matches('notMerchant')) body = <Notice>{t('dayReport.notMerchant')}</Notice>;
  else if (state.matches('failed')) body = <LoadFailed errorCode={context.errorCode} fallback={t('dayReport.failed')} onRetry={() => send({ type: 'report.retry' })} />;
  else if (report) {
    const downloading = state.matches({ ready: 'downloading' });
    body = (
      <>
        <h2 className="kw-section-title">{report.merchantName} · {formatDate(report.day, language)}</h2>
        {report.tillOf !== null && <Notice>{t('dayReport.ownTill', { name: report.tillOf })}</Notice>}
        <Figures figures={report.totals} language={language} label={t('dayReport.totals')} />
        <p className="kw-hint">{t('dayReport.netHelp')} · {t('dayReport.readAt', { at: formatDateTime(report.at, language) })}</p>
        {state.matches('empty') ? (
          <>
            <p className="kw-muted-text kw-centered-text" role="status">{t('dayReport.empty')}</p>
            <button type="button" className="kw-text-button" onClick={() => send({ type: 'report.refresh' })}>{t('dayReport.refresh')}</button>
          </>
        ) : (
          <>
            {owner && <Lines title={t('dayReport.byStore')} lines={report.byStore.map((s) => ({ key: s.storeId, name: s.name, figures: s }))} language={language} />}
            <Lines title={t('dayReport.byClerk')} language={language}
              lines={report.byClerk.map((c) => ({ key: `${c.storeId}:${c.clerkId}`, name: c.clerkId === 'none' ? t('dayReport.noClerk') : c.name, sub: owner ? c.storeName : undefined, figures: c }))} />
            {state.matches({ ready: 'downloaded' }) && <Notice kind="success">{t('dayReport.downloaded')}</Notice>}
            {state.matches({ ready: 'downloadFailed' }) && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('dayReport.downloadFailed')}</FieldError>}
            <Button block color="primary" size="large" disabled={downloading} onClick={() => send({ type: 'pdf.requested' })}>
              {downloading ? t('dayReport.downloading') : t('dayReport.download')}
            </Button>
            <button type="button" className="kw-text-button" disabled={downloading} onClick={() => send({ type: 'report.refresh' })}>{t('dayReport.refresh')}</button>
          </>
        )}
      </>
    );
  }
  return (
    <div className="kw-form">
      {dayControls}
      {storePicker}
      {body}
    </div>
  );
}

function Figures({ figures, language, label }: { figures: DayFigures; language: Language; label: string }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['payments', `${money(figures.payments.sum, language)} ${t('dayReport.count', { count: figures.payments.count })}`],
    ['refunds', `${money(figures.refunds.sum, language)} ${t('dayReport.count', { count: figures.refunds.count })}`],
    ['charges', money(figures.charges, language)],
    ['net', money(figures.net, language)],
  ];
  return (
    <dl className="kw-day-totals" aria-label={label}>
      {rows.map(([key, value]) => <div key={key} className={`kw-day-${key}`}><dt>{t(`dayReport.${key}`)}</dt><dd>{value}</dd></div>)}
    </dl>
  );
}

function Lines({ title, lines, language }: { title: string; lines: Array<{ key: string; name: string; sub?: string; figures: DayFigures }>; language: Language }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="kw-section-title">{title}</h2>
      <ul className="kw-day-lines" aria-label={title}>
        {lines.map((line) => (
          <li key={line.key}>
            <div className="kw-day-line-head">
              <span><strong>{line.name}</strong>{line.sub && <span className="kw-hint"> · {line.sub}</span>}</span>
              <span className="kw-fund-amount">{money(line.figures.net, language)}</span>
            </div>
            <span className="kw-hint">
              {t('dayReport.payments')} {money(line.figures.payments.sum, language)} {t('dayReport.count', { count: line.figures.payments.count })}
              {' · '}{t('dayReport.refunds')} {money(line.figures.refunds.sum, language)} {t('dayReport.count', { count: line.figures.refunds.count })}
              {' · '}{t('dayReport.charges')} {money(line.figures.charges, language)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
