import { Button } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BoundCard } from '../../machines/bankFlow.ts';
import type { bankSettlementMachine, BankStatus } from '../../machines/bankSettlement.machine.ts';
import type { cardChoiceMachine, CardChoiceEvent } from '../../machines/cardChoice.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';

/** The bank's reasons for refusing a payment that have a text of their own (contracts topup/withdraw). */
const REASONS = ['INSUFFICIENT_FUNDS', 'DECLINED', 'LIMIT_EXCEEDED', 'CARD_BLOCKED', 'CARD_UNKNOWN', 'BRANCH_REQUIRED'];

export function useBankReason() {
  const { t } = useTranslation();
  return (reason: string | null | undefined) => (reason && REASONS.includes(reason) ? t(`bank.reasons.${reason}`) : t('bank.reasons.other'));
}

/** "BAI 6004 00** **** 0011" */
export const cardLabel = (card: Pick<BoundCard, 'bankShort' | 'maskedCardNo'>) => `${card.bankShort} ${card.maskedCardNo}`;

/** One button per bound card; choosing one sends its id. */
export function CardChoice({ cards, disabled, onChoose }: { cards: BoundCard[]; disabled: boolean; onChoose: (cardId: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="kw-bank-cards" aria-label={t('bank.common.cards')}>
      {cards.map((card) => (
        <li key={card.cardId}>
          <button type="button" className="kw-bank-card" disabled={disabled} onClick={() => onChoose(card.cardId)}>
            <span className="kw-bank-card-bank">{card.bankShort}</span>{' '}
            <span className="kw-bank-card-number">{card.maskedCardNo}</span>{' '}
            <span className="kw-bank-card-name">{card.bankName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The card choice (cardChoice child): the cards to choose from, and why the page is back at the
 * choice if it is (the server's refusal, or `unanswered`: the page's words for no answer).
 */
export function CardChoiceView({ state, send, unanswered }: { state: SnapshotFrom<typeof cardChoiceMachine>; send: (event: CardChoiceEvent) => void; unanswered: string }) {
  const { t } = useTranslation();
  const trouble = state.context.trouble;
  return (
    <>
      <CardChoice cards={state.context.cards} disabled={false} onChoose={(cardId) => send({ type: 'card.chosen', cardId })} />
      {state.matches({ choosing: 'troubled' }) && trouble && <FieldError>{trouble.code ? t(`errors.${trouble.code}`) : unanswered}</FieldError>}
    </>
  );
}

/** The page's card choice child, drawn from its own actor. */
export function CardChoicePanel({ actor, unanswered }: { actor: ActorRefFrom<typeof cardChoiceMachine> | undefined; unanswered: string }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <CardChoiceView state={state} send={(event) => actor.send(event)} unanswered={unanswered} /> : null;
}

/** Nothing to pay with yet: the way to bind a debit card, which comes back to `from`. */
export function NoBoundCard({ text, from }: { text: string; from: 'topup' | 'withdraw' }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <Notice>{text}</Notice>
      <LinkButton href={`/app/cards/bind?from=${from}`} primary>{t('bank.common.bindCard')}</LinkButton>
    </div>
  );
}

/** What the payment steps (payment.tsx's PaymentWords) of top-up and withdrawal say alike, from the `bank` part of the dictionary; each adds its own. */
export const BANK_PAYMENT_WORDS = {
  uncertainTitle: 'bank.common.uncertainTitle', retry: 'bank.common.retrySame', checkRecords: 'bank.common.checkRecords', locked: 'bank.common.locked', setPayPassword: 'bank.common.setPayPassword',
};

/** Ways out once the payment is with the bank: the wallet or the records. */
function LeaveLinks() {
  const { t } = useTranslation();
  return (
    <div className="kw-wallet-links">
      <LinkButton href="/app/wallet">{t('bank.common.toWallet')}</LinkButton>
      <LinkButton href="/app/funddetail">{t('bank.common.checkRecords')}</LinkButton>
    </div>
  );
}

interface WaitingProps {
  /** The payment's summary, given the bank's latest status (after a reload, the only source). */
  summary: (status: BankStatus | null) => React.ReactNode;
  pending: string;
  explanation: string;
  /** Starting another payment meanwhile: this one settles without the page. */
  another: { label: string; onStart: () => void };
  /** Where the receipt opens while the bank has not answered (a withdrawal has one: its money is held). */
  receipt?: string;
}

/** The bank has not answered yet: the bankSettlement child's state, polling, and ways to leave. */
export function WaitingForBankView({ settlement, summary, pending, explanation, another, receipt }: WaitingProps & { settlement: SnapshotFrom<typeof bankSettlementMachine> | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {summary(settlement?.context.status ?? null)}
      <p className="kw-bank-waiting" role="status"><span className="kw-spinner kw-spinner-dark" aria-hidden="true" /> {pending}</p>
      <p className="kw-muted-text">{explanation}</p>
      {settlement?.matches('unreachable') && <p className="kw-muted-text">{t('bank.common.pollTrouble')}</p>}
      <p className="kw-muted-text">{t('bank.common.canLeave')}</p>
      {receipt && <LinkButton href={receipt}>{t('common.viewReceipt')}</LinkButton>}
      {/* styled as the links beside it: a way on, not the main action */}
      <button type="button" className="kw-button kw-button-block" onClick={another.onStart}>{another.label}</button>
      <LeaveLinks />
    </div>
  );
}

export function WaitingForBank({ actor, ...props }: WaitingProps & { actor: ActorRefFrom<typeof bankSettlementMachine> | undefined }) {
  const settlement = useSelector(actor, (snapshot) => snapshot);
  return <WaitingForBankView settlement={settlement} {...props} />;
}

/** The bank has answered: paid (the success and, if the flow shows it, the summary) or refused (the summary, why, what it meant for the money). */
export function BankOutcome({ refused, text, summary, explanation, another, receipt }: {
  refused: boolean;
  text: string;
  summary: React.ReactNode;
  /** What a refusal meant for the money. */
  explanation?: string;
  another: { label: string; onStart: () => void };
  /** Where the receipt of the money moved opens (issue 26), once the bank paid. */
  receipt?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {refused ? (
        <>
          {summary}
          <FieldError>{text}</FieldError>
          <p className="kw-muted-text">{explanation}</p>
        </>
      ) : (
        <>
          <Notice kind="success">{text}</Notice>
          {summary}
          {receipt && <LinkButton href={receipt} primary>{t('common.viewReceipt')}</LinkButton>}
        </>
      )}
      <Button block color="primary" size="large" onClick={another.onStart}>{another.label}</Button>
      <LeaveLinks />
    </div>
  );
}
