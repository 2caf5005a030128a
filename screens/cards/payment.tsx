import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { PayConfirmPanel } from '../wallet/PayConfirmView.tsx';
import { LinkButton } from './parts.tsx';

/**
 * The steps a card payment shares between top-up and withdrawal: the pay password, paying, an
 * answer that did not arrive, a refusal, waiting for the bank. Kept apart from parts.tsx so the
 * card screens do not load the secure keypad.
 */

/** The pay-password step: the summary, a note when the session had to be renewed, the pay-confirm panel and a way back. */
export function PayConfirmStep({ summary, reauthorising, actor, back }: {
  summary: React.ReactNode;
  reauthorising: boolean;
  actor: ActorRefFrom<typeof payConfirmMachine> | undefined;
  back: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {summary}
      {reauthorising && <FieldError>{t('errors.FND10008')}</FieldError>}
      {actor && <PayConfirmPanel actor={actor} />}
      {back}
    </div>
  );
}

/** The payment has been sent and the answer is awaited. */
export function PayingStatus({ summary, text }: { summary: React.ReactNode; text: string }) {
  return (
    <div className="kw-form">
      {summary}
      <p className="kw-centered" role="status">{text}</p>
    </div>
  );
}

/** No answer to the payment: retry the same one (never a new one) or look at the records. */
export function PaymentUncertain({ summary, message, onRetry }: { summary: React.ReactNode; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {summary}
      <h2 className="kw-step-title">{t('bank.common.uncertainTitle')}</h2>
      <FieldError>{message}</FieldError>
      <Button block color="primary" size="large" onClick={onRetry}>{t('bank.common.retrySame')}</Button>
      <a className="kw-text-button kw-centered-text" href="/app/funddetail">{t('bank.common.checkRecords')}</a>
    </div>
  );
}

/** The payment failed or was refused: locked pay password, no pay password yet, another error code, or the network. */
export function PaymentRefused({ summary, refusal, lockMinutes, errorCode, back }: {
  summary: React.ReactNode;
  refusal: 'locked' | 'noPayPassword' | null;
  lockMinutes: string | null;
  errorCode: string | null;
  back: React.ReactNode;
}) {
  const { t } = useTranslation();
  const message = refusal === 'locked'
    ? t('bank.common.locked', { minutes: lockMinutes ?? '' })
    : refusal === 'noPayPassword'
      ? t('errors.PAY10006')
      : errorCode ? t(`errors.${errorCode}`) : t('errors.network.gateway');
  return (
    <div className="kw-form">
      {summary}
      <FieldError>{message}</FieldError>
      {refusal === 'noPayPassword' && <LinkButton href="/app/paypassword" primary>{t('bank.common.setPayPassword')}</LinkButton>}
      {back}
    </div>
  );
}

/** Ways out once the payment is with the bank: the wallet or the records. */
export function LeaveLinks() {
  const { t } = useTranslation();
  return (
    <div className="kw-wallet-links">
      <LinkButton href="/app/wallet">{t('bank.common.toWallet')}</LinkButton>
      <LinkButton href="/app/funddetail">{t('bank.common.checkRecords')}</LinkButton>
    </div>
  );
}

/** The bank has not answered yet; the status is being polled and the user may leave. */
export function WaitingForBank({ summary, pending, explanation, pollTrouble, another }: {
  summary: React.ReactNode;
  pending: string;
  explanation: string;
  pollTrouble: boolean;
  /** Starting another payment meanwhile: this one settles without the page. */
  another: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {summary}
      <p className="kw-bank-waiting" role="status"><span className="kw-spinner kw-spinner-dark" aria-hidden="true" /> {pending}</p>
      <p className="kw-muted-text">{explanation}</p>
      {pollTrouble && <p className="kw-muted-text">{t('bank.common.pollTrouble')}</p>}
      <p className="kw-muted-text">{t('bank.common.canLeave')}</p>
      {another}
      <LeaveLinks />
    </div>
  );
}

/** Back after a reload, the status of the payment left waiting could not be read yet: the chart asks again. */
export function ResumeTrouble({ another }: { another: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <p className="kw-bank-waiting" role="status"><span className="kw-spinner kw-spinner-dark" aria-hidden="true" /> {t('bank.common.pollTrouble')}</p>
      {another}
      <LeaveLinks />
    </div>
  );
}
