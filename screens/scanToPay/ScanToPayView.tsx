import { Button, Input } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { scanToPayMachine, ScanToPayEvent } from '../../machines/scanToPay.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailed, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { amountPlaceholder, languageOf, money } from '../common/format.ts';
import { PaymentPanel, type PaymentWords } from '../common/payment.tsx';
import { Scanner } from '../common/Scanner.tsx';
import { categoryLabel } from '../common/category.ts';
import { Receipt } from './Receipt.tsx';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown, type AmountProblem } from '../common/AmountEntryView.tsx';

type State = SnapshotFrom<typeof scanToPayMachine>;
type Send = (event: ScanToPayEvent) => void;

const LIMITS = ['perTransaction', 'daily', 'monthly'];
export const SCAN_TO_PAY_PAYMENT_WORDS: PaymentWords = {
  paying: 'scanToPay.paying', uncertain: 'scanToPay.uncertain', uncertainTitle: 'scanToPay.uncertainTitle', retry: 'scanToPay.retry', checkRecords: 'scanToPay.checkRecords',
  locked: 'scanToPay.locked', setPayPassword: 'scanToPay.setPayPassword', cancel: 'scanToPay.back', back: 'scanToPay.back',
};

type ScannerActor = ActorRefFrom<typeof scannerMachine> | undefined;

/** The scanning step's heading follows the scanner: typing the serial is not scanning. */
function ScanHeading({ scanner }: { scanner: ScannerActor }) {
  const { t } = useTranslation();
  const typing = useSelector(scanner, (snapshot) => snapshot?.matches({ looking: 'typing' }) ?? false);
  return <h2 className="kw-step-title">{t(typing ? 'scanToPay.typeTitle' : 'scanToPay.scanTitle')}</h2>;
}

/** Renders the scan-to-pay chart: the scanner, the merchant the code pays, the amount, the pay password, the receipt. */
export function ScanToPayView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const available = context.available === null ? '' : money(context.available, language);
  const code = context.code;
  const scanAgain = (label = 'scanToPay.scanAgain') => (
    <button type="button" className="kw-text-button kw-centered-text" onClick={() => send({ type: 'scan.again' })}>{t(label)}</button>
  );

  if (state.matches('loadingAssets')) return <p className="kw-centered" role="status">{t('common.loading')}</p>;
  if (state.matches('assetsFailed')) {
    return (
      <div className="kw-form">
        <LoadFailed errorCode={context.errorCode} fallback={t('scanToPay.assetsFailed')} onRetry={() => send({ type: 'assets.retry' })} />
      </div>
    );
  }
  if (state.matches('notVerified')) {
    return (
      <>
        <VerifyFirst label={t('scanToPay.verify')} />
        <div className="kw-form">{scanAgain('scanToPay.readInvitation')}</div>
      </>
    );
  }
  if (state.matches('scanning')) {
    return (
      <div className="kw-form">
        <ScanHeading scanner={state.children.scanner as ScannerActor} />
        {context.verified === false && <p className="kw-muted-text">{t('scanToPay.verifyToPay')}</p>}
        <Scanner actor={state.children.scanner as ScannerActor} />
      </div>
    );
  }
  if (state.matches('resolving')) return <p className="kw-centered" role="status">{t('scanToPay.resolving')}</p>;
  if (state.matches('openingInvitation')) return <p className="kw-centered" role="status">{t('scanToPay.openingInvitation')}</p>;
  if (state.matches('codeRefused')) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${context.errorCode ?? 'MCH10006'}`)}</FieldError>
        <Button block color="primary" size="large" onClick={() => send({ type: 'scan.again' })}>{t('scanToPay.scanAnother')}</Button>
      </div>
    );
  }
  if (state.matches('resolveFailed')) {
    return (
      <div className="kw-form">
        <LoadFailed errorCode={context.errorCode} fallback={t('scanToPay.resolveFailed')} onRetry={() => send({ type: 'resolve.retry' })} />
        {scanAgain('scanToPay.scanAnother')}
      </div>
    );
  }
  const merchant = code && (
    <dl className="kw-summary kw-pay-merchant">
      <dt>{t('scanToPay.merchant')}</dt>
      <dd className="kw-wallet-payee">{code.merchantName}</dd>
      <dt>{t('scanToPay.store')}</dt>
      <dd>{code.storeName}</dd>
      <dt>{t('scanToPay.category')}</dt>
      <dd>{categoryLabel(code.mcc, language)}</dd>
    </dl>
  );
  // the amount child's form (a one-time code's amount fixed): why it was refused, here or by the
  // server (not enough money, a limit), and the way to top up when the money is short
  const amountForm = (entry: AmountEntryShown) => {
    const refusal = entry.refusal;
    const refused = () => {
      if (refusal?.code === 'FND10003') return refusal.detail && LIMITS.includes(refusal.detail) ? t(`scanToPay.limits.${refusal.detail}`) : t('errors.FND10003');
      return refusal?.code ? t(`errors.${refusal.code}`) : t('errors.network.gateway');
    };
    const messages: Record<AmountProblem, () => string> = {
      unreadable: () => t('scanToPay.amountUnreadable'),
      notPositive: () => t('scanToPay.amountNotPositive'),
      belowMin: () => t('scanToPay.amountNotPositive'),
      overLimit: () => t('scanToPay.overAvailable', { available }),
      refused,
    };
    const problem = entry.problem;
    const short = problem === 'overLimit' || (problem === 'refused' && refusal?.code === 'FND10001');
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('scanToPay.confirmTitle')}</h2>
        {merchant}
        {code?.kind === 'static' ? (
          <div className="kw-field">
            <label className="kw-label" htmlFor="pay-amount">{t('scanToPay.amountLabel')}</label>
            <Input id="pay-amount" inputMode="decimal" autoComplete="off" value={entry.text} onChange={entry.change} placeholder={amountPlaceholder(language)} />
            <span className="kw-hint">{t('scanToPay.available', { available })}</span>
          </div>
        ) : (
          <div className="kw-pay-fixed">
            <span>{t('scanToPay.fixedAmount')}</span>
            <strong>{money(code?.amount ?? 0, language)}</strong>
            <span className="kw-hint">{t('scanToPay.available', { available })}</span>
          </div>
        )}
        {problem && <FieldError>{messages[problem]()}</FieldError>}
        {short && <a className="kw-text-button kw-centered-text" href="/app/topup">{t('scanToPay.topup')}</a>}
        <Button block color="primary" size="large" type="submit">{t('scanToPay.pay')}</Button>
        {scanAgain('scanToPay.notThisMerchant')}
      </form>
    );
  };
  if (state.matches('confirming')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-wallet-summary">{t('scanToPay.summary', { amount: money(context.amount, language), merchant: code?.merchantName ?? '', store: code?.storeName ?? '' })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={SCAN_TO_PAY_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  return (
    <div className="kw-form">
      <p role="status" className="kw-success-text kw-pay-done">{t('scanToPay.paid')}</p>
      <Receipt receipt={context.receipt} />
      <a className="kw-button kw-button-block kw-link-button kw-centered-text" href="/">{t('scanToPay.home')}</a>
      {scanAgain('scanToPay.payAnother')}
    </div>
  );
}
