import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { lotteryCheckMachine, LotteryCheckEvent } from '../../machines/lotteryCheck.machine.ts';
import type { LotteryActivity, RecordedDraw } from '../../services/contract/lottery.ts';
import { drawMessage, prizeLineOf, type DrawCheck } from '../../services/lotteryDraw.ts';
import { Field } from '../../src/ui/Field.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime } from '../common/format.ts';
import { ActivityFacts, count, PrizeTable, prizeRanges } from '../common/LotteryParts.tsx';

/**
 * Checking an activity's draws, for anyone: the commitment and (once the activity ended) the seed;
 * the verdict — every draw is what the seed gives, these are not, the seed is not the one committed
 * to, or not revealed yet — and one draw (`seq`) in full: its message, its ticket, the prize line
 * whose range holds it and the prize recorded against the prize the seed gives.
 */
export function LotteryCheckView({ state, send }: { state: SnapshotFrom<typeof lotteryCheckMachine>; send: (event: LotteryCheckEvent) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { activity, draws, checked, seq, errorCode } = state.context;
  if (state.matches('loading')) return <Loading label={t('lotteryCheck.loading', { count: draws.length })} />;
  if (state.matches('loadFailed')) return <LoadFailedStep errorCode={null} fallback={t('lotteryCheck.loadFailed')} onRetry={() => send({ type: 'check.retry' })} />;
  if (state.matches('unknown') || !activity) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${errorCode ?? 'LOT10005'}`)}</FieldError>
      </div>
    );
  }
  const mismatched = checked?.checks.filter((check) => !check.matches) ?? [];
  return (
    <div className="kw-form">
      <h2 className="kw-section-title">{activity.name}</h2>
      {state.matches({ loaded: 'checking' }) && <Loading label={t('lotteryCheck.checking', { count: draws.length })} />}
      {state.matches({ loaded: 'notRevealed' }) && <Notice>{t('lotteryCheck.notRevealed', { end: lineTime(activity.endsAt, language) })}</Notice>}
      {state.matches({ loaded: 'verified' }) && <Notice kind="success">{t('lotteryCheck.verified', { count: draws.length })}</Notice>}
      {state.matches({ loaded: 'tampered' }) && <FieldError>{t('lotteryCheck.tampered')}</FieldError>}
      {state.matches({ loaded: 'cannotCheck' }) && <FieldError>{t('lotteryCheck.cannotCheck')}</FieldError>}
      {state.matches({ loaded: 'mismatch' }) && (
        <>
          <FieldError>{t('lotteryCheck.mismatch', { count: mismatched.length, total: draws.length })}</FieldError>
          <ul className="kw-fund-list" aria-label={t('lotteryCheck.mismatchList')}>
            {mismatched.map((check) => (
              <li key={check.seq} className="kw-fund-line kw-coupon">
                <button type="button" className="kw-text-button" onClick={() => send({ type: 'draw.picked', seq: check.seq })}>
                  {check.problem === 'sequence'
                    ? t('lotteryCheck.outOfSequence', { seq: check.seq, participant: check.participant, drawNo: check.drawNo })
                    : t('lotteryCheck.mismatchLine', { seq: check.seq, recorded: prizeName(activity, check.prizeId, t), expected: prizeName(activity, check.expectedPrizeId, t) })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <form
        className="kw-lottery-pick"
        onSubmit={(e) => {
          e.preventDefault();
          const typed = Number(new FormData(e.currentTarget).get('seq'));
          if (Number.isSafeInteger(typed) && typed > 0) send({ type: 'draw.picked', seq: typed });
        }}
      >
        <Field id="lottery-seq" label={t('lotteryCheck.seq')}>
          <input id="lottery-seq" name="seq" inputMode="numeric" autoComplete="off" defaultValue={seq ?? ''} key={seq ?? 'none'} />
        </Field>
        <button type="submit" className="kw-button">{t('lotteryCheck.show')}</button>
      </form>
      {seq !== null && <DrawShown activity={activity} seq={seq} draw={draws.find((d) => d.seq === seq) ?? null} check={checked?.checks.find((c) => c.seq === seq) ?? null} />}
      <ActivityFacts activity={activity} />
      <PrizeTable prizes={activity.prizes} ranges />
      <p className="kw-muted-text">{t('lotteryCheck.formula')}</p>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
const prizeName = (activity: LotteryActivity, prizeId: string | null, t: T) =>
  (prizeId === null ? t('lotteryCheck.nothing') : activity.prizes.find((line) => line.id === prizeId)?.name ?? prizeId);

/** One draw: what was signed, the ticket, the line whose range holds it, what was recorded and what the seed gives. */
function DrawShown({ activity, seq, draw, check }: { activity: LotteryActivity; seq: number; draw: RecordedDraw | null; check: DrawCheck | null }) {
  const { t, i18n } = useTranslation();
  if (!draw) return <Notice>{t('lotteryCheck.noSuchDraw', { seq })}</Notice>;
  const number = (n: number) => count(n, languageOf(i18n.language));
  const rows: [string, string][] = [
    [t('lotteryCheck.drawSeq'), String(draw.seq)],
    [t('lotteryCheck.message'), drawMessage(activity.id, draw.participant, draw.drawNo)],
    [t('lotteryCheck.recorded'), prizeName(activity, draw.prizeId, t)],
  ];
  if (check) {
    const index = prizeLineOf(check.ticket, activity.prizes);
    const range = index === null ? null : prizeRanges(activity.prizes)[index]!;
    rows.push(
      [t('lotteryCheck.ticket'), number(check.ticket)],
      [t('lotteryCheck.line'), index === null || !range
        ? t('lotteryCheck.noLine')
        : t('lotteryCheck.lineRange', { prize: activity.prizes[index]!.name, from: number(range.from), to: number(range.to - 1) })],
      [t('lotteryCheck.expected'), prizeName(activity, check.expectedPrizeId, t) + (index !== null && check.expectedPrizeId === null ? ` ${t('lotteryCheck.wonOut')}` : '')],
      [t('lotteryCheck.outcome'), check.matches ? t('lotteryCheck.matches') : t('lotteryCheck.differs')],
    );
  }
  return (
    <section aria-labelledby="lottery-draw-shown">
      <h3 id="lottery-draw-shown" className="kw-section-title">{t('lotteryCheck.drawTitle', { seq })}</h3>
      <Summary rows={rows} />
    </section>
  );
}
