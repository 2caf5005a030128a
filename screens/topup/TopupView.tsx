import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { topupMachine, TopupEvent } from '../../machines/topup.machine.ts';
import type { TopupStatus } from '../../machines/bankFlow.ts';
import type { cardChoiceMachine } from '../../machines/cardChoice.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { CodeEntryPanel, type CodeEntryActor } from '../common/CodeEntryView.tsx';
import { AmountEntryPanel, amountSent, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';
import { BoundCardsPanel, type BoundCardsActor, type BoundCardsSteps } from '../common/BoundCardsView.tsx';
import { languageOf, money } from '../common/format.ts';
import { BANK_PAYMENT_WORDS, CardChoice, CardChoicePanel, NoBoundCard, cardLabel, useBankReason } from '../common/bank.tsx';
import { AmountStep, AtTheBank, CardStep, type BankWords } from '../common/bankSteps.tsx';
import type { PaymentWords } from '../common/payment.tsx';

type State = SnapshotFrom<typeof topupMachine>;
type Send = (event: TopupEvent) => void;

const BANK_LIMITS = ['perTransaction', 'daily'];
export const TOPUP_PAYMENT_WORDS: PaymentWords = { ...BANK_PAYMENT_WORDS, paying: 'topup.paying', uncertain: 'topup.uncertain', cancel: 'topup.cancel', back: 'topup.backToAmount' };
const TOPUP_WORDS: BankWords = { ...TOPUP_PAYMENT_WORDS, pending: 'topup.pending', pendingExplain: 'topup.pendingExplain', another: 'topup.another' };

/** Renders the top-up chart: card, amount within the bank's limits, SMS code, pay password, waiting for the bank, outcome. */
export function TopupView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const bankReason = useBankReason();
  const { context } = state;
  const kz = (centimos: number) => money(centimos, language);
  const card = context.cards.find((c) => c.cardId === context.cardId) ?? null;
  const busy = state.hasTag('busy');

  if (state.matches('loadingCards')) {
    const steps: BoundCardsSteps = {
      loading: <Loading />,
      failed: (errorCode, retry) => <LoadFailedStep errorCode={errorCode} fallback={t('topup.cardsFailed')} onRetry={retry} />,
      none: () => <NoBoundCard text={t('topup.noCards')} from="topup" />,
    };
    return <BoundCardsPanel actor={state.children.boundCards as BoundCardsActor | undefined} steps={steps} />;
  }
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('bank.common.verify')} />;
  }
  if (state.matches('choosingCard') || state.matches('loadingRules')) {
    const choice = state.matches('choosingCard')
      ? <CardChoicePanel actor={state.children.cardChoice as ActorRefFrom<typeof cardChoiceMachine> | undefined} unanswered={t('topup.limitsFailed')} />
      : <CardChoice cards={context.cards} disabled onChoose={() => undefined} />;
    return <CardStep title={t('topup.cardTitle')} choice={choice} busy={busy} busyText={t('topup.loadingLimits')} from="topup" />;
  }
  const rules = context.rules?.topup;
  // the amount child's form, or the amount being sent on (busy)
  const amountForm = (entry: AmountEntryShown) => {
    const refusal = entry.refusal;
    const refused = () => {
      if (!refusal?.code) return t('network.gateway');
      if (refusal.code === 'CRD10010') return refusal.detail && BANK_LIMITS.includes(refusal.detail) ? t(`topup.bankLimits.${refusal.detail}`) : t('errors.CRD10010');
      if (refusal.code === 'FND10003') return refusal.detail === 'maxBalance' ? t('topup.maxBalance') : t('errors.FND10003');
      return t(`errors.${refusal.code}`);
    };
    const message = {
      unreadable: () => t('bank.common.amountUnreadable'),
      notPositive: () => t('bank.common.amountNotPositive'),
      belowMin: () => t('bank.common.amountNotPositive'),
      overLimit: () => t('topup.overPerTransaction', { amount: kz(rules?.perTransaction ?? 0) }),
      refused,
    };
    const cardLine = t('topup.from', { card: card ? cardLabel(card) : '' });
    return (
      <AmountStep cardLine={cardLine} title={t('topup.amountTitle')} busy={busy} busyText={t('topup.applying')} problem={entry.problem ? message[entry.problem]() : null} onChangeCard={() => send({ type: 'card.change' })} onSubmit={entry.submit}>
        <AmountField id="topup-amount" label={t('topup.amountLabel')} value={entry.text} onChange={entry.change} describedBy="topup-limits" disabled={busy}>
          <ul id="topup-limits" className="kw-bank-limits">
            {rules?.perTransaction != null && <li>{t('topup.perTransaction', { amount: kz(rules.perTransaction) })}</li>}
            {rules?.daily != null && <li>{t('topup.daily', { amount: kz(rules.daily) })}</li>}
          </ul>
        </AmountField>
      </AmountStep>
    );
  };
  if (state.matches('enteringAmount')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{amountForm}</AmountEntryPanel>;
  if (state.matches('applying')) return amountForm(amountSent(context.amountText));
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
  const stage = state.matches('paying') ? 'paying' : state.matches('waitingForBank') ? 'waiting' : state.matches('failedAtBank') ? 'failed' : 'done';
  const failed = { text: t('topup.failedAtBank', { reason: bankReason(context.status?.failReason) }), explanation: t('topup.nothingMoved') };
  const orderNo = context.status?.orderNo;
  const done = { text: t('topup.succeeded', { amount: kz(context.status?.amount ?? context.amount) }), withSummary: false, ...(orderNo && { receipt: `/app/receipt?orderNo=${encodeURIComponent(orderNo)}` }) };
  return <AtTheBank stage={stage} actors={state.children} status={context.status} summaryFor={summaryFor} words={TOPUP_WORDS} onLeave={() => send({ type: 'topup.cancelled' })} onAnother={() => send({ type: 'topup.restarted' })} failed={failed} done={done} />;
}
