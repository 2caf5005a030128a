import { fromPromise } from 'xstate';
import { lotteryCheckMachine, type DrawsChecked } from '../../machines/lotteryCheck.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { LotteryActivity, RecordedDraw } from '../../services/contract/lottery.ts';
import { requestGateway } from '../../services/gateway.ts';
import { replayDraws, seedCommitment } from '../../services/lotteryDraw.ts';

/**
 * Checking a lottery's draws: its recorded draws page by page (lottery/verification, public), then
 * the revealed seed against the commitment and every draw recomputed in the browser with the same
 * code the server draws with (services/lotteryDraw.ts, Web Crypto).
 */
export async function checkDraws({ activity, draws }: { activity: LotteryActivity; draws: RecordedDraw[] }): Promise<DrawsChecked> {
  const seed = activity.seed!;
  const commitmentMatches = (await seedCommitment(seed)) === activity.seedCommitment;
  const checks = await replayDraws(seed, activity.id, activity.prizes, draws);
  return { commitmentMatches, checks };
}

export const lotteryCheckActors = {
  loadVerification: fromPromise(({ input }: { input: { activityId: string; afterSeq: number | null } }) =>
    requestGateway('lottery/verification', { activityId: input.activityId, ...(input.afterSeq !== null ? { afterSeq: input.afterSeq } : {}) }, { quiet: true })),
  checkDraws: fromPromise(({ input }: { input: { activity: LotteryActivity; draws: RecordedDraw[] } }) => checkDraws(input)),
} satisfies ActorsOf<typeof lotteryCheckMachine>;

export const lotteryCheckFlow = lotteryCheckMachine.provide({ actors: lotteryCheckActors });
