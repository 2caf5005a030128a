import { lotteryDrawFlow } from '../../src/flows/lotteryDraw.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { LuckyAppView } from './LuckyAppView.tsx';
import '../common/wallet.css';
import '../common/lottery.css';

/** `/app/luckyApp` (`?activityId=`, else the live activity): the lucky draw. */
export default function LuckyAppScreen({ activityId }: { activityId?: string | number }) {
  return <FlowPage flow={lotteryDrawFlow} input={{ activityId: activityId === undefined ? null : String(activityId) }} title="titles.luckyApp" view={LuckyAppView} />;
}
