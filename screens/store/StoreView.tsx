import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { WEEKDAYS, type storeMachine, type StoreEvent, type StoreTextField } from '../../machines/store.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { ShareLinkButton } from '../common/ShareLinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { daysText } from '../common/storeDays.ts';
import { StorePhotoSlot, type PhotoUploader } from '../common/StorePhotoSlot.tsx';

type State = SnapshotFrom<typeof storeMachine>;
type Send = (event: StoreEvent) => void;

const TEXT_FIELDS = { name: 60, address: 200 } as const;

/** Renders the store chart: the form (new or edited) with a problem per field, saved, the close confirmation, closed. */
export function StoreView({ state, send, upload }: { state: State; send: Send; upload: PhotoUploader }) {
  const { t } = useTranslation();
  const { context } = state;
  const { values, problems, store } = context;

  if (state.matches('noMerchant')) {
    return <WayOn notice={t('store.noMerchant')} href="/app/merchantlist" label={t('merchantOpening.toList')} />;
  }
  if (state.matches('loading')) return <Loading />;
  if (state.matches('loadFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('store.loadFailed')} onRetry={() => send({ type: 'store.retry' })} />;
  }
  const codesLink = context.storeId && <LinkButton href={`/app/store/${context.storeId}/codes`}>{t('store.codes')}</LinkButton>;
  // its share page (README "Share pages"), sent in WhatsApp: a store that is open
  const shareStore = (storeId: string, name: string) => <ShareLinkButton url={`${window.location.origin}/s/store/${storeId}`} title={name} label={t('share.link.store')} />;
  if (state.matches('closed')) {
    return <WayOn notice={t('store.closed', { name: store?.name ?? values.name })} href="/app/merchantlist" label={t('merchantOpening.toList')} />;
  }
  if (state.matches('saved') && store) {
    return (
      <div className="kw-form">
        <Notice kind="success">{t('store.saved', { name: store.name })}</Notice>
        <Summary
          rows={[
            [t('store.address'), store.address],
            [t('store.businessDays'), daysText(store.businessDays, t)],
            [t('store.hours'), <>{store.opensAt}–{store.closesAt}</>],
          ]}
        />
        <LinkButton href={`/app/store/${store.storeId}/codes`} primary>{t('store.codes')}</LinkButton>
        {shareStore(store.storeId, store.name)}
        <LinkButton href="/app/merchantlist">{t('merchantOpening.toList')}</LinkButton>
        <Button block size="large" onClick={() => send({ type: 'store.edit' })}>{t('store.editAgain')}</Button>
      </div>
    );
  }
  if (state.matches('confirmingClose') || state.matches('closing')) {
    const busy = state.hasTag('busy');
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('store.closeTitle', { name: store?.name ?? values.name })}</h2>
        <p className="kw-muted-text">{t('store.closeExplain')}</p>
        {state.matches({ confirmingClose: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
        {state.matches({ confirmingClose: 'unreachable' }) && <FieldError>{t('store.closeUnreachable')}</FieldError>}
        {busy && <Notice>{t('store.closing')}</Notice>}
        <Button block color="danger" size="large" loading={busy} disabled={busy} onClick={() => send({ type: 'close.confirmed' })}>{t('store.closeConfirm')}</Button>
        <Button block size="large" disabled={busy} onClick={() => send({ type: 'close.cancelled' })}>{t('store.closeKeep')}</Button>
      </div>
    );
  }
  // editing or saving
  const busy = state.hasTag('busy');
  const problemOf = (field: keyof typeof problems) => (problems[field] ? t(`store.problems.${field}.${problems[field]}`) : null);
  const errorOf = (field: keyof typeof problems) => problemOf(field) && <p id={`store-${field}-error`} className="kw-error-text" role="alert">{problemOf(field)}</p>;
  const change = (field: StoreTextField) => (e: { target: { value: string } }) => send({ type: 'field.changed', field, value: e.target.value });
  const input = (field: keyof typeof TEXT_FIELDS, autoComplete: string) => (
    <Field id={`store-${field}`} label={t(`store.${field}`)}>
      <input id={`store-${field}`} className="kw-mch-input" maxLength={TEXT_FIELDS[field]} autoComplete={autoComplete} value={values[field]} disabled={busy}
        aria-invalid={!!problems[field] || undefined} aria-describedby={problems[field] ? `store-${field}-error` : undefined} onChange={change(field)} />
      {errorOf(field)}
    </Field>
  );
  const days = [...values.businessDays].sort((a, b) => a - b).join(',');
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'store.submitted' }); }}>
      {/* a new store: the page's title already says so */}
      {context.storeId && <h2 className="kw-step-title">{t('store.editTitle', { name: store?.name ?? '' })}</h2>}
      {input('name', 'organization')}
      {input('address', 'street-address')}
      <Field id="store-description" label={t('store.description')}>
        <textarea id="store-description" className="kw-mch-input kw-mch-textarea" maxLength={500} rows={3} value={values.description} disabled={busy} onChange={change('description')} />
        <span className="kw-hint">{t('store.descriptionHint')}</span>
      </Field>
      <fieldset className="kw-mch-choices" aria-describedby={problems.businessDays ? 'store-businessDays-error' : undefined}>
        <legend className="kw-label">{t('store.businessDays')}</legend>
        <div className="kw-mch-chips">
          <button type="button" className="kw-mch-chip" aria-pressed={days === '1,2,3,4,5,6,7'} disabled={busy} onClick={() => send({ type: 'days.preset', preset: 'everyDay' })}>{t('storeDays.everyDay')}</button>
          <button type="button" className="kw-mch-chip" aria-pressed={days === '1,2,3,4,5'} disabled={busy} onClick={() => send({ type: 'days.preset', preset: 'weekdays' })}>{t('storeDays.weekdays')}</button>
        </div>
        <div className="kw-mch-days" role="group" aria-label={t('storeDays.single')}>
          {WEEKDAYS.map((day) => (
            <button key={day} type="button" className="kw-mch-chip kw-mch-day" aria-pressed={values.businessDays.includes(day)} aria-label={t(`storeDays.long.${day}`)} disabled={busy} onClick={() => send({ type: 'day.toggled', day })}>
              {t(`storeDays.short.${day}`)}
            </button>
          ))}
        </div>
        {errorOf('businessDays')}
      </fieldset>
      <div className="kw-mch-hours">
        {(['opensAt', 'closesAt'] as const).map((field) => (
          <div key={field} className="kw-field">
            <label className="kw-label" htmlFor={`store-${field}`}>{t(`store.${field}`)}</label>
            <input id={`store-${field}`} className="kw-mch-input" type="time" step={60} value={values[field]} disabled={busy}
              aria-invalid={!!problems[field] || undefined} aria-describedby={problems[field] ? `store-${field}-error` : undefined} onChange={change(field)} />
            {errorOf(field)}
          </div>
        ))}
      </div>
      <StorePhotoSlot
        photo={values.photo}
        refused={problems.photo === 'invalid'}
        disabled={busy}
        upload={upload}
        onUploaded={(photo) => send({ type: 'photo.uploaded', ...photo })}
        onRemoved={() => send({ type: 'photo.removed' })}
      />
      {state.matches({ editing: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {state.matches({ editing: 'unreachable' }) && <FieldError>{t('store.unreachable')}</FieldError>}
      {busy && <Notice>{t('store.saving')}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('store.save')}</Button>
      {context.storeId && (
        <>
          {codesLink}
          {context.storeId && shareStore(context.storeId, store?.name ?? values.name)}
          <Button block size="large" className="kw-mch-danger" disabled={busy} onClick={() => send({ type: 'close.asked' })}>{t('store.close')}</Button>
        </>
      )}
    </form>
  );
}
