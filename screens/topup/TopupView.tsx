import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { topupMachine, TopupEvent } from '../../machines/topup.machine.ts';
import type { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import type { TopupStatus } from '../../machines/bankFlow.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { CodeEntryPanel, type CodeEntryActor } from '../common/CodeEntryView.tsx';
import { languageOf, money } from '../common/format.ts';
import { BANK_PAYMENT_WORDS, BankOutcome, CardChoice, NoBoundCard, WaitingForBank, cardLabel, useBankReason } from '../common/bank.tsx';
import { PaymentPanel, type PaymentWords } from '../common/payment.tsx';

type State = SnapshotFrom<typeof topupMachine>;
type Send = (event: TopupEvent) => void;

const AMOUNT_PROBLEMS = ['unreadable', 'notPositive', 'overPerTransaction', 'bankLimit', 'limitExceeded', 'refused', 'unreachable'] as const;
const BANK_LIMITS = ['perTransaction', 'daily'];
export const TOPUP_PAYMENT_WORDS: PaymentWords = { ...BANK_PAYMENT_WORDS, paying: 'topup.paying', uncertain: 'topup.uncertain', cancel: 'topup.cancel', back: 'topup.backToAmount' };

/** Renders the top-up chart: card, amount within the bank's limits, SMS code, pay password, waiting for the bank, outcome. */
export function TopupView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const bankReason = useBankReason();
  const { context } = state;
  const kz = (centimos: number) => money(centimos, language);
  const card = context.cards.find((c) => c.cardId === context.cardId) ?? null;
  const busy = state.hasTag('busy');

  if (state.matches('loadingCards')) return <Loading />;
  if (state.matches('cardsFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('topup.cardsFailed')} onRetry={() => send({ type: 'cards.retry' })} />;
  if (state.matches('noCards')) {
    return <NoBoundCard text={t('topup.noCards')} from="topup" />;
  }
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('bank.common.verify')} />;
  }
  if (state.matches('choosingCard') || state.matches('loadingRules')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('topup.cardTitle')}</h2>
        <CardChoice cards={context.cards} disabled={busy} onChoose={(cardId) => send({ type: 'card.chosen', cardId })} />
        {state.matches({ choosingCard: 'unreachable' }) && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('topup.limitsFailed')}</FieldError>}
        {busy && <Notice>{t('topup.loadingLimits')}</Notice>}
        <a className="kw-text-button kw-centered-text" href="/app/cards/bind?from=topup">{t('bank.common.bindAnother')}</a>
      </div>
    );
  }
  const rules = context.rules?.topup;
  if (state.matches('enteringAmount') || state.matches('applying')) {
    const problem = AMOUNT_PROBLEMS.find((p) => state.matches({ enteringAmount: p }));
    const messages: Record<(typeof AMOUNT_PROBLEMS)[number], string> = {
      unreadable: t('bank.common.amountUnreadable'),
      notPositive: t('bank.common.amountNotPositive'),
      overPerTransaction: t('topup.overPerTransaction', { amount: kz(rules?.perTransaction ?? 0) }),
      bankLimit: context.limit && BANK_LIMITS.includes(context.limit) ? t(`topup.bankLimits.${context.limit}`) : t('errors.CRD10010'),
      limitExceeded: context.limit === 'maxBalance' ? t('topup.maxBalance') : t('errors.FND10003'),
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
      unreachable: t('errors.network.gateway'),
    };
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'amount.submitted' }); }}>
        <div className="kw-row-actions">
          <p className="kw-muted-text">{t('topup.from', { card: card ? cardLabel(card) : '' })}</p>
          <button type="button" className="kw-text-button" disabled={busy} onClick={() => send({ type: 'card.change' })}>{t('bank.common.changeCard')}</button>
        </div>
        <h2 className="kw-step-title">{t('topup.amountTitle')}</h2>
        <AmountField id="topup-amount" label={t('topup.amountLabel')} value={context.amountText} onChange={(value) => send({ type: 'amount.changed', value })} describedBy="topup-limits" disabled={busy}>
          <ul id="topup-limits" className="kw-bank-limits">
            {rules?.perTransaction != null && <li>{t('topup.perTransaction', { amount: kz(rules.perTransaction) })}</li>}
            {rules?.daily != null && <li>{t('topup.daily', { amount: kz(rules.daily) })}</li>}
          </ul>
        </AmountField>
        {problem && <FieldError>{messages[problem]}</FieldError>}
        {busy && <Notice>{t('topup.applying')}</Notice>}
        <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('bank.common.continue')}</Button>
      </form>
    );
  }
  // after a reload the bank's status is all there is to show
  const summaryFor = (bankStatus: TopupStatus | null) => {
    const amount = bankStatus?.amount ?? context.amount;
    const shownCard = card ?? bankStatus?.card ?? null;
    return amount > 0 && <p className="kw-wallet-summary">{t('topup.summary', { amount: kz(amount), card: shownCard ? cardLabel(shownCard) : '' })}</p>;
  };
  const summary = summaryFor(context.status);
  if (state.matches('enteringCode')) {
    const codeEntry = state.children.codeEntry as CodeEntryActor | undefined;
    return (
      <div className="kw-form">
        {summary}
        <p className="kw-muted-text">{t('topup.codeIntro')}</p>
        {codeEntry && <CodeEntryPanel actor={codeEntry} id="topup-code" />}
        <Button block size="large" onClick={() => send({ type: 'topup.cancelled' })}>{t('topup.cancel')}</Button>
      </div>
    );
  }
  if (state.matches('orderExpired')) {
    return (
      <div className="kw-form">
        {summary}
        <FieldError>{t('errors.TOP10001')}</FieldError>
        <Button block color="primary" size="large" onClick={() => send({ type: 'topup.restarted' })}>{t('topup.restart')}</Button>
      </div>
    );
  }
  if (state.matches('paying')) {
    const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
    return <PaymentPanel actor={payment} summary={summary} words={TOPUP_PAYMENT_WORDS} onLeave={() => send({ type: 'topup.cancelled' })} />;
  }
  const another = { label: t('topup.another'), onStart: () => send({ type: 'topup.restarted' }) };
  if (state.matches('waitingForBank')) {
    return (
      <WaitingForBank
        actor={state.children.bankSettlement as ActorRefFrom<typeof bankSettlementMachine> | undefined}
        summary={(bankStatus) => summaryFor((bankStatus as TopupStatus | null) ?? context.status)}
        pending={t('topup.pending')}
        explanation={t('topup.pendingExplain')}
        another={another}
      />
    );
  }
  if (state.matches('failedAtBank')) {
    return <BankOutcome refused text={t('topup.failedAtBank', { reason: bankReason(context.status?.failReason) })} summary={summary} explanation={t('topup.nothingMoved')} another={another} />;
  }
  return <BankOutcome refused={false} text={t('topup.succeeded', { amount: kz(context.status?.amount ?? context.amount) })} summary={null} another={another} />;
}
