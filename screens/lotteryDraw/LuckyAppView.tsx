import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { lotteryDrawMachine, LotteryDrawEvent } from '../../machines/lotteryDraw.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';
import { ActivityFacts, PrizeTable } from '../common/LotteryParts.tsx';

/**
 * The lucky draw: the activity (its name, dates, how draws are earned, the regulator's
 * authorisation, the seed's commitment, the prize table and rules), the member's draws left and
 * the big draw button; what the draw gave (the prize on its way to the cashback account, or no
 * prize); or why there is no draw (none left, ended, a company, not started, no activity). A lost
 * answer is asked about, never drawn again: the page says so while it asks.
 */
export function LuckyAppView({ state, send }: { state: SnapshotFrom<typeof lotteryDrawMachine>; send: (event: LotteryDrawEvent) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { activity, drawsLeft, drawsUsed, outcome, errorCode } = state.context;
  if (state.matches('loading')) return <Loading />;
  if (state.matches('loadFailed')) return <LoadFailedStep errorCode={null} fallback={t('lotteryDraw.loadFailed')} onRetry={() => send({ type: 'lottery.retry' })} />;
  if (state.matches('none') || !activity) {
    return (
      <div className="kw-form">
        <Notice>{errorCode ? t(`errors.${errorCode}`) : t('lotteryDraw.none')}</Notice>
        <LinkButton href="/">{t('lotteryDraw.home')}</LinkButton>
      </div>
    );
  }
  const canDraw = state.can({ type: 'draw.requested' });
  const listHref = `/app/luckyList?activityId=${activity.id}`;
  return (
    <div className="kw-form">
      <h2 className="kw-section-title">{activity.name}</h2>
      {/* the count only where draws can still be made or earned: not for a company, nor once it ended */}
      {!state.matches('notAllowed') && !state.matches('ended') && (
        <section className="kw-lottery-draws" aria-labelledby="lottery-draws-left">
          <span id="lottery-draws-left">{t('lotteryDraw.drawsLeft')}</span>
          <strong>{drawsLeft}</strong>
        </section>
      )}
      {state.matches('noDrawsLeft') && <Notice>{drawsUsed === 0 ? t('lotteryDraw.noDrawsYet') : t('lotteryDraw.noDrawsLeft')}</Notice>}
      {state.matches('ended') && <Notice>{t('lotteryDraw.ended')}</Notice>}
      {state.matches('notAllowed') && <FieldError>{t('lotteryDraw.individualsOnly')}</FieldError>}
      {state.matches('upcoming') && <Notice>{t('lotteryDraw.upcoming', { start: lineTime(activity.startsAt, language) })}</Notice>}
      {state.matches({ ready: 'refused' }) && <FieldError>{t(`errors.${errorCode ?? 'AGW50000'}`)}</FieldError>}
      {state.matches('checking') && <Notice>{t('lotteryDraw.checking')}</Notice>}
      {state.matches('checkFailed') && (
        <>
          <FieldError>{t('lotteryDraw.checkFailed')}</FieldError>
          <Button block color="primary" size="large" onClick={() => send({ type: 'check.retry' })}>{t('lotteryDraw.checkAgain')}</Button>
        </>
      )}
      {state.matches('drawn') && outcome && (
        <section className="kw-lottery-result" role="status" aria-live="polite">
          {outcome.prize ? (
            <>
              <strong>{t('lotteryDraw.won', { prize: outcome.prize.name })}</strong>
              <span>{t('lotteryDraw.wonAmount', { amount: money(outcome.prize.amount, language) })}</span>
              <span className="kw-muted-text">{t('lotteryDraw.wonDelivery')}</span>
            </>
          ) : (
            <strong>{t('lotteryDraw.noPrize')}</strong>
          )}
          <Button block color="primary" onClick={() => send({ type: 'result.closed' })}>{drawsLeft > 0 ? t('lotteryDraw.continue') : t('lotteryDraw.close')}</Button>
        </section>
      )}
      {(state.matches('ready') || state.matches('drawing')) && (
        <Button className="kw-lottery-draw" block color="primary" size="large" disabled={!canDraw} onClick={() => send({ type: 'draw.requested' })}>
          {state.matches('drawing') ? t('lotteryDraw.drawing') : t('lotteryDraw.draw')}
        </Button>
      )}
      {(state.matches('noDrawsLeft') || state.matches('upcoming') || state.matches('ready')) && (
        <p className="kw-muted-text">{t(`lottery.facts.earn.${activity.entry}`, { threshold: money(activity.threshold, language), count: activity.drawsPerEntry })}</p>
      )}
      <LinkButton href={listHref}>{t('lotteryDraw.toWinners')}</LinkButton>
      <h3 className="kw-section-title">{t('lotteryDraw.prizesTitle')}</h3>
      <PrizeTable prizes={activity.prizes} />
      <h3 className="kw-section-title">{t('lotteryDraw.rulesTitle')}</h3>
      <p className="kw-lottery-rules">{activity.rules}</p>
      <ActivityFacts activity={activity} />
      <a className="kw-text-button kw-centered-text" href={`/app/luckycheck/${activity.id}`}>{activity.seed ? t('lotteryDraw.toCheck') : t('lotteryDraw.howChecked')}</a>
    </div>
  );
}
