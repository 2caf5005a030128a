import './records.css';
import { CustomRangePanel, PeriodTabs, type DateRangeActor } from '../common/DateFilter.tsx';
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { recordsMachine, RecordsEvent, RecordsScopeFilter } from '../../machines/records.machine.ts';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import type { MerchantRecord } from '../../services/contract/records.ts';
import type { Language } from '../../src/lib/language.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { PagedList, PagedListView, type PagedListActor, type PagedListWords } from '../common/PagedList.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { dayInSentence } from '../../src/lib/dates.ts';
import { Notice } from '../../src/ui/Notice.tsx';
import { LineLink } from '../../src/ui/LineLink.tsx';

type State = SnapshotFrom<typeof recordsMachine>;
type Send = (event: RecordsEvent) => void;

const SCOPE_FIELDS = [
  { key: 'storeId', label: 'records.store', any: 'records.anyStore', choices: 'stores' },
  { key: 'clerkId', label: 'records.clerk', any: 'records.anyClerk', choices: 'clerks' },
  { key: 'bindingId', label: 'records.binding', any: 'records.anyBinding', choices: 'bindings' },
] as const;

/**
 * The records list: the owner's pickers (store, clerk, code) and CSV export, or the clerk's scope
 * in words; the date filter (the fund detail's shortcuts and custom range); the records (the list
 * child: pull down to refresh when `pull`; the next page as the end comes into view, or with the
 * button). `alerts` is where the live payment alerts mount (the paymentAlerts component, wired by
 * the records screen).
 */
export function RecordsView({ state, send, pull, onOpen, alerts }: {
  state: State;
  send: Send;
  pull?: boolean;
  onOpen?: (id: string) => void;
  /** The live payment alerts of the caller's stores mount here (issue 12, paymentAlerts). */
  alerts?: ReactNode;
}) {
  const { t } = useTranslation();
  const { context } = state;
  const filter = context.filter;
  const records = useRecordLines(onOpen);
  const customShown = state.matches({ list: 'customRange' });
  const tabs = <PeriodTabs section="records" filter={filter} customShown={customShown} send={send} />;
  const owner = context.role === 'owner';
  const scope = owner ? (
    <div className="kw-records-scope">
      {SCOPE_FIELDS.filter((field) => context.choices[field.choices].length > 0 || context.scope[field.key]).map((field) => (
        <div className="kw-field" key={field.key}>
          <label className="kw-label" htmlFor={`records-${field.key}`}>{t(field.label)}</label>
          <select
            id={`records-${field.key}`}
            className="kw-mch-input"
            value={context.scope[field.key] ?? ''}
            onChange={(e) => send({ type: 'scope.changed', scope: { ...context.scope, [field.key]: e.target.value || undefined } as RecordsScopeFilter })}
          >
            <option value="">{t(field.any)}</option>
            {context.choices[field.choices].map((choice) => <option key={choice.id} value={choice.id}>{choice.name}</option>)}
          </select>
        </div>
      ))}
    </div>
  ) : context.reach ? <p className="kw-muted-text">{t(`records.scope.${context.reach}`)}</p> : null;

  const exporter = owner && (
    <div className="kw-records-export">
      <Button size="small" disabled={!state.can({ type: 'export.requested' })} onClick={() => send({ type: 'export.requested' })}>
        {state.hasTag('exporting') ? t('records.exporting') : t('records.export')}
      </Button>
      {state.matches({ export: 'exported' }) && <Notice kind="success">{t('records.exported')}</Notice>}
      {state.matches({ export: 'exportFailed' }) && <FieldError>{context.exportCode ? t(`errors.${context.exportCode}`) : t('records.exportFailed')}</FieldError>}
    </div>
  );

  let body: ReactNode;
  if (customShown) {
    body = <CustomRangePanel actor={state.children.dateRange as DateRangeActor | undefined} section="records" idPrefix="records" />;
  } else {
    body = <PagedList actor={state.children.pagedList as PagedListActor | undefined} pull={pull} {...records} />;
  }
  return (
    <div className="kw-form">
      {alerts && <section aria-label={t('records.alerts')}>{alerts}</section>}
      {scope}
      {tabs}
      {!customShown && context.range && <p className="kw-muted-text">{t('records.range', { from: dayInSentence(context.range.from), to: dayInSentence(context.range.to) })}</p>}
      {exporter}
      {body}
    </div>
  );
}

/** The records as the list child draws them: the list's words and a record. */
function useRecordLines(onOpen?: (id: string) => void): { words: PagedListWords; item: (record: MerchantRecord) => ReactNode } {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return {
    words: { section: 'records', label: t('records.title'), refresh: { idle: t('records.refresh'), busy: t('records.refreshing') } },
    item: (record) => <RecordItem item={record} language={language} onOpen={onOpen} />,
  };
}

/** The list child's own view with the records (its screen test). */
export function RecordLinesView({ state, send }: { state: SnapshotFrom<typeof pagedListMachine>; send: (event: PagedListEvent) => void }) {
  return <PagedListView state={state} send={send} {...useRecordLines()} />;
}

function RecordItem({ item, language, onOpen }: { item: MerchantRecord; language: Language; onOpen?: (id: string) => void }) {
  const { t } = useTranslation();
  const amount = money(item.amount, language);
  const who = [item.payerMasked, item.storeName, item.clerkName ?? item.serial].filter(Boolean).join(' · ');
  return (
    <LineLink href={`/app/records/${item.recordId}`} label={`${amount}, ${t(`records.state.${item.state}`)}, ${item.payerMasked}, ${lineTime(item.at, language)}`} onOpen={onOpen && (() => onOpen(item.recordId))}>
      <span className="kw-fund-kind">{t(`records.state.${item.state}`)}</span>
      <span className="kw-fund-amount kw-fund-income">{amount}</span>
      <span className="kw-fund-meta">{`${who} · ${lineTime(item.at, language)}`}</span>
      <span className="kw-fund-meta kw-fund-amount">{t('records.net', { amount: money(item.net, language) })}</span>
    </LineLink>
  );
}
