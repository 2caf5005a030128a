import { lotteryDrawMachine, type LotteryDrawEvent } from '../../machines/lotteryDraw.machine.ts';
import type { LotteryActivity, LotteryDrawOutcome, LotteryPage } from '../../services/contract/lottery.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

/** A live activity: each top-up of 1 000 Kz or more earns 2 draws; two prize lines. */
export const liveActivity: LotteryActivity = {
  id: '7', name: 'Sorteio de Março', rules: 'Carregue 1 000 Kz ou mais e ganhe 2 sorteios.',
  startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T22:59:00.000Z', status: 'live', entry: 'recharge', threshold: 100_000, drawsPerEntry: 2,
  prizes: [
    { id: '1', name: 'Prémio maior', amount: 500_000, quantity: 1, left: 1, oddsPpm: 1_000 },
    { id: '2', name: 'Cashback de 100 Kz', amount: 10_000, quantity: 50, left: 50, oddsPpm: 200_000 },
  ],
  regulatorReference: 'ISJ/2026/0042',
  seedCommitment: 'a'.repeat(64),
  seed: null,
};

const page = (over: Partial<LotteryPage> = {}, activity: Partial<LotteryActivity> = {}): LotteryPage =>
  ({ activity: { ...liveActivity, ...activity }, eligible: true, drawsLeft: 3, drawsUsed: 1, ...over });
const outcome = (prize: boolean, drawsLeft: number): LotteryDrawOutcome => ({
  activityId: '7', seq: 12, participant: 4, drawNo: 2, drawsLeft,
  prize: prize ? { id: '2', name: 'Cashback de 100 Kz', amount: 10_000 } : null, winningId: prize ? '31' : null,
});

export const lotteryDrawUserEvents = {
  'lottery.retry': { type: 'lottery.retry' },
  'draw.requested': { type: 'draw.requested' },
  'check.retry': { type: 'check.retry' },
  'result.closed': { type: 'result.closed' },
} satisfies Record<LotteryDrawEvent['type'], LotteryDrawEvent>;

export const lotteryDrawResults = {
  ready: doneEvent('loadLottery', { ok: true, data: page() }),
  none: doneEvent('loadLottery', { ok: true, data: { activity: null, eligible: true, drawsLeft: 0, drawsUsed: 0 } }),
  ended: doneEvent('loadLottery', { ok: true, data: page({ drawsLeft: 0 }, { status: 'ended', seed: 'b'.repeat(64) }) }),
  company: doneEvent('loadLottery', { ok: true, data: page({ eligible: false, drawsLeft: 0, drawsUsed: 0 }) }),
  upcoming: doneEvent('loadLottery', { ok: true, data: page({ drawsLeft: 0, drawsUsed: 0 }, { status: 'upcoming' }) }),
  spent: doneEvent('loadLottery', { ok: true, data: page({ drawsLeft: 0, drawsUsed: 4 }) }),
  unknown: doneEvent('loadLottery', refusal('LOT10005')),
  loadUnreachable: errorEvent('loadLottery', new Error('network down')),
  won: doneEvent('drawLottery', { ok: true, data: outcome(true, 2) }),
  wonLast: doneEvent('drawLottery', { ok: true, data: outcome(true, 0) }),
  noPrize: doneEvent('drawLottery', { ok: true, data: outcome(false, 2) }),
  noPrizeLast: doneEvent('drawLottery', { ok: true, data: outcome(false, 0) }),
  noDrawsLeft: doneEvent('drawLottery', refusal('LOT10001')),
  drawEnded: doneEvent('drawLottery', refusal('LOT10002')),
  drawCompany: doneEvent('drawLottery', refusal('LOT10003')),
  drawNotStarted: doneEvent('drawLottery', refusal('LOT10004')),
  drawRefused: doneEvent('drawLottery', refusal('AGW50000')),
  drawLost: errorEvent('drawLottery', new Error('network down')),
  foundWon: doneEvent('queryDraw', { ok: true, data: { draw: outcome(true, 2) } }),
  foundNoPrize: doneEvent('queryDraw', { ok: true, data: { draw: outcome(false, 0) } }),
  notDrawn: doneEvent('queryDraw', { ok: true, data: { draw: null } }),
  queryRefused: doneEvent('queryDraw', refusal('AGW50000')),
  queryUnreachable: errorEvent('queryDraw', new Error('network down')),
};

/** A draw of activity 7 sent before the page was reloaded (or the app killed), its outcome not known. */
export const pendingDraw = { activityId: '7', requestNo: 'H5Lmq3k1z0a1b2c3d4e5f6a7b8c9d0e1f2' };

export const lotteryDrawModel: FlowModel<typeof lotteryDrawMachine> = {
  machine: parkInvokes(lotteryDrawMachine, ['loadLottery', 'drawLottery', 'queryDraw']),
  variants: [
    { name: 'the live activity', input: { activityId: null } },
    // reloaded while drawing or checking: what that draw gave is asked first, whatever the page says now
    { name: 'back after a reload with a draw pending', input: { activityId: null, pendingDraw } },
  ],
  events: [...Object.values(lotteryDrawUserEvents), ...Object.values(lotteryDrawResults)],
  // what the guards and the screen read: the activity (ended or not), draws left or not, the outcome's prize, a draw under way (its requestNo), one pending, the refusal
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.activity?.status ?? null, c.drawsLeft > 0, c.outcome ? c.outcome.prize !== null : null, c.requestNo !== null, c.pendingDraw !== null, c.errorCode]);
  },
};
