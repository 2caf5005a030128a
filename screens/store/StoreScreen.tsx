import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { storeFlow, uploadStorePhoto } from '../../src/flows/store.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { StoreView } from './StoreView.tsx';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set on `/app/store/$id` when it replaced `/app/store/new` as the store was created: shown saved. */
    savedStoreId?: string;
  }
}

/** `/app/store/new?merchantId=` and `/app/store/$id`: a store created, edited or closed. */
export default function StoreScreen({ id, merchantId }: { id?: string; merchantId?: string | number }) {
  const { t } = useTranslation();
  const router = useRouter();
  // this history entry is the page a new store's save replaced `/app/store/new` with (Back or a reload keep it)
  const [justSaved] = useState(() => id !== undefined && router.state.location.state.savedStoreId === id);
  const machine = useMemo(
    () =>
      storeFlow.provide({
        actions: {
          // the new store's page becomes the store's own (replaced: Back does not lead to an empty form)
          showSavedStore: ({ context }) => {
            if (context.storeId) void router.navigate({ to: '/app/store/$id', params: { id: context.storeId }, replace: true, state: { savedStoreId: context.storeId } });
          },
        },
      }),
    [router],
  );
  const [state, send] = useMachine(machine, { input: { storeId: id ?? null, merchantId: merchantId === undefined ? null : String(merchantId), justSaved } });
  return (
    <>
      <PageHeader title={t(id ? 'titles.store' : 'titles.storeNew')} />
      <StoreView state={state} send={send} upload={uploadStorePhoto} />
    </>
  );
}
