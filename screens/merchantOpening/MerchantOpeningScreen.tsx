import { merchantOpeningFlow } from '../../src/flows/merchantOpening.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { CATEGORY_CODES } from '../common/category.ts';
import { MerchantOpeningView } from './MerchantOpeningView.tsx';

/** `/app/open`: a verified enterprise opens its collection account; anyone else is told where they stand. */
export default function MerchantOpeningScreen() {
  return <FlowPage flow={merchantOpeningFlow} input={{ categories: CATEGORY_CODES }} title="titles.merchantOpening" view={MerchantOpeningView} />;
}
