import { lotteryCheckMachine, type DrawsChecked, type LotteryCheckEvent } from '../../machines/lotteryCheck.machine.ts';
import type { LotteryActivity, RecordedDraw } from '../../services/contract/lottery.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { liveActivity } from './lotteryDraw.model.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const endedActivity: LotteryActivity = { ...liveActivity, status: 'ended', seed: 'b'.repeat(64) };
export const recordedDraws: RecordedDraw[] = [
  { seq: 1, participant: 4, drawNo: 1, prizeId: null },
  { seq: 2, participant: 5, drawNo: 1, prizeId: '2' },
];
const check = (draw: RecordedDraw, matches: boolean, ticket: number) => ({ ...draw, ticket, expectedPrizeId: matches ? draw.prizeId : '1', problem: matches ? null : ('outcome' as const), matches });
const checked = (commitmentMatches: boolean, allMatch: boolean): DrawsChecked => ({
  commitmentMatches,
  checks: [check(recordedDraws[0]!, true, 734_118), check(recordedDraws[1]!, allMatch, 1_204)],
});

export const lotteryCheckUserEvents = {
  'check.retry': { type: 'check.retry' },
  'draw.picked': { type: 'draw.picked', seq: 2 },
} satisfies Record<LotteryCheckEvent['type'], LotteryCheckEvent>;

export const lotteryCheckResults = {
  notRevealed: doneEvent('loadVerification', { ok: true, data: { activity: liveActivity, draws: recordedDraws, nextAfterSeq: null } }),
  unknown: doneEvent('loadVerification', refusal('LOT10005')),
  unreachable: errorEvent('loadVerification', new Error('network down')),
  verified: doneEvent('checkDraws', checked(true, true)),
  mismatch: doneEvent('checkDraws', checked(true, false)),
  tampered: doneEvent('checkDraws', checked(false, true)),
  noCrypto: errorEvent('checkDraws', new Error('crypto.subtle is undefined')),
};

/** The pages of the ended activity's draws as the server gives them after `afterSeq`: one draw a page. */
export const verificationPages = {
  first: doneEvent('loadVerification', { ok: true, data: { activity: endedActivity, draws: recordedDraws.slice(0, 1), nextAfterSeq: 1 } }),
  last: doneEvent('loadVerification', { ok: true, data: { activity: endedActivity, draws: recordedDraws.slice(1), nextAfterSeq: null } }),
};

export const lotteryCheckModel: FlowModel<typeof lotteryCheckMachine> = {
  machine: parkInvokes(lotteryCheckMachine, ['loadVerification', 'checkDraws']),
  variants: [{ name: 'an activity’s page, draw 1 asked for', input: { activityId: '7', seq: 1 } }],
  // the page that follows what was read: the first, then the last
  events: (snapshot) => [
    ...Object.values(lotteryCheckUserEvents),
    ...Object.values(lotteryCheckResults),
    snapshot.context.afterSeq === null ? verificationPages.first : verificationPages.last,
  ],
  // what the guards and the screen read: the activity and its seed, the draws read (none, some), the verdict, the draw shown
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.activity ? c.activity.seed !== null : null, Math.min(c.draws.length, 2), c.checked ? [c.checked.commitmentMatches, c.checked.checks.every((x) => x.matches)] : null, c.seq, c.errorCode]);
  },
};
