import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { bankSettlementMachine, BankStatus } from '../../machines/bankSettlement.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { BankOutcome, WaitingForBank } from './bank.tsx';
import { PaymentPanel, type PaymentWords } from './payment.tsx';

/**
 * The steps top-up and withdrawal take alike, each in its own words: the card, the amount against
 * it, then the payment and the bank's answer. Apart from bank.tsx, which the card screens load
 * too: these bring the payment's secure keypad with them.
 */

/** Choosing the bound card (to pay with, or to be paid to): the choice (the cardChoice child's, or the cards while the chosen one's limits are fetched), what is fetched, and binding another. */
export function CardStep({ title, choice, busy, busyText, from, children }: {
  title: string;
  choice: ReactNode;
  busy: boolean;
  /** What is fetched for the chosen card while `busy` (its limits). */
  busyText: string;
  /** Where binding another card comes back to. */
  from: 'topup' | 'withdraw';
  /** Shown above the title (the withdrawal's available balance). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      {children}
      <h2 className="kw-step-title">{title}</h2>
      {choice}
      {busy && <Notice>{busyText}</Notice>}
      <a className="kw-text-button kw-centered-text" href={`/app/cards/bind?from=${from}`}>{t('bank.common.bindAnother')}</a>
    </div>
  );
}

/** The amount against the chosen card: changing the card, the field and its limits (`children`), why the amount was refused, its check on the way. */
export function AmountStep({ cardLine, title, busy, busyText, problem, onChangeCard, onSubmit, children }: {
  /** "From BAI 6004 00** **** 0011" / "To …". */
  cardLine: string;
  title: string;
  busy: boolean;
  busyText: string;
  problem: string | null;
  onChangeCard: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      <div className="kw-row-actions">
        <p className="kw-muted-text">{cardLine}</p>
        <button type="button" className="kw-text-button" disabled={busy} onClick={onChangeCard}>{t('bank.common.changeCard')}</button>
      </div>
      <h2 className="kw-step-title">{title}</h2>
      {children}
      {problem && <FieldError>{problem}</FieldError>}
      {busy && <Notice>{busyText}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('bank.common.continue')}</Button>
    </form>
  );
}

/** The i18n keys of what a bank flow says once its amount is set: its payment's words, waiting for the bank, starting another. */
export interface BankWords extends PaymentWords {
  pending: string;
  pendingExplain: string;
  another: string;
}

/**
 * Once the amount is set: the pay password (the payment child), waiting for the bank (the
 * bankSettlement child, polling) and the bank's answer. The summary is drawn from the bank's status
 * when there is one: after a reload it is all there is.
 */
export function AtTheBank<S extends BankStatus>({ stage, actors, status, summaryFor, words, onLeave, onAnother, failed, done, pendingReceipt }: {
  stage: 'paying' | 'waiting' | 'failed' | 'done';
  /** The flow's children: the `payment` and `bankSettlement` charts it invokes. */
  actors: { payment?: AnyActorRef; bankSettlement?: AnyActorRef };
  status: S | null;
  summaryFor: (status: S | null) => ReactNode;
  words: BankWords;
  /** The parent's cancel while the pay password is asked. */
  onLeave: () => void;
  onAnother: () => void;
  /** The bank refused: why, and what that meant for the money. */
  failed: { text: string; explanation: string };
  /** The bank paid: the words, whether the summary stays below them, and where its receipt opens. */
  done: { text: string; withSummary: boolean; receipt?: string };
  /** Where the receipt opens while the bank has not answered, for a flow that has one then. */
  pendingReceipt?: string;
}) {
  const { t } = useTranslation();
  const summary = summaryFor(status);
  if (stage === 'paying') return <PaymentPanel actor={actors.payment as ActorRefFrom<typeof paymentMachine> | undefined} summary={summary} words={words} onLeave={onLeave} />;
  const another = { label: t(words.another), onStart: onAnother };
  if (stage === 'waiting') {
    const settlement = actors.bankSettlement as ActorRefFrom<typeof bankSettlementMachine> | undefined;
    return <WaitingForBank actor={settlement} summary={(bankStatus) => summaryFor((bankStatus as S | null) ?? status)} pending={t(words.pending)} explanation={t(words.pendingExplain)} another={another} receipt={pendingReceipt} />;
  }
  if (stage === 'failed') return <BankOutcome refused text={failed.text} summary={summary} explanation={failed.explanation} another={another} />;
  return <BankOutcome refused={false} text={done.text} summary={done.withSummary ? summary : null} another={another} receipt={done.receipt} />;
}
