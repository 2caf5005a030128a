import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { couponClaimMachine, CouponClaimEvent } from '../../machines/couponClaim.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { CouponCard } from '../common/CouponCard.tsx';

/**
 * A store's coupon and its claim: the coupon (its terms, the store, the stock left or sold out),
 * then the claim button, its progress, and what came of it — in my coupons (a link there), or the
 * server's refusal in its words; a coupon not claimable now says why instead of a button.
 */
export function CouponClaimView({ state, send }: { state: SnapshotFrom<typeof couponClaimMachine>; send: (event: CouponClaimEvent) => void }) {
  const { t } = useTranslation();
  const { coupon, errorCode } = state.context;
  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) return <LoadFailedStep errorCode={null} fallback={t('couponClaim.loadFailed')} onRetry={() => send({ type: 'coupon.retry' })} />;
  if (state.matches('unavailable') || !coupon) {
    return (
      <div className="kw-form">
        <FieldError>{t(`errors.${errorCode ?? 'CNT40401'}`)}</FieldError>
        <LinkButton href="/app/coupons">{t('couponClaim.toMyCoupons')}</LinkButton>
      </div>
    );
  }
  const stock = coupon.stockLeft > 0 ? t('couponClaim.stockLeft', { count: coupon.stockLeft }) : t('couponClaim.soldOut');
  return (
    <div className="kw-form">
      <p className="kw-muted-text">{t('couponClaim.offeredBy', { store: coupon.store, merchant: coupon.merchant })}</p>
      <CouponCard name={coupon.name} merchant={coupon.merchant} terms={coupon} note={stock} />
      {state.matches('notOffered') && <Notice>{coupon.live ? t('couponClaim.soldOutExplain') : t('couponClaim.notLive')}</Notice>}
      {state.matches({ offered: 'claimFailed' }) && <FieldError>{t('couponClaim.claimFailed')}</FieldError>}
      {state.matches('refused') && <FieldError>{t(`errors.${errorCode ?? 'AGW50000'}`)}</FieldError>}
      {(state.matches('offered') || state.matches('claiming')) && (
        <Button block color="primary" size="large" disabled={!state.can({ type: 'claim.requested' })} onClick={() => send({ type: 'claim.requested' })}>
          {t('couponClaim.claim')}
        </Button>
      )}
      {state.matches('claimed') && (
        <p className="kw-muted-text" role="status">{state.matches({ claimed: 'now' }) ? t('couponClaim.claimed') : t('couponClaim.alreadyYours')}</p>
      )}
      {(state.matches('claimed') || state.matches('refused') || state.matches('notOffered')) && (
        <LinkButton href="/app/coupons" primary={state.matches('claimed')}>{t('couponClaim.toMyCoupons')}</LinkButton>
      )}
      {state.matches('claimed') && <p className="kw-muted-text">{t('couponClaim.howToUse')}</p>}
    </div>
  );
}
