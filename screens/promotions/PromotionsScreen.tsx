import { promotionsFlow } from '../../src/flows/promotions.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { PromotionsView } from './PromotionsView.tsx';

/** `/app/promotions`: the merchant owner's cashback and discount policies and coupons. */
export default function PromotionsScreen() {
  return <FlowPage flow={promotionsFlow} title="titles.promotions" view={PromotionsView} />;
}
