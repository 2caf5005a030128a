import { activityPageFlow } from '../../src/flows/activityPage.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { ActivityView } from './ActivityView.tsx';
import '../common/wallet.css';
import '../common/lottery.css';
import './activity.css';

/** `/app/activeDetail/$id`: one activity, from the server's public list. */
export default function ActivityDetailScreen({ id }: { id: string }) {
  return <FlowPage flow={activityPageFlow} input={{ activityId: id }} title="titles.activeDetail" view={ActivityView} />;
}
