import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { NOTE_MAX, type transferMachine, type TransferEvent } from '../../machines/transfer.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { formatMobile } from '../../src/lib/phone.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { PayeeCheckPanel, type PayeeCheckActor, type PayeeCheckPage } from '../common/PayeeCheckView.tsx';
import { PayeeLists } from './PayeeLists.tsx';
import { languageOf, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';
import { walletAmountProblemText } from '../common/walletAmount.ts';

type State = SnapshotFrom<typeof transferMachine>;
type Send = (event: TransferEvent) => void;

const LIMITS = ['perTransaction', 'daily', 'monthly', 'payeeBalance'];
export const TRANSFER_PAYMENT_WORDS = paymentWordsIn('transfer', { paying: 'transfer.paying', back: 'transfer.backToAmount' });
/** The payee child in the transfer's words, with the lists' stars and nicknames. */
export const TRANSFER_PAYEE_PAGE: PayeeCheckPage = {
  section: 'transfer',
  fieldId: 'transfer-mobile',
  lists: (payees, state, send, disabled) => <PayeeLists payees={payees} error={state.context.favouriteError} disabled={disabled} send={send} />,
};

/** Renders the transfer chart: payee by mobile, the explicit "is this the person?", amount, pay password, outcome. */
export function TransferView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const available = context.available === null ? '' : money(context.available, language);
  const payeeName = context.payee?.maskedName ?? '';
  const payeeLine = context.payee ? `${payeeName} (${formatMobile(context.payee.mobile, 'international')})` : '';

  if (state.matches('loadingAssets')) return <Loading />;
  if (state.matches('assetsFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('transfer.assetsFailed')} onRetry={() => send({ type: 'assets.retry' })} />;
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('transfer.verify')} />;
  }
  if (state.matches('enteringPayee')) return <PayeeCheckPanel actor={state.children.payeeCheck as PayeeCheckActor | undefined} page={TRANSFER_PAYEE_PAGE} />;
  // the amount child's form: the amount, the note beside it, why the amount was refused
  const amountForm = (entry: AmountEntryShown) => {
    const problemText = walletAmountProblemText(t, 'transfer', entry, { available, limits: LIMITS });
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('transfer.amountTitle')}</h2>
        <div className="kw-row-actions">
          <p className="kw-muted-text">{t('transfer.to', { payee: payeeLine })}</p>
          <button type="button" className="kw-text-button" onClick={() => send({ type: 'payee.changeRequested' })}>{t('transfer.changePayee')}</button>
        </div>
        <AmountField id="transfer-amount" label={t('transfer.amountLabel')} value={entry.text} onChange={entry.change}>
          <span className="kw-hint">{t('transfer.available', { available })}</span>
        </AmountField>
        <Field id="transfer-note" label={t('transfer.noteLabel')}>
          <Input id="transfer-note" value={context.note} maxLength={NOTE_MAX} onChange={(value) => send({ type: 'note.changed', value })} />
        </Field>
        {problemText && <FieldError>{problemText}</FieldError>}
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
      <Notice kind="success">{t('transfer.succeeded')}</Notice>
      <Summary
        rows={[
          [t('transfer.sent'), receipt ? money(receipt.amount, language) : ''],
          [t('transfer.payeeName'), receipt?.maskedName ?? ''],
          [t('transfer.newAvailable'), receipt ? money(receipt.available, language) : ''],
        ]}
      />
      {receipt && <LinkButton href={`/app/receipt?transferId=${receipt.transferId}`} primary>{t('common.viewReceipt')}</LinkButton>}
      <Button block color="primary" size="large" onClick={() => send({ type: 'transfer.restarted' })}>{t('transfer.another')}</Button>
      <LinkButton href="/app/wallet">{t('transfer.toWallet')}</LinkButton>
    </div>
  );
}
