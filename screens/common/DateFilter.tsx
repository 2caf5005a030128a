import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { FILTER_SHORTCUTS, type DateRangeEvent, type dateRangeMachine, type PeriodFilter, type ShortcutCode } from '../../machines/dateRange.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { formatDate } from '../../src/lib/dates.ts';
import { normaliseLanguage, type Language } from '../../src/lib/language.ts';

/** The period tabs' events, the same in every chart with a date filter (fund detail, records, analysis). */
export type PeriodEvent = { type: 'filter.changed'; code: ShortcutCode } | { type: 'custom.opened' };
export type DateRangeActor = ActorRefFrom<typeof dateRangeMachine>;

const RANGE_PROBLEMS = ['incomplete', 'reversed', 'future', 'tooLong'] as const;

/**
 * The period tabs of spec §2/§9 (today, latest week, latest month, custom): the fund detail's, the
 * records' and the analysis'. `section` is the dictionary section of the words (`<section>.period`,
 * `<section>.filters.*`), which each screen words its own way.
 */
export function PeriodTabs({ section, filter, customShown, send }: {
  section: 'fundDetail' | 'records';
  filter: PeriodFilter;
  customShown: boolean;
  send: (event: PeriodEvent) => void;
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

/**
 * The custom range chart on screen: two days (no later than today), its refusal of them if any,
 * apply or cancel. `section` words it as PeriodTabs does.
 */
export function CustomRangeForm({ section, idPrefix, state, send }: {
  section: 'fundDetail' | 'records';
  idPrefix: string;
  state: SnapshotFrom<typeof dateRangeMachine>;
  send: (event: DateRangeEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = normaliseLanguage(i18n.language);
  const { from, to, today } = state.context;
  const problem = RANGE_PROBLEMS.find((p) => state.matches({ editing: p }));
  return (
    <form className="kw-form-fields" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'custom.applied' }); }}>
      <div className="kw-fund-dates">
        <DayField id={`${idPrefix}-from`} label={t(`${section}.from`)} value={from} max={today} language={language} onChange={(value) => send({ type: 'custom.fromChanged', value })} />
        <DayField id={`${idPrefix}-to`} label={t(`${section}.to`)} value={to} max={today} language={language} onChange={(value) => send({ type: 'custom.toChanged', value })} />
      </div>
      {problem && <FieldError>{t(`${section}.${problem}`)}</FieldError>}
      <Button block color="primary" size="large" type="submit">{t(`${section}.apply`)}</Button>
      <Button block size="large" onClick={() => send({ type: 'custom.cancelled' })}>{t('common.cancel')}</Button>
    </form>
  );
}

/**
 * A day field: the day as the reader's language writes it (`26 nov 2026`), the browser's own date
 * picker over it, unseen (a native date field writes the day as the browser's locale does, not the
 * app's language). A tap opens the picker; typing works as in any date field.
 */
function DayField({ id, label, value, max, language, onChange }: { id: string; label: string; value: string; max: string; language: Language; onChange: (value: string) => void }) {
  return (
    <Field id={id} label={label}>
      <div className="kw-day-field">
        <span id={`${id}-shown`} className="kw-day-shown">{value ? formatDate(value, language) : '—'}</span>
        <input id={id} type="date" value={value} max={max} aria-describedby={`${id}-shown`} onChange={(e) => onChange(e.target.value)}
          onClick={(e) => {
            try {
              e.currentTarget.showPicker?.();
            } catch {
              // a browser without showPicker, or refusing it here: the field takes typing
            }
          }} />
      </div>
    </Field>
  );
}

/** A list's custom range child, drawn from its own actor (absent for the instant the chart ends). */
export function CustomRangePanel({ actor, section, idPrefix }: { actor: DateRangeActor | undefined; section: 'fundDetail' | 'records'; idPrefix: string }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <CustomRangeForm section={section} idPrefix={idPrefix} state={state} send={(event) => actor.send(event)} /> : null;
}
