import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { PlatformCashbackPolicy } from '../services/contract/platformPromotions.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { statusChangeOf, withStatus } from './promotionStatus.ts';
import { statusChangeMachine, type LineStatusNow } from './statusChange.machine.ts';

/**
 * The platform's cashback policies in the operators' area (`/plateform/promotions`): every policy
 * the platform funds (at every merchant, or for one member), newest first, with its spend against
 * its budget (`platform/promotion/list`); pause, resume, and end after a confirmation (the
 * statusChange child, over `platform/promotion/setStatus`, audited: ending is final, PRM10017 when
 * it had already ended).
 * New ones are made on `/plateform/promotions/new` (the promotionForm chart).
 */
export interface PlatformPromotionsContext {
  promotions: PlatformCashbackPolicy[];
  errorCode: string | null;
}

export type PlatformPromotionsEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'promotion.paused'; id: string }
  | { type: 'promotion.resumed'; id: string }
  | { type: 'promotion.ended'; id: string };

export const platformPromotionsMachine = setup({
  types: { context: {} as PlatformPromotionsContext, events: {} as PlatformPromotionsEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<{ policies: PlatformCashbackPolicy[] }>>('loadList'),
    statusChange: statusChangeMachine,
  },
  actions: {
    announceAnswer: announceAnswer<PlatformPromotionsContext, PlatformPromotionsEvent | AnswerEvent>(),
    keepList: assign({ promotions: ({ event }) => answerData<{ policies: PlatformCashbackPolicy[] }>(event).policies, errorCode: null }),
    // the status the policy has now: the server's answer, or ended (PRM10017: another operator ended it meanwhile)
    keepStatus: assign({ promotions: ({ context, event }) => withStatus(context.promotions, answerData<LineStatusNow>(event)), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'platformPromotions',
  context: { promotions: [], errorCode: null },
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
        // the statusChange child says which changes the policy's status allows
        'promotion.paused': { target: '.changingStatus' },
        'promotion.resumed': { target: '.changingStatus' },
        'promotion.ended': { target: '.changingStatus' },
      },
      states: {
        idle: {},
        // the statusChange child: asked, confirmed when ending, saved; its refusal shown until the list's next step
        changingStatus: {
          invoke: {
            id: 'statusChange',
            src: 'statusChange',
            input: ({ context, event }) => statusChangeOf(context.promotions, event as { id: string }, event.type, 'PRM10017'),
            onDone: { actions: 'announceAnswer' },
            // the chart itself failed (never an answer of the server): the list read again says where the policy stands
            onError: { target: '#platformPromotions.loading' },
          },
          on: {
            'statusChange.ok': { target: 'idle', actions: 'keepStatus' },
            'statusChange.refused.PRM10017': { target: 'alreadyEnded', actions: 'keepStatus' },
            // it ends with no other answer (a refusal or no answer stays shown in it): should one come, the list read again says where the line stands
            'statusChange.refused.*': { target: '#platformPromotions.loading' },
            'statusChange.unreachable': { target: '#platformPromotions.loading' },
          },
        },
        alreadyEnded: { tags: ['error'] },
      },
    },
  },
});
