import { myCouponsFlow } from '../../src/flows/myCoupons.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { MyCouponsView } from './MyCouponsView.tsx';
import '../common/wallet.css';

const PullingView: typeof MyCouponsView = (props) => <MyCouponsView {...props} pull />;

/** `/app/coupons`: the member's coupons, usable first. */
export default function MyCouponsScreen() {
  return <FlowPage flow={myCouponsFlow} input={{}} title="titles.myCoupons" view={PullingView} />;
}
