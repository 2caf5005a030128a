import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { REASON_MAX, type ListedPayee, type moneyRequestMachine, type MoneyRequestEvent } from '../../machines/moneyRequest.machine.ts';
import type { PayeeCheckEvent, PayeeLists } from '../../machines/payeeCheck.machine.ts';
import { formatMobile } from '../../src/lib/phone.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { PayeeCheckPanel, type PayeeCheckActor, type PayeeCheckPage } from '../common/PayeeCheckView.tsx';
import { languageOf, money } from '../common/format.ts';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';

type State = SnapshotFrom<typeof moneyRequestMachine>;
type Send = (event: MoneyRequestEvent) => void;
type SendPick = (event: PayeeCheckEvent) => void;

/** How long a request waits for the payer (the server's REQUEST_HOURS): the review says it. */
const REQUEST_HOURS = 48;

/** The transfer's payees (last paid, favourites), to tap instead of typing: the tap goes on to the same check. */
function Payees({ title, payees, disabled, send }: { title: string; payees: ListedPayee[]; disabled: boolean; send: SendPick }) {
  const { t } = useTranslation();
  if (!payees.length) return null;
  return (
    <section aria-label={title}>
      <h3 className="kw-section-title">{title}</h3>
      <ul className="kw-list">
        {payees.map((p) => (
          <li key={p.mobile} className="kw-list-item">
            <button type="button" className="kw-text-button" disabled={disabled} aria-label={t('moneyRequest.pick', { name: p.maskedName, mobile: p.maskedMobile })} onClick={() => send({ type: 'payee.picked', mobile: p.mobile })}>
              <span>{p.maskedName}</span> <span className="kw-muted-text">{p.maskedMobile}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AskPayeeLists({ payees, disabled, send }: { payees: PayeeLists; disabled: boolean; send: SendPick }) {
  const { t } = useTranslation();
  return (
    <div className="kw-payee-lists">
      <Payees title={t('moneyRequest.favourites')} payees={payees.favourites} disabled={disabled} send={send} />
      <Payees title={t('moneyRequest.recent')} payees={payees.recent} disabled={disabled} send={send} />
    </div>
  );
}

function ToRequests() {
  const { t } = useTranslation();
  return <LinkButton href="/app/moneyRequests">{t('moneyRequest.toList')}</LinkButton>;
}

/** The payee child in the asking page's words: the lists to tap (no stars here), the way to the requests under the button. */
export const ASK_PAYEE_PAGE: PayeeCheckPage = {
  section: 'moneyRequest',
  fieldId: 'request-mobile',
  lists: (payees, _state, send, disabled) => <AskPayeeLists payees={payees} disabled={disabled} send={send} />,
  footer: <ToRequests />,
};

/** Renders the asking chart: the payer by number or list, "is this the person?", amount and reason, review, sent. */
export function AskView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const busy = state.hasTag('busy');
  const payeeLine = context.payee ? `${context.payee.maskedName} (${formatMobile(context.payee.mobile, 'international')})` : '';

  if (state.matches('notAllowed')) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${context.errorCode ?? 'FND10004'}`)}</FieldError>
        <VerifyFirst label={t('moneyRequest.verify')} />
      </div>
    );
  }
  if (state.matches('enteringPayee')) return <PayeeCheckPanel actor={state.children.payeeCheck as PayeeCheckActor | undefined} page={ASK_PAYEE_PAGE} />;
  if (state.matches('payeeFailed')) return <LoadFailedStep errorCode={null} fallback={t('errors.AGW50000')} onRetry={() => send({ type: 'payee.retry' })} />;
  // the amount child's form with the reason beside it
  const amountForm = (entry: AmountEntryShown) => {
    const amountProblem = entry.problem === 'unreadable' ? t('moneyRequest.amountUnreadable') : entry.problem ? t('moneyRequest.amountNotPositive') : null;
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('moneyRequest.amountTitle')}</h2>
        <div className="kw-row-actions">
          <p className="kw-muted-text">{t('moneyRequest.to', { payee: payeeLine })}</p>
          <button type="button" className="kw-text-button" onClick={() => send({ type: 'payee.changeRequested' })}>{t('moneyRequest.changePayee')}</button>
        </div>
        <AmountField id="request-amount" label={t('moneyRequest.amountLabel')} value={entry.text} onChange={entry.change} />
        {amountProblem && <FieldError>{amountProblem}</FieldError>}
        <Field id="request-reason" label={t('moneyRequest.reasonLabel')}>
          <Input id="request-reason" value={context.reason} maxLength={REASON_MAX} placeholder={t('moneyRequest.reasonHint')} onChange={(value) => send({ type: 'reason.changed', value })} />
        </Field>
        {state.matches({ enteringAmount: 'reasonMissing' }) && <FieldError>{t('moneyRequest.reasonMissing')}</FieldError>}
        <Button block color="primary" size="large" type="submit">{t('moneyRequest.continue')}</Button>
      </form>
    );
  };
  if (state.matches('enteringAmount')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('reviewing') || state.matches('sending')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('moneyRequest.reviewTitle')}</h2>
        <Summary
          rows={[
            [t('moneyRequest.askOf'), payeeLine, 'kw-wallet-payee'],
            [t('moneyRequest.amount'), money(context.amount, language)],
            [t('moneyRequest.reason'), context.reason.trim()],
            [t('moneyRequest.validFor'), t('moneyRequest.hours', { hours: REQUEST_HOURS })],
          ]}
        />
        <p className="kw-muted-text">{t('moneyRequest.reviewExplain')}</p>
        {state.matches({ reviewing: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
        {state.matches({ reviewing: 'unreachable' }) && <FieldError>{t('network.gateway')}</FieldError>}
        {state.matches('sending') && <Notice>{t('moneyRequest.sending')}</Notice>}
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => send({ type: 'request.sent' })}>{t('moneyRequest.send')}</Button>
        <Button block size="large" disabled={busy} onClick={() => send({ type: 'details.edited' })}>{t('moneyRequest.edit')}</Button>
      </div>
    );
  }
  const request = context.request;
  return (
    <div className="kw-form">
      <Notice kind="success">{t('moneyRequest.sentTitle')}</Notice>
      <p>{t('moneyRequest.sentText', { payee: request?.other.maskedName ?? '' })}</p>
      <Summary
        rows={[
          [t('moneyRequest.askOf'), request ? `${request.other.maskedName} · ${request.other.maskedMobile}` : ''],
          [t('moneyRequest.amount'), request ? money(request.amount, language) : ''],
          [t('moneyRequest.reason'), request?.reason ?? ''],
        ]}
      />
      {request && <LinkButton href={`/app/moneyRequest/${request.id}`} primary>{t('moneyRequest.viewRequest')}</LinkButton>}
      <Button block size="large" onClick={() => send({ type: 'request.restarted' })}>{t('moneyRequest.another')}</Button>
      <LinkButton href="/app/moneyRequests">{t('moneyRequest.toList')}</LinkButton>
    </div>
  );
}

