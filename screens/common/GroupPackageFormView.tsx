import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { groupPackageFormMachine, GroupPackageFormEvent } from '../../machines/groupPackageForm.machine.ts';
import { fieldOfRefusal, MAX_CONTENT_LENGTH, MAX_CONTENT_LINES, MAX_NAME_LENGTH } from '../../machines/groupPackageFields.ts';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { StorePhotoSlot, type PhotoUploader } from './StorePhotoSlot.tsx';

type State = SnapshotFrom<typeof groupPackageFormMachine>;
type Send = (event: GroupPackageFormEvent) => void;
const LIST_HREF = '/app/grouppackages';

/** A field's problem under it, for the screen reader with the field. */
function Problem({ id, text }: { id: string; text: string | null }) {
  return text ? <p id={`${id}-error`} className="kw-error-text" role="alert">{text}</p> : null;
}

/**
 * The group package form (the groupPackageForm chart): the store, the name, the content's lines, the
 * prices, the stock, the dates and the photo. Each field shows what was typed; a field that cannot
 * be read, or that the server's refusal names, says so under it; a refusal about no one field is
 * said above the button.
 */
export function GroupPackageFormView({ state, send, upload }: { state: State; send: Send; upload: PhotoUploader }) {
  const { t } = useTranslation();
  const { context } = state;
  const { fields, content } = context;
  if (state.matches('loadingStores')) return <Loading />;
  if (state.matches('storesFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('groupPackages.form.storesFailed')} onRetry={() => send({ type: 'stores.retry' })} />;
  if (state.matches('notOwner')) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${context.errorCode ?? 'MCH10003'}`)}</FieldError>
        <LinkButton href={LIST_HREF}>{t('groupPackages.form.toList')}</LinkButton>
      </div>
    );
  }
  if (state.matches('noStore')) {
    return (
      <div className="kw-form">
        <FieldError>{t('groupPackages.form.noStore')}</FieldError>
        <LinkButton href="/app/merchantlist" primary>{t('groupPackages.form.toStores')}</LinkButton>
      </div>
    );
  }
  if (state.matches('saved')) {
    return (
      <div className="kw-form">
        <Notice kind="success">{t('groupPackages.form.saved', { name: fields.name.trim() })}</Notice>
        <LinkButton href={LIST_HREF} primary>{t('groupPackages.form.toList')}</LinkButton>
        <Button block size="large" onClick={() => send({ type: 'form.restarted' })}>{t('groupPackages.form.another')}</Button>
      </div>
    );
  }
  const busy = state.hasTag('busy');
  const refused = state.matches({ editing: 'refused' });
  const refusedField = refused ? fieldOfRefusal(context.errorCode, context.errorDetail) : null;
  const problemOf = (name: string): string | null => {
    if (name === refusedField) return t(`errors.${context.errorCode}`);
    if (!state.matches({ editing: 'unreadable' }) || !context.unreadable.includes(name)) return null;
    return t(`groupPackages.form.problem.${name}`);
  };
  const change = (name: string) => (value: string) => send({ type: 'field.changed', name, value });
  const described = (id: string, problem: string | null) => ({ 'aria-invalid': !!problem || undefined, 'aria-describedby': problem ? `${id}-error` : undefined });
  const input = (name: 'name' | 'stock' | 'startsAt' | 'endsAt', extra: Record<string, unknown>) => {
    const id = `package-${name}`;
    const problem = problemOf(name);
    return (
      <Field id={id} label={t(`groupPackages.form.field.${name}`)}>
        <input id={id} className="kw-mch-input" autoComplete="off" {...extra} value={fields[name]} disabled={busy} {...described(id, problem)} onChange={(e) => change(name)(e.target.value)} />
        <Problem id={id} text={problem} />
      </Field>
    );
  };
  const amount = (name: 'groupPrice' | 'normalPrice') => {
    const id = `package-${name}`;
    const problem = problemOf(name);
    return (
      <AmountField id={id} label={t(`groupPackages.form.field.${name}`)} value={fields[name]} disabled={busy} describedBy={problem ? `${id}-error` : undefined} onChange={change(name)}>
        <Problem id={id} text={problem} />
      </AmountField>
    );
  };
  const storeProblem = problemOf('storeId');
  const contentProblem = problemOf('content');
  const photoProblem = problemOf('photo');
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'form.submitted' }); }}>
      <p className="kw-muted-text">{t('groupPackages.form.explain')}</p>
      <Field id="package-storeId" label={t('groupPackages.form.field.storeId')}>
        <select id="package-storeId" className="kw-mch-input" value={fields.storeId} disabled={busy} {...described('package-storeId', storeProblem)} onChange={(e) => change('storeId')(e.target.value)}>
          {context.stores.length > 1 && <option value="">{t('groupPackages.form.chooseStore')}</option>}
          {context.stores.map((store) => <option key={store.storeId} value={store.storeId}>{store.name}</option>)}
        </select>
        <Problem id="package-storeId" text={storeProblem} />
      </Field>
      {input('name', { maxLength: MAX_NAME_LENGTH })}
      <fieldset className="kw-field" aria-describedby={contentProblem ? 'package-content-error' : undefined}>
        <legend className="kw-label">{t('groupPackages.form.field.content')}</legend>
        {content.map((line, index) => (
          <div key={index} className="kw-mch-chips">
            <input className="kw-mch-input" autoComplete="off" maxLength={MAX_CONTENT_LENGTH} value={line} disabled={busy}
              aria-label={t('groupPackages.form.line', { number: index + 1 })} aria-invalid={(!!contentProblem && !line.trim()) || undefined}
              onChange={(e) => send({ type: 'content.changed', index, value: e.target.value })} />
            {content.length > 1 && (
              <button type="button" className="kw-text-button" disabled={busy} aria-label={t('groupPackages.form.removeLine', { number: index + 1 })} onClick={() => send({ type: 'content.removed', index })}>
                {t('groupPackages.form.remove')}
              </button>
            )}
          </div>
        ))}
        {content.length < MAX_CONTENT_LINES && (
          <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'content.added' })}>{t('groupPackages.form.addLine')}</button>
        )}
        <Problem id="package-content" text={contentProblem} />
      </fieldset>
      {amount('groupPrice')}
      {amount('normalPrice')}
      {input('stock', { inputMode: 'numeric' })}
      {input('startsAt', { type: 'datetime-local' })}
      {input('endsAt', { type: 'datetime-local' })}
      <StorePhotoSlot
        photo={context.photo}
        refused={false}
        disabled={busy}
        upload={upload}
        label={t('groupPackages.form.field.photo')}
        onUploaded={(photo) => send({ type: 'photo.uploaded', photo })}
        onRemoved={() => send({ type: 'photo.removed' })}
      />
      <Problem id="package-photo" text={photoProblem} />
      {refused && !refusedField && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {state.matches({ editing: 'unreadable' }) && <FieldError>{t('groupPackages.form.fix')}</FieldError>}
      {state.matches({ editing: 'unreachable' }) && <FieldError>{t('groupPackages.form.unreachable')}</FieldError>}
      {busy && <Notice>{t('groupPackages.form.saving')}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('groupPackages.form.submit')}</Button>
      <LinkButton href={LIST_HREF}>{t('groupPackages.form.toList')}</LinkButton>
    </form>
  );
}
