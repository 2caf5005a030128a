import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { cardListMachine, CardListEvent } from '../../machines/cardList.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { cardLabel } from '../common/bank.tsx';
import { BoundCardsPanel, type BoundCardsActor, type BoundCardsSteps } from '../common/BoundCardsView.tsx';

type State = SnapshotFrom<typeof cardListMachine>;
type Send = (event: CardListEvent) => void;

/** The member's bound cards, removing one after a second question, or the way to bind the first. */
export function CardListView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  // none bound yet (the boundCards child's), or the last one just removed
  const empty = (
    <div className="kw-form">
      {context.chosen && <Notice kind="success">{t('cardList.removed')}</Notice>}
      <h2 className="kw-step-title">{t('cardList.empty')}</h2>
      <p className="kw-muted-text">{t('cardList.emptyExplain')}</p>
      <LinkButton href="/app/cards/bind" primary>{t('bank.common.bindCard')}</LinkButton>
    </div>
  );
  if (state.matches('loading')) {
    const steps: BoundCardsSteps = {
      loading: <Loading />,
      failed: (errorCode, retry) => <LoadFailedStep errorCode={errorCode} fallback={t('cardList.loadFailed')} onRetry={retry} />,
      none: () => empty,
    };
    return <BoundCardsPanel actor={state.children.boundCards as BoundCardsActor | undefined} steps={steps} />;
  }
  if (state.matches('empty')) return empty;
  const chosen = context.chosen;
  const asking = state.matches({ ready: 'confirming' }) || state.matches({ ready: 'removing' }) || state.matches({ ready: 'removeFailed' });
  const removing = state.matches({ ready: 'removing' });
  return (
    <div className="kw-form">
      {state.matches({ ready: 'removed' }) && <Notice kind="success">{t('cardList.removed')}</Notice>}
      <ul className="kw-bank-list" aria-label={t('bank.common.cards')}>
        {context.cards.map((card) => (
          <li key={card.cardId} className="kw-bank-list-item">
            <span className="kw-bank-card-bank">{card.bankShort}</span>
            <span className="kw-bank-card-number">{card.maskedCardNo}</span>
            <span className="kw-bank-card-name">{card.bankName}</span>
            <span className="kw-muted-text">{t('cardList.mobile', { mobile: card.mobileMasked })}</span>
            {card.needBranch && <span className="kw-muted-text">{t('cardList.branchNeeded')}</span>}
            {asking && chosen?.cardId === card.cardId ? (
              <section className="kw-bank-confirm" role="alertdialog" aria-labelledby={`remove-${card.cardId}`}>
                <h3 id={`remove-${card.cardId}`} className="kw-step-title">{t('cardList.confirmTitle', { card: cardLabel(card) })}</h3>
                <p className="kw-muted-text">{t('cardList.confirmExplain')}</p>
                {state.matches({ ready: 'removeFailed' }) && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('cardList.removeFailed')}</FieldError>}
                {removing && <Notice>{t('cardList.removing')}</Notice>}
                <Button block color="danger" size="large" loading={removing} disabled={removing} onClick={() => send({ type: 'removal.confirmed' })}>{t('cardList.confirmRemove')}</Button>
                <Button block size="large" disabled={removing} onClick={() => send({ type: 'removal.cancelled' })}>{t('cardList.keep')}</Button>
              </section>
            ) : (
              <div className="kw-bank-list-actions">
                <LinkButton href="/app/topup" block={false}>{t('cardList.topup')}</LinkButton>
                <LinkButton href="/app/withdraw" block={false}>{t('cardList.withdraw')}</LinkButton>
                <button type="button" className="kw-button" disabled={removing} aria-label={t('cardList.removeCard', { card: cardLabel(card) })} onClick={() => send({ type: 'card.removeRequested', cardId: card.cardId })}>
                  {t('cardList.remove')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <LinkButton href="/app/cards/bind" primary>{t('bank.common.bindAnother')}</LinkButton>
    </div>
  );
}
