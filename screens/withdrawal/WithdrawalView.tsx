import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { withdrawalMachine, WithdrawalEvent } from '../../machines/withdrawal.machine.ts';
import type { branchPickerMachine } from '../../machines/branchPicker.machine.ts';
import type { WithdrawStatus } from '../../machines/bankFlow.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { languageOf, money } from '../common/format.ts';
import { BranchPickerPanel } from '../common/BranchPickerView.tsx';
import { BANK_PAYMENT_WORDS, NoBoundCard, cardLabel, useBankReason } from '../common/bank.tsx';
import { AmountStep, AtTheBank, CardStep, type BankWords } from '../common/bankSteps.tsx';
import type { PaymentWords } from '../common/payment.tsx';

type State = SnapshotFrom<typeof withdrawalMachine>;
type Send = (event: WithdrawalEvent) => void;

const AMOUNT_PROBLEMS = ['unreadable', 'notPositive', 'belowMin', 'overAvailable', 'overMax', 'insufficient', 'limitExceeded', 'bankLimit', 'refused', 'unreachable'] as const;
const LEVEL_LIMITS = ['perTransaction', 'daily', 'monthly'];
const BANK_LIMITS = ['min', 'perTransaction', 'daily'];
export const WITHDRAWAL_PAYMENT_WORDS: PaymentWords = { ...BANK_PAYMENT_WORDS, paying: 'withdrawal.applying', uncertain: 'withdrawal.uncertain', cancel: 'withdrawal.backToReview', back: 'withdrawal.backToReview' };
const WITHDRAWAL_WORDS: BankWords = { ...WITHDRAWAL_PAYMENT_WORDS, pending: 'withdrawal.pending', pendingExplain: 'withdrawal.pendingExplain', another: 'withdrawal.another' };

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

  if (state.matches('loadingInfo')) return <Loading />;
  if (state.matches('infoFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('withdrawal.infoFailed')} onRetry={() => send({ type: 'info.retry' })} />;
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('bank.common.verify')} />;
  }
  if (state.matches('noCards')) {
    return <NoBoundCard text={t('withdrawal.noCards')} from="withdraw" />;
  }
  const balance = <p className="kw-bank-balance">{t('withdrawal.available', { amount: available })}</p>;
  if (state.matches('choosingCard') || state.matches('loadingCard') || state.matches('checkingBranchNeed')) {
    const problem = state.matches({ choosingCard: 'refused' }) ? t(`errors.${context.errorCode ?? 'AGW50000'}`) : state.matches({ choosingCard: 'unreachable' }) ? t('errors.network.gateway') : null;
    return (
      <CardStep title={t('withdrawal.cardTitle')} cards={context.cards} busy={busy} busyText={t('withdrawal.loadingCard')} problem={problem} from="withdraw" onChoose={(cardId) => send({ type: 'card.chosen', cardId })}>
        {balance}
      </CardStep>
    );
  }
  const limits = context.limits;
  if (state.matches('enteringAmount') || state.matches('quoting')) {
    const problem = AMOUNT_PROBLEMS.find((p) => state.matches({ enteringAmount: p }));
    const levelLimit = context.limit && LEVEL_LIMITS.includes(context.limit) ? t(`withdrawal.levelLimits.${context.limit}`) : t('errors.FND10003');
    const bankLimit = context.limit && BANK_LIMITS.includes(context.limit) ? t(`withdrawal.bankLimits.${context.limit}`) : t('errors.CRD10010');
    const messages: Record<(typeof AMOUNT_PROBLEMS)[number], string> = {
      unreadable: t('bank.common.amountUnreadable'),
      notPositive: t('bank.common.amountNotPositive'),
      belowMin: t('withdrawal.belowMin', { min: kz(limits?.bank.min ?? 0) }),
      overAvailable: t('withdrawal.overAvailable', { available }),
      overMax: t('withdrawal.overMax', { max: kz(limits?.maxAmount ?? 0) }),
      insufficient: t('errors.FND10001'),
      limitExceeded: levelLimit,
      bankLimit,
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
      unreachable: t('errors.network.gateway'),
    };
    const cardLine = t('withdrawal.to', { card: card ? cardLabel(card) : '' });
    const onSubmit = () => send({ type: 'amount.submitted' });
    return (
      <AmountStep cardLine={cardLine} title={t('withdrawal.amountTitle')} busy={busy} busyText={t('withdrawal.quoting')} problem={problem ? messages[problem] : null} onChangeCard={() => send({ type: 'card.change' })} onSubmit={onSubmit}>
        <AmountField id="withdraw-amount" label={t('withdrawal.amountLabel')} value={context.amountText} onChange={(value) => send({ type: 'amount.changed', value })} describedBy="withdraw-limits" disabled={busy}>
          <ul id="withdraw-limits" className="kw-bank-limits">
            <li>{t('withdrawal.available', { amount: available })}</li>
            <li>{t('withdrawal.max', { amount: kz(limits?.maxAmount ?? 0) })}</li>
            <li>{t('withdrawal.min', { amount: kz(limits?.bank.min ?? 0) })}</li>
          </ul>
        </AmountField>
      </AmountStep>
    );
  }
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
  const done = { text: t('withdrawal.succeeded', { amount: kz(shown.amount), card: shown.card ? cardLabel(shown.card) : '' }), withSummary: true };
  return <AtTheBank stage={stage} actors={state.children} status={context.status} summaryFor={summaryFor} words={WITHDRAWAL_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} onAnother={() => send({ type: 'withdrawal.restarted' })} failed={failed} done={done} />;
}
