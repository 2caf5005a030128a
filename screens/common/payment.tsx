import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import type { bankSettlementMachine, BankStatus } from '../../machines/bankSettlement.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { PayConfirmPanel } from './PayConfirmView.tsx';
import { LinkButton } from './bank.tsx';

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

interface WaitingProps {
  /** The payment's summary, given the bank's latest status (after a reload, the only source). */
  summary: (status: BankStatus | null) => React.ReactNode;
  pending: string;
  explanation: string;
  /** Starting another payment meanwhile: this one settles without the page. */
  another: { label: string; onStart: () => void };
}

/** The bank has not answered yet: the bankSettlement child's state, polling, and ways to leave. */
export function WaitingForBankView({ settlement, summary, pending, explanation, another }: WaitingProps & { settlement: SnapshotFrom<typeof bankSettlementMachine> | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {summary(settlement?.context.status ?? null)}
      <p className="kw-bank-waiting" role="status"><span className="kw-spinner kw-spinner-dark" aria-hidden="true" /> {pending}</p>
      <p className="kw-muted-text">{explanation}</p>
      {settlement?.matches('unreachable') && <p className="kw-muted-text">{t('bank.common.pollTrouble')}</p>}
      <p className="kw-muted-text">{t('bank.common.canLeave')}</p>
      {/* styled as the links beside it: a way on, not the main action */}
      <button type="button" className="kw-button kw-button-block" onClick={another.onStart}>{another.label}</button>
      <LeaveLinks />
    </div>
  );
}

export function WaitingForBank({ actor, ...props }: WaitingProps & { actor: ActorRefFrom<typeof bankSettlementMachine> | undefined }) {
  const settlement = useSelector(actor, (snapshot) => snapshot);
  return <WaitingForBankView settlement={settlement} {...props} />;
}
