import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FILTER_SHORTCUTS, type FundDetailEvent, type FundFilter } from '../../machines/fundDetail.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';

/** The date filter's events, the same in every chart that has one (fund detail, records, analysis). */
export type DateFilterEvent = Extract<FundDetailEvent, { type: 'filter.changed' | `custom.${string}` }>;

/**
 * The period tabs of spec §2/§9 (today, latest week, latest month, custom): the fund detail's, the
 * records' and the analysis'. `section` is the dictionary section of the words (`<section>.period`,
 * `<section>.filters.*`), which each screen words its own way.
 */
export function PeriodTabs({ section, filter, customShown, send }: {
  section: 'fundDetail' | 'records';
  filter: FundFilter;
  customShown: boolean;
  send: (event: DateFilterEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kw-fund-filters" role="group" aria-label={t(`${section}.period`)}>
      {(Object.entries(FILTER_SHORTCUTS) as [keyof typeof FILTER_SHORTCUTS, (typeof FILTER_SHORTCUTS)[keyof typeof FILTER_SHORTCUTS]][]).map(([name, code]) => (
        <button key={code} type="button" className="kw-tab" aria-pressed={!customShown && filter.kind === 'shortcut' && filter.code === code} onClick={() => send({ type: 'filter.changed', code })}>
          {t(`${section}.filters.${name}`)}
        </button>
      ))}
      <button type="button" className="kw-tab" aria-pressed={customShown || filter.kind === 'custom'} onClick={() => send({ type: 'custom.opened' })}>
        {t(`${section}.filters.custom`)}
      </button>
    </div>
  );
}

/** The custom range: two days (no later than today), the chart's refusal of them if any, apply or cancel. */
export function CustomRangeForm({ section, idPrefix, draftFrom, draftTo, today, problem, send }: {
  section: 'fundDetail' | 'records';
  idPrefix: string;
  draftFrom: string;
  draftTo: string;
  today: string;
  /** The chart's state under customRange when it refused the range (its key in `section`). */
  problem?: string;
  send: (event: DateFilterEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="kw-form-fields" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'custom.applied' }); }}>
      <div className="kw-fund-dates">
        <div className="kw-field">
          <label className="kw-label" htmlFor={`${idPrefix}-from`}>{t(`${section}.from`)}</label>
          <input id={`${idPrefix}-from`} type="date" value={draftFrom} max={today} onChange={(e) => send({ type: 'custom.fromChanged', value: e.target.value })} />
        </div>
        <div className="kw-field">
          <label className="kw-label" htmlFor={`${idPrefix}-to`}>{t(`${section}.to`)}</label>
          <input id={`${idPrefix}-to`} type="date" value={draftTo} max={today} onChange={(e) => send({ type: 'custom.toChanged', value: e.target.value })} />
        </div>
      </div>
      {problem && <FieldError>{t(`${section}.${problem}`)}</FieldError>}
      <Button block color="primary" size="large" type="submit">{t(`${section}.apply`)}</Button>
      <Button block size="large" onClick={() => send({ type: 'custom.cancelled' })}>{t('common.cancel')}</Button>
    </form>
  );
}
