import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { merchantOpeningFlow } from '../../src/flows/merchantOpening.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { CATEGORY_CODES } from '../common/category.ts';
import { MerchantOpeningView } from './MerchantOpeningView.tsx';

/** `/app/open`: a verified enterprise opens its collection account; anyone else is told where they stand. */
export default function MerchantOpeningScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(merchantOpeningFlow, { input: { categories: CATEGORY_CODES } });
  return (
    <>
      <PageHeader title={t('titles.merchantOpening')} />
      <MerchantOpeningView state={state} send={send} />
    </>
  );
}
