import { fromPromise } from 'xstate';
import { lotteryDrawMachine } from '../../machines/lotteryDraw.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { documentFlow } from './document.ts';

/**
 * The member's lucky draw (lottery/activity, lottery/draw, lottery/drawResult). The draw goes with
 * the chart's requestNo in the envelope: the server answers a requestNo's draw once, and the lost
 * answer is asked for under the same number (lottery/drawResult), never drawn again blindly. The
 * screen keeps the chart's pending draw in storage (src/lib/storage.ts), so a reload asks too.
 */
export const lotteryDrawActors = {
  loadLottery: fromPromise(({ input }: { input: { activityId: string | null } }) =>
    requestGateway('lottery/activity', input.activityId ? { activityId: input.activityId } : {}, { quiet: true })),
  drawLottery: fromPromise(({ input: { requestNo, activityId } }: { input: { activityId: string; requestNo: string } }) =>
    requestGateway('lottery/draw', { activityId }, { quiet: true, requestNo })),
  queryDraw: fromPromise(({ input }: { input: { activityId: string; requestNo: string } }) => requestGateway('lottery/drawResult', input, { quiet: true })),
} satisfies ActorsOf<typeof lotteryDrawMachine>;

export const lotteryDrawFlow = lotteryDrawMachine.provide({ actors: lotteryDrawActors });

/**
 * `/app/luckyList`: an activity's last 20 winners and the member's own winning records (the
 * document chart: loading, shown, refused, retry). Without an activity in the address, the one
 * the lottery page shows (the live one, else the latest ended).
 */
export const luckyListFlow = documentFlow(async ({ key }) => {
  let activityId = key;
  if (!activityId) {
    const page = await requestGateway('lottery/activity', {}, { quiet: true });
    if (!page.ok) return page;
    if (!page.data.activity) return { ok: false, code: 'LOT10005', message: '', detail: '' };
    activityId = page.data.activity.id;
  }
  return requestGateway('lottery/winners', { activityId }, { quiet: true });
});
