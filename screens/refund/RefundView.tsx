import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';
import type { refundMachine, RefundEvent, RecordDetail } from '../../machines/refund.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import type { Language } from '../../src/lib/language.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { PaymentPanel, type PaymentWords } from '../common/payment.tsx';
import { timeInSentence } from '../../src/lib/dates.ts';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof refundMachine>;
type Send = (event: RefundEvent) => void;

export const REFUND_PAYMENT_WORDS: PaymentWords = {
  paying: 'refund.refunding', uncertain: 'refund.failed', uncertainTitle: 'refund.uncertainTitle', retry: 'refund.retry', checkRecords: 'refund.checkRecords',
  locked: 'refund.locked', setPayPassword: 'refund.setPayPassword', cancel: 'refund.backToAmount', back: 'refund.backToAmount',
};

/** The record as the caller may see it: every field of the records, and its refunds. */
export function RecordDetailList({ record, language }: { record: RecordDetail; language: Language }) {
  const { t } = useTranslation();
  const none = t('records.detail.none');
  const rows: [string, string][] = [
    ['records.detail.amount', money(record.amount, language)],
    ['records.detail.charge', money(record.charge, language)],
    ['records.detail.refunded', money(record.refunded, language)],
    ['records.detail.net', money(record.net, language)],
    ['records.detail.state', t(`records.state.${record.state}`)],
    ['records.detail.payer', record.payerMasked],
    ['records.detail.store', record.storeName],
    ['records.detail.clerk', record.clerkName ?? none],
    ['records.detail.code', record.serial ?? none],
    ['records.detail.method', t(`records.method.${record.method}`)],
    ['records.detail.time', lineTime(record.at, language)],
    ['records.detail.voucherNo', record.voucherNo],
    ['records.detail.tradeNo', record.tradeNo],
  ];
  return (
    <>
      <dl className="kw-summary kw-summary-pairs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {record.refunds.length > 0 && (
        <section>
          <h2 className="kw-step-title">{t('records.detail.refunds')}</h2>
          <ul className="kw-fund-list" aria-label={t('records.detail.refunds')}>
            {record.refunds.map((refund) => (
              <li key={refund.refundId} className="kw-fund-meta">{t('records.detail.refundLine', { amount: money(refund.amount, language), time: timeInSentence(refund.at) })}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Renders the refund chart: the record, the amount to give back, the merchant's pay password, the outcome. */
export function RefundView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const record = context.record;
  if (state.matches('loading') || state.matches('reloading')) return <Loading />;
  if (state.matches('failed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('refund.loadFailed')} onRetry={() => send({ type: 'record.retry' })} />;
  }
  if (!record) return null;
  const left = money(record.refundable, language);
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-step-title">{t('refund.purpose', { amount: money(context.amount, language) })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={REFUND_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  // the amount child's form: not a number or not above zero, more than is left (here, or the server's
  // STF10012 after another refund), the money withdrawn meanwhile (FND10001)
  const amountForm = (entry: AmountEntryShown) => {
    const refused = entry.refusal?.code === 'STF10012' ? t('refund.tooMuch', { amount: left }) : t(`errors.${entry.refusal?.code ?? 'AGW50000'}`);
    const problem = entry.problem === 'refused' ? refused : entry.problem === 'overLimit' ? t('refund.tooMuch', { amount: left }) : entry.problem ? t('refund.invalid') : null;
    return (
      <div className="kw-form">
        <RecordDetailList record={record} language={language} />
        <form className="kw-form-fields" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
          <Field id="refund-amount" label={t('refund.amount')}>
            <Input id="refund-amount" inputMode="decimal" value={entry.text} onChange={entry.change} />
            <p className="kw-hint">{t('refund.left', { amount: left })}</p>
          </Field>
          {problem && <FieldError>{problem}</FieldError>}
          <button type="button" className="kw-text-button" onClick={() => send({ type: 'amount.all' })}>{t('refund.full', { amount: left })}</button>
          <Button block color="primary" size="large" type="submit">{t('refund.confirm')}</Button>
          <Button block size="large" onClick={() => send({ type: 'refund.cancelled' })}>{t('refund.cancel')}</Button>
        </form>
      </div>
    );
  };
  if (state.matches('editing')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('refunded')) {
    return <WayOn notice={t('refund.done', { amount: money(context.refund?.amount ?? 0, language) })} success onPress={() => send({ type: 'record.retry' })} label={t('refund.again')} />;
  }
  if (state.matches('refused')) {
    return (
      <div className="kw-form">
        <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('refund.refused')}</FieldError>
        <Button block size="large" onClick={() => send({ type: 'record.retry' })}>{t('refund.again')}</Button>
      </div>
    );
  }
  // viewing
  return (
    <div className="kw-form">
      <RecordDetailList record={record} language={language} />
      {record.role === 'clerk' && <p className="kw-muted-text">{t('refund.ownerOnly')}</p>}
      {state.can({ type: 'refund.started' }) && (
        <Button block color="danger" size="large" onClick={() => send({ type: 'refund.started' })}>{t('refund.start')}</Button>
      )}
    </div>
  );
}
