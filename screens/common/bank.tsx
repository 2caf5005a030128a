import { useTranslation } from 'react-i18next';
import type { BoundCard } from '../../machines/bankFlow.ts';

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

/** Nothing to pay with yet: the way to bind a debit card, which comes back to `from`. */
export function NoBoundCard({ text, from }: { text: string; from: 'topup' | 'withdraw' }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <p className="kw-muted-text" role="status">{text}</p>
      <LinkButton href={`/app/cards/bind?from=${from}`} primary>{t('bank.common.bindCard')}</LinkButton>
    </div>
  );
}

/** A link styled as a full-width button. */
export function LinkButton({ href, primary = false, children }: { href: string; primary?: boolean; children: React.ReactNode }) {
  return <a className={`kw-button kw-button-block kw-link-button kw-centered-text${primary ? ' kw-button-primary' : ''}`} href={href}>{children}</a>;
}

