import { platformPromotionsMachine, type PlatformPromotionsEvent } from '../../machines/platformPromotions.machine.ts';
import type { PlatformCashbackPolicy } from '../../services/contract/platformPromotions.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const samplePlatformPolicies: PlatformCashbackPolicy[] = [
  {
    id: '41', name: 'Cinco por cento', status: 'active', type: 'ratio', ratioBp: 500, minCashback: 0, maxCashback: 10_000, minPayment: 1, budgetAmount: 500_000, budgetCount: null,
    memberId: null, startsAt: '2026-03-01T09:00:00.000Z', endsAt: null, spend: { amount: 5_000, count: 1, amountLeft: 495_000, countLeft: null },
  },
  {
    id: '42', name: 'Só a Ana', status: 'paused', type: 'random', ratioBp: null, minCashback: 100, maxCashback: 200, minPayment: 1, budgetAmount: null, budgetCount: 10,
    memberId: '1234', startsAt: '2026-03-01T09:00:00.000Z', endsAt: '2026-12-31T23:00:00.000Z', spend: { amount: 0, count: 0, amountLeft: null, countLeft: 10 },
  },
];

export const platformPromotionsUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
  'promotion.paused': { type: 'promotion.paused', id: '41' },
  'promotion.resumed': { type: 'promotion.resumed', id: '42' },
  'promotion.ended': { type: 'promotion.ended', id: '41' },
  'end.confirmed': { type: 'end.confirmed' },
  'end.cancelled': { type: 'end.cancelled' },
} satisfies Record<PlatformPromotionsEvent['type'], PlatformPromotionsEvent>;

export const platformPromotionsModel: FlowModel<typeof platformPromotionsMachine> = {
  machine: parkInvokes(platformPromotionsMachine, ['loadList', 'setStatus']),
  variants: [{ name: 'an operator', input: undefined }],
  events: (snapshot) => [
    ...Object.values(platformPromotionsUserEvents),
    doneEvent('loadList', { ok: true, data: { policies: samplePlatformPolicies } }),
    doneEvent('loadList', { ok: true, data: { policies: [] } }),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
    // the server answers the change it was asked for
    doneEvent('setStatus', { ok: true, data: snapshot.context.change ?? { id: '41', status: 'paused' } }),
    doneEvent('setStatus', refusal('PRM10017')),
    doneEvent('setStatus', refusal('MCH10004')),
    errorEvent('setStatus', new Error('network down')),
  ],
  // the statuses decide what may happen next; the rest only shows
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.promotions.map((p) => p.status).join(',')]),
};
