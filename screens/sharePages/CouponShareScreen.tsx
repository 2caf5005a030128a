import { useTranslation } from 'react-i18next';
import type { SharedCoupon } from '../../services/contract/sharePages.ts';
import { CouponCard } from '../common/CouponCard.tsx';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { SharedPicture, SharePage } from './SharePage.tsx';

/** `/s/coupon/:id`: a coupon as a shared link shows it, and "claim" (at an open store of its merchant). */
export default function CouponShareScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('titles.shareCoupon')} showBack={false} />
      <SharePage<SharedCoupon>
        kind="coupon"
        ids={{ id }}
        next={(coupon) => ({ path: `/app/coupons/claim/${coupon.storeId}/${coupon.couponId}`, label: t('share.coupon.claim') })}
      >
        {(coupon) => (
          <>
            <SharedPicture src={coupon.image} alt={coupon.storeName} />
            <h2 className="kw-share-heading">{coupon.name}</h2>
            <p className="kw-muted">{t('share.coupon.at', { merchant: coupon.merchantName, store: coupon.storeName })}</p>
            <CouponCard name={coupon.name} merchant={coupon.merchantName} terms={coupon} note={t('share.coupon.left', { count: coupon.stockLeft })} />
          </>
        )}
      </SharePage>
    </>
  );
}
