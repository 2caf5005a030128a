import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { cashierMachine, CashierEvent } from '../../machines/cashier.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import type { MerchantPayment } from '../../services/contract/merchantShared.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailed } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../merchantOpening/LinkButton.tsx';
import { languageOf, lineTime, money } from '../merchantOpening/merchantFormat.ts';
import { QrCode } from '../common/QrCode.tsx';
import { Scanner } from '../common/Scanner.tsx';

type State = SnapshotFrom<typeof cashierMachine>;
type Send = (event: CashierEvent) => void;

const AMOUNT_PROBLEMS = ['unreadable', 'notPositive', 'tooLarge', 'refused', 'unreachable'] as const;
/** The customer's side's refusals that have words for the cashier; anything else reads as refused. */
const CHARGE_REFUSALS = ['MCH10008', 'MCH10005', 'MCH10014', 'FND10001', 'FND10003', 'FND10004', 'PAY10002'];

/** Seconds until `expiresAt` by this device's clock, for display only (the server decides when a code expires). */
function useSecondsLeft(expiresAt: string | null): number {
  const left = () => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!expiresAt) return;
    const timer = setInterval(() => setSeconds(left()), 500);
    return () => clearInterval(timer);
  }, [expiresAt]); // eslint-disable-line react-hooks/exhaustive-deps
  return seconds;
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

function AmountForm({ state, send, submit, title }: { state: State; send: Send; submit: string; title: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const busy = state.hasTag('busy');
  const mode = state.matches('dynamic') ? 'dynamic' : 'charging';
  const problem = AMOUNT_PROBLEMS.find((p) => state.matches({ [mode]: { enteringAmount: p } } as never));
  const messages: Record<(typeof AMOUNT_PROBLEMS)[number], string> = {
    unreadable: t('bank.common.amountUnreadable'),
    notPositive: t('bank.common.amountNotPositive'),
    tooLarge: t('cashier.tooLarge'),
    refused: t(`errors.${state.context.errorCode ?? 'AGW50000'}`),
    unreachable: t('cashier.unreachable'),
  };
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'amount.submitted' }); }}>
      <h2 className="kw-step-title">{title}</h2>
      <div className="kw-field">
        <label className="kw-label" htmlFor="cashier-amount">{t('cashier.amountLabel')}</label>
        <input id="cashier-amount" className="kw-mch-input kw-mch-amount" inputMode="decimal" autoComplete="off" placeholder={language === 'pt' ? '0,00' : '0.00'}
          value={state.context.amountText} disabled={busy} aria-invalid={!!problem || undefined} onChange={(e) => send({ type: 'amount.changed', value: e.target.value })} />
      </div>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      {busy && <p className="kw-muted-text" role="status">{t('cashier.creating')}</p>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{submit}</Button>
      {!busy && <Button block size="large" onClick={() => send({ type: 'cashier.again' })}>{t('cashier.back')}</Button>}
    </form>
  );
}

/** Renders the cashier chart: the store, the two ways to charge, the code on screen or the scanner, and the outcome. */
export function CashierView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const store = context.stores.find((s) => s.storeId === context.storeId) ?? null;
  const kz = (centimos: number) => money(centimos, language);
  const secondsLeft = useSecondsLeft(state.matches({ dynamic: 'showing' }) ? context.code?.expiresAt ?? null : null);

  if (state.matches('loadingStores')) return <p className="kw-centered" role="status">{t('common.loading')}</p>;
  if (state.matches('storesFailed')) {
    return <div className="kw-form"><LoadFailed errorCode={context.errorCode} fallback={t('cashier.storesFailed')} onRetry={() => send({ type: 'stores.retry' })} /></div>;
  }
  if (state.matches('notMerchant')) {
    return (
      <div className="kw-form">
        <p className="kw-error-text" role="alert">{t('errors.MCH10003')}</p>
        <LinkButton href="/app/open" primary>{t('merchantList.open')}</LinkButton>
      </div>
    );
  }
  if (state.matches('cannotCollect')) {
    // a clerk: never the owner's way on (create a store), which they cannot take
    return (
      <div className="kw-form">
        <p className="kw-error-text" role="alert">{context.errorCode ? t(`errors.${context.errorCode}`) : t('cashier.storeClosed')}</p>
        <LinkButton href="/" primary>{t('merchantOpening.toHome')}</LinkButton>
      </div>
    );
  }
  if (state.matches('noStores')) {
    return (
      <div className="kw-form">
        <p className="kw-muted-text" role="status">{t('cashier.noStores')}</p>
        <LinkButton href="/app/merchantlist" primary>{t('merchantOpening.toList')}</LinkButton>
      </div>
    );
  }
  if (state.matches('choosingStore')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('cashier.whichStore')}</h2>
        <ul className="kw-mch-options" aria-label={t('cashier.stores')}>
          {context.stores.map((s) => (
            <li key={s.storeId}>
              <button type="button" className="kw-mch-option" onClick={() => send({ type: 'store.chosen', storeId: s.storeId })}>
                <strong>{s.name}</strong> <span className="kw-muted">{s.merchantName}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const storeLine = <p className="kw-muted-text">{t('cashier.at', { store: store?.name ?? '' })}</p>;
  if (state.matches('choosingMode')) {
    return (
      <div className="kw-form">
        <div className="kw-row-actions">
          {storeLine}
          {context.stores.length > 1 && <button type="button" className="kw-text-button" onClick={() => send({ type: 'store.change' })}>{t('cashier.changeStore')}</button>}
        </div>
        <h2 className="kw-step-title">{t('cashier.howTitle')}</h2>
        <button type="button" className="kw-mch-option kw-mch-mode" onClick={() => send({ type: 'mode.dynamic' })}>
          <strong>{t('cashier.modeDynamic')}</strong> <span className="kw-muted">{t('cashier.modeDynamicHint')}</span>
        </button>
        <button type="button" className="kw-mch-option kw-mch-mode" onClick={() => send({ type: 'mode.scan' })}>
          <strong>{t('cashier.modeScan')}</strong> <span className="kw-muted">{t('cashier.modeScanHint')}</span>
        </button>
      </div>
    );
  }
  const again = <Button block color="primary" size="large" onClick={() => send({ type: 'cashier.again' })}>{t('cashier.again')}</Button>;

  // (a) a one-time code for an amount
  if (state.matches({ dynamic: 'enteringAmount' }) || state.matches({ dynamic: 'creating' })) {
    return <><div className="kw-mch-pad">{storeLine}</div><AmountForm state={state} send={send} title={t('cashier.dynamicTitle')} submit={t('cashier.showCode')} /></>;
  }
  if (state.matches({ dynamic: 'showing' }) && context.code) {
    const minutes = Math.floor(secondsLeft / 60);
    const seconds = String(secondsLeft % 60).padStart(2, '0');
    return (
      <div className="kw-form kw-mch-till">
        <p className="kw-mch-amount-shown">{kz(context.code.amount)}</p>
        <QrCode value={context.code.payload} label={t('cashier.codeLabel', { amount: kz(context.code.amount) })} caption={store?.name} size={260} />
        <p className="kw-muted-text kw-centered-text">{t('cashier.timeLeft', { time: `${minutes}:${seconds}` })}</p>
        {state.matches({ dynamic: { showing: 'trouble' } })
          ? <p className="kw-error-text" role="alert">{t('bank.common.pollTrouble')}</p>
          : <p className="kw-muted-text kw-centered-text" role="status">{t('cashier.waitingPayment')}</p>}
        <Button block size="large" onClick={() => send({ type: 'code.cancelled' })}>{t('cashier.cancelCode')}</Button>
      </div>
    );
  }
  if (state.matches({ dynamic: 'expired' })) {
    return (
      <div className="kw-form">
        <p className="kw-error-text" role="alert">{t('cashier.expired')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'code.renewed' })}>{t('cashier.renew', { amount: kz(context.amount) })}</Button>
        <Button block size="large" onClick={() => send({ type: 'cashier.again' })}>{t('cashier.again')}</Button>
      </div>
    );
  }
  if (state.matches({ dynamic: 'paid' }) || state.matches({ charging: 'paid' })) {
    const payment = context.payment;
    return (
      <div className="kw-form">
        <p className="kw-success-text" role="status">{t('cashier.paid', { amount: kz(payment?.amount ?? context.amount) })}</p>
        {payment && <Receipt payment={payment} />}
        {again}
      </div>
    );
  }

  // (b) the customer's payment code
  if (state.matches({ charging: 'enteringAmount' })) {
    return <><div className="kw-mch-pad">{storeLine}</div><AmountForm state={state} send={send} title={t('cashier.scanTitle')} submit={t('cashier.scanCode')} /></>;
  }
  if (state.matches({ charging: 'scanning' })) {
    return (
      <div className="kw-form">
        <p className="kw-mch-amount-shown">{kz(context.amount)}</p>
        <p className="kw-muted-text">{t('cashier.scanExplain')}</p>
        <Scanner actor={state.children.scanner as ActorRefFrom<typeof scannerMachine> | undefined} />
        <Button block size="large" onClick={() => send({ type: 'scan.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  if (state.matches({ charging: 'notAPaymentCode' })) {
    return (
      <div className="kw-form">
        <p className="kw-error-text" role="alert">{t('cashier.notAPaymentCode')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'scan.again' })}>{t('cashier.scanAgain')}</Button>
        <Button block size="large" onClick={() => send({ type: 'scan.cancelled' })}>{t('common.cancel')}</Button>
      </div>
    );
  }
  if (state.matches({ charging: 'sending' })) {
    return <p className="kw-centered" role="status">{t('cashier.charging', { amount: kz(context.amount) })}</p>;
  }
  if (state.matches({ charging: 'uncertain' })) {
    return (
      <div className="kw-form">
        <p className="kw-error-text" role="alert">{t('cashier.uncertain')}</p>
        <p className="kw-muted-text">{t('cashier.uncertainExplain')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'charge.retry' })}>{t('bank.common.retrySame')}</Button>
      </div>
    );
  }
  if (state.matches({ charging: 'awaiting' })) {
    return (
      <div className="kw-form">
        <p className="kw-mch-amount-shown">{kz(context.charge?.amount ?? context.amount)}</p>
        {state.matches({ charging: { awaiting: 'trouble' } })
          ? <p className="kw-error-text" role="alert">{t('bank.common.pollTrouble')}</p>
          : <p className="kw-muted-text" role="status">{t('cashier.awaiting')}</p>}
        <p className="kw-muted-text">{t('cashier.awaitingExplain')}</p>
      </div>
    );
  }
  // charging.refused
  const code = context.errorCode;
  return (
    <div className="kw-form">
      <p className="kw-error-text" role="alert">
        {code && CHARGE_REFUSALS.includes(code) ? t(`errors.${code}`)
          : code ? t('cashier.refusedWith', { reason: t([`errors.${code}`, 'errors.AGW50000']) })
            // refused without a code: the customer said no on their phone
            : context.charge?.state === 'refused' ? t('cashier.declined') : t('cashier.refused')}
      </p>
      {again}
    </div>
  );
}
