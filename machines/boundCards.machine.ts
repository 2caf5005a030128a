import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import type { BoundCard } from './bankFlow.ts';

/**
 * The member's bound debit cards, for a page that needs one (top-up, withdrawal, opening a
 * collection account): asked with the page's own call, whose answer brings the cards and whatever
 * else the page asks with them (the withdrawal's balances) → none bound yet: the way to bind one,
 * and asked again when the person comes back | a refusal or no answer: try again → ends with the
 * answer, at least one card in it. A refusal the page routes itself (`handOver`: the withdrawal's
 * member not verified yet) ends it with that refusal. It ends as an answer the page routes by
 * event (`boundCards.ok`, `boundCards.refused.<CODE>`).
 */
export type BoundCardsAnswer = { cards: BoundCard[] };

export interface BoundCardsInput {
  /** This chart stopped with an error before (never a person's doing): it starts at its failure, to be tried again by hand. */
  interrupted?: boolean;
  /** The refusals the page routes itself: they end this chart. */
  handOver?: string[];
}

export interface BoundCardsContext {
  interrupted: boolean;
  handOver: string[];
  answer: BoundCardsAnswer | null;
  /** A refusal handed over to the page. */
  handedOver: { code: string; detail: string } | null;
  errorCode: string | null;
}

export type BoundCardsEvent = { type: 'cards.retry' };

export const boundCardsMachine = setup({
  types: { input: {} as BoundCardsInput, context: {} as BoundCardsContext, events: {} as BoundCardsEvent | AnswerEvent, output: {} as Outcome<BoundCardsAnswer> },
  actors: {
    loadCards: provided<Outcome<BoundCardsAnswer>>('loadCards'),
  },
  guards: {
    interrupted: ({ context }) => context.interrupted,
    noneBound: ({ event }) => answerData<BoundCardsAnswer>(event).cards.length === 0,
    handedOver: ({ context, event }) => context.handOver.includes(answerCode(event) ?? ''),
  },
  actions: {
    announceAnswer: announceAnswer<BoundCardsContext, BoundCardsEvent | AnswerEvent>(),
    keepAnswer: assign({ answer: ({ event }) => answerData<BoundCardsAnswer>(event), errorCode: null }),
    keepHandedOver: assign({ handedOver: ({ event }) => ({ code: answerCode(event) ?? '', detail: answerDetail(event) ?? '' }) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'boundCards',
  context: ({ input }) => ({ interrupted: input?.interrupted ?? false, handOver: input?.handOver ?? [], answer: null, handedOver: null, errorCode: null }),
  initial: 'starting',
  output: ({ context }) => (context.answer
    ? { ok: true, data: context.answer }
    : { ok: false, code: context.handedOver?.code ?? 'AGW50000', message: '', detail: context.handedOver?.detail ?? '' }),
  states: {
    // after an interruption, not asked again on its own: a chart that fails on an answer would ask forever
    starting: { always: [{ guard: 'interrupted', target: 'failed' }, { target: 'loading' }] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadCards.ok': [
          { guard: 'noneBound', target: 'none', actions: 'forgetRefusal' },
          { target: 'loaded', actions: 'keepAnswer' },
        ],
        'loadCards.refused.*': [
          { guard: 'handedOver', target: 'handedOver', actions: 'keepHandedOver' },
          { target: 'failed', actions: 'keepRefusal' },
        ],
      },
    },
    failed: { tags: ['error'], on: { 'cards.retry': { target: 'loading' } } },
    // nothing to pay with or to be paid to yet: the screen leads to binding one, and looks again on return
    none: { on: { 'cards.retry': { target: 'loading' } } },
    loaded: { type: 'final' },
    // a refusal the page routes itself
    handedOver: { type: 'final' },
  },
});
