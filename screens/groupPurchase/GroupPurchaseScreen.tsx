import { useTranslation } from 'react-i18next';
import { groupPurchaseFlow } from '../../src/flows/groupPurchase.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { GroupPurchaseView } from './GroupPurchaseView.tsx';
import '../common/wallet.css';

/** `/app/grouppackages/buy/$id`: buying a merchant's group package with the pay password; ends with its voucher's QR. */
export default function GroupPurchaseScreen({ id }: { id: string }) {
  const { i18n } = useTranslation();
  return <FlowPage flow={groupPurchaseFlow} input={{ language: languageOf(i18n.language), packageId: id }} title="titles.groupPurchase" view={GroupPurchaseView} />;
}
