import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { newRequestNo } from '../src/lib/requestNo.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import {
  emptyFields, emptyPrize, LOTTERY_FIELDS, MAX_LENGTH, MAX_PRIZES, PRIZE_FIELDS, problemsAfterChange, problemsAfterRemoval, problemsOf, prizeKey, requestOf,
  type CreateLotteryRequest, type LotteryFields, type PrizeFields, type Problems,
} from './lotteryFields.ts';

/**
 * Making a lottery activity (`/plateform/lottery/new`, `platform/lottery/create`, operators, audited):
 * its name, its rules in pt, en and zh, when it starts and ends, what earns draws (a top-up or a
 * merchant payment of at least the threshold, so many draws each), its prize table (1 to 12 lines:
 * name, amount, quantity, odds in %), its budget and the gaming regulator's authorisation reference
 * are typed → what the server would refuse is said next to its field before anything is sent
 * (machines/lotteryFields.ts: the odds past 100 %, the prizes past the budget, an end not after the
 * start, a start already past, a field missing or not a figure) → created, with the SHA-256
 * commitment to the activity's seed the server made (published with the rules before the first
 * draw; another may be made) | refused by the server (LOT10010–LOT10013…, said at the field it is
 * about), with everything typed kept. The form goes under a requestNo made when it is sent (the
 * server makes one activity per operator and requestNo): sent again after no answer, unchanged, it
 * goes under the same one, so an activity made while the answer was lost is answered, not made
 * twice; a field changed, a refusal or a success drops it, and the next send makes a new one.
 */
export interface LotteryFormInput {
  language: Language;
}

export interface LotteryFormContext {
  language: Language;
  fields: LotteryFields;
  prizes: PrizeFields[];
  /** What the form could not send, by field, when it was last sent. */
  problems: Problems;
  errorCode: string | null;
  /** The refusal's detail: the request's key it is about, when it names one. */
  errorDetail: string | null;
  /** The activity made, and the commitment to its seed. */
  created: { activityId: string; seedCommitment: string } | null;
  /** The requestNo the form was last sent under: kept for a retry of the same form after no answer. */
  requestNo: string | null;
}

export type LotteryFormEvent =
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'prize.changed'; index: number; name: string; value: string }
  | { type: 'prize.added' }
  | { type: 'prize.removed'; index: number }
  /** `now`: when the operator sends it (ISO), against which a start in the past is told. */
  | { type: 'form.submitted'; now: string }
  | { type: 'form.restarted' };

type Ctx = { context: LotteryFormContext };
const prizeIndexOf = ({ context, event }: Ctx & { event: { type: string } }) => {
  const index = (event as { index?: unknown }).index;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < context.prizes.length ? index : -1;
};
const problemsAt = (context: LotteryFormContext, event: { type: string }) =>
  problemsOf(context.fields, context.prizes, context.language, event.type === 'form.submitted' ? (event as unknown as { now: string }).now : new Date(0).toISOString());

export const lotteryFormMachine = setup({
  types: { input: {} as LotteryFormInput, context: {} as LotteryFormContext, events: {} as LotteryFormEvent | AnswerEvent },
  actors: {
    create: provided<Outcome<{ activityId: string; seedCommitment: string }>, CreateLotteryRequest & { requestNo: string }>('create'),
  },
  guards: {
    lotteryField: ({ event }) => event.type === 'field.changed' && (LOTTERY_FIELDS as string[]).includes(event.name),
    prizeField: (args) => args.event.type === 'prize.changed' && prizeIndexOf(args) >= 0 && (PRIZE_FIELDS as string[]).includes(args.event.name),
    // 1 to 12 prize lines (LOT10013): the last one stays (emptied, it is said missing), a 13th is not added
    roomForPrize: ({ context }: Ctx) => context.prizes.length < MAX_PRIZES,
    removablePrize: (args) => prizeIndexOf(args) >= 0 && args.context.prizes.length > 1,
    hasProblems: ({ context, event }) => Object.keys(problemsAt(context, event)).length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<LotteryFormContext, LotteryFormEvent | AnswerEvent>(),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const value = event.value.slice(0, MAX_LENGTH[event.name] ?? 40);
      return { fields: { ...context.fields, [event.name]: value }, problems: problemsAfterChange(context.problems, event.name), requestNo: null };
    }),
    setPrize: assign(({ context, event }) => {
      if (event.type !== 'prize.changed') return {};
      const value = event.value.slice(0, event.name === 'name' ? MAX_LENGTH.prizeName : 40);
      return {
        prizes: context.prizes.map((prize, i) => (i === event.index ? { ...prize, [event.name]: value } : prize)),
        problems: problemsAfterChange(context.problems, prizeKey(event.index, event.name as keyof PrizeFields)),
        requestNo: null,
      };
    }),
    addPrize: assign({ prizes: ({ context }) => [...context.prizes, emptyPrize()], requestNo: null }),
    removePrize: assign(({ context, event }) => {
      if (event.type !== 'prize.removed') return {};
      return { prizes: context.prizes.filter((_, i) => i !== event.index), problems: problemsAfterRemoval(context.problems, event.index), requestNo: null };
    }),
    keepProblems: assign({ problems: ({ context, event }) => problemsAt(context, event) }),
    forgetProblems: assign({ problems: {} }),
    forgetRefusal: assign({ errorCode: null, errorDetail: null }),
    // the form as it is sent: under the requestNo of the last send that had no answer, else a new one
    startRequest: assign({ requestNo: ({ context }) => context.requestNo ?? newRequestNo() }),
    // answered (refused or created): the next send is a new request
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event), errorDetail: ({ event }) => answerDetail(event) || null, requestNo: null }),
    keepCreated: assign({ created: ({ event }) => answerData<{ activityId: string; seedCommitment: string }>(event), errorCode: null, errorDetail: null, requestNo: null }),
    emptyForm: assign({ fields: () => emptyFields(), prizes: () => [emptyPrize()], problems: {}, created: null, requestNo: null }),
  },
}).createMachine({
  id: 'lotteryForm',
  context: ({ input }) => ({
    language: input.language, fields: emptyFields(), prizes: [emptyPrize()], problems: {}, errorCode: null, errorDetail: null, created: null, requestNo: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.changed': { guard: 'lotteryField', target: '.idle', actions: 'setField' },
        'prize.changed': { guard: 'prizeField', target: '.idle', actions: 'setPrize' },
        'prize.added': { guard: 'roomForPrize', target: '.idle', actions: 'addPrize' },
        'prize.removed': { guard: 'removablePrize', target: '.idle', actions: 'removePrize' },
        'form.submitted': [
          { guard: 'hasProblems', target: '.invalid', actions: ['keepProblems', 'forgetRefusal'] },
          { target: 'submitting', actions: ['forgetProblems', 'forgetRefusal', 'startRequest'] },
        ],
      },
      states: {
        idle: {},
        invalid: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ ...requestOf(context.fields, context.prizes, context.language), requestNo: context.requestNo! }),
        onDone: { actions: 'announceAnswer' },
        // no answer: it may have been made; the same form sent again goes under the same requestNo
        onError: { target: 'editing.unreachable' },
      },
      on: {
        'create.ok': { target: 'created', actions: 'keepCreated' },
        'create.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    created: { on: { 'form.restarted': { target: 'editing', actions: 'emptyForm' } } },
  },
});
