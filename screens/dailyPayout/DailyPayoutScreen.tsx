import { dailyPayoutFlow } from '../../src/flows/dailyPayout.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { DailyPayoutView } from './DailyPayoutView.tsx';

/** `/app/dailypayout`: the shop's money to the owner's card every evening (README "Daily payout"). */
export default function DailyPayoutScreen() {
  return <FlowPage flow={dailyPayoutFlow} title="titles.dailyPayout" view={DailyPayoutView} />;
}
