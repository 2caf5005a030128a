import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { promotionFormFlow } from '../../src/flows/promotionForm.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { PromotionFormView } from '../common/PromotionFormView.tsx';

/** `/plateform/promotions/new`: an operator makes a platform cashback policy (audited), at every merchant or for one member. */
export default function PlatformPromotionFormScreen() {
  const { i18n } = useTranslation();
  const [state, send] = useMachine(promotionFormFlow, { input: { kind: 'platformCashback', language: normaliseLanguage(i18n.language) } });
  return (
    <section className="kw-plt-page">
      <PromotionFormView state={state} send={send} listHref="/plateform/promotions" />
    </section>
  );
}
