import { activityPageMachine, type ActivityEvent } from '../../machines/activityPage.machine.ts';
import type { LotteryActivity } from '../../services/contract/lottery.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

/** A March draw: top-ups of 1 000 Kz or more earn 2 draws; two prize lines. */
export const marchActivity: LotteryActivity = {
  id: '7', name: 'Sorteio de Março', rules: 'Carregue 1 000 Kz ou mais e ganhe 2 sorteios.\n\nOs prémios são pagos em cashback.',
  startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T22:59:00.000Z', status: 'live', entry: 'recharge', threshold: 100_000, drawsPerEntry: 2,
  prizes: [
    { id: '1', name: 'Prémio maior', amount: 500_000, quantity: 1, left: 1, oddsPpm: 1_000 },
    { id: '2', name: 'Cashback de 100 Kz', amount: 10_000, quantity: 50, left: 48, oddsPpm: 200_000 },
  ],
  regulatorReference: 'ISJ/2026/0042',
  seedCommitment: 'a'.repeat(64),
  seed: null,
};
export const aprilActivity: LotteryActivity = { ...marchActivity, id: '8', name: 'Sorteio de Abril', status: 'upcoming', startsAt: '2026-04-01T00:00:00.000Z', endsAt: '2026-04-30T22:59:00.000Z' };
export const februaryActivity: LotteryActivity = {
  ...marchActivity, id: '6', name: 'Sorteio de Fevereiro', status: 'ended', startsAt: '2026-02-01T00:00:00.000Z', endsAt: '2026-02-28T22:59:00.000Z', seed: 'b'.repeat(64),
};
const listed = (...activities: LotteryActivity[]) => doneEvent('loadActivities', { ok: true, data: { activities } });

export const activityUserEvents = {
  'activity.retry': { type: 'activity.retry' },
} satisfies Record<ActivityEvent['type'], ActivityEvent>;

export const activityResults = {
  // the detail of 7 finds it live; the featured page takes the live one over the others
  live: listed(februaryActivity, aprilActivity, { ...marchActivity, id: '7' }),
  upcoming: listed(februaryActivity, { ...aprilActivity, id: '7' }),
  ended: listed({ ...februaryActivity, id: '7' }),
  empty: listed(),
  refused: doneEvent('loadActivities', { ok: false, code: 'AGW10001', message: 'refused', detail: '' }),
  unreachable: errorEvent('loadActivities', new Error('network down')),
};

export const activityPageModel: FlowModel<typeof activityPageMachine> = {
  machine: parkInvokes(activityPageMachine, ['loadActivities']),
  variants: [
    { name: 'the featured activity', input: { activityId: null } },
    { name: 'activity 7', input: { activityId: '7' } },
  ],
  events: [...Object.values(activityUserEvents), ...Object.values(activityResults)],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.activity?.id ?? null]),
};
