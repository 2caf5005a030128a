import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { myCouponsMachine, MyCouponsEvent } from '../../machines/myCoupons.machine.ts';
import type { pagedListMachine, PagedListEvent } from '../../machines/pagedList.machine.ts';
import type { MemberCoupon } from '../../services/contract/myCoupons.ts';
import { COUPON_STATES } from '../../services/contract/values.ts';
import { PagedList, PagedListView, type PagedListActor, type PagedListWords } from '../common/PagedList.tsx';
import { CouponCard } from '../common/CouponCard.tsx';
import { languageOf, lineTime } from '../common/format.ts';

/**
 * My coupons: the tabs (usable first, used, expired) and the tab's coupons (the list child: pull
 * down to refresh when `pull`; the next page as the end comes into view, or with the button).
 */
export function MyCouponsView({ state, send, pull }: { state: SnapshotFrom<typeof myCouponsMachine>; send: (event: MyCouponsEvent) => void; pull?: boolean }) {
  const { t } = useTranslation();
  const coupons = useCouponItems();
  return (
    <div className="kw-form">
      <div className="kw-fund-filters" role="group" aria-label={t('myCoupons.states.label')}>
        {COUPON_STATES.map((option) => (
          <button key={option} type="button" className="kw-tab" aria-pressed={state.context.state === option} onClick={() => send({ type: 'state.changed', state: option })}>
            {t(`myCoupons.states.${option}`)}
          </button>
        ))}
      </div>
      <PagedList actor={state.children.pagedList as PagedListActor | undefined} pull={pull} {...coupons} />
      <a className="kw-text-button kw-centered-text" href="/app/reductionlist">{t('myCoupons.reductions')}</a>
    </div>
  );
}

/** A tab's coupons as the list child draws them: the list's words and a coupon. */
function useCouponItems(): { words: PagedListWords; item: (coupon: MemberCoupon) => React.ReactNode } {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return {
    words: { section: 'myCoupons', label: t('titles.myCoupons'), refresh: { idle: t('myCoupons.refresh'), busy: t('myCoupons.refreshing') } },
    item: (coupon) => (
      <CouponCard
        as="li"
        name={coupon.name}
        merchant={coupon.merchant}
        terms={coupon}
        note={coupon.state === 'used' && coupon.usedAt ? t('myCoupons.usedAt', { time: lineTime(coupon.usedAt, language) })
          : coupon.state === 'usable' && !coupon.appliesNow ? t('myCoupons.stateNote.notNow') : t(`myCoupons.stateNote.${coupon.state}`)}
      />
    ),
  };
}

/** The list child's own view with the coupons (its screen test). */
export function CouponItemsView({ state, send }: { state: SnapshotFrom<typeof pagedListMachine>; send: (event: PagedListEvent) => void }) {
  return <PagedListView state={state} send={send} {...useCouponItems()} />;
}
