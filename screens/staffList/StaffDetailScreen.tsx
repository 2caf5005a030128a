import { staffListFlow } from '../../src/flows/staffList.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { StaffDetailView } from './StaffListView.tsx';

/** `/app/staffdetail?staffId=`: one clerk, their permission and their removal. */
export default function StaffDetailScreen({ staffId }: { staffId?: string | number }) {
  // without an id, '0' is asked, which is no one's: "not found" and the way to the list
  return <FlowPage flow={staffListFlow} input={{ staffId: staffId === undefined ? '0' : String(staffId) }} title="titles.staffDetail" view={StaffDetailView} />;
}
