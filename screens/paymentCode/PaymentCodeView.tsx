import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentCodeMachine, PaymentCodeEvent } from '../../machines/paymentCode.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { signedInMemberType, verificationHref } from '../../src/lib/verification.ts';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';
import { QrCode } from '../common/QrCode.tsx';
import { Receipt } from '../common/Receipt.tsx';
import { QuoteSummary } from '../common/QuoteSummary.tsx';
import { Barcode128 } from './Barcode128.tsx';

type State = SnapshotFrom<typeof paymentCodeMachine>;
type Send = (event: PaymentCodeEvent) => void;

export const PAYMENT_CODE_PAYMENT_WORDS = paymentWordsIn('paymentCode', { paying: 'paymentCode.paying', back: 'paymentCode.back' });

/** 18 digits as wallets print them, in fours: "1234 5678 9012 3456 78"; hidden, only the first four show. */
export function groupDigits(code: string, shown: boolean): string {
  const digits = shown ? code : `${code.slice(0, 4)}${'•'.repeat(Math.max(0, code.length - 4))}`;
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The code as the cashier reads it: Code 128 barcode, the digits (hidden but four unless asked), the QR code. */
function CodeCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const [digitsShown, setDigitsShown] = useState(false);
  return (
    <div className="kw-paycode-card">
      <Barcode128 value={code} label={t('paymentCode.barcodeLabel')} />
      <p className="kw-paycode-digits" aria-live="polite">{groupDigits(code, digitsShown)}</p>
      <button type="button" className="kw-text-button" aria-pressed={digitsShown} onClick={() => setDigitsShown((shown) => !shown)}>
        {digitsShown ? t('paymentCode.hideDigits') : t('paymentCode.showDigits')}
      </button>
      <QrCode value={code} label={t('paymentCode.qrLabel')} size={200} />
    </div>
  );
}

/** Renders the payment-code chart: the code (QR, barcode, digits), online or derived offline, a charge to confirm or decline, its outcome. */
export function PaymentCodeView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const charge = context.charge;
  const newCode = (primary = true) => (
    <Button block color={primary ? 'primary' : 'default'} size="large" onClick={() => send({ type: 'code.refresh' })}>{t('paymentCode.newCode')}</Button>
  );

  if (state.matches('issuing')) return <Loading label={t('paymentCode.issuing')} />;
  if (state.matches('deriving')) return <Loading label={t('paymentCode.deriving')} />;
  if (state.matches('offline')) {
    const shown = context.offlineCode!;
    return (
      <div className="kw-form kw-paycode">
        <p role="status" className="kw-paycode-offline-banner">{t('paymentCode.offlineBanner', { until: lineTime(shown.validUntil, language) })}</p>
        <p className="kw-muted-text kw-centered-text">{t('paymentCode.showToCashier')}</p>
        <CodeCard code={shown.code} />
        <p className="kw-hint kw-centered-text" role="status">{t('paymentCode.offlineChanges')}</p>
        <Button block size="large" onClick={() => send({ type: 'code.refresh' })}>{t('paymentCode.tryNetwork')}</Button>
      </div>
    );
  }
  if (state.matches('issueFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('paymentCode.issueFailed')} onRetry={() => send({ type: 'code.refresh' })} />;
  }
  if (state.matches('notVerified')) return <VerifyFirst label={t('paymentCode.verify')} />;
  if (state.matches('noPayPassword')) {
    return (
      <div className="kw-form">
        <p className="kw-muted-text" role="alert">{t('errors.PAY10006')}</p>
        <LinkButton href="/app/paypassword" primary>{t('paymentCode.setPayPassword')}</LinkButton>
      </div>
    );
  }
  if (state.matches('showing')) {
    const issued = context.issued!;
    const limit = issued.passwordFreeLimit;
    return (
      <div className="kw-form kw-paycode">
        <p className="kw-muted-text kw-centered-text">{t('paymentCode.showToCashier')}</p>
        <CodeCard code={issued.code} />
        <p className="kw-hint kw-centered-text" role="status">{t('paymentCode.refreshes')}</p>
        <Button block size="large" onClick={() => send({ type: 'code.refresh' })}>{t('paymentCode.refresh')}</Button>
        <OfflineSwitch state={state} send={send} />
        <p className="kw-muted-text">
          {limit > 0 ? t('paymentCode.passwordFreeOn', { limit: money(limit, language) }) : t('paymentCode.passwordFreeOff')}{' '}
          <a href="/app/nopwd">{t('paymentCode.passwordFreeLink')}</a>
        </p>
        <a className="kw-text-button kw-centered-text" href="/agreement/payqrcode">{t('paymentCode.agreement')}</a>
      </div>
    );
  }
  if (state.matches('replaced')) {
    return (
      <div className="kw-form">
        <Notice>{t('paymentCode.replaced')}</Notice>
        {newCode()}
      </div>
    );
  }
  // the charge's amount is the quote's price once quoted
  const chargeSummary = charge && (
    <Summary
      rows={[
        [t('paymentCode.merchant'), charge.merchantName, 'kw-wallet-payee'],
        [t('paymentCode.store'), charge.storeName],
        ...(state.matches({ awaitingConfirmation: 'asking' }) ? [] : [[t('paymentCode.amount'), money(charge.amount, language)] as const]),
      ]}
    />
  );
  if (state.matches('awaitingConfirmation')) {
    const asking = state.matches({ awaitingConfirmation: 'asking' });
    return (
      <div className="kw-form">
        <h2 className="kw-step-title" role="alert">{t('paymentCode.confirmTitle')}</h2>
        <p className="kw-muted-text">{t('paymentCode.confirmExplain')}</p>
        {chargeSummary}
        {state.matches({ awaitingConfirmation: 'quoting' }) && <Loading label={t('scanToPay.quote.quoting')} />}
        {asking && <QuoteSummary quote={context.quote} changedBy={context.errorCode} />}
        {state.matches({ awaitingConfirmation: 'quoteFailed' }) && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('scanToPay.quote.failed')}</FieldError>}
        {state.matches({ awaitingConfirmation: 'declineFailed' }) && <FieldError>{t('network.gateway')}</FieldError>}
        {asking
          ? <Button block color="primary" size="large" onClick={() => send({ type: 'charge.confirmed' })}>{t('scanToPay.quote.pay', { amount: money(context.quote?.payable ?? 0, language) })}</Button>
          : state.hasTag('error') && <Button block color="primary" size="large" onClick={() => send({ type: 'quote.retry' })}>{t('scanToPay.quote.retry')}</Button>}
        <Button block size="large" onClick={() => send({ type: 'charge.declined' })}>{t('paymentCode.decline')}</Button>
      </div>
    );
  }
  if (state.matches('confirming')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-wallet-summary">{t('paymentCode.summary', { amount: money(context.quote?.payable ?? charge?.amount ?? 0, language), merchant: charge?.merchantName ?? '', store: charge?.storeName ?? '' })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={PAYMENT_CODE_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  if (state.matches('declining')) return <Loading label={t('paymentCode.declining')} />;
  if (state.matches('paid')) {
    return (
      <div className="kw-form">
        <p role="status" className="kw-success-text kw-pay-done">{t('paymentCode.paid')}</p>
        <Receipt receipt={context.receipt} />
        {newCode(false)}
      </div>
    );
  }
  if (state.matches('refused')) {
    const code = context.errorCode;
    return (
      <div className="kw-form">
        {chargeSummary}
        <FieldError>{code ? t(`errors.${code}`) : t('paymentCode.refused')}</FieldError>
        {code === LEDGER_CODES.insufficientFunds && <a className="kw-text-button kw-centered-text" href="/app/topup">{t('paymentCode.topup')}</a>}
        {code === LEDGER_CODES.verificationNeeded && <a className="kw-text-button kw-centered-text" href={verificationHref()}>{signedInMemberType() === 'enterprise' ? t('common.verifyCompany') : t('paymentCode.verify')}</a>}
        {newCode()}
      </div>
    );
  }
  // declined
  return (
    <div className="kw-form">
      {chargeSummary}
      <Notice>{t('paymentCode.declined')}</Notice>
      {newCode()}
    </div>
  );
}

/** The offline code on this phone: on (until when, and the way to turn it off) or off (what it is for, the way to turn it on). */
function OfflineSwitch({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { offline, errorCode } = state.context;
  if (state.matches({ showing: 'enrolling' })) return <Loading label={t('paymentCode.turningOn')} />;
  if (state.matches({ showing: 'turningOff' })) return <Loading label={t('paymentCode.turningOff')} />;
  return (
    <div className="kw-paycode-offline">
      <p className="kw-muted-text">{offline ? t('paymentCode.offlineOn', { until: lineTime(offline.validUntil, language) }) : t('paymentCode.offlineOff')}</p>
      {errorCode && <FieldError>{t(`errors.${errorCode}`)}</FieldError>}
      <Button block size="middle" onClick={() => send({ type: offline ? 'offline.turnedOff' : 'offline.turnedOn' })}>{offline ? t('paymentCode.turnOff') : t('paymentCode.turnOn')}</Button>
    </div>
  );
}
