import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { topupMachine, TopupEvent } from '../../machines/topup.machine.ts';
import type { TopupStatus } from '../../machines/bankFlow.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading, VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { CodeEntryPanel, type CodeEntryActor } from '../common/CodeEntryView.tsx';
import { languageOf, money } from '../common/format.ts';
import { BANK_PAYMENT_WORDS, NoBoundCard, cardLabel, useBankReason } from '../common/bank.tsx';
import { AmountStep, AtTheBank, CardStep, type BankWords } from '../common/bankSteps.tsx';
import type { PaymentWords } from '../common/payment.tsx';

type State = SnapshotFrom<typeof topupMachine>;
type Send = (event: TopupEvent) => void;

const AMOUNT_PROBLEMS = ['unreadable', 'notPositive', 'overPerTransaction', 'bankLimit', 'limitExceeded', 'refused', 'unreachable'] as const;
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

  if (state.matches('loadingCards')) return <Loading />;
  if (state.matches('cardsFailed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('topup.cardsFailed')} onRetry={() => send({ type: 'cards.retry' })} />;
  if (state.matches('noCards')) {
    return <NoBoundCard text={t('topup.noCards')} from="topup" />;
  }
  if (state.matches('notVerified')) {
    return <VerifyFirst label={t('bank.common.verify')} />;
  }
  if (state.matches('choosingCard') || state.matches('loadingRules')) {
    const problem = state.matches({ choosingCard: 'unreachable' }) ? (context.errorCode ? t(`errors.${context.errorCode}`) : t('topup.limitsFailed')) : null;
    return <CardStep title={t('topup.cardTitle')} cards={context.cards} busy={busy} busyText={t('topup.loadingLimits')} problem={problem} from="topup" onChoose={(cardId) => send({ type: 'card.chosen', cardId })} />;
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
    const cardLine = t('topup.from', { card: card ? cardLabel(card) : '' });
    const onSubmit = () => send({ type: 'amount.submitted' });
    return (
      <AmountStep cardLine={cardLine} title={t('topup.amountTitle')} busy={busy} busyText={t('topup.applying')} problem={problem ? messages[problem] : null} onChangeCard={() => send({ type: 'card.change' })} onSubmit={onSubmit}>
        <AmountField id="topup-amount" label={t('topup.amountLabel')} value={context.amountText} onChange={(value) => send({ type: 'amount.changed', value })} describedBy="topup-limits" disabled={busy}>
          <ul id="topup-limits" className="kw-bank-limits">
            {rules?.perTransaction != null && <li>{t('topup.perTransaction', { amount: kz(rules.perTransaction) })}</li>}
            {rules?.daily != null && <li>{t('topup.daily', { amount: kz(rules.daily) })}</li>}
          </ul>
        </AmountField>
      </AmountStep>
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
  const stage = state.matches('paying') ? 'paying' : state.matches('waitingForBank') ? 'waiting' : state.matches('failedAtBank') ? 'failed' : 'done';
  const failed = { text: t('topup.failedAtBank', { reason: bankReason(context.status?.failReason) }), explanation: t('topup.nothingMoved') };
  const done = { text: t('topup.succeeded', { amount: kz(context.status?.amount ?? context.amount) }), withSummary: false };
  return <AtTheBank stage={stage} actors={state.children} status={context.status} summaryFor={summaryFor} words={TOPUP_WORDS} onLeave={() => send({ type: 'topup.cancelled' })} onAnother={() => send({ type: 'topup.restarted' })} failed={failed} done={done} />;
}
