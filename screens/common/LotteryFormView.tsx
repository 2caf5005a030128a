import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { lotteryFormMachine, LotteryFormEvent } from '../../machines/lotteryForm.machine.ts';
import {
  ENTRIES, fieldOfRefusal, MAX_LENGTH, MAX_PRIZES, oddsTotal, PRIZE_FIELDS, prizeKey, prizesTotal, WHOLE_PPM, type LotteryFieldName, type PrizeFieldName,
} from '../../machines/lotteryFields.ts';
import { INTL_LOCALE } from '../../src/lib/language.ts';
import { parseAmount } from '../../src/lib/money.ts';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { money } from '../common/format.ts';
import './platformLottery.css';

type State = SnapshotFrom<typeof lotteryFormMachine>;
type Send = (event: LotteryFormEvent) => void;

/**
 * The lottery activity form (the lotteryForm chart): each field shows what was typed; what the form
 * found wrong when it was sent, or the server's refusal, is said under the field it is about; the
 * odds' sum and what the prizes can pay are shown as they are typed. Once made: the commitment to
 * the seed.
 */
export function LotteryFormView({ state, send, listHref }: { state: State; send: Send; listHref: string }) {
  const { t } = useTranslation();
  const { context } = state;
  const { fields, prizes, language } = context;
  const percent = (ppm: number) => new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 4 }).format(ppm / (WHOLE_PPM / 100));
  const budget = parseAmount(fields.budget.trim(), language);

  if (state.matches('created') && context.created) {
    return (
      <div className="kw-form">
        <Notice kind="success">{t('platformLottery.form.created', { name: fields.name.trim() })}</Notice>
        <p className="kw-muted-text">{t('platformLottery.form.commitment')}</p>
        <p className="kw-lot-hash" aria-label={t('platformLottery.form.commitmentLabel')}>{context.created.seedCommitment}</p>
        <LinkButton href={listHref} primary>{t('platformLottery.form.toList')}</LinkButton>
        <Button block size="large" onClick={() => send({ type: 'form.restarted' })}>{t('platformLottery.form.another')}</Button>
      </div>
    );
  }

  const busy = state.hasTag('busy');
  const invalid = state.matches({ editing: 'invalid' });
  const refused = state.matches({ editing: 'refused' });
  const refusedField = refused ? fieldOfRefusal(context.errorCode, context.errorDetail) : null;
  const problemOf = (key: string): string | null => {
    if (key === refusedField) return t(`errors.${context.errorCode}`);
    const problem = invalid ? context.problems[key] : undefined;
    if (!problem) return null;
    return t(`platformLottery.form.problem.${problem}`, {
      odds: percent(oddsTotal(prizes)),
      total: money(prizesTotal(prizes, language), language),
      budget: budget === null ? '—' : money(budget, language),
    });
  };
  const errorOf = (id: string, problem: string | null) => problem && <p id={`${id}-error`} className="kw-error-text" role="alert">{problem}</p>;
  const describe = (id: string, problem: string | null) => ({ 'aria-invalid': !!problem || undefined, 'aria-describedby': problem ? `${id}-error` : undefined });

  const fieldOf = (name: LotteryFieldName) => {
    const id = `lot-${name}`;
    const label = t(`platformLottery.form.field.${name}`);
    const problem = problemOf(name);
    const change = (value: string) => send({ type: 'field.changed', name, value });
    if (name === 'threshold' || name === 'budget') {
      return <AmountField key={name} id={id} label={label} value={fields[name]} disabled={busy} describedBy={problem ? `${id}-error` : undefined} onChange={change}>{errorOf(id, problem)}</AmountField>;
    }
    if (name === 'entry') {
      return (
        <Field key={name} id={id} label={label}>
          <select id={id} className="kw-mch-input" value={fields.entry} disabled={busy} onChange={(e) => change(e.target.value)}>
            {ENTRIES.map((entry) => <option key={entry} value={entry}>{t(`platformLottery.form.entry.${entry}`)}</option>)}
          </select>
          {errorOf(id, problem)}
        </Field>
      );
    }
    if (name === 'rulesPt' || name === 'rulesEn' || name === 'rulesZh') {
      return (
        <Field key={name} id={id} label={label}>
          <textarea id={id} className="kw-plt-textarea" maxLength={MAX_LENGTH[name]} value={fields[name]} disabled={busy} {...describe(id, problem)} onChange={(e) => change(e.target.value)} />
          {errorOf(id, problem)}
        </Field>
      );
    }
    const input = name === 'startsAt' || name === 'endsAt' ? { type: 'datetime-local' } : name === 'drawsPerEntry' ? { inputMode: 'numeric' as const } : { maxLength: MAX_LENGTH[name] };
    return (
      <Field key={name} id={id} label={label}>
        <input id={id} className="kw-mch-input" autoComplete="off" {...input} value={fields[name]} disabled={busy} {...describe(id, problem)} onChange={(e) => change(e.target.value)} />
        {errorOf(id, problem)}
      </Field>
    );
  };

  const prizeField = (index: number, name: PrizeFieldName) => {
    const id = `lot-prize-${index}-${name}`;
    const label = t(`platformLottery.form.prize.${name}`);
    const problem = problemOf(prizeKey(index, name));
    const change = (value: string) => send({ type: 'prize.changed', index, name, value });
    if (name === 'amount') {
      return <AmountField key={name} id={id} label={label} value={prizes[index]![name]} disabled={busy} describedBy={problem ? `${id}-error` : undefined} onChange={change}>{errorOf(id, problem)}</AmountField>;
    }
    const input = name === 'name' ? { maxLength: MAX_LENGTH.prizeName } : { inputMode: name === 'odds' ? 'decimal' as const : 'numeric' as const };
    return (
      <Field key={name} id={id} label={label}>
        <input id={id} className="kw-mch-input" autoComplete="off" {...input} value={prizes[index]![name]} disabled={busy} {...describe(id, problem)} onChange={(e) => change(e.target.value)} />
        {errorOf(id, problem)}
      </Field>
    );
  };
  const prizesProblem = problemOf('prizes');

  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'form.submitted', now: new Date().toISOString() }); }}>
      <h2 className="kw-step-title">{t('platformLottery.form.title')}</h2>
      <p className="kw-muted-text">{t('platformLottery.form.explain')}</p>
      {(['name', 'rulesPt', 'rulesEn', 'rulesZh', 'startsAt', 'endsAt', 'entry', 'threshold', 'drawsPerEntry'] as const).map(fieldOf)}
      <div role="group" aria-labelledby="lot-prizes-title">
        <h3 id="lot-prizes-title" className="kw-step-title">{t('platformLottery.form.prizes')}</h3>
        {prizes.map((_, index) => (
          <fieldset key={index} className="kw-lot-prize">
            <legend>{t('platformLottery.form.prize.title', { n: index + 1 })}</legend>
            {PRIZE_FIELDS.map((name) => prizeField(index, name))}
            {prizes.length > 1 && (
              <button type="button" className="kw-button" disabled={busy} onClick={() => send({ type: 'prize.removed', index })}>{t('platformLottery.form.removePrize', { n: index + 1 })}</button>
            )}
          </fieldset>
        ))}
        <p className="kw-muted-text kw-lot-totals">{t('platformLottery.form.totals', { odds: percent(oddsTotal(prizes)), total: money(prizesTotal(prizes, language), language) })}</p>
        {prizesProblem && <p className="kw-error-text" role="alert">{prizesProblem}</p>}
        {prizes.length < MAX_PRIZES
          ? <button type="button" className="kw-button" disabled={busy} onClick={() => send({ type: 'prize.added' })}>{t('platformLottery.form.addPrize')}</button>
          : <p className="kw-muted-text">{t('platformLottery.form.maxPrizes')}</p>}
      </div>
      {(['budget', 'regulatorReference'] as const).map(fieldOf)}
      {refused && !refusedField && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {invalid && <FieldError>{t('platformLottery.form.fix')}</FieldError>}
      {state.matches({ editing: 'unreachable' }) && <FieldError>{t('platformLottery.form.unreachable')}</FieldError>}
      {busy && <Notice>{t('platformLottery.form.submitting')}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('platformLottery.form.submit')}</Button>
      <LinkButton href={listHref}>{t('platformLottery.form.toList')}</LinkButton>
    </form>
  );
}
