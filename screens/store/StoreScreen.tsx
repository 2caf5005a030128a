import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { storeFlow, uploadStorePhoto } from '../../services/flows/store.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { StoreView } from './StoreView.tsx';

/** `/app/store/new?merchantId=` and `/app/store/$id`: a store created, edited or closed. */
export default function StoreScreen({ id, merchantId }: { id?: string; merchantId?: string | number }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(storeFlow, { input: { storeId: id ?? null, merchantId: merchantId === undefined ? null : String(merchantId) } });
  return (
    <>
      <PageHeader title={t(id ? 'titles.store' : 'titles.storeNew')} />
      <StoreView state={state} send={send} upload={uploadStorePhoto} />
    </>
  );
}
