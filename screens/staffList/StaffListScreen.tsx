import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { staffListFlow } from '../../src/flows/staffList.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { StaffListView } from './StaffListView.tsx';

/** `/app/stafflist`: the merchant's staff. */
export default function StaffListScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(staffListFlow, { input: {} });
  return (
    <>
      <PageHeader title={t('titles.staffList')} />
      <StaffListView state={state} send={send} />
    </>
  );
}
