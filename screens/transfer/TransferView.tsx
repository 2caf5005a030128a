import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { NOTE_MAX, type transferMachine, type TransferEvent } from '../../machines/transfer.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { formatMobile } from '../../src/lib/phone.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { MobileField } from '../common/MobileField.tsx';
import { amountPlaceholder, languageOf, money } from '../common/format.ts';
import { PaymentPanel, type PaymentWords } from '../common/payment.tsx';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';

type State = SnapshotFrom<typeof transferMachine>;
type Send = (event: TransferEvent) => void;

const MOBILE_PROBLEMS = ['invalid', 'notFound', 'isSelf', 'refused', 'unreachable'] as const;
const LIMITS = ['perTransaction', 'daily', 'monthly', 'payeeBalance'];
export const TRANSFER_PAYMENT_WORDS: PaymentWords = {
  paying: 'transfer.paying', uncertain: 'transfer.uncertain', uncertainTitle: 'transfer.uncertainTitle', retry: 'transfer.retry', checkRecords: 'transfer.checkRecords',
  locked: 'transfer.locked', setPayPassword: 'transfer.setPayPassword', cancel: 'transfer.backToAmount', back: 'transfer.backToAmount',
};

/** Renders the transfer chart: payee by mobile, the explicit "is this the person?", amount, pay password, outcome. */
export function TransferView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const busy = state.hasTag('busy');
  const available = context.available === null ? '' : money(context.available, language);
  const payeeName = context.payee?.maskedName ?? '';
  const payeeLine = context.payee ? `${payeeName} (${formatMobile(context.payee.mobile, 'international')})` : '';

  if (state.matches('loadingAssets')) return <Loading />;
  if (state.matches('assetsFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('transfer.assetsFailed')} onRetry={() => send({ type: 'assets.retry' })} />;
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('transfer.verify')} />;
  }
  if (state.matches('enteringMobile') || state.matches('checkingPayee')) {
    const problem = MOBILE_PROBLEMS.find((p) => state.matches({ enteringMobile: p }));
    const messages: Record<(typeof MOBILE_PROBLEMS)[number], string> = {
      invalid: t('transfer.mobileInvalid'),
      notFound: t('errors.FND10005'),
      isSelf: t('errors.FND10006'),
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
      unreachable: t('errors.network.gateway'),
    };
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'mobile.submitted' }); }}>
        <h2 className="kw-step-title">{t('transfer.mobileTitle')}</h2>
        <MobileField id="transfer-mobile" label={t('transfer.mobileLabel')} value={context.mobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        {problem && <FieldError>{messages[problem]}</FieldError>}
        {busy && <p className="kw-muted-text" role="status">{t('transfer.checking')}</p>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('transfer.continue')}</Button>
      </form>
    );
  }
  if (state.matches('confirmingPayee')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('transfer.payeeTitle')}</h2>
        <dl className="kw-summary">
          <dt>{t('transfer.payeeName')}</dt>
          <dd className="kw-wallet-payee">{payeeName}</dd>
          <dt>{t('transfer.payeeMobile')}</dt>
          <dd>{context.payee ? formatMobile(context.payee.mobile, 'international') : ''}</dd>
        </dl>
        <p className="kw-muted-text">{t('transfer.payeeExplain')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'payee.confirmed' })}>{t('transfer.payeeYes')}</Button>
        <Button block size="large" onClick={() => send({ type: 'payee.changeRequested' })}>{t('transfer.payeeNo')}</Button>
      </div>
    );
  }
  // the amount child's form: the amount, the note beside it, why the amount was refused
  const amountForm = (entry: AmountEntryShown) => {
    const refusal = entry.refusal;
    const refused = () => {
      if (refusal?.code === 'FND10003') return refusal.detail && LIMITS.includes(refusal.detail) ? t(`transfer.limits.${refusal.detail}`) : t('errors.FND10003');
      return refusal?.code ? t(`errors.${refusal.code}`) : t('errors.network.gateway');
    };
    const message = {
      unreadable: () => t('transfer.amountUnreadable'),
      notPositive: () => t('transfer.amountNotPositive'),
      belowMin: () => t('transfer.amountNotPositive'),
      overLimit: () => t('transfer.overAvailable', { available }),
      refused,
    };
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('transfer.amountTitle')}</h2>
        <div className="kw-row-actions">
          <p className="kw-muted-text">{t('transfer.to', { payee: payeeLine })}</p>
          <button type="button" className="kw-text-button" onClick={() => send({ type: 'payee.changeRequested' })}>{t('transfer.changePayee')}</button>
        </div>
        <div className="kw-field">
          <label className="kw-label" htmlFor="transfer-amount">{t('transfer.amountLabel')}</label>
          <Input id="transfer-amount" inputMode="decimal" autoComplete="off" value={entry.text} onChange={entry.change} placeholder={amountPlaceholder(language)} />
          <span className="kw-hint">{t('transfer.available', { available })}</span>
        </div>
        <div className="kw-field">
          <label className="kw-label" htmlFor="transfer-note">{t('transfer.noteLabel')}</label>
          <Input id="transfer-note" value={context.note} maxLength={NOTE_MAX} onChange={(value) => send({ type: 'note.changed', value })} />
        </div>
        {entry.problem && <FieldError>{message[entry.problem]()}</FieldError>}
        <Button block color="primary" size="large" type="submit">{t('transfer.continue')}</Button>
      </form>
    );
  };
  if (state.matches('enteringAmount')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-wallet-summary">{t('transfer.summary', { amount: money(context.amount, language), payee: payeeLine })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={TRANSFER_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  const receipt = context.receipt;
  return (
    <div className="kw-form">
      <p role="status" className="kw-success-text">{t('transfer.succeeded')}</p>
      <dl className="kw-summary">
        <dt>{t('transfer.sent')}</dt>
        <dd>{receipt ? money(receipt.amount, language) : ''}</dd>
        <dt>{t('transfer.payeeName')}</dt>
        <dd>{receipt?.maskedName ?? ''}</dd>
        <dt>{t('transfer.newAvailable')}</dt>
        <dd>{receipt ? money(receipt.available, language) : ''}</dd>
      </dl>
      <Button block color="primary" size="large" onClick={() => send({ type: 'transfer.restarted' })}>{t('transfer.another')}</Button>
      <a className="kw-button kw-button-block kw-link-button kw-centered-text" href="/app/wallet">{t('transfer.toWallet')}</a>
    </div>
  );
}
