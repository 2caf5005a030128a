import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { subMerchantMachine, SubMerchantEvent, SubMerchantField } from '../../machines/subMerchant.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof subMerchantMachine>;
type Send = (event: SubMerchantEvent) => void;

/** Renders the sub-merchant chart: the places loading, the form with its problems per field, registered. */
export function SubMerchantView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loadingProvinces')) return <Loading />;
  if (state.matches('provincesFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('subMerchant.provincesFailed')} onRetry={() => send({ type: 'provinces.retry' })} />;
  }
  if (state.matches('notMerchant')) {
    return <WayOn problem={t('errors.MCH10003')} href="/app/open" label={t('merchantList.open')} />;
  }
  if (state.matches('registered') && context.merchant) {
    const { merchant } = context;
    return (
      <WayOn notice={t('subMerchant.registered', { name: merchant.name })} success href={`/app/store/new?merchantId=${merchant.merchantId}`} label={t('merchantList.newStoreFor', { name: merchant.name })} other={{ label: t('subMerchant.another'), onPress: () => send({ type: 'subMerchant.another' }) }}>
        <LinkButton href="/app/merchantlist">{t('merchantOpening.toList')}</LinkButton>
      </WayOn>
    );
  }
  const busy = state.hasTag('busy');
  const { values, problems } = context;
  const province = context.provinces.find((p) => p.id === values.provinceId);
  const change = (field: SubMerchantField) => (e: { target: { value: string } }) => send({ type: 'field.changed', field, value: e.target.value });
  const problemOf = (field: SubMerchantField) => (problems[field] ? t(`subMerchant.problems.${field}.${problems[field]}`) : null);
  const described = (field: SubMerchantField, hint = false) => [hint && `sub-${field}-hint`, problems[field] && `sub-${field}-error`].filter(Boolean).join(' ') || undefined;
  const error = (field: SubMerchantField) => problemOf(field) && <p id={`sub-${field}-error`} className="kw-error-text" role="alert">{problemOf(field)}</p>;
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'subMerchant.submitted' }); }}>
      <p className="kw-muted-text">{t('subMerchant.explain')}</p>
      <Field id="sub-name" label={t('subMerchant.name')}>
        <input id="sub-name" className="kw-mch-input" maxLength={60} autoComplete="organization" value={values.name} disabled={busy} aria-invalid={!!problems.name || undefined} aria-describedby={described('name')} onChange={change('name')} />
        {error('name')}
      </Field>
      <Field id="sub-nif" label={t('subMerchant.nif')}>
        <input id="sub-nif" className="kw-mch-input" inputMode="numeric" maxLength={10} autoComplete="off" value={values.nif} disabled={busy} aria-invalid={!!problems.nif || undefined} aria-describedby={described('nif', true)} onChange={change('nif')} />
        <span id="sub-nif-hint" className="kw-hint">{t('subMerchant.nifHint')}</span>
        {error('nif')}
      </Field>
      <Field id="sub-province" label={t('subMerchant.province')}>
        <select id="sub-province" className="kw-mch-input" value={values.provinceId} disabled={busy} aria-invalid={!!problems.provinceId || undefined} aria-describedby={described('provinceId')} onChange={change('provinceId')}>
          <option value="">{t('subMerchant.choose')}</option>
          {context.provinces.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
        {error('provinceId')}
      </Field>
      <Field id="sub-city" label={t('subMerchant.city')}>
        <select id="sub-city" className="kw-mch-input" value={values.city} disabled={busy || !province} aria-invalid={!!problems.city || undefined} aria-describedby={described('city', !province)} onChange={change('city')}>
          <option value="">{t('subMerchant.choose')}</option>
          {(province?.cities ?? []).map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        {!province && <span id="sub-city-hint" className="kw-hint">{t('subMerchant.provinceFirst')}</span>}
        {error('city')}
      </Field>
      {state.matches({ editing: 'placeRefused' }) && <FieldError>{t('errors.MCH10017')}</FieldError>}
      {state.matches({ editing: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {state.matches({ editing: 'unreachable' }) && <FieldError>{t('subMerchant.unreachable')}</FieldError>}
      {busy && <Notice>{t('subMerchant.registering')}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('subMerchant.submit')}</Button>
    </form>
  );
}
