import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { groupPurchaseMachine, GroupPurchaseEvent } from '../../machines/groupPurchase.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Summary, type SummaryRow } from '../../src/ui/Summary.tsx';
import { languageOf, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';
import { QuoteSummary } from '../common/QuoteSummary.tsx';
import { Receipt } from '../common/Receipt.tsx';
import { VoucherCard } from '../common/VoucherCard.tsx';

type State = SnapshotFrom<typeof groupPurchaseMachine>;
type Send = (event: GroupPurchaseEvent) => void;

export const GROUP_PURCHASE_PAYMENT_WORDS = paymentWordsIn('groupPurchase', { paying: 'groupPurchase.paying', back: 'groupPurchase.back' });

/** Renders the purchase chart: the package's quote (merchant, store, price, what is off, what the member pays), the pay password, the receipt and the voucher's QR, or why it cannot be bought. */
export function GroupPurchaseView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const quote = context.quote;

  if (state.matches('quoting')) return <Loading label={t('groupPurchase.quoting')} />;
  if (state.matches('quoteFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('groupPurchase.quoteFailed')} onRetry={() => send({ type: 'quote.retry' })} />;
  }
  if (state.matches('refused')) {
    const short = context.errorCode === LEDGER_CODES.insufficientFunds;
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('groupPurchase.refusedTitle')}</h2>
        <FieldError>{t(`errors.${context.errorCode ?? 'GRP10007'}`)}</FieldError>
        {short && <LinkButton href="/app/topup" primary>{t('groupPurchase.topup')}</LinkButton>}
        <Button block size="large" onClick={() => send({ type: 'quote.retry' })}>{t('groupPurchase.again')}</Button>
        <LinkButton href="/app/mypackages">{t('groupPurchase.myPackages')}</LinkButton>
      </div>
    );
  }
  const seller: SummaryRow[] = [
    ...(quote?.packageName ? [[t('groupPurchase.package'), quote.packageName, 'kw-wallet-payee'] as const] : []),
    ...(quote?.merchantName ? [[t('groupPurchase.merchant'), quote.merchantName] as const] : []),
    ...(quote?.storeName ? [[t('groupPurchase.store'), quote.storeName] as const] : []),
  ];
  if (state.matches('quoted')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('groupPurchase.title')}</h2>
        {seller.length > 0 && <Summary className="kw-pay-merchant" rows={seller} />}
        <QuoteSummary quote={quote} changedBy={context.errorCode} />
        <Button block color="primary" size="large" onClick={() => send({ type: 'quote.accept' })}>
          {t('groupPurchase.buy', { amount: money(quote?.payable ?? 0, language) })}
        </Button>
      </div>
    );
  }
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    const summary = (
      <p className="kw-wallet-summary">
        {t('groupPurchase.summary', { amount: money(quote?.payable ?? 0, language), merchant: quote?.merchantName ?? '', store: quote?.storeName ?? '' })}
      </p>
    );
    return <PaymentPanel actor={payment} summary={summary} words={GROUP_PURCHASE_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
  }
  // bought: the voucher first (what the member shows at the till), then the payment's receipt
  const purchase = context.purchase;
  return (
    <div className="kw-form">
      <p role="status" className="kw-success-text kw-pay-done">{t('groupPurchase.bought')}</p>
      {purchase && <VoucherCard voucher={purchase.voucher} />}
      <LinkButton href="/app/mypackages" primary>{t('groupPurchase.myPackages')}</LinkButton>
      <Receipt receipt={purchase?.receipt ?? null} />
      <LinkButton href="/">{t('groupPurchase.home')}</LinkButton>
    </div>
  );
}
