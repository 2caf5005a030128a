import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { MerchantPayment } from '../../services/contract/merchantShared.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';
import type { AmountEntryShown, AmountProblem } from '../common/AmountEntryView.tsx';
import { amountPlaceholder, languageOf, lineTime, money } from '../common/format.ts';

// what both modes' screens share: the amount step, the paid receipt and the way to start again


/** The store the till collects for, as a line. */
export function StoreLine({ storeName }: { storeName: string }) {
  const { t } = useTranslation();
  return <p className="kw-muted-text">{t('cashier.at', { store: storeName })}</p>;
}

/**
 * The store, then the amount (the amountEntry child's, or the amount being sent on: `busy` while the
 * code is made) with why it was refused if it was: not a number, zero, more than a code carries, or
 * the server's refusal of the code asked before (no answer: `refusal.code` null).
 */
export function AmountStep({ storeName, entry, busy, onBack, title, submit }: {
  storeName: string;
  entry: AmountEntryShown;
  busy: boolean;
  onBack: () => void;
  title: string;
  submit: string;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const problem = entry.problem;
  const messages: Record<AmountProblem, () => string> = {
    unreadable: () => t('bank.common.amountUnreadable'),
    notPositive: () => t('bank.common.amountNotPositive'),
    belowMin: () => t('bank.common.amountNotPositive'),
    overLimit: () => t('cashier.tooLarge'),
    refused: () => (entry.refusal?.code ? t(`errors.${entry.refusal.code}`) : t('cashier.unreachable')),
  };
  return (
    <>
      <div className="kw-mch-pad"><StoreLine storeName={storeName} /></div>
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{title}</h2>
        <Field id="cashier-amount" label={t('cashier.amountLabel')}>
          <input id="cashier-amount" className="kw-mch-input kw-mch-amount" inputMode="decimal" autoComplete="off" placeholder={amountPlaceholder(language)}
            value={entry.text} disabled={busy} aria-invalid={!!problem || undefined} onChange={(e) => entry.change(e.target.value)} />
        </Field>
        {problem && <FieldError>{messages[problem]()}</FieldError>}
        {busy && <Notice>{t('cashier.creating')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{submit}</Button>
        {!busy && <Button block size="large" onClick={onBack}>{t('cashier.back')}</Button>}
      </form>
    </>
  );
}

/** Back to the two modes for the next customer. */
export function AgainButton({ send }: { send: (event: { type: 'cashier.again' }) => void }) {
  const { t } = useTranslation();
  return <Button block color="primary" size="large" onClick={() => send({ type: 'cashier.again' })}>{t('cashier.again')}</Button>;
}

/** A payment as the till shows it: amount, voucher, payer (masked), time, and what the merchant nets. */
function Receipt({ payment }: { payment: MerchantPayment }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <dl className="kw-summary">
      <dt>{t('cashier.receipt.amount')}</dt>
      <dd>{money(payment.amount, language)}</dd>
      <dt>{t('cashier.receipt.voucher')}</dt>
      <dd>{payment.voucherNo}</dd>
      <dt>{t('cashier.receipt.payer')}</dt>
      <dd>{payment.payerMasked}</dd>
      <dt>{t('cashier.receipt.time')}</dt>
      <dd>{lineTime(payment.at, language)}</dd>
      <dt>{t('cashier.receipt.charge')}</dt>
      <dd>{money(payment.charge, language)}</dd>
      <dt>{t('cashier.receipt.net')}</dt>
      <dd>{money(payment.net, language)}</dd>
    </dl>
  );
}

/**
 * Paid, in either mode: a green band the width of the phone with a check mark and the amount in
 * large figures, for the cashier and the customer to see from a metre away (the chart chimes as it
 * enters the state); then the receipt when the server gave the payment, and start again.
 */
export function PaidStep({ payment, amount, send }: { payment: MerchantPayment | null; amount: number; send: (event: { type: 'cashier.again' }) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <div className="kw-form">
      <div className="kw-done kw-done-paid" role="status">
        <span className="kw-done-mark" aria-hidden="true">✓</span>
        <p className="kw-done-title">{t('cashier.paidTitle')}</p>
        <p className="kw-done-amount">{money(payment?.amount ?? amount, language)}</p>
        {payment && <p className="kw-done-meta">{payment.payerMasked} · {lineTime(payment.at, language)}</p>}
      </div>
      {payment && <Receipt payment={payment} />}
      <AgainButton send={send} />
    </div>
  );
}
