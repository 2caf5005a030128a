import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { promotionFormMachine, PromotionFormEvent } from '../../machines/promotionForm.machine.ts';
import { choicesOf, fieldOfRefusal, readingOf, shownFields } from '../../machines/promotionFields.ts';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';

type State = SnapshotFrom<typeof promotionFormMachine>;
type Send = (event: PromotionFormEvent) => void;

/**
 * A field's label: the discount's limits say whether they count Kwanza or times; a type's words are its
 * form's; a discount paid with cashback says "paid with cashback" where a discount says "discount".
 */
function labelKey(kind: string, name: string, reading: string | null, deduction: boolean): string {
  if (deduction && ['minAmount', 'maxAmount', 'accumulationLimit', 'activityLimit'].includes(name)) {
    return `promotionForm.field.deduction.${name}${name.endsWith('Limit') ? (reading === 'amount' ? 'Amount' : 'Count') : ''}`;
  }
  if (name === 'accumulationLimit' || name === 'activityLimit') return `promotionForm.field.${name}.${reading === 'amount' ? 'amount' : 'count'}`;
  if (name === 'type' || name === 'ratio') return `promotionForm.field.${name}.${kind === 'coupon' ? 'coupon' : kind === 'discount' ? 'discount' : 'cashback'}`;
  return `promotionForm.field.${name}`;
}

/**
 * The promotion forms (the promotionForm chart): the merchant's cashback, discount and coupon, and
 * the platform's cashback. Each field shows what was typed; a field that cannot be read, or that
 * the server's refusal names, says so under it; a refusal about no one field is said above the button.
 */
export function PromotionFormView({ state, send, listHref }: { state: State; send: Send; listHref: string }) {
  const { t } = useTranslation();
  const { context } = state;
  const { kind, fields } = context;
  const formKind = kind === 'platformCashback' ? 'cashback' : kind;
  if (state.matches('saved')) {
    return (
      <div className="kw-form">
        <Notice kind="success">{t(`promotionForm.saved.${formKind}`, { name: fields.name })}</Notice>
        <LinkButton href={listHref} primary>{t('promotionForm.toList')}</LinkButton>
        <Button block size="large" onClick={() => send({ type: 'form.restarted' })}>{t('promotionForm.another')}</Button>
      </div>
    );
  }
  const busy = state.hasTag('busy');
  const refused = state.matches({ editing: 'refused' });
  const refusedField = refused ? fieldOfRefusal(kind, fields, context.errorCode, context.errorDetail) : null;
  const problemOf = (name: string) => {
    if (name === refusedField) return t(`errors.${context.errorCode}`);
    if (state.matches({ editing: 'unreadable' }) && context.unreadable.includes(name)) return t(name === 'name' ? 'promotionForm.nameMissing' : 'promotionForm.unreadable');
    return null;
  };
  const fieldOf = (name: string) => {
    const id = `promo-${name}`;
    const reading = readingOf(kind, fields, name);
    const label = t(labelKey(formKind, name, reading, kind === 'discount' && fields.type === 'cashbackDeduction'));
    const problem = problemOf(name);
    const error = problem && <p id={`${id}-error`} className="kw-error-text" role="alert">{problem}</p>;
    const change = (value: string) => send({ type: 'field.changed', name, value });
    if (reading === 'amount') {
      return <AmountField key={name} id={id} label={label} value={fields[name] ?? ''} disabled={busy} describedBy={problem ? `${id}-error` : undefined} onChange={change}>{error}</AmountField>;
    }
    if (reading === 'choice') {
      return (
        <Field key={name} id={id} label={label}>
          <select id={id} className="kw-mch-input" value={fields[name] ?? ''} disabled={busy} onChange={(e) => change(e.target.value)}>
            {choicesOf(kind, name).map((choice) => <option key={choice} value={choice}>{t(`promotionForm.choice.${name === 'type' ? `${formKind}Type` : name}.${choice || 'none'}`)}</option>)}
          </select>
          {error}
        </Field>
      );
    }
    const input = reading === 'when' ? { type: 'datetime-local' } : reading === 'text' ? { maxLength: 60 } : { inputMode: reading === 'percent' ? 'decimal' as const : 'numeric' as const };
    return (
      <Field key={name} id={id} label={label}>
        <input id={id} className="kw-mch-input" autoComplete="off" {...input} value={fields[name] ?? ''} disabled={busy}
          aria-invalid={!!problem || undefined} aria-describedby={problem ? `${id}-error` : undefined} onChange={(e) => change(e.target.value)} />
        {error}
      </Field>
    );
  };
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'form.submitted' }); }}>
      <h2 className="kw-step-title">{t(`promotionForm.title.${kind}`)}</h2>
      <p className="kw-muted-text">{t(kind === 'discount' && fields.type === 'cashbackDeduction' ? 'promotionForm.explain.cashbackDeduction' : `promotionForm.explain.${kind}`)}</p>
      {shownFields(kind, fields).map(fieldOf)}
      {refused && !refusedField && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {state.matches({ editing: 'unreadable' }) && <FieldError>{t('promotionForm.fix')}</FieldError>}
      {state.matches({ editing: 'unreachable' }) && <FieldError>{t('promotionForm.unreachable')}</FieldError>}
      {busy && <Notice>{t('promotionForm.saving')}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t(`promotionForm.submit.${formKind}`)}</Button>
      <LinkButton href={listHref}>{t('promotionForm.toList')}</LinkButton>
    </form>
  );
}
