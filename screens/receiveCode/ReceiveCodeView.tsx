import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SnapshotFrom } from 'xstate';
import type { CodeImage, ReceiveCodeEvent, receiveCodeMachine } from '../../machines/receiveCode.machine.ts';
import { RECEIVE_NOTE_MAX } from '../../services/contract/values.ts';
import type { Language } from '../../src/lib/language.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { QrCode } from '../common/QrCode.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

type State = SnapshotFrom<typeof receiveCodeMachine>;
type Send = (event: ReceiveCodeEvent) => void;

/** What the saved picture says: the code on screen, the masked name, a one-time code's amount and note. */
export function codeImageOf(context: State['context'], t: TFunction, language: Language): CodeImage {
  const code = context.oneTime ?? context.standing!;
  const lines = [code.maskedName, ...(context.oneTime ? [money(context.oneTime.amount, language), ...(context.oneTime.note ? [context.oneTime.note] : [])] : [])];
  return { payload: code.payload, title: t('receiveCode.title'), lines, fileName: t('receiveCode.imageFile') };
}

/** Renders the receive code chart: the code big with the name under it, saving, printing, a one-time code, renewing. */
export function ReceiveCodeView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const busy = state.hasTag('busy');

  if (state.matches('loading')) return <Loading label={t('receiveCode.loading')} />;
  if (state.matches('loadFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('receiveCode.loadFailed')} onRetry={() => send({ type: 'code.retry' })} />;
  if (state.matches('notAllowed')) {
    if (context.errorCode === 'RCV10001') return <VerifyFirst label={t('receiveCode.verify')} />;
    return (
      <div className="kw-form">
        <p className="kw-muted-text" role="alert">{t('errors.RCV10002')}</p>
        <p className="kw-muted-text">{t('receiveCode.companyExplain')}</p>
        <LinkButton href="/app/open" primary>{t('receiveCode.openMerchant')}</LinkButton>
      </div>
    );
  }
  if (state.matches('askingAmount') || state.matches('makingOneTime')) {
    const problem = state.matches({ askingAmount: 'invalid' }) ? t('receiveCode.amountInvalid')
      : state.matches({ askingAmount: 'refused' }) ? t(`errors.${context.errorCode ?? 'AGW50000'}`)
        : state.matches({ askingAmount: 'unreachable' }) ? t('network.gateway') : null;
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'oneTime.submitted' }); }}>
        <h2 className="kw-step-title">{t('receiveCode.amountTitle')}</h2>
        <AmountField id="receive-amount" label={t('receiveCode.amountLabel')} value={context.amountText} onChange={(value) => send({ type: 'amount.changed', value })} />
        <Field id="receive-note" label={t('receiveCode.noteLabel')}>
          <Input id="receive-note" value={context.note} maxLength={RECEIVE_NOTE_MAX} placeholder={t('receiveCode.notePlaceholder')} onChange={(value) => send({ type: 'note.changed', value })} />
        </Field>
        {problem && <FieldError>{problem}</FieldError>}
        {state.matches('makingOneTime') && <Notice>{t('receiveCode.making')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('receiveCode.makeCode')}</Button>
        <Button block size="large" disabled={busy} onClick={() => send({ type: 'oneTime.cancelled' })}>{t('receiveCode.cancel')}</Button>
      </form>
    );
  }
  const oneTime = context.oneTime;
  const code = oneTime ?? context.standing;
  if (!code) return null;
  if (state.matches({ shown: 'confirmingRenewal' })) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('receiveCode.renewTitle')}</h2>
        <p className="kw-muted-text">{t('receiveCode.renewExplain')}</p>
        <Button block color="danger" size="large" onClick={() => send({ type: 'renewal.confirmed' })}>{t('receiveCode.renewYes')}</Button>
        <Button block size="large" onClick={() => send({ type: 'renewal.cancelled' })}>{t('receiveCode.renewNo')}</Button>
      </div>
    );
  }
  const status = state.matches({ shown: 'saving' }) ? <Notice>{t('receiveCode.saving')}</Notice>
    : state.matches({ shown: 'saved' }) ? <Notice kind="success">{t('receiveCode.saved')}</Notice>
      : state.matches({ shown: 'renewing' }) ? <Notice>{t('receiveCode.renewing')}</Notice>
        : state.matches({ shown: 'renewed' }) ? <Notice kind="success">{t('receiveCode.renewed')}</Notice>
          : state.matches({ shown: 'saveFailed' }) ? <FieldError>{t('receiveCode.saveFailed')}</FieldError>
            : state.matches({ shown: 'renewFailed' }) ? <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('receiveCode.renewFailed')}</FieldError> : null;
  return (
    <div className="kw-form kw-receive">
      {/* what prints: the code, the name, the amount (screens/common/wallet.css hides the rest on paper) */}
      <section className="kw-receive-card" aria-label={oneTime ? t('receiveCode.oneTimeTitle') : t('receiveCode.title')}>
        <h2 className="kw-step-title kw-centered-text">{oneTime ? t('receiveCode.oneTimeTitle') : t('receiveCode.title')}</h2>
        <QrCode value={code.payload} label={t('receiveCode.qrLabel', { name: code.maskedName })} size={264}
          caption={<strong className="kw-receive-name">{code.maskedName}</strong>} />
        {oneTime && <p className="kw-pay-amount">{money(oneTime.amount, language)}</p>}
        {oneTime?.note && <p className="kw-centered-text">{oneTime.note}</p>}
      </section>
      <p className="kw-muted-text kw-no-print">{oneTime ? t('receiveCode.oneTimeExplain', { until: lineTime(oneTime.expiresAt, language) }) : t('receiveCode.explain')}</p>
      <div className="kw-no-print kw-form">
        {status}
        <Button block color="primary" size="large" disabled={busy}
          onClick={() => send({ type: 'image.save', image: codeImageOf(context, t, language) })}>{t('receiveCode.save')}</Button>
        <Button block size="large" disabled={busy} onClick={() => send({ type: 'code.print' })}>{t('receiveCode.print')}</Button>
        {oneTime ? (
          <Button block size="large" disabled={busy} onClick={() => send({ type: 'oneTime.closed' })}>{t('receiveCode.closeOneTime')}</Button>
        ) : (
          <>
            <Button block size="large" disabled={busy} onClick={() => send({ type: 'oneTime.started' })}>{t('receiveCode.withAmount')}</Button>
            <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'renewal.asked' })}>{t('receiveCode.renew')}</button>
          </>
        )}
      </div>
    </div>
  );
}
