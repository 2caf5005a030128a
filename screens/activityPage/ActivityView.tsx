import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { activityPageMachine, ActivityEvent } from '../../machines/activityPage.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { ActivityFacts, PrizeTable } from '../common/LotteryParts.tsx';
import { languageOf, lineTime } from '../common/format.ts';

/**
 * One activity as its page shows it (`/app/activeDetail/:id`, `/hfive/tlevaactivity`): its name and
 * status, the way into its draw, its rules, facts and prizes; for an ended one, its winners and the
 * check of its draws. No activity: the featured page's empty state, or the detail's "does not exist".
 */
export function ActivityView({ state, send }: { state: SnapshotFrom<typeof activityPageMachine>; send: (event: ActivityEvent) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { activity, errorCode } = state.context;
  if (state.matches('loading')) return <Loading label={t('activityPage.loading')} />;
  if (state.matches('failed')) return <LoadFailedStep errorCode={null} fallback={t('activityPage.loadFailed')} onRetry={() => send({ type: 'activity.retry' })} />;
  if (state.matches('unavailable')) return <div className="kw-form"><FieldError>{t(`errors.${errorCode ?? 'CNT40401'}`)}</FieldError></div>;
  if (state.matches('missing') || state.matches('none') || !activity) {
    return (
      <div className="kw-form">
        <Notice>{state.matches('missing') ? t('activityPage.missing') : t('activityPage.none')}</Notice>
        {state.matches('none') && <p className="kw-muted-text">{t('activityPage.noneHint')}</p>}
        <LinkButton href="/app/activeguide" primary>{t('activityPage.guide')}</LinkButton>
      </div>
    );
  }
  const status = state.matches('live') ? 'live' : state.matches('upcoming') ? 'upcoming' : 'ended';
  const when = { live: 'endsOn', upcoming: 'startsOn', ended: 'endedOn' }[status];
  const paragraphs = activity.rules.split(/\n{2,}/).filter(Boolean);
  return (
    <article className="kw-form">
      <h2 className="kw-activity-name">{activity.name}</h2>
      <p className={`kw-activity-status kw-activity-${status}`}>
        <strong>{t(`activityPage.status.${status}`)}</strong> · {t(`activityPage.${when}`, { date: lineTime(status === 'upcoming' ? activity.startsAt : activity.endsAt, language) })}
      </p>
      <LinkButton href={`/app/luckyApp?activityId=${activity.id}`} primary={status === 'live'}>{status === 'live' ? t('activityPage.join') : t('activityPage.open')}</LinkButton>
      <section>
        <h3>{t('activityPage.rules')}</h3>
        {paragraphs.map((paragraph, i) => <p key={i} className="kw-lottery-rules">{paragraph}</p>)}
      </section>
      <ActivityFacts activity={activity} />
      <section>
        <h3>{t('activityPage.prizes')}</h3>
        <PrizeTable prizes={activity.prizes} />
      </section>
      {status === 'ended' && (
        <>
          <LinkButton href={`/app/luckyList?activityId=${activity.id}`}>{t('activityPage.winners')}</LinkButton>
          {activity.seed && <LinkButton href={`/app/luckycheck/${activity.id}`}>{t('activityPage.check')}</LinkButton>}
        </>
      )}
      <LinkButton href="/app/activeguide">{t('activityPage.guide')}</LinkButton>
    </article>
  );
}
