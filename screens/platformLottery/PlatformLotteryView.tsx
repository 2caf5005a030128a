import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { platformLotteryMachine, PlatformLotteryEvent, PrizeDelivery } from '../../machines/platformLottery.machine.ts';
import type { PlatformLotteryActivity } from '../../services/contract/platformLottery.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { languageOf, money } from '../common/format.ts';
import { usePlatformFormat } from '../common/platformFormat.ts';
import '../common/platformLottery.css';

type State = SnapshotFrom<typeof platformLotteryMachine>;
type Send = (event: PlatformLotteryEvent) => void;

/** An activity's line: its status, period, what earns draws, draws made, spend against budget, deliveries, the regulator's reference, the commitment and (ended) the seed. */
function ActivityLine({ activity, busy, send }: { activity: PlatformLotteryActivity; busy: boolean; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const format = usePlatformFormat();
  const { deliveries } = activity;
  return (
    <li className="kw-plt-row">
      <span><strong>{activity.name}</strong> <span className="kw-plt-meta">({t(`platformLottery.status.${activity.status}`)})</span></span>
      <span className="kw-plt-meta kw-plt-row-lines">
        {[
          t('platformLottery.period', { from: format.dateTime(activity.startsAt), to: format.dateTime(activity.endsAt) }),
          t(`platformLottery.entry.${activity.entry}`, { threshold: money(activity.threshold, language), count: activity.drawsPerEntry }),
        ].join(' · ')}
      </span>
      <span className="kw-plt-meta kw-plt-row-lines">
        {[
          t('platformLottery.draws', { count: activity.drawsMade }),
          t('platformLottery.spend', { awarded: money(activity.awarded, language), budget: money(activity.budget, language) }),
          t('platformLottery.deliveryCounts', deliveries),
        ].join(' · ')}
      </span>
      <span className="kw-plt-meta kw-plt-row-lines">{t('platformLottery.regulator', { reference: activity.regulatorReference })}</span>
      <span className="kw-plt-meta kw-plt-row-lines kw-lot-hash">{t('platformLottery.commitment', { hash: activity.seedCommitment })}</span>
      {activity.seed && <span className="kw-plt-meta kw-plt-row-lines kw-lot-hash">{t('platformLottery.seed', { seed: activity.seed })}</span>}
      <span className="kw-plt-row-lines">
        <button type="button" className="kw-button" disabled={busy} aria-label={t('platformLottery.deliveriesOne', { name: activity.name })} onClick={() => send({ type: 'activity.opened', id: activity.id })}>
          {t('platformLottery.deliveriesOpen')}
        </button>{' '}
        {activity.status !== 'ended' && (
          <button type="button" className="kw-button kw-plt-button-danger" disabled={busy} aria-label={t('platformLottery.endOne', { name: activity.name })} onClick={() => send({ type: 'activity.ended', id: activity.id })}>
            {t('platformLottery.end')}
          </button>
        )}
      </span>
    </li>
  );
}

/** A winning record's line: who, which prize, how its delivery stands, its attempts and last error; a failed one may be sent again. */
function DeliveryLine({ delivery, busy, send }: { delivery: PrizeDelivery; busy: boolean; send: Send }) {
  const { t, i18n } = useTranslation();
  const format = usePlatformFormat();
  return (
    <li className="kw-plt-row">
      <span>
        <strong>{t('platformLottery.delivery.line', { member: delivery.memberId, prize: delivery.prize, amount: money(delivery.amount, languageOf(i18n.language)) })}</strong>{' '}
        <span className="kw-plt-meta">({t(`platformLottery.delivery.status.${delivery.status}`)})</span>
      </span>
      <span className="kw-plt-meta kw-plt-row-lines">
        {[
          t('platformLottery.delivery.wonAt', { at: format.dateTime(delivery.wonAt) }),
          ...(delivery.deliveredAt ? [t('platformLottery.delivery.deliveredAt', { at: format.dateTime(delivery.deliveredAt) })] : []),
          t('platformLottery.delivery.attempts', { count: delivery.attempts }),
        ].join(' · ')}
      </span>
      {delivery.lastError && <span className="kw-plt-meta kw-plt-row-lines">{t('platformLottery.delivery.lastError', { error: delivery.lastError })}</span>}
      {delivery.status === 'failed' && (
        <span className="kw-plt-row-lines">
          <button type="button" className="kw-button" disabled={busy} aria-label={t('platformLottery.delivery.retryOne', { id: delivery.id })} onClick={() => send({ type: 'delivery.retried', winningId: delivery.id })}>
            {t('platformLottery.delivery.retry')}
          </button>
        </span>
      )}
    </li>
  );
}

/** An activity's prize deliveries (the `deliveries` state): failed first, each sent again when failed. */
function Deliveries({ state, send, activity }: { state: State; send: Send; activity: PlatformLotteryActivity | undefined }) {
  const { t } = useTranslation();
  const { context } = state;
  const busy = state.hasTag('busy');
  let body: React.ReactNode;
  if (state.matches({ deliveries: 'loading' })) body = <p className="kw-plt-status" role="status">{t('common.loading')}</p>;
  else if (state.matches({ deliveries: 'failed' })) {
    body = (
      <div className="kw-plt-status">
        <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('platform.common.failed')}</FieldError>
        <button type="button" className="kw-button" onClick={() => send({ type: 'deliveries.retry' })}>{t('common.retry')}</button>
      </div>
    );
  } else if (context.deliveries.length === 0) body = <p className="kw-plt-empty">{t('platformLottery.deliveriesEmpty')}</p>;
  else {
    body = (
      <ul className="kw-plt-list" aria-label={t('platformLottery.deliveriesTitle', { name: activity?.name ?? '' })}>
        {context.deliveries.map((delivery) => <DeliveryLine key={delivery.id} delivery={delivery} busy={busy} send={send} />)}
      </ul>
    );
  }
  const notice = state.matches({ deliveries: 'retrying' }) ? <p className="kw-plt-meta" role="status">{t('platformLottery.delivery.retrying')}</p>
    : state.matches({ deliveries: { shown: 'retried' } }) ? <p className="kw-plt-meta" role="status">{t('platformLottery.delivery.retried')}</p>
      : state.matches({ deliveries: { shown: 'notFailed' } }) ? <FieldError>{t('errors.LOT10014')}</FieldError>
        : state.matches({ deliveries: { shown: 'retryRefused' } }) ? <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>
          : state.matches({ deliveries: { shown: 'retryUnreachable' } }) ? <FieldError>{t('platformLottery.delivery.retryUnreachable')}</FieldError> : null;
  return (
    <section className="kw-plt-card" aria-labelledby="plt-lottery-deliveries">
      <h2 id="plt-lottery-deliveries">{t('platformLottery.deliveriesTitle', { name: activity?.name ?? '' })}</h2>
      <p className="kw-plt-meta">{t('platformLottery.deliveriesExplain')}</p>
      {notice}
      {body}
      <p className="kw-plt-actions">
        <button type="button" className="kw-button" disabled={busy && !state.matches({ deliveries: 'loading' })} onClick={() => send({ type: 'deliveries.closed' })}>{t('platformLottery.backToList')}</button>{' '}
        {state.matches({ deliveries: 'shown' }) && <button type="button" className="kw-button" onClick={() => send({ type: 'deliveries.refresh' })}>{t('platformLottery.deliveriesRefresh')}</button>}
      </p>
    </section>
  );
}

/** Renders the platform lottery chart: the activities with their draws, spend and deliveries; ending one (confirmed, the seed shown after); an activity's deliveries, a failed one sent again. */
export function PlatformLotteryView({ state, send, newLink }: { state: State; send: Send; newLink?: React.ReactNode }) {
  const { t } = useTranslation();
  const { context } = state;
  const busy = state.hasTag('busy');
  const chosen = context.activityId ? context.activities.find((a) => a.id === context.activityId) : undefined;

  let body: React.ReactNode;
  if (state.matches('loading')) body = <p className="kw-plt-status" role="status">{t('common.loading')}</p>;
  else if (state.matches('failed')) {
    body = (
      <div className="kw-plt-status">
        <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('platform.common.failed')}</FieldError>
        <button type="button" className="kw-button" onClick={() => send({ type: 'list.retry' })}>{t('common.retry')}</button>
      </div>
    );
  } else if (state.matches('deliveries')) body = <Deliveries state={state} send={send} activity={chosen} />;
  else if (state.matches('confirmingEnd') && chosen) {
    body = (
      <div className="kw-plt-card" role="alertdialog" aria-labelledby="plt-lottery-end-question">
        <p id="plt-lottery-end-question">{t('platformLottery.endQuestion', { name: chosen.name })}</p>
        <button type="button" className="kw-button kw-button-primary" onClick={() => send({ type: 'end.confirmed' })}>{t('platformLottery.endConfirm')}</button>{' '}
        <button type="button" className="kw-button" onClick={() => send({ type: 'end.cancelled' })}>{t('platformLottery.keep')}</button>
      </div>
    );
  } else if (context.activities.length === 0) body = <p className="kw-plt-empty">{t('platformLottery.empty')}</p>;
  else {
    body = (
      <ul className="kw-plt-list" aria-label={t('platformLottery.title')}>
        {context.activities.map((activity) => <ActivityLine key={activity.id} activity={activity} busy={busy} send={send} />)}
      </ul>
    );
  }

  const notice = state.matches('ending') ? <p className="kw-plt-meta" role="status">{t('platformLottery.ending')}</p>
    : state.matches({ activities: 'ended' }) && chosen ? <p className="kw-plt-meta kw-lot-hash" role="status">{t('platformLottery.endedNotice', { name: chosen.name, seed: chosen.seed ?? '' })}</p>
      : state.matches({ activities: 'alreadyEnded' }) ? <FieldError>{t('platformLottery.alreadyEnded')}</FieldError>
        : state.matches({ activities: 'endRefused' }) ? <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>
          : state.matches({ activities: 'endUnreachable' }) ? <FieldError>{t('platformLottery.endUnreachable')}</FieldError> : null;

  return (
    <section className="kw-plt-page" aria-labelledby="plt-lottery-title">
      <h1 id="plt-lottery-title">{t('platformLottery.title')}</h1>
      <p className="kw-plt-meta">{t('platformLottery.explain')}</p>
      {!state.matches('deliveries') && newLink}
      {notice}
      {body}
      {state.matches('activities') && <button type="button" className="kw-button" onClick={() => send({ type: 'list.refresh' })}>{t('platformLottery.refresh')}</button>}
    </section>
  );
}

/** The way to a new activity, in the shell's router (the screen passes it to the view). */
export function NewActivityLink() {
  const { t } = useTranslation();
  return <Link className="kw-button kw-button-primary" to="/plateform/lottery/new">{t('platformLottery.new')}</Link>;
}
