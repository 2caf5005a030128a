import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { staffListFlow } from '../../src/flows/staffList.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { StaffDetailView } from './StaffListView.tsx';

/** `/app/staffdetail?staffId=`: one clerk, their permission and their removal. */
export default function StaffDetailScreen({ staffId }: { staffId?: string | number }) {
  const { t } = useTranslation();
  // without an id, '0' is asked, which is no one's: "not found" and the way to the list
  const [state, send] = useMachine(staffListFlow, { input: { staffId: staffId === undefined ? '0' : String(staffId) } });
  return (
    <>
      <PageHeader title={t('titles.staffDetail')} />
      <StaffDetailView state={state} send={send} />
    </>
  );
}
