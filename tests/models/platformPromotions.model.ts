import { platformPromotionsMachine, type PlatformPromotionsEvent } from '../../machines/platformPromotions.machine.ts';
import type { ActorRefFrom } from 'xstate';
import type { StatusChangeInput, statusChangeMachine } from '../../machines/statusChange.machine.ts';
import { listOffered, offeredForLine, statusChangeModel } from './statusChange.model.ts';
import type { PlatformCashbackPolicy } from '../../services/contract/platformPromotions.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

/** The status change the child was asked (its input), to answer it as its end would. */
const asked = (snapshot: { children: Record<string, unknown> }, fallback: StatusChangeInput): StatusChangeInput =>
  ((snapshot.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot().context ?? fallback);

const PAUSE_POLICY: StatusChangeInput = { line: { id: '41' }, from: 'active', to: 'paused', endedCode: 'PRM10017' };
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
} satisfies Record<PlatformPromotionsEvent['type'], PlatformPromotionsEvent>;

export const platformPromotionsModel: FlowModel<typeof platformPromotionsMachine> = {
  machine: parkInvokes(platformPromotionsMachine, ['loadList']).provide({ actors: { statusChange: statusChangeModel.machine } } as never) as typeof platformPromotionsMachine,
  variants: [{ name: 'an operator', input: undefined }],
  events: (snapshot) => [
    ...Object.values(platformPromotionsUserEvents).filter((e) => listOffered(snapshot) && offeredForLine(e.type, snapshot.context.promotions.find((p) => p.id === (e as { id?: string }).id)?.status)),
    doneEvent('loadList', { ok: true, data: { policies: samplePlatformPolicies } }),
    doneEvent('loadList', { ok: true, data: { policies: [] } }),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
    // the status change child's ends (its own model goes through its states): the status the server gave, or it had ended meanwhile
    doneEvent('statusChange', { ok: true, data: { line: asked(snapshot, PAUSE_POLICY).line, status: asked(snapshot, PAUSE_POLICY).to } }),
    doneEvent('statusChange', { ...refusal('PRM10017'), data: { line: asked(snapshot, PAUSE_POLICY).line, status: 'ended' } }),
    doneEvent('statusChange', refusal('AGW50000')),
    doneEvent('statusChange', { ok: false, unreachable: true }),
    errorEvent('statusChange', new Error('child failed')),
  ],
  // the statuses decide what may happen next; the rest only shows
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.promotions.map((p) => p.status).join(',')]),
};
