import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { merchantListFlow } from '../../src/flows/merchantList.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { MerchantListView } from './MerchantListView.tsx';

/** `/app/merchantlist`: the merchant, its sub-merchants and their stores. */
export default function MerchantListScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(merchantListFlow);
  return (
    <>
      <PageHeader title={t('titles.merchantList')} />
      <MerchantListView state={state} send={send} />
    </>
  );
}
