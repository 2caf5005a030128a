import { activityPageFlow } from '../../src/flows/activityPage.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { ActivityView } from './ActivityView.tsx';
import '../common/wallet.css';
import '../common/lottery.css';
import './activity.css';

/** `/hfive/tlevaactivity` ("Activity"): the featured activity — live, else the next, else the latest ended — or none. */
export default function FeaturedActivityScreen() {
  return <FlowPage flow={activityPageFlow} input={{ activityId: null }} title="titles.tlevaactivity" view={ActivityView} />;
}
