import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { subMerchantFlow } from '../../src/flows/subMerchant.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { SubMerchantView } from './SubMerchantView.tsx';

/** `/app/submerchant`: a merchant registers an outlet or franchise under itself. */
export default function SubMerchantScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(subMerchantFlow);
  return (
    <>
      <PageHeader title={t('titles.subMerchant')} />
      <SubMerchantView state={state} send={send} />
    </>
  );
}
