import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { listLotteryWinners } from '../../services/contract/lottery.ts';
import { languageOf, lineTime, money } from '../common/format.ts';

export type LuckyList = ResponseOf<typeof listLotteryWinners>;

/**
 * An activity's winners list: its last 20 winners (names masked by the server), each with a link
 * that checks their draw on the verification page; then the member's own winning records, each
 * with its delivery to the cashback account in words (waiting to send, sent, failed).
 */
export function LuckyListView({ list }: { list: LuckyList }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const checkHref = (seq: number) => `/app/luckycheck/${list.activityId}?seq=${seq}`;
  return (
    <div className="kw-form">
      <h2 className="kw-section-title">{list.name}</h2>
      <section aria-labelledby="lottery-mine">
        <h3 id="lottery-mine" className="kw-section-title">{t('lotteryDraw.list.mine')}</h3>
        {list.mine.length === 0 ? (
          <p className="kw-muted-text">{t('lotteryDraw.list.noneMine')}</p>
        ) : (
          <ul className="kw-fund-list" aria-label={t('lotteryDraw.list.mine')}>
            {list.mine.map((winning) => (
              <li key={winning.id} className="kw-fund-line kw-coupon">
                <span className="kw-fund-kind">{winning.prize}</span>
                <span className="kw-fund-amount kw-fund-income">{`+${money(winning.amount, language)}`}</span>
                <span className="kw-fund-meta">
                  {[t(`lotteryDraw.list.status.${winning.status}`), winning.deliveredAt ? t('lotteryDraw.list.deliveredAt', { at: lineTime(winning.deliveredAt, language) }) : lineTime(winning.at, language)].join(' · ')}
                </span>
                <a className="kw-text-button" href={checkHref(winning.seq)}>{t('lotteryDraw.list.check')}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="lottery-winners">
        <h3 id="lottery-winners" className="kw-section-title">{t('lotteryDraw.list.winners')}</h3>
        {list.winners.length === 0 ? (
          <p className="kw-muted-text">{t('lotteryDraw.list.noWinners')}</p>
        ) : (
          <ul className="kw-fund-list" aria-label={t('lotteryDraw.list.winners')}>
            {list.winners.map((winner) => (
              <li key={winner.seq} className="kw-fund-line kw-coupon">
                <span className="kw-fund-kind">{winner.name}</span>
                <span className="kw-fund-amount">{`${winner.prize} · ${money(winner.amount, language)}`}</span>
                <span className="kw-fund-meta">{[t('lotteryDraw.list.drawNo', { seq: winner.seq }), lineTime(winner.at, language)].join(' · ')}</span>
                <a className="kw-text-button" href={checkHref(winner.seq)} aria-label={t('lotteryDraw.list.checkOf', { seq: winner.seq })}>{t('lotteryDraw.list.check')}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <a className="kw-text-button kw-centered-text" href="/app/luckyApp">{t('lotteryDraw.list.toDraw')}</a>
    </div>
  );
}
