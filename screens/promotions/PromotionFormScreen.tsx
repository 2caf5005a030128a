import { useTranslation } from 'react-i18next';
import { promotionFormFlow } from '../../src/flows/promotionForm.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { FlowPage, type FlowViewProps } from '../common/FlowPage.tsx';
import { PromotionFormView } from '../common/PromotionFormView.tsx';

function View(props: FlowViewProps<typeof promotionFormFlow>) {
  return <PromotionFormView {...props} listHref="/app/promotions" />;
}

/** `/app/promotions/new/<kind>`: the owner makes a cashback policy, a discount policy or a coupon. */
export default function PromotionFormScreen({ kind }: { kind: 'cashback' | 'discount' | 'coupon' }) {
  const { i18n } = useTranslation();
  return <FlowPage key={kind} flow={promotionFormFlow} input={{ kind, language: normaliseLanguage(i18n.language) }} title="titles.promotionNew" view={View} />;
}
