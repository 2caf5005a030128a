import { merchantListFlow } from '../../src/flows/merchantList.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { MerchantListView } from './MerchantListView.tsx';

/** `/app/merchantlist`: the merchant, its sub-merchants and their stores. */
export default function MerchantListScreen() {
  return <FlowPage flow={merchantListFlow} title="titles.merchantList" view={MerchantListView} />;
}
