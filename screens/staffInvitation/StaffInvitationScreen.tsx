import { staffInvitationFlow } from '../../src/flows/staffInvitation.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { StaffInvitationView } from './StaffInvitationView.tsx';

/** `/app/addstaff`: the merchant invites a clerk to one of its stores, and follows its invitations. */
export default function StaffInvitationScreen() {
  return <FlowPage flow={staffInvitationFlow} title="titles.addStaff" view={StaffInvitationView} />;
}
