import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { lotteryDrawFlow } from '../../src/flows/lotteryDraw.ts';
import { storage } from '../../src/lib/storage.ts';
import { Page } from '../common/FlowPage.tsx';
import { LuckyAppView } from './LuckyAppView.tsx';
import '../common/wallet.css';
import '../common/lottery.css';

/**
 * `/app/luckyApp` (`?activityId=`, else the live activity): the lucky draw. A draw sent is kept
 * (storage's pending draw, the member's) until its outcome is known, so a reload, or the app
 * killed and opened again, first asks what it gave.
 */
export default function LuckyAppScreen({ activityId }: { activityId?: string | number }) {
  const [state, send] = useMachine(lotteryDrawFlow, {
    input: { activityId: activityId === undefined ? null : String(activityId), pendingDraw: storage.getPendingDraw() },
  });
  const { pendingDraw } = state.context;
  useEffect(() => storage.setPendingDraw(pendingDraw), [pendingDraw]);
  return (
    <Page title="titles.luckyApp">
      <LuckyAppView state={state} send={send} />
    </Page>
  );
}
