import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { dailyPayoutMachine, DailyPayoutEvent } from '../../machines/dailyPayout.machine.ts';
import type { PayoutLine } from '../../services/contract/dailyPayout.ts';
import type { Language } from '../../src/lib/language.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { Field } from '../../src/ui/Field.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, money } from '../common/format.ts';
import '../common/wallet.css';
import './dailyPayout.css';

type State = SnapshotFrom<typeof dailyPayoutMachine>;
type Send = (event: DailyPayoutEvent) => void;

/** The daily payout: on or off, the time, the card, the balance now, then the latest payouts with their state. */
export function DailyPayoutView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;

  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) return <LoadFailedStep errorCode={context.errorCode} fallback={t('dailyPayout.failed')} onRetry={() => send({ type: 'payout.retry' })} />;
  if (state.matches('ownerOnly')) return <div className="kw-form"><Notice>{t('dailyPayout.ownerOnly')}</Notice></div>;
  if (state.matches('notMerchant')) {
    return (
      <div className="kw-form">
        <Notice>{t('dailyPayout.notMerchant')}</Notice>
        <LinkButton href="/app/open" primary>{t('titles.merchantOpening')}</LinkButton>
      </div>
    );
  }
  const settings = context.settings!;
  const { form } = context;
  const saving = state.matches('saving');
  const chosen = settings.cards.find((c) => c.cardId === form.cardId);
  const cardText = (card: { bankShort: string; maskedCardNo: string }) => `${card.bankShort} ${card.maskedCardNo}`;
  return (
    <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'payout.saved' }); }}>
      <p className="kw-muted-text">{t('dailyPayout.intro')}</p>
      {state.matches({ ready: 'saved' }) && (
        <Notice kind="success">{settings.enabled && chosen ? t('dailyPayout.savedOn', { time: settings.time, card: cardText(chosen) }) : t('dailyPayout.savedOff')}</Notice>
      )}
      <label className="kw-payout-switch">
        <input type="checkbox" checked={form.enabled} disabled={saving} onChange={() => send({ type: 'enabled.toggled' })} />
        <span>{t('dailyPayout.enabled')}</span>
      </label>
      <Field id="payout-time" label={t('dailyPayout.time')}>
        <input id="payout-time" className="kw-input" type="time" step={60} required value={form.time} disabled={saving}
          onChange={(e) => send({ type: 'time.changed', time: e.target.value.slice(0, 5) })} />
      </Field>
      <fieldset className="kw-payout-cards" disabled={saving}>
        <legend className="kw-label">{t('dailyPayout.card')}</legend>
        {settings.cards.length === 0 && (
          <>
            <Notice>{t('dailyPayout.noCards')}</Notice>
            <LinkButton href="/app/cards/bind">{t('dailyPayout.bindCard')}</LinkButton>
          </>
        )}
        {settings.cards.map((card) => (
          <label key={card.cardId} className="kw-payout-card">
            <input type="radio" name="payout-card" value={card.cardId} checked={form.cardId === card.cardId} disabled={card.needBranch}
              onChange={() => send({ type: 'card.chosen', cardId: card.cardId })} />
            <span>{cardText(card)}{card.needBranch && <span className="kw-hint"> — {t('dailyPayout.needsBranch')}</span>}</span>
          </label>
        ))}
      </fieldset>
      <Summary rows={[[t('dailyPayout.balance'), money(settings.balance, language)]]} />
      {settings.minimum > 0 && <p className="kw-hint">{t('dailyPayout.minimum', { amount: money(settings.minimum, language) })}</p>}
      {state.matches({ ready: 'refused' }) && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway')}</FieldError>}
      <Button block color="primary" size="large" type="submit" disabled={saving || !state.can({ type: 'payout.saved' })}>
        {saving ? t('dailyPayout.saving') : t('dailyPayout.save')}
      </Button>
      <h2 className="kw-section-title">{t('dailyPayout.recent')}</h2>
      {settings.recent.length === 0 ? (
        <p className="kw-muted-text">{t('dailyPayout.none')}</p>
      ) : (
        <ul className="kw-payout-list" aria-label={t('dailyPayout.recent')}>
          {settings.recent.map((line) => <PayoutItem key={line.day} line={line} language={language} />)}
        </ul>
      )}
      <button type="button" className="kw-text-button" disabled={saving} onClick={() => send({ type: 'payout.refresh' })}>{t('dailyPayout.refresh')}</button>
      <LinkButton href="/app/dayreport">{t('dailyPayout.dayReport')}</LinkButton>
    </form>
  );
}

function PayoutItem({ line, language }: { line: PayoutLine; language: Language }) {
  const { t } = useTranslation();
  const reason = line.reason === null ? null
    : ['empty', 'belowMinimum', 'limitReached'].includes(line.reason) ? t(`dailyPayout.reason.${line.reason}`)
      : t('dailyPayout.reason.other', { reason: t(`errors.${line.reason}`, { defaultValue: line.reason }) });
  return (
    <li className={`kw-payout-line kw-payout-${line.status}`}>
      <span className="kw-payout-day">{formatDate(line.day, language)}</span>
      <span className="kw-payout-status">{t(`dailyPayout.status.${line.status}`)}{reason && ` — ${reason}`}</span>
      {line.status !== 'skipped' && (
        <>
          <span className="kw-fund-amount">{money(line.amount, language)}</span>
          <span className="kw-hint">{t('dailyPayout.charge', { amount: money(line.charge, language) })} · {line.bankShort} {line.maskedCardNo}</span>
        </>
      )}
    </li>
  );
}
