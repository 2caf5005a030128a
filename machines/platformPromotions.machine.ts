import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { PlatformCashbackPolicy } from '../services/contract/platformPromotions.ts';
import type { PromotionStatus } from '../services/contract/promotions.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { lineActive, lineNotEnded, linePaused, statusAsked, withStatus } from './promotionStatus.ts';

/**
 * The platform's cashback policies in the operators' area (`/plateform/promotions`): every policy
 * the platform funds (at every merchant, or for one member), newest first, with its spend against
 * its budget (`platform/promotion/list`); pause, resume, and end after a confirmation
 * (`platform/promotion/setStatus`, audited: ending is final, PRM10017 when it had already ended).
 * New ones are made on `/plateform/promotions/new` (the promotionForm chart).
 */
export interface PlatformPromotionsContext {
  promotions: PlatformCashbackPolicy[];
  /** The status change asked for: which policy, and the status it should take. */
  change: { id: string; status: PromotionStatus } | null;
  errorCode: string | null;
}

export type PlatformPromotionsEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'promotion.paused'; id: string }
  | { type: 'promotion.resumed'; id: string }
  | { type: 'promotion.ended'; id: string }
  | { type: 'end.confirmed' }
  | { type: 'end.cancelled' };

export const platformPromotionsMachine = setup({
  types: { context: {} as PlatformPromotionsContext, events: {} as PlatformPromotionsEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<{ policies: PlatformCashbackPolicy[] }>>('loadList'),
    setStatus: provided<Outcome<{ id: string; status: PromotionStatus }>, { id: string; status: PromotionStatus }>('setStatus'),
  },
  guards: {
    // only what the policy's status allows: an active one pauses, a paused one resumes, an ended one stays
    active: lineActive,
    paused: linePaused,
    notEnded: lineNotEnded,
  },
  actions: {
    announceAnswer: announceAnswer<PlatformPromotionsContext, PlatformPromotionsEvent | AnswerEvent>(),
    keepList: assign({ promotions: ({ event }) => answerData<{ policies: PlatformCashbackPolicy[] }>(event).policies, errorCode: null }),
    askChange: assign({ change: ({ event }) => ({ id: (event as { id: string }).id, status: statusAsked(event.type) }) }),
    keepStatus: assign({
      promotions: ({ context, event }) => {
        const changed = answerData<{ id: string; status: PromotionStatus }>(event);
        return withStatus(context.promotions, { id: changed.id }, changed.status);
      },
      errorCode: null,
    }),
    // PRM10017: another operator ended it meanwhile: the line says so
    markEnded: assign({ promotions: ({ context }) => withStatus(context.promotions, { id: context.change!.id }, 'ended') }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'platformPromotions',
  context: { promotions: [], change: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { id: 'loadList', src: 'loadList', onDone: { actions: 'announceAnswer' }, onError: { target: 'failed', actions: 'forgetRefusal' } },
      on: {
        'loadList.ok': { target: 'list', actions: 'keepList' },
        'loadList.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    list: {
      initial: 'idle',
      on: {
        'list.refresh': { target: 'loading' },
        'promotion.paused': { guard: 'active', target: 'settingStatus', actions: 'askChange' },
        'promotion.resumed': { guard: 'paused', target: 'settingStatus', actions: 'askChange' },
        'promotion.ended': { guard: 'notEnded', target: 'confirmingEnd', actions: 'askChange' },
      },
      states: {
        idle: {},
        statusRefused: { tags: ['error'] },
        statusUnreachable: { tags: ['error'] },
        alreadyEnded: { tags: ['error'] },
      },
    },
    confirmingEnd: { on: { 'end.confirmed': { target: 'settingStatus' }, 'end.cancelled': { target: 'list' } } },
    settingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => context.change!,
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'list.statusUnreachable', actions: 'forgetRefusal' },
      },
      on: {
        'setStatus.ok': { target: 'list.idle', actions: 'keepStatus' },
        'setStatus.refused.PRM10017': { target: 'list.alreadyEnded', actions: ['keepRefusal', 'markEnded'] },
        'setStatus.refused.*': { target: 'list.statusRefused', actions: 'keepRefusal' },
      },
    },
  },
});
