import { lotteryCheckFlow } from '../../src/flows/lotteryCheck.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { LotteryCheckView } from './LotteryCheckView.tsx';
import '../common/wallet.css';
import '../common/lottery.css';

/** `/app/luckycheck/$id` (`?seq=`: the draw to show): anyone checks an activity's draws against its revealed seed. */
export default function LotteryCheckScreen({ id, seq }: { id: string; seq?: number | string }) {
  return <FlowPage flow={lotteryCheckFlow} input={{ activityId: id, seq: seq === undefined ? null : Number(seq) }} title="titles.luckyCheck" view={LotteryCheckView} />;
}
