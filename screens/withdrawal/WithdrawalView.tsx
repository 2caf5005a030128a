import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { withdrawalMachine, WithdrawalEvent } from '../../machines/withdrawal.machine.ts';
import type { branchPickerMachine } from '../../machines/branchPicker.machine.ts';
import type { cardChoiceMachine } from '../../machines/cardChoice.machine.ts';
import type { BoundCard, WithdrawLimits, WithdrawStatus } from '../../machines/bankFlow.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { languageOf, money } from '../common/format.ts';
import { AmountEntryPanel, amountSent, type AmountEntryActor, type AmountEntryShown } from '../common/AmountEntryView.tsx';
import { BoundCardsPanel, type BoundCardsActor, type BoundCardsSteps } from '../common/BoundCardsView.tsx';
import { BranchPickerPanel } from '../common/BranchPickerView.tsx';
import { BANK_PAYMENT_WORDS, CardChoice, CardChoicePanel, NoBoundCard, cardLabel, useBankReason } from '../common/bank.tsx';
import { AmountStep, AtTheBank, CardStep, type BankWords } from '../common/bankSteps.tsx';
import type { PaymentWords } from '../common/payment.tsx';

type State = SnapshotFrom<typeof withdrawalMachine>;
type Send = (event: WithdrawalEvent) => void;

const LEVEL_LIMITS = ['perTransaction', 'daily', 'monthly'];
const BANK_LIMITS = ['min', 'perTransaction', 'daily'];
export const WITHDRAWAL_PAYMENT_WORDS: PaymentWords = { ...BANK_PAYMENT_WORDS, paying: 'withdrawal.applying', uncertain: 'withdrawal.uncertain', cancel: 'withdrawal.backToReview', back: 'withdrawal.backToReview' };
const WITHDRAWAL_WORDS: BankWords = { ...WITHDRAWAL_PAYMENT_WORDS, pending: 'withdrawal.pending', pendingExplain: 'withdrawal.pendingExplain', another: 'withdrawal.another' };

/**
 * The withdrawal's amount (the amountEntry child's state, or the amount being quoted): the card, the
 * balance and the limits in view, and why the amount was refused — by the checks here, or by the
 * server (not enough money, the account level's or the bank's limit, no answer).
 */
export function WithdrawalAmountForm({ entry, card, available, limits, busy, onCardChange }: {
  entry: AmountEntryShown;
  card: BoundCard | null;
  available: number | null;
  limits: WithdrawLimits | null;
  busy: boolean;
  onCardChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const kz = (centimos: number) => money(centimos, language);
  const shownAvailable = available === null ? '' : kz(available);
  const refused = () => {
    const refusal = entry.refusal;
    if (!refusal?.code) return t('network.gateway');
    if (refusal.code === 'FND10003') return refusal.detail && LEVEL_LIMITS.includes(refusal.detail) ? t(`withdrawal.levelLimits.${refusal.detail}`) : t('errors.FND10003');
    if (refusal.code === 'CRD10010') return refusal.detail && BANK_LIMITS.includes(refusal.detail) ? t(`withdrawal.bankLimits.${refusal.detail}`) : t('errors.CRD10010');
    return t(`errors.${refusal.code}`);
  };
  const message = {
    unreadable: () => t('bank.common.amountUnreadable'),
    notPositive: () => t('bank.common.amountNotPositive'),
    belowMin: () => t('withdrawal.belowMin', { min: kz(limits?.bank.min ?? 0) }),
    overLimit: () => (entry.exceeded === 'available' ? t('withdrawal.overAvailable', { available: shownAvailable }) : t('withdrawal.overMax', { max: kz(limits?.maxAmount ?? 0) })),
    refused,
  };
  return (
    <AmountStep cardLine={t('withdrawal.to', { card: card ? cardLabel(card) : '' })} title={t('withdrawal.amountTitle')} busy={busy} busyText={t('withdrawal.quoting')} problem={entry.problem ? message[entry.problem]() : null} onChangeCard={onCardChange} onSubmit={entry.submit}>
      <AmountField id="withdraw-amount" label={t('withdrawal.amountLabel')} value={entry.text} onChange={entry.change} describedBy="withdraw-limits" disabled={busy}>
        <ul id="withdraw-limits" className="kw-bank-limits">
          <li>{t('withdrawal.available', { amount: shownAvailable })}</li>
          <li>{t('withdrawal.max', { amount: kz(limits?.maxAmount ?? 0) })}</li>
          <li>{t('withdrawal.min', { amount: kz(limits?.bank.min ?? 0) })}</li>
        </ul>
      </AmountField>
    </AmountStep>
  );
}

/** Renders the withdrawal chart: card, amount within the limits, charge and total, branch, pay password, the bank's answer. */
export function WithdrawalView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const bankReason = useBankReason();
  const { context } = state;
  const kz = (centimos: number) => money(centimos, language);
  const card = context.cards.find((c) => c.cardId === context.cardId) ?? null;
  const busy = state.hasTag('busy');
  const available = context.available === null ? '' : kz(context.available);

  if (state.matches('loadingInfo')) {
    const steps: BoundCardsSteps = {
      loading: <Loading />,
      failed: (errorCode, retry) => <LoadFailedStep errorCode={errorCode} fallback={t('withdrawal.infoFailed')} onRetry={retry} />,
      none: () => <NoBoundCard text={t('withdrawal.noCards')} from="withdraw" />,
    };
    return <BoundCardsPanel actor={state.children.boundCards as BoundCardsActor | undefined} steps={steps} />;
  }
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('bank.common.verify')} />;
  }
  const balance = <p className="kw-bank-balance">{t('withdrawal.available', { amount: available })}</p>;
  if (state.matches('choosingCard') || state.matches('loadingCard') || state.matches('checkingBranchNeed')) {
    const choice = state.matches('choosingCard')
      ? <CardChoicePanel actor={state.children.cardChoice as ActorRefFrom<typeof cardChoiceMachine> | undefined} unanswered={t('network.gateway')} />
      : <CardChoice cards={context.cards} disabled onChoose={() => undefined} />;
    return (
      <CardStep title={t('withdrawal.cardTitle')} choice={choice} busy={busy} busyText={t('withdrawal.loadingCard')} from="withdraw">
        {balance}
      </CardStep>
    );
  }
  if (state.matches('enteringAmount')) {
    return (
      <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>
        {(entry) => <WithdrawalAmountForm entry={entry} card={card} available={context.available} limits={context.limits} busy={false} onCardChange={() => send({ type: 'card.change' })} />}
      </AmountEntryPanel>
    );
  }
  if (state.matches('quoting')) return <WithdrawalAmountForm entry={amountSent(context.amountText)} card={card} available={context.available} limits={context.limits} busy onCardChange={() => undefined} />;
  // after a reload the bank's status is all there is to show
  const shownWith = (bankStatus: WithdrawStatus | null) => ({ card: card ?? bankStatus?.card ?? null, amount: bankStatus?.amount ?? context.amount, charge: bankStatus?.charge ?? context.charge });
  const summaryFor = (bankStatus: WithdrawStatus | null) => {
    const shown = shownWith(bankStatus);
    return shown.amount > 0 && (
    <dl className="kw-summary kw-bank-summary">
      <dt>{t('withdrawal.card')}</dt>
      <dd>{shown.card ? cardLabel(shown.card) : ''}</dd>
      <dt>{t('withdrawal.amount')}</dt>
      <dd>{kz(shown.amount)}</dd>
      <dt>{t('withdrawal.charge')}</dt>
      <dd>{kz(shown.charge)}</dd>
      <dt>{t('withdrawal.total')}</dt>
      <dd><strong>{kz(shown.amount + shown.charge)}</strong></dd>
      {context.needBranch && context.branch && (
        <>
          <dt>{t('withdrawal.branch')}</dt>
          <dd>{context.branch.name}</dd>
        </>
      )}
    </dl>
    );
  };
  const summary = summaryFor(context.status);
  const shown = shownWith(context.status);
  if (state.matches('pickingBranch')) {
    const child = state.children.branchPicker as ActorRefFrom<typeof branchPickerMachine> | undefined;
    return (
      <div className="kw-form">
        {summary}
        {child && <BranchPickerPanel actor={child} />}
        <Button block size="large" onClick={() => send({ type: 'amount.edit' })}>{t('bank.common.changeAmount')}</Button>
      </div>
    );
  }
  if (state.matches('reviewing')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('withdrawal.reviewTitle')}</h2>
        {summary}
        {state.matches({ reviewing: 'chargeChanged' }) && (
          <FieldError>{t('withdrawal.chargeChanged', { before: kz(context.previousCharge ?? 0), after: kz(context.charge) })}</FieldError>
        )}
        <p className="kw-muted-text">{t('withdrawal.holdExplain')}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'withdrawal.confirmed' })}>{t('withdrawal.confirm')}</Button>
        {context.needBranch && <Button block size="large" onClick={() => send({ type: 'branch.change' })}>{t('withdrawal.changeBranch')}</Button>}
        <Button block size="large" onClick={() => send({ type: 'amount.edit' })}>{t('bank.common.changeAmount')}</Button>
      </div>
    );
  }
  const stage = state.matches('paying') ? 'paying' : state.matches('pending') ? 'waiting' : state.matches('failedAtBank') ? 'failed' : 'done';
  const failed = { text: t('withdrawal.failedAtBank', { reason: bankReason(context.status?.failReason) }), explanation: t('withdrawal.released', { amount: kz(shown.amount + shown.charge) }) };
  // (after a reload only the bank's status is known: it names the withdrawal too)
  const withdrawNo = context.receipt?.withdrawNo ?? context.status?.withdrawNo;
  const receipt = withdrawNo ? `/app/receipt?withdrawNo=${encodeURIComponent(withdrawNo)}` : undefined;
  const done = { text: t('withdrawal.succeeded', { amount: kz(shown.amount), card: shown.card ? cardLabel(shown.card) : '' }), withSummary: true, ...(receipt && { receipt }) };
  // a withdrawal waiting for the bank has its receipt already (state "À espera do banco"): its money is held
  return <AtTheBank pendingReceipt={receipt} stage={stage} actors={state.children} status={context.status} summaryFor={summaryFor} words={WITHDRAWAL_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} onAnother={() => send({ type: 'withdrawal.restarted' })} failed={failed} done={done} />;
}
