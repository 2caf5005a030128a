import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { codeTransferMachine, CodeTransferEvent } from '../../machines/codeTransfer.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { RECEIVE_NOTE_MAX } from '../../services/contract/values.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { languageOf, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';
import { walletAmountProblemText } from '../common/walletAmount.ts';

type State = SnapshotFrom<typeof codeTransferMachine>;
type Send = (event: CodeTransferEvent) => void;

const LIMITS = ['perTransaction', 'daily', 'monthly', 'payeeBalance'];
/** The transfer's words for the pay password and a lost answer: paying a code is a transfer. */
export const CODE_TRANSFER_PAYMENT_WORDS = paymentWordsIn('transfer', { paying: 'transfer.paying', back: 'codeTransfer.back' });

/** Renders the code transfer: whom the scanned code pays (masked), the amount (fixed or typed) and note, the pay password, the outcome. */
export function CodeTransferView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const available = context.available === null ? '' : money(context.available, language);
  const payee = context.code?.maskedName ?? '';
  const scanAgain = <LinkButton href="/app/scan">{t('codeTransfer.scanAgain')}</LinkButton>;
  const noteField = (
    <Field id="code-note" label={t('codeTransfer.noteLabel')}>
      <Input id="code-note" value={context.note} maxLength={RECEIVE_NOTE_MAX} onChange={(value) => send({ type: 'note.changed', value })} />
    </Field>
  );

  if (state.matches('loadingAssets')) return <Loading />;
  if (state.matches('assetsFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('transfer.assetsFailed')} onRetry={() => send({ type: 'assets.retry' })} />;
  if (state.matches('notVerified')) return <VerifyFirst label={t('transfer.verify')} />;
  if (state.matches('resolving')) return <Loading label={t('codeTransfer.resolving')} />;
  if (state.matches('resolveFailed')) return <LoadFailedStep errorCode={null} fallback={t('codeTransfer.resolveFailed')} onRetry={() => send({ type: 'code.retry' })} />;
  if (state.matches('refused')) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>
        {scanAgain}
      </div>
    );
  }
  if (state.matches('confirming')) {
    const code = context.code!;
    const refusal = context.amountRefusal;
    const refusalText = refusal?.code === 'FND10003' && refusal.detail && LIMITS.includes(refusal.detail) ? t(`transfer.limits.${refusal.detail}`) : refusal?.code ? t(`errors.${refusal.code}`) : null;
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('codeTransfer.confirmTitle')}</h2>
        <Summary
          rows={[
            [t('codeTransfer.payee'), payee, 'kw-wallet-payee'],
            ...(code.amount !== null ? [[t('codeTransfer.amount'), money(code.amount, language)] as const] : []),
            ...(code.note ? [[t('codeTransfer.receiverNote'), code.note] as const] : []),
          ]}
        />
        <p className="kw-muted-text">{t('codeTransfer.explain')}</p>
        {noteField}
        {refusalText && <FieldError>{refusalText}</FieldError>}
        <Button block color="primary" size="large" onClick={() => send({ type: 'payee.confirmed' })}>{t('codeTransfer.yes')}</Button>
        {scanAgain}
      </div>
    );
  }
  const amountForm = (entry: AmountEntryShown) => {
    const problemText = walletAmountProblemText(t, 'transfer', entry, { available, limits: LIMITS });
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('codeTransfer.amountTitle')}</h2>
        <p className="kw-muted-text">{t('codeTransfer.to', { payee })}</p>
        <AmountField id="code-amount" label={t('transfer.amountLabel')} value={entry.text} onChange={entry.change}>
          <span className="kw-hint">{t('transfer.available', { available })}</span>
        </AmountField>
        {noteField}
        {problemText && <FieldError>{problemText}</FieldError>}
        <Button block color="primary" size="large" type="submit">{t('transfer.continue')}</Button>
        <Button block size="large" onClick={() => send({ type: 'amount.back' })}>{t('codeTransfer.back')}</Button>
      </form>
    );
  };
  if (state.matches('enteringAmount')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-wallet-summary">{t('codeTransfer.summary', { amount: money(context.amount, language), payee })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={CODE_TRANSFER_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  const receipt = context.receipt;
  return (
    <div className="kw-form">
      <Notice kind="success">{t('codeTransfer.succeeded')}</Notice>
      <Summary
        rows={[
          [t('codeTransfer.sent'), receipt ? money(receipt.amount, language) : ''],
          [t('codeTransfer.payee'), receipt?.maskedName ?? ''],
          [t('codeTransfer.newAvailable'), receipt ? money(receipt.available, language) : ''],
        ]}
      />
      {receipt && <LinkButton href={`/app/receipt?transferId=${receipt.transferId}`} primary>{t('common.viewReceipt')}</LinkButton>}
      <LinkButton href="/app/wallet">{t('codeTransfer.toWallet')}</LinkButton>
    </div>
  );
}
