import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { listPromotions } from '../services/contract/promotions.ts';
import { statusChangeOf, withStatus } from './promotionStatus.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { linkShareMachine, type LinkShareInput } from './linkShare.machine.ts';
import { statusChangeMachine, type LineStatusNow } from './statusChange.machine.ts';

/**
 * The merchant owner's promotions (`/app/promotions`): its cashback policies, discount policies and
 * coupons, newest first, each with its status and its spend against its budget or stock
 * (`merchant/promotion/list`); pause, resume, and end after a confirmation (the statusChange child,
 * over `merchant/promotion/setStatus`: ending is final, PRM10017 when it had already ended); and a
 * live coupon shared as the member's claim link `/app/coupons/claim/<storeId>/<couponId>` — the
 * store picked by the owner when the merchant has several open ones (`merchant/list/query`, read
 * once) — through the device's share sheet, else copied to the clipboard (the linkShare child).
 * Not the owner (a clerk STF10010, a member MCH10003) → said so.
 */
export type PromotionLine = ResponseOf<typeof listPromotions>['promotions'][number];
export type PromotionKind = PromotionLine['kind'];
/** An open store of the merchant (or of a sub-merchant), where a member may claim its coupons. */
export interface ShareStore {
  storeId: string;
  name: string;
}

/** The member's page that claims a coupon at a store (the link's path; the screen prefixes the origin). */
export const couponClaimPath = (storeId: string, couponId: string) => `/app/coupons/claim/${encodeURIComponent(storeId)}/${encodeURIComponent(couponId)}`;

export interface PromotionsContext {
  promotions: PromotionLine[];
  /** The merchant's open stores, once read (null before). */
  stores: ShareStore[] | null;
  /** The coupon being shared, and the claim link's path once its store is known. */
  couponId: string | null;
  sharePath: string | null;
  errorCode: string | null;
}

type Target = { kind: PromotionKind; id: string };
export type PromotionsEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | ({ type: 'promotion.paused' } & Target)
  | ({ type: 'promotion.resumed' } & Target)
  | ({ type: 'promotion.ended' } & Target)
  | { type: 'coupon.shared'; id: string }
  | { type: 'shareStore.chosen'; storeId: string }
  | { type: 'shareStore.cancelled' };


export const promotionsMachine = setup({
  types: { context: {} as PromotionsContext, events: {} as PromotionsEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<ResponseOf<typeof listPromotions>>>('loadList'),
    statusChange: statusChangeMachine,
    loadStores: provided<Outcome<{ stores: ShareStore[] }>>('loadStores'),
    linkShare: linkShareMachine,
  },
  guards: {
    // a paused or ended coupon cannot be claimed (PRM10015): only a live one is shared
    // an active coupon members claim by its link (an auto coupon is granted by a payment, never shared)
    liveCoupon: ({ context, event }) => {
      const line = event.type === 'coupon.shared' ? context.promotions.find((p) => p.kind === 'coupon' && p.id === event.id) : undefined;
      return line?.status === 'active' && !line.auto;
    },
    storesUnknown: ({ context }) => context.stores === null,
    noStore: ({ context }) => context.stores?.length === 0,
    oneStore: ({ context }) => context.stores?.length === 1,
    knownStore: ({ context, event }) => event.type === 'shareStore.chosen' && !!context.stores?.some((s) => s.storeId === event.storeId),
  },
  actions: {
    announceAnswer: announceAnswer<PromotionsContext, PromotionsEvent | AnswerEvent>(),
    keepList: assign({ promotions: ({ event }) => answerData<ResponseOf<typeof listPromotions>>(event).promotions, errorCode: null }),
    // the status the line has now: the server's answer, or ended (PRM10017: it had ended meanwhile, on another device)
    keepStatus: assign({ promotions: ({ context, event }) => withStatus(context.promotions, answerData<LineStatusNow>(event)), errorCode: null }),
    chooseCoupon: assign({ couponId: ({ event }) => (event.type === 'coupon.shared' ? event.id : null), sharePath: null }),
    keepStores: assign({ stores: ({ event }) => answerData<{ stores: ShareStore[] }>(event).stores }),
    chooseOnlyStore: assign({ sharePath: ({ context }) => couponClaimPath(context.stores![0]!.storeId, context.couponId!) }),
    chooseStore: assign({ sharePath: ({ context, event }) => (event.type === 'shareStore.chosen' ? couponClaimPath(event.storeId, context.couponId!) : null) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'promotions',
  context: { promotions: [], stores: null, couponId: null, sharePath: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { id: 'loadList', src: 'loadList', onDone: { actions: 'announceAnswer' }, onError: { target: 'failed', actions: 'forgetRefusal' } },
      on: {
        'loadList.ok': { target: 'list', actions: 'keepList' },
        // a member without a collection account, or a clerk
        'loadList.refused.MCH10003': { target: 'notOwner', actions: 'keepRefusal' },
        'loadList.refused.STF10010': { target: 'notOwner', actions: 'keepRefusal' },
        'loadList.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    notOwner: {},
    list: {
      initial: 'idle',
      on: {
        'list.refresh': { target: 'loading' },
        // the statusChange child says which changes the line's status allows
        'promotion.paused': { target: '.changingStatus' },
        'promotion.resumed': { target: '.changingStatus' },
        'promotion.ended': { target: '.changingStatus' },
        'coupon.shared': { guard: 'liveCoupon', target: 'preparingShare', actions: 'chooseCoupon' },
      },
      states: {
        idle: {},
        // the statusChange child: asked, confirmed when ending, saved; its refusal shown until the list's next step
        changingStatus: {
          invoke: {
            id: 'statusChange',
            src: 'statusChange',
            input: ({ context, event }) => statusChangeOf(context.promotions, event as Target, event.type, 'PRM10017'),
            onDone: { actions: 'announceAnswer' },
            // the chart itself failed (never an answer of the server): the list read again says where the line stands
            onError: { target: '#promotions.loading' },
          },
          on: {
            'statusChange.ok': { target: 'idle', actions: 'keepStatus' },
            'statusChange.refused.PRM10017': { target: 'alreadyEnded', actions: 'keepStatus' },
            // it ends with no other answer (a refusal or no answer stays shown in it): should one come, the list read again says where the line stands
            'statusChange.refused.*': { target: '#promotions.loading' },
            'statusChange.unreachable': { target: '#promotions.loading' },
          },
        },
        alreadyEnded: { tags: ['error'] },
        storesFailed: { tags: ['error'] },
        noStore: { tags: ['error'] },
        // the linkShare child: the claim link shared or copied, or shown to copy by hand, until the list's next step
        sharing: {
          invoke: {
            id: 'linkShare',
            src: 'linkShare',
            input: ({ context }): LinkShareInput => ({ url: context.sharePath!, atOnce: true }),
            // the chart itself failed (never the share sheet's answer): nothing shared, nothing to say
            onError: { target: 'idle' },
          },
        },
      },
    },
    // which store's page claims it: the only open store, or the one the owner picks
    preparingShare: {
      always: [
        { guard: 'storesUnknown', target: 'loadingStores' },
        { guard: 'noStore', target: 'list.noStore' },
        { guard: 'oneStore', target: 'list.sharing', actions: 'chooseOnlyStore' },
        { target: 'choosingStore' },
      ],
    },
    loadingStores: {
      tags: ['busy'],
      invoke: { id: 'loadStores', src: 'loadStores', onDone: { actions: 'announceAnswer' }, onError: { target: 'list.storesFailed', actions: 'forgetRefusal' } },
      on: {
        'loadStores.ok': { target: 'preparingShare', actions: 'keepStores' },
        'loadStores.refused.*': { target: 'list.storesFailed', actions: 'keepRefusal' },
      },
    },
    choosingStore: { on: { 'shareStore.chosen': { guard: 'knownStore', target: 'list.sharing', actions: 'chooseStore' }, 'shareStore.cancelled': { target: 'list' } } },
  },
});
