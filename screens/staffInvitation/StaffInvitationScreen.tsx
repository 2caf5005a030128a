import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { staffInvitationFlow } from '../../src/flows/staffInvitation.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { StaffInvitationView } from './StaffInvitationView.tsx';

/** `/app/addstaff`: the merchant invites a clerk to one of its stores, and follows its invitations. */
export default function StaffInvitationScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(staffInvitationFlow);
  return (
    <>
      <PageHeader title={t('titles.addStaff')} />
      <StaffInvitationView state={state} send={send} />
    </>
  );
}
