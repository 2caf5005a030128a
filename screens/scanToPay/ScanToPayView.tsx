import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { scanToPayMachine, ScanToPayEvent } from '../../machines/scanToPay.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailed, LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';
import { moneyShort, walletAmountProblemText } from '../common/walletAmount.ts';
import { Scanner } from '../common/Scanner.tsx';
import { categoryLabel } from '../common/category.ts';
import { readScan } from '../../src/scan/kinds.ts';
import { Receipt } from '../common/Receipt.tsx';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';
import { QuoteSummary } from '../common/QuoteSummary.tsx';
import { RecentStores } from './RecentStores.tsx';

type State = SnapshotFrom<typeof scanToPayMachine>;
type Send = (event: ScanToPayEvent) => void;

const LIMITS = ['perTransaction', 'daily', 'monthly'];
export const SCAN_TO_PAY_PAYMENT_WORDS = paymentWordsIn('scanToPay', { paying: 'scanToPay.paying', back: 'scanToPay.back' });

type ScannerActor = ActorRefFrom<typeof scannerMachine> | undefined;

/** The scanning step's heading follows the scanner: typing the serial is not scanning. */
function ScanHeading({ scanner }: { scanner: ScannerActor }) {
  const { t } = useTranslation();
  const typing = useSelector(scanner, (snapshot) => snapshot?.matches({ looking: 'typing' }) ?? false);
  return <h2 className="kw-step-title">{t(typing ? 'scanToPay.typeTitle' : 'scanToPay.scanTitle')}</h2>;
}

/** Renders the scan-to-pay chart: the scanner, the merchant the code pays, the amount, its quote with the promotions, the pay password, the receipt. */
export function ScanToPayView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const available = context.available === null ? '' : money(context.available, language);
  const code = context.code;
  const scanAgain = (label = 'scanToPay.scanAgain') => (
    <button type="button" className="kw-text-button kw-centered-text" onClick={() => send({ type: 'scan.again' })}>{t(label)}</button>
  );

  if (state.matches('loadingAssets')) return <Loading />;
  if (state.matches('assetsFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('scanToPay.assetsFailed')} onRetry={() => send({ type: 'assets.retry' })} />;
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
        <RecentStores stores={context.recentStores} send={send} />
      </div>
    );
  }
  if (state.matches('resolving')) return <Loading label={t('scanToPay.resolving')} />;
  if (state.matches('openingElsewhere')) {
    // the page of the code's own flow is opening (the scan screen routes it): said by its kind
    const kind = readScan(context.scanned?.text ?? '').kind;
    return <Loading label={t(`scanToPay.opening.${kind}`)} />;
  }
  if (state.matches('unknownCode')) {
    return <WayOn problem={t('scanToPay.unknownCode')} onPress={() => send({ type: 'scan.again' })} label={t('scanToPay.scanAnother')} />;
  }
  if (state.matches('codeRefused')) {
    return <WayOn problem={t(`errors.${context.errorCode ?? 'MCH10006'}`)} onPress={() => send({ type: 'scan.again' })} label={t('scanToPay.scanAnother')} />;
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
    <Summary className="kw-pay-merchant"
      rows={[
        [t('scanToPay.merchant'), code.merchantName, 'kw-wallet-payee'],
        [t('scanToPay.store'), code.storeName],
        [t('scanToPay.category'), categoryLabel(code.mcc, language)],
      ]}
    />
  );
  // the amount child's form (a one-time code's amount fixed): why it was refused, here or by the
  // server (not enough money, a limit), and the way to top up when the money is short
  const amountForm = (entry: AmountEntryShown) => {
    const problemText = walletAmountProblemText(t, 'scanToPay', entry, { available, limits: LIMITS });
    const short = moneyShort(entry);
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('scanToPay.confirmTitle')}</h2>
        {merchant}
        {code?.kind === 'static' ? (
          <AmountField id="pay-amount" label={t('scanToPay.amountLabel')} value={entry.text} onChange={entry.change}>
            <span className="kw-hint">{t('scanToPay.available', { available })}</span>
          </AmountField>
        ) : (
          <div className="kw-pay-fixed">
            <span>{t('scanToPay.fixedAmount')}</span>
            <strong>{money(code?.amount ?? 0, language)}</strong>
            <span className="kw-hint">{t('scanToPay.available', { available })}</span>
          </div>
        )}
        {problemText && <FieldError>{problemText}</FieldError>}
        {short && <a className="kw-text-button kw-centered-text" href="/app/topup">{t('scanToPay.topup')}</a>}
        <Button block color="primary" size="large" type="submit">{t('scanToPay.pay')}</Button>
        {scanAgain('scanToPay.notThisMerchant')}
      </form>
    );
  };
  if (state.matches('confirming')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('quoting')) return <Loading label={t('scanToPay.quote.quoting')} />;
  if (state.matches('quoteFailed')) {
    return (
      <div className="kw-form">
        <LoadFailed errorCode={context.errorCode} fallback={t('scanToPay.quote.failed')} onRetry={() => send({ type: 'quote.retry' })} />
        <button type="button" className="kw-text-button kw-centered-text" onClick={() => send({ type: 'amount.change' })}>{t('scanToPay.quote.changeAmount')}</button>
        {scanAgain('scanToPay.scanAnother')}
      </div>
    );
  }
  if (state.matches('quoted')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('scanToPay.quote.title')}</h2>
        {merchant}
        <QuoteSummary quote={context.quote} changedBy={context.errorCode} />
        <Button block color="primary" size="large" onClick={() => send({ type: 'quote.accept' })}>
          {t('scanToPay.quote.pay', { amount: money(context.quote?.payable ?? 0, language) })}
        </Button>
        <button type="button" className="kw-text-button kw-centered-text" onClick={() => send({ type: 'amount.change' })}>{t('scanToPay.quote.changeAmount')}</button>
        {scanAgain('scanToPay.notThisMerchant')}
      </div>
    );
  }
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-wallet-summary">{t('scanToPay.summary', { amount: money(context.quote?.payable ?? context.amount, language), merchant: code?.merchantName ?? '', store: code?.storeName ?? '' })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={SCAN_TO_PAY_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  return (
    <div className="kw-form">
      <p role="status" className="kw-success-text kw-pay-done">{t('scanToPay.paid')}</p>
      <Receipt receipt={context.receipt} />
      <LinkButton href="/">{t('scanToPay.home')}</LinkButton>
      {scanAgain('scanToPay.payAnother')}
    </div>
  );
}
