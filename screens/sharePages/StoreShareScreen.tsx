import { useTranslation } from 'react-i18next';
import type { SharedStore } from '../../services/contract/sharePages.ts';
import { CouponCard } from '../common/CouponCard.tsx';
import { languageOf, money } from '../common/format.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { daysText } from '../common/storeDays.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { SharedPicture, SharePage } from './SharePage.tsx';

/** `/s/store/:id`: a store as a shared link shows it — photo, name, address, days and hours, description, its coupons and packages. */
export default function StoreShareScreen({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <>
      <PageHeader title={t('titles.shareStore')} showBack={false} />
      <SharePage<SharedStore> kind="store" ids={{ id }}>
        {(store) => (
          <>
            <SharedPicture src={store.image} alt={store.name} />
            <div>
              <h2 className="kw-share-heading">{store.name}</h2>
              <p className="kw-muted">{t('share.store.by', { merchant: store.merchantName })}</p>
            </div>
            <ul className="kw-share-facts">
              <li>{store.address}</li>
              <li>{t('share.store.hours', { days: daysText(store.businessDays, t), opens: store.opensAt, closes: store.closesAt })}</li>
            </ul>
            {store.description && <p>{store.description}</p>}
            {store.coupons.length > 0 && (
              <section className="kw-share-section" aria-labelledby="share-coupons">
                <h2 id="share-coupons">{t('share.store.coupons')}</h2>
                <ul className="kw-share-list">
                  {store.coupons.map((coupon) => (
                    <li key={coupon.couponId}>
                      <a href={`/s/coupon/${coupon.couponId}`} className="kw-share-link">
                        <CouponCard name={coupon.name} merchant={store.merchantName} terms={coupon} />
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {store.packages.length > 0 && (
              <section className="kw-share-section" aria-labelledby="share-packages">
                <h2 id="share-packages">{t('share.store.packages')}</h2>
                <ul className="kw-share-list">
                  {store.packages.map((offer) => (
                    <li key={offer.packageId} className="kw-fund-line">
                      <a href={`/s/group/${store.storeId}/${offer.packageId}`}>
                        <span className="kw-fund-kind">{offer.name}</span>
                        <span className="kw-fund-amount kw-fund-income">{money(offer.groupPrice, language)}</span>
                        <span className="kw-fund-meta"><s>{money(offer.normalPrice, language)}</s> · {t('share.group.until', { date: formatDate(offer.endsAt, language) })}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {store.coupons.length === 0 && store.packages.length === 0 && <p className="kw-muted">{t('share.store.nothing')}</p>}
          </>
        )}
      </SharePage>
    </>
  );
}
