import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { codeBindingFlow } from '../../src/flows/codeBinding.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { CodeBindingView } from './CodeBindingView.tsx';

/** `/app/store/$id/codes`: the store's own code to show and print, and its printed stickers. */
export default function CodeBindingScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(codeBindingFlow, { input: { storeId: id } });
  return (
    <>
      <PageHeader title={t('titles.codeBinding')} />
      <CodeBindingView state={state} send={send} />
    </>
  );
}
