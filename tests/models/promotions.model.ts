import { promotionsMachine, type PromotionLine, type PromotionsEvent } from '../../machines/promotions.machine.ts';
import type { ActorRefFrom } from 'xstate';
import type { StatusChangeInput, statusChangeMachine } from '../../machines/statusChange.machine.ts';
import { listOffered, offeredForLine, statusChangeModel } from './statusChange.model.ts';
import { linkShareModel } from './linkShare.model.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

/** The status change the child was asked (its input), to answer it as its end would. */
const asked = (snapshot: { children: Record<string, unknown> }, fallback: StatusChangeInput): StatusChangeInput =>
  ((snapshot.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot().context ?? fallback);

const PAUSE_CASHBACK: StatusChangeInput = { line: { kind: 'cashback', id: '11' }, from: 'active', to: 'paused', endedCode: 'PRM10017' };
const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const samplePromotions: PromotionLine[] = [
  { kind: 'cashback', id: '11', name: 'Dez por cento', status: 'active', auto: false, terms: { type: 'ratio', ratioBp: 1_000, min: 0, max: 50_000, from: 1, amountOff: null }, spend: { amount: 3_700, count: 1, amountLeft: 996_300, countLeft: null } },
  { kind: 'discount', id: '12', name: 'Sexta barata', status: 'paused', auto: false, terms: { type: 'random', ratioBp: null, min: 100, max: 1_000, from: 20_000, amountOff: null }, spend: { amount: 0, count: 0, amountLeft: null, countLeft: null } },
  { kind: 'coupon', id: '13', name: 'Gaste 300', status: 'active', auto: false, terms: { type: '2', ratioBp: null, min: null, max: null, from: 30_000, amountOff: 3_000 }, spend: { amount: 3_000, count: 1, amountLeft: null, countLeft: 9 } },
  { kind: 'coupon', id: '14', name: 'Natal', status: 'ended', auto: false, terms: { type: '4', ratioBp: 1_500, min: null, max: 5_000, from: null, amountOff: null }, spend: { amount: 0, count: 0, amountLeft: null, countLeft: 5 } },
];
export const sampleShareStores = [{ storeId: '31', name: 'Loja Central' }, { storeId: '33', name: 'Loja do Porto' }];

export const promotionsUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
  'promotion.paused': { type: 'promotion.paused', kind: 'cashback', id: '11' },
  'promotion.resumed': { type: 'promotion.resumed', kind: 'discount', id: '12' },
  'promotion.ended': { type: 'promotion.ended', kind: 'coupon', id: '13' },
  'coupon.shared': { type: 'coupon.shared', id: '13' },
  'shareStore.chosen': { type: 'shareStore.chosen', storeId: '33' },
  'shareStore.cancelled': { type: 'shareStore.cancelled' },
} satisfies Record<PromotionsEvent['type'], PromotionsEvent>;

export const promotionsModel: FlowModel<typeof promotionsMachine> = {
  machine: parkInvokes(promotionsMachine, ['loadList', 'loadStores']).provide({ actors: { statusChange: statusChangeModel.machine, linkShare: linkShareModel.machine } } as never) as typeof promotionsMachine,
  variants: [{ name: 'the owner', input: undefined }],
  events: (snapshot) => [
    ...Object.values(promotionsUserEvents).filter((e) => listOffered(snapshot) && offeredForLine(e.type, snapshot.context.promotions.find((p) => p.kind === (e as { kind?: string }).kind && p.id === (e as { id?: string }).id)?.status)),
    doneEvent('loadList', { ok: true, data: { promotions: samplePromotions } }),
    doneEvent('loadList', { ok: true, data: { promotions: [] } }),
    doneEvent('loadList', refusal('MCH10003')),
    doneEvent('loadList', refusal('STF10010')),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
    // the status change child's ends (its own model goes through its states): the status the server gave, or it had ended meanwhile
    doneEvent('statusChange', { ok: true, data: { line: asked(snapshot, PAUSE_CASHBACK).line, status: asked(snapshot, PAUSE_CASHBACK).to } }),
    doneEvent('statusChange', { ...refusal('PRM10017'), data: { line: asked(snapshot, PAUSE_CASHBACK).line, status: 'ended' } }),
    doneEvent('statusChange', refusal('AGW50000')),
    doneEvent('statusChange', { ok: false, unreachable: true }),
    errorEvent('statusChange', new Error('child failed')),
    // the share child never ends (its own model goes through its states); it may only fail
    errorEvent('linkShare', new Error('child failed')),
    doneEvent('loadStores', { ok: true, data: { stores: sampleShareStores } }),
    doneEvent('loadStores', { ok: true, data: { stores: sampleShareStores.slice(0, 1) } }),
    doneEvent('loadStores', { ok: true, data: { stores: [] } }),
    doneEvent('loadStores', refusal('AGW50000')),
    errorEvent('loadStores', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    // the statuses and whether the stores are known decide what may happen next; the rest only shows
    return JSON.stringify([snapshot.value, c.promotions.map((p) => p.status).join(','), c.stores?.length ?? null]);
  },
};
