import { couponClaimFlow } from '../../src/flows/couponClaim.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { CouponClaimView } from './CouponClaimView.tsx';
import '../common/wallet.css';

/** `/app/coupons/claim/$storeId/$couponId`: a store's coupon and its claim (the link a store's page shares). */
export default function CouponClaimScreen({ storeId, couponId }: { storeId: string; couponId: string }) {
  return <FlowPage flow={couponClaimFlow} input={{ storeId, couponId }} title="titles.couponClaim" view={CouponClaimView} />;
}
