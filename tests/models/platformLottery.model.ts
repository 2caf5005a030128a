import { platformLotteryMachine, type PlatformLotteryEvent, type PrizeDelivery } from '../../machines/platformLottery.machine.ts';
import type { PlatformLotteryActivity } from '../../services/contract/platformLottery.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
const hex = (digit: string) => digit.repeat(64);
export const revealedSeed = hex('7');

const prizes = [
  { id: '61', name: 'Vale 5 000 Kz', amount: 500_000, quantity: 5, left: 3, oddsPpm: 25_000 },
  { id: '62', name: 'Vale 500 Kz', amount: 50_000, quantity: 100, left: 90, oddsPpm: 200_000 },
];
export const samplePlatformActivities: PlatformLotteryActivity[] = [
  {
    id: '51', name: 'Sorteio de Maio', rules: 'Cada carregamento de 1 000 Kz dá 2 sorteios.', startsAt: '2026-05-01T08:00:00.000Z', endsAt: '2026-05-31T22:00:00.000Z', status: 'live',
    entry: 'recharge', threshold: 100_000, drawsPerEntry: 2, prizes, regulatorReference: 'ISJ/2026/041', seedCommitment: hex('a'), seed: null,
    drawsMade: 120, awarded: 1_500_000, budget: 10_000_000, deliveries: { waiting: 3, sent: 9, failed: 1 },
  },
  {
    id: '50', name: 'Sorteio de Abril', rules: 'Cada pagamento de 500 Kz dá 1 sorteio.', startsAt: '2026-04-01T08:00:00.000Z', endsAt: '2026-04-30T22:00:00.000Z', status: 'ended',
    entry: 'consume', threshold: 50_000, drawsPerEntry: 1, prizes, regulatorReference: 'ISJ/2026/017', seedCommitment: hex('b'), seed: hex('c'),
    drawsMade: 80, awarded: 2_000_000, budget: 5_000_000, deliveries: { waiting: 0, sent: 12, failed: 0 },
  },
];
export const samplePrizeDeliveries: PrizeDelivery[] = [
  {
    id: '901', activityId: '51', memberId: '1234', prize: 'Vale 5 000 Kz', amount: 500_000, status: 'failed', attempts: 3, lastError: 'cashback account frozen',
    wonAt: '2026-05-03T10:00:00.000Z', deliveredAt: null,
  },
  {
    id: '900', activityId: '51', memberId: '1240', prize: 'Vale 500 Kz', amount: 50_000, status: 'sent', attempts: 1, lastError: null,
    wonAt: '2026-05-02T10:00:00.000Z', deliveredAt: '2026-05-02T10:05:00.000Z',
  },
];

export const platformLotteryUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
  'activity.ended': { type: 'activity.ended', id: '51' },
  'end.confirmed': { type: 'end.confirmed' },
  'end.cancelled': { type: 'end.cancelled' },
  'activity.opened': { type: 'activity.opened', id: '51' },
  'deliveries.retry': { type: 'deliveries.retry' },
  'deliveries.refresh': { type: 'deliveries.refresh' },
  'deliveries.closed': { type: 'deliveries.closed' },
  'delivery.retried': { type: 'delivery.retried', winningId: '901' },
} satisfies Record<PlatformLotteryEvent['type'], PlatformLotteryEvent>;

export const platformLotteryModel: FlowModel<typeof platformLotteryMachine> = {
  machine: parkInvokes(platformLotteryMachine, ['loadList', 'endActivity', 'loadDeliveries', 'retryDelivery']),
  variants: [{ name: 'an operator', input: undefined }],
  events: [
    ...Object.values(platformLotteryUserEvents),
    doneEvent('loadList', { ok: true, data: { activities: samplePlatformActivities } }),
    doneEvent('loadList', { ok: true, data: { activities: [] } }),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
    doneEvent('endActivity', { ok: true, data: { activityId: '51', seed: revealedSeed } }),
    doneEvent('endActivity', refusal('LOT10002')),
    doneEvent('endActivity', refusal('LOT10005')),
    errorEvent('endActivity', new Error('network down')),
    doneEvent('loadDeliveries', { ok: true, data: { deliveries: samplePrizeDeliveries } }),
    doneEvent('loadDeliveries', { ok: true, data: { deliveries: [] } }),
    doneEvent('loadDeliveries', refusal('LOT10005')),
    errorEvent('loadDeliveries', new Error('network down')),
    doneEvent('retryDelivery', { ok: true, data: { winningId: '901', status: 'waiting' } }),
    doneEvent('retryDelivery', refusal('LOT10014')),
    doneEvent('retryDelivery', refusal('AGW50000')),
    errorEvent('retryDelivery', new Error('network down')),
  ],
  // the statuses decide what may happen next; the rest only shows
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.activities.map((a) => a.status).join(','), c.deliveries.map((d) => d.status).join(',')]);
  },
};
