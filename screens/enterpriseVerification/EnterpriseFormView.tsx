import { useEffect, useRef, type HTMLAttributes } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { DOCUMENT_SLOTS, fieldValue, maxLengthOf, type FieldPath } from '../../machines/enterpriseForm.ts';
import type { enterpriseVerificationMachine, EnterpriseVerificationEvent } from '../../machines/enterpriseVerification.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { EnterpriseDocumentSlot, type DocumentUploader } from './EnterpriseDocumentSlot.tsx';
import './EnterpriseVerification.css';

type State = SnapshotFrom<typeof enterpriseVerificationMachine>;
type Send = (event: EnterpriseVerificationEvent) => void;

export interface Province {
  id: string;
  name: string;
  cities: string[];
}
/** The province list for the pickers (`subMerchant/register/queryAllProvCities`), as it loads. */
export type ProvinceOptions = { status: 'loading' } | { status: 'ready'; provinces: Province[] } | { status: 'failed'; retry: () => void };

/** Which message says a field has the wrong shape. */
const INVALID_MESSAGE: Partial<Record<FieldPath, string>> = {
  'company.nif': 'companyNif', 'company.validityDate': 'date', 'basicInfo.birthday': 'date', 'basicInfo.phone': 'mobile', 'basicInfo.email': 'email',
  'legalPerson.cardNumber': 'biNumber', 'legalPerson.taxNumber': 'biNumber', 'signer.cardNumber': 'biNumber', 'signer.taxNumber': 'biNumber', 'basicInfo.personalNif': 'biNumber',
};
const HINTS: Partial<Record<FieldPath, string>> = {
  'company.nif': 'companyNif', 'legalPerson.cardNumber': 'biNumber', 'legalPerson.taxNumber': 'biNumber', 'signer.cardNumber': 'biNumber',
  'signer.taxNumber': 'biNumber', 'basicInfo.personalNif': 'biNumber',
};
const idOf = (path: string) => `ent-${path.replace('.', '-')}`;
/** Today on the phone's own calendar (not UTC: in Luanda the UTC date is yesterday until 01:00). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The enterprise verification form of spec §3: four sections, basic info and the seven documents. */
export function EnterpriseFormView({ state, send, provinces, upload }: { state: State; send: Send; provinces: ProvinceOptions; upload: DocumentUploader }) {
  const { t } = useTranslation();
  const { context } = state;
  const { values, fieldErrors } = context;
  const busy = state.hasTag('busy');
  const sub = (name: 'invalid' | 'nifTaken' | 'documentsInvalid' | 'refused' | 'unreachable') => state.matches({ unverified: name });
  const formRef = useRef<HTMLFormElement>(null);
  const invalid = sub('invalid');
  useEffect(() => {
    // after a refused submit, the first field to fix gets the focus (and scrolls into view)
    if (invalid) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalid]);

  const problemOf = (path: FieldPath): string | null => {
    if (path === 'company.nif' && sub('nifTaken')) return t('errors.ENT10004');
    const problem = fieldErrors[path];
    if (!problem) return null;
    return problem === 'required' ? t(`enterpriseVerification.required.${path}`) : t(`enterpriseVerification.invalid.${INVALID_MESSAGE[path] ?? 'value'}`);
  };
  const change = (path: FieldPath, value: string) => send({ type: 'field.changed', path, value });

  const text = (path: FieldPath, extra: { type?: string; inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']; autoComplete?: string; placeholder?: string; max?: string } = {}) => {
    const id = idOf(path);
    const problem = problemOf(path);
    const hint = HINTS[path];
    const describedBy = [hint && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <Field id={id} label={t(`enterpriseVerification.field.${path}`)}>
        <input
          id={id}
          name={path}
          className="kw-input"
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          autoComplete={extra.autoComplete ?? 'off'}
          placeholder={extra.placeholder}
          max={extra.max}
          maxLength={extra.type === 'date' ? undefined : maxLengthOf(path)}
          value={fieldValue(values, path)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => change(path, event.target.value)}
        />
        {hint && <span id={`${id}-hint`} className="kw-hint">{t(`enterpriseVerification.hint.${hint}`)}</span>}
        {problem && <p id={`${id}-error`} className="kw-error-text">{problem}</p>}
      </Field>
    );
  };

  const choice = (path: 'company.validityKind' | 'basicInfo.gender', options: readonly string[]) => {
    const id = idOf(path);
    const problem = problemOf(path);
    return (
      <fieldset className="kw-choice" aria-describedby={problem ? `${id}-error` : undefined}>
        <legend className="kw-label">{t(`enterpriseVerification.field.${path}`)}</legend>
        <div className="kw-choice-options">
          {options.map((option, index) => (
            <label key={option} className="kw-choice-option">
              <input
                type="radio"
                name={path}
                value={option}
                id={index === 0 ? id : undefined}
                checked={fieldValue(values, path) === option}
                aria-invalid={problem ? true : undefined}
                onChange={() => change(path, option)}
              />
              <span>{t(`enterpriseVerification.option.${path}.${option}`)}</span>
            </label>
          ))}
        </div>
        {problem && <p id={`${id}-error`} className="kw-error-text">{problem}</p>}
      </fieldset>
    );
  };

  const select = (path: 'basicInfo.province' | 'basicInfo.city', options: { value: string; label: string }[], disabledReason: string | null) => {
    const id = idOf(path);
    const problem = problemOf(path);
    const describedBy = [disabledReason && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <Field id={id} label={t(`enterpriseVerification.field.${path}`)}>
        <select
          id={id}
          name={path}
          className="kw-input kw-select"
          value={fieldValue(values, path)}
          disabled={!!disabledReason}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => change(path, event.target.value)}
        >
          <option value="">{t('enterpriseVerification.choose')}</option>
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          {/* a draft's value stays visible even before (or without) the list */}
          {fieldValue(values, path) && !options.some((o) => o.value === fieldValue(values, path)) && <option value={fieldValue(values, path)}>{fieldValue(values, path)}</option>}
        </select>
        {disabledReason && <span id={`${id}-hint`} className="kw-hint">{disabledReason}</span>}
        {problem && <p id={`${id}-error`} className="kw-error-text">{problem}</p>}
      </Field>
    );
  };

  const provinceList = provinces.status === 'ready' ? provinces.provinces : [];
  const province = provinceList.find((p) => p.id === values.basicInfo.province);
  const errorCount = Object.keys(fieldErrors).length;
  // the summary is the alert a screen reader announces after submitting; the field shows it too
  const refusal = sub('nifTaken') ? t('errors.ENT10004')
    : sub('documentsInvalid') ? t('errors.ENT10003')
      : sub('refused') ? t([`errors.${context.errorCode ?? 'AGW50000'}`, 'errors.AGW50000'])
        : sub('unreachable') ? t('network.gateway')
          : null;

  return (
    <form ref={formRef} className="kw-form kw-enterprise" onSubmit={(event) => { event.preventDefault(); send({ type: 'form.submitted' }); }} noValidate aria-busy={busy}>
      <p className="kw-muted-text">{t('enterpriseVerification.intro')}</p>
      {context.reason && (
        <p className="kw-enterprise-reason"><strong>{t('enterpriseVerification.previousReason')}</strong> {context.reason}</p>
      )}
      {context.draftRestored && <p className="kw-hint" role="status">{t('enterpriseVerification.draftRestored')}</p>}
      <fieldset className="kw-enterprise-fields" disabled={busy}>
        <section className="kw-enterprise-section" aria-labelledby="ent-company-title">
          <h2 id="ent-company-title">{t('enterpriseVerification.section.company')}</h2>
          {text('company.name', { autoComplete: 'organization' })}
          {text('company.shortName')}
          {text('company.nif', { inputMode: 'numeric', placeholder: '5417038299' })}
          {text('company.licenceNumber')}
          {choice('company.validityKind', ['longTerm', 'until'])}
          {values.company.validityKind === 'until' && text('company.validityDate', { type: 'date' })}
          {text('company.registrationNumber')}
        </section>
        <section className="kw-enterprise-section" aria-labelledby="ent-legal-title">
          <h2 id="ent-legal-title">{t('enterpriseVerification.section.legalPerson')}</h2>
          {text('legalPerson.name')}
          {text('legalPerson.surname')}
          {text('legalPerson.cardNumber', { placeholder: '004562891LA042' })}
          {text('legalPerson.taxNumber', { placeholder: '004562891LA042' })}
        </section>
        <section className="kw-enterprise-section" aria-labelledby="ent-signer-title">
          <h2 id="ent-signer-title">{t('enterpriseVerification.section.signer')}</h2>
          {text('signer.name')}
          {text('signer.cardNumber', { placeholder: '004562891LA042' })}
          {text('signer.taxNumber', { placeholder: '004562891LA042' })}
        </section>
        <section className="kw-enterprise-section" aria-labelledby="ent-basic-title">
          <h2 id="ent-basic-title">{t('enterpriseVerification.section.basicInfo')}</h2>
          <p className="kw-hint">{t('enterpriseVerification.section.basicInfoHint')}</p>
          <Field id={idOf('basicInfo.phone')} label={t('enterpriseVerification.field.basicInfo.phone')}>
            <span className="kw-input-row">
              <span className="kw-prefix" aria-hidden="true">+244</span>
              <input
                id={idOf('basicInfo.phone')}
                name="basicInfo.phone"
                className="kw-input-bare"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="923 456 789"
                maxLength={maxLengthOf('basicInfo.phone')}
                value={values.basicInfo.phone}
                aria-invalid={problemOf('basicInfo.phone') ? true : undefined}
                aria-describedby={problemOf('basicInfo.phone') ? `${idOf('basicInfo.phone')}-error` : undefined}
                onChange={(event) => change('basicInfo.phone', event.target.value)}
              />
            </span>
            {problemOf('basicInfo.phone') && <p id={`${idOf('basicInfo.phone')}-error`} className="kw-error-text">{problemOf('basicInfo.phone')}</p>}
          </Field>
          {text('basicInfo.email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('basicInfo.address', { autoComplete: 'street-address' })}
          {text('basicInfo.areaOfBusiness')}
          {select(
            'basicInfo.province',
            provinceList.map((p) => ({ value: p.id, label: p.name })),
            provinces.status === 'loading' ? t('enterpriseVerification.provincesLoading') : provinces.status === 'failed' ? t('enterpriseVerification.provincesFailed') : null,
          )}
          {provinces.status === 'failed' && <button type="button" className="kw-text-button" onClick={provinces.retry}>{t('common.retry')}</button>}
          {select('basicInfo.city', (province?.cities ?? []).map((c) => ({ value: c, label: c })), province ? null : t('enterpriseVerification.provinceFirst'))}
          {choice('basicInfo.gender', ['F', 'M'])}
          {text('basicInfo.birthday', { type: 'date', autoComplete: 'bday', max: today() })}
          {text('basicInfo.personalNif', { placeholder: '004562891LA042' })}
        </section>
        <section className="kw-enterprise-section" aria-labelledby="ent-docs-title">
          <h2 id="ent-docs-title">{t('enterpriseVerification.section.documents')}</h2>
          <p className="kw-hint">{t('enterpriseVerification.upload.explain')}</p>
          {sub('documentsInvalid') && <FieldError>{t('errors.ENT10003')}</FieldError>}
          <div className="kw-doc-list">
            {DOCUMENT_SLOTS.map((slot) => (
              <EnterpriseDocumentSlot
                key={slot}
                slot={slot}
                label={t(`enterpriseVerification.document.${slot}`)}
                document={values.documents[slot]}
                missing={fieldErrors[`documents.${slot}`] === 'required'}
                disabled={busy}
                upload={upload}
                onUploaded={(document) => send({ type: 'document.uploaded', slot, ...document })}
                onRemoved={() => send({ type: 'document.removed', slot })}
              />
            ))}
          </div>
        </section>
      </fieldset>
      {invalid && <FieldError>{t('enterpriseVerification.invalidSummary', { count: errorCount })}</FieldError>}
      {refusal && <FieldError>{refusal}</FieldError>}
      <Button block color="primary" size="large" type="submit" loading={busy} loadingText={t('enterpriseVerification.submitting')} disabled={busy}>{t('enterpriseVerification.submit')}</Button>
    </form>
  );
}
