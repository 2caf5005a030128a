import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryCashbackAnnouncement } from '../../services/contract/cashback.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { languageOf, money } from '../common/format.ts';
import { percentText } from '../common/promotionFormat.ts';

export type CashbackAnnouncement = ResponseOf<typeof queryCashbackAnnouncement>;

/**
 * How cashback works, in a few lines (it lands in the cashback account; a refund takes it back in
 * proportion), and the platform's campaigns running now: what each gives (a share of what is paid,
 * or a figure between two), at most how much, from which payment, until when.
 */
export function CashbackAnnouncementView({ announcement }: { announcement: CashbackAnnouncement }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const kz = (value: number) => money(value, language);
  return (
    <div className="kw-form">
      <section aria-labelledby="cashback-how">
        <h2 id="cashback-how">{t('cashback.announcement.howTitle')}</h2>
        <ul>
          <li>{t('cashback.announcement.lands')}</li>
          <li>{t('cashback.announcement.oneAtATime')}</li>
          <li>{t('cashback.announcement.clawback')}</li>
        </ul>
      </section>
      <section aria-labelledby="cashback-campaigns">
        <h2 id="cashback-campaigns">{t('cashback.announcement.campaignsTitle')}</h2>
        {announcement.campaigns.length === 0 ? (
          <p className="kw-muted-text" role="status">{t('cashback.announcement.none')}</p>
        ) : (
          <ul className="kw-fund-list" aria-label={t('cashback.announcement.campaignsTitle')}>
            {announcement.campaigns.map((campaign) => (
              <li key={campaign.id} className="kw-fund-line">
                <span className="kw-fund-kind">{campaign.name}</span>
                <span className="kw-fund-amount kw-fund-income">
                  {campaign.type === 'ratio'
                    ? t('cashback.announcement.ratio', { percent: percentText(campaign.ratioBp ?? 0, language) })
                    : t('cashback.announcement.random', { min: kz(campaign.minCashback), max: kz(campaign.maxCashback ?? 0) })}
                </span>
                <span className="kw-fund-meta">
                  {[
                    campaign.type === 'ratio' && campaign.maxCashback !== null ? t('cashback.announcement.max', { amount: kz(campaign.maxCashback) }) : null,
                    t('cashback.announcement.minPayment', { amount: kz(campaign.minPayment) }),
                    campaign.endsAt ? t('cashback.announcement.endsAt', { date: formatDate(campaign.endsAt, language) }) : t('cashback.announcement.noEnd'),
                  ].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <a className="kw-text-button kw-centered-text" href="/app/cashbacklist">{t('cashback.announcement.myCashback')}</a>
    </div>
  );
}
