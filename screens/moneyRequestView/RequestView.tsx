import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { moneyRequestViewMachine, MoneyRequestViewEvent } from '../../machines/moneyRequestView.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading, LoadFailedStep } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Summary, type SummaryRow } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';

type State = SnapshotFrom<typeof moneyRequestViewMachine>;
type Send = (event: MoneyRequestViewEvent) => void;

export const REQUEST_PAYMENT_WORDS = { ...paymentWordsIn('moneyRequestView', { paying: 'moneyRequestView.paying', back: 'moneyRequestView.backToRequest' }), retry: 'moneyRequestView.retryPayment' };

/**
 * One request, as the chart stands: the payer's choice (who asks, masked; why; how much; pay,
 * decline, block), the payment, the requester's wait (look again, cancel), or how it ended.
 */
export function RequestView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const busy = state.hasTag('busy');

  if (state.matches('loading')) return <Loading label={t('moneyRequestView.loading')} />;
  if (state.matches('loadFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('moneyRequestView.failed')} onRetry={() => send({ type: 'request.retry' })} />;
  const request = context.request;
  if (state.matches('notFound') || !request) {
    return (
      <div className="kw-form">
        <FieldError>{t('moneyRequestView.notFound')}</FieldError>
        <LinkButton href="/app/moneyRequests">{t('moneyRequestView.toList')}</LinkButton>
      </div>
    );
  }
  const asPayer = request.role === 'payer';
  const who = `${request.other.maskedName} · ${request.other.maskedMobile}`;
  const amount = money(request.amount, language);
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = <p className="kw-wallet-summary">{t('moneyRequestView.summary', { amount, name: request.other.maskedName, reason: request.reason })}</p>;
    return <PaymentPanel actor={payment} summary={summary} words={REQUEST_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  if (state.matches('paid')) {
    const receipt = context.receipt;
    return (
      <div className="kw-form">
        <Notice kind="success">{t('moneyRequestView.paidTitle')}</Notice>
        <Summary
          rows={[
            [t('moneyRequestView.paidAmount'), receipt ? money(receipt.amount, language) : amount],
            [t('moneyRequestView.toWhom'), receipt?.maskedName ?? request.other.maskedName],
            [t('moneyRequestView.reason'), request.reason],
            [t('moneyRequestView.newAvailable'), receipt ? money(receipt.available, language) : ''],
          ]}
        />
        {receipt && <LinkButton href={`/app/receipt?transferId=${receipt.transferId}`} primary>{t('common.viewReceipt')}</LinkButton>}
        <LinkButton href="/app/moneyRequests">{t('moneyRequestView.toList')}</LinkButton>
      </div>
    );
  }
  const rows: SummaryRow[] = [
    // the amount and the reason are the card above
    [asPayer ? t('moneyRequestView.from') : t('moneyRequestView.toWhom'), who, 'kw-wallet-payee'],
    [t('moneyRequestView.status'), t(`moneyRequestView.statuses.${request.status}`)],
    [t('moneyRequestView.created'), lineTime(request.createdAt, language)],
    request.closedAt ? [t('moneyRequestView.closed'), lineTime(request.closedAt, language)] : [t('moneyRequestView.expires'), lineTime(request.expiresAt, language)],
  ];
  const title = asPayer ? t('moneyRequestView.payerTitle', { name: request.other.maskedName }) : t('moneyRequestView.requesterTitle', { name: request.other.maskedName });
  const refusal = state.matches({ awaitingPayer: 'refused' }) || state.matches({ waiting: 'refused' }) || (state.matches('closed') && context.errorCode);
  const unreachable = state.matches({ awaitingPayer: 'unreachable' }) || state.matches({ waiting: 'unreachable' });
  const blockButton = asPayer && (state.matches('awaitingPayer') || state.matches('closed') || state.matches('blocking') || state.matches('declining')) && (
    <Button block size="large" fill="none" disabled={busy} onClick={() => send({ type: 'requester.blockToggled' })}>
      {request.requesterBlocked ? t('moneyRequestView.unblock') : t('moneyRequestView.block')}
    </Button>
  );
  return (
    <div className="kw-form">
      <h2 className="kw-step-title">{title}</h2>
      <section className="kw-wallet-balance" aria-label={t('moneyRequestView.amount')}>
        <span>{request.reason}</span>
        <strong>{amount}</strong>
      </section>
      <Summary rows={rows} />
      {refusal && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
      {unreachable && <FieldError>{t('network.gateway')}</FieldError>}
      {asPayer && request.requesterBlocked && <Notice>{t('moneyRequestView.blockedNote')}</Notice>}
      {state.matches('declining') && <Notice>{t('moneyRequestView.declining')}</Notice>}
      {state.matches('blocking') && <Notice>{t('moneyRequestView.blocking')}</Notice>}
      {state.matches('cancelling') && <Notice>{t('moneyRequestView.cancelling')}</Notice>}
      {(state.matches('awaitingPayer') || state.matches('declining')) && (
        <>
          <p className="kw-muted-text">{t('moneyRequestView.payerExplain')}</p>
          <Button block color="primary" size="large" disabled={busy} onClick={() => send({ type: 'pay.started' })}>{t('moneyRequestView.pay', { amount })}</Button>
          <Button block size="large" disabled={busy} onClick={() => send({ type: 'request.declined' })}>{t('moneyRequestView.decline')}</Button>
        </>
      )}
      {(state.matches('waiting') || state.matches('cancelling')) && (
        <>
          <p className="kw-muted-text">{t('moneyRequestView.waitingText', { name: request.other.maskedName })}</p>
          <Button block color="primary" size="large" disabled={busy} onClick={() => send({ type: 'request.refreshed' })}>{t('moneyRequestView.refresh')}</Button>
          <Button block size="large" disabled={busy} onClick={() => send({ type: 'request.cancelled' })}>{t('moneyRequestView.cancel')}</Button>
        </>
      )}
      {state.matches('closed') && !asPayer && (
        <Button block size="large" onClick={() => send({ type: 'request.refreshed' })}>{t('moneyRequestView.refresh')}</Button>
      )}
      {state.matches('closed') && request.transferId && <LinkButton href={`/app/receipt?transferId=${request.transferId}`} primary>{t('common.viewReceipt')}</LinkButton>}
      {blockButton}
      <LinkButton href="/app/moneyRequests">{t('moneyRequestView.toList')}</LinkButton>
    </div>
  );
}
