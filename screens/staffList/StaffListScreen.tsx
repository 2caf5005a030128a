import { staffListFlow } from '../../src/flows/staffList.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { StaffListView } from './StaffListView.tsx';

/** `/app/stafflist`: the merchant's staff. */
export default function StaffListScreen() {
  return <FlowPage flow={staffListFlow} input={{}} title="titles.staffList" view={StaffListView} />;
}
