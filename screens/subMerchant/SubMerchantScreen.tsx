import { subMerchantFlow } from '../../src/flows/subMerchant.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { SubMerchantView } from './SubMerchantView.tsx';

/** `/app/submerchant`: a merchant registers an outlet or franchise under itself. */
export default function SubMerchantScreen() {
  return <FlowPage flow={subMerchantFlow} title="titles.subMerchant" view={SubMerchantView} />;
}
