import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { platformPromotionsMachine, PlatformPromotionsEvent } from '../../machines/platformPromotions.machine.ts';
import type { statusChangeMachine, StatusChangeEvent } from '../../machines/statusChange.machine.ts';
import type { PlatformCashbackPolicy } from '../../services/contract/platformPromotions.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { languageOf, money } from '../common/format.ts';
import { usePlatformFormat } from '../common/platformFormat.ts';
import { spendText } from '../common/promotionSpend.ts';

type State = SnapshotFrom<typeof platformPromotionsMachine>;
type Send = (event: PlatformPromotionsEvent) => void;
type StatusChange = SnapshotFrom<typeof statusChangeMachine>;
type StatusChangeActor = ActorRefFrom<typeof statusChangeMachine>;

/** How a policy computes its cashback and for whom, in a line. */
function useTerms() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const format = usePlatformFormat();
  return (policy: PlatformCashbackPolicy) => [
    policy.type === 'ratio'
      ? t('platformPromotions.ratio', { percent: (policy.ratioBp ?? 0) / 100, max: policy.maxCashback === null ? '—' : money(policy.maxCashback, language) })
      : t('platformPromotions.random', { min: money(policy.minCashback, language), max: money(policy.maxCashback ?? 0, language) }),
    policy.memberId ? t('platformPromotions.forMember', { id: policy.memberId }) : t('platformPromotions.everyone'),
    policy.endsAt ? t('platformPromotions.period', { from: format.dateTime(policy.startsAt), to: format.dateTime(policy.endsAt) }) : t('platformPromotions.since', { from: format.dateTime(policy.startsAt) }),
  ].join(' · ');
}

/** "End it for good?" while the statusChange child asks it. */
export function PlatformEndQuestion({ change, send, policies }: { change: StatusChange; send: (event: StatusChangeEvent) => void; policies: PlatformCashbackPolicy[] }) {
  const { t } = useTranslation();
  const changed = policies.find((p) => p.id === change.context.line.id);
  if (!change.matches('confirmingEnd') || !changed) return null;
  return (
    <div className="kw-plt-card" role="alertdialog" aria-labelledby="plt-end-question">
      <p id="plt-end-question">{t('platformPromotions.endQuestion', { name: changed.name })}</p>
      <button type="button" className="kw-button kw-button-primary" onClick={() => send({ type: 'end.confirmed' })}>{t('platformPromotions.endConfirm')}</button>{' '}
      <button type="button" className="kw-button" onClick={() => send({ type: 'end.cancelled' })}>{t('platformPromotions.keep')}</button>
    </div>
  );
}

/** A policy's status change after the question (the statusChange child's state): saving, or why it was not saved (until the list's next step). */
export function PlatformStatusNotice({ change }: { change: StatusChange }) {
  const { t } = useTranslation();
  if (change.matches('settingStatus')) return <p className="kw-plt-meta" role="status">{t('platformPromotions.saving')}</p>;
  if (change.matches('refused')) return <FieldError>{t(`errors.${change.context.errorCode ?? 'AGW50000'}`)}</FieldError>;
  if (change.matches('unreachable')) return <FieldError>{t('platformPromotions.statusUnreachable')}</FieldError>;
  return null;
}

/** Renders the platform promotions chart: the platform's cashback policies with their spend, pause, resume, end (confirmed). */
export function PlatformPromotionsView({ state, send, newLink }: { state: State; send: Send; newLink?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const terms = useTerms();
  const { context } = state;
  const changeActor = state.children.statusChange as StatusChangeActor | undefined;
  const change = useSelector(changeActor, (snapshot) => snapshot);
  const busy = state.hasTag('busy') || !!change?.hasTag('busy');

  let body: React.ReactNode;
  if (state.matches('loading')) body = <p className="kw-plt-status" role="status">{t('common.loading')}</p>;
  else if (state.matches('failed')) {
    body = (
      <div className="kw-plt-status">
        <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('platform.common.failed')}</FieldError>
        <button type="button" className="kw-button" onClick={() => send({ type: 'list.retry' })}>{t('common.retry')}</button>
      </div>
    );
  } else if (changeActor && change?.matches('confirmingEnd')) {
    body = <PlatformEndQuestion change={change} send={(event) => changeActor.send(event)} policies={context.promotions} />;
  } else if (context.promotions.length === 0) body = <p className="kw-plt-empty">{t('platformPromotions.empty')}</p>;
  else {
    body = (
      <ul className="kw-plt-list" aria-label={t('platformPromotions.title')}>
        {context.promotions.map((policy) => (
          <li key={policy.id} className="kw-plt-row">
            <strong>{policy.name}</strong> <span className="kw-plt-meta">({t(`platformPromotions.status.${policy.status}`)})</span>
            <span className="kw-plt-meta kw-plt-row-lines">{terms(policy)}</span>
            <span className="kw-plt-meta kw-plt-row-lines">{spendText(t, languageOf(i18n.language), 'cashback', policy.spend).join(' · ')}</span>
            {policy.status !== 'ended' && (
              <span className="kw-plt-row-lines">
                {policy.status === 'active'
                  ? <button type="button" className="kw-button" disabled={busy} aria-label={t('platformPromotions.pauseOne', { name: policy.name })} onClick={() => send({ type: 'promotion.paused', id: policy.id })}>{t('platformPromotions.pause')}</button>
                  : <button type="button" className="kw-button" disabled={busy} aria-label={t('platformPromotions.resumeOne', { name: policy.name })} onClick={() => send({ type: 'promotion.resumed', id: policy.id })}>{t('platformPromotions.resume')}</button>}{' '}
                <button type="button" className="kw-button" disabled={busy} aria-label={t('platformPromotions.endOne', { name: policy.name })} onClick={() => send({ type: 'promotion.ended', id: policy.id })}>{t('platformPromotions.end')}</button>
              </span>
            )}
          </li>
        ))}
      </ul>
    );
  }

  const notice = state.matches({ list: 'changingStatus' }) && change ? <PlatformStatusNotice change={change} />
    : state.matches({ list: 'alreadyEnded' }) ? <FieldError>{t('errors.PRM10017')}</FieldError> : null;

  return (
    <section className="kw-plt-page" aria-labelledby="plt-promotions-title">
      <h1 id="plt-promotions-title">{t('platformPromotions.title')}</h1>
      <p className="kw-plt-meta">{t('platformPromotions.explain')}</p>
      {newLink}
      {notice}
      {body}
      {state.matches('list') && !change?.matches('confirmingEnd') && !change?.matches('settingStatus') && <button type="button" className="kw-button" disabled={busy} onClick={() => send({ type: 'list.refresh' })}>{t('platformPromotions.refresh')}</button>}
    </section>
  );
}

/** The way to a new policy, in the shell's router (the screen passes it to the view). */
export function NewPolicyLink() {
  const { t } = useTranslation();
  return <Link className="kw-button kw-button-primary" to="/plateform/promotions/new">{t('platformPromotions.new')}</Link>;
}
