import { useMachine } from '@xstate/react';
import { platformLotteryFlow } from '../../src/flows/platformLottery.ts';
import { NewActivityLink, PlatformLotteryView } from './PlatformLotteryView.tsx';

/** `/plateform/lottery`: operators keep the lottery's activities (ending one, its prize deliveries). */
export default function PlatformLotteryScreen() {
  const [state, send] = useMachine(platformLotteryFlow);
  return <PlatformLotteryView state={state} send={send} newLink={<NewActivityLink />} />;
}
