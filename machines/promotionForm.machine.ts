import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { initialFields, readingOf, requestOf, shownFields, unreadableFields, type Fields, type PromotionFormKind } from './promotionFields.ts';

/**
 * Making a promotion: the merchant owner's cashback policy, discount policy or coupon
 * (`/app/promotions/new/<kind>`: `merchant/promotion/saveCashback`, `saveDiscount`, `saveCoupon`)
 * or an operator's platform cashback policy (`/plateform/promotions/new`:
 * `platform/promotion/saveCashback`). The fields are typed → a name missing or a figure that is
 * not one is said next to its field before anything is sent → saved (another may be made) or
 * refused by the server (PRM10010–PRM10016, a clerk STF10010…), said next to the form and the field
 * it names, with everything typed kept until it is changed. The fields and how they are read:
 * machines/promotionFields.ts.
 */
export interface PromotionFormInput {
  kind: PromotionFormKind;
  language: Language;
}

export interface PromotionFormContext {
  kind: PromotionFormKind;
  language: Language;
  fields: Fields;
  /** The fields that could not be read when the form was sent. */
  unreadable: string[];
  errorCode: string | null;
  /** The refusal's detail: the request's key it is about, when it names one. */
  errorDetail: string | null;
  /** The id of the promotion made. */
  savedId: string | null;
}

export type PromotionFormEvent =
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'form.submitted' }
  | { type: 'form.restarted' };

/** What the save call answers: a policy's or a coupon's id. */
export type PromotionSaved = { policyId: string } | { couponId: string };

export const promotionFormMachine = setup({
  types: { input: {} as PromotionFormInput, context: {} as PromotionFormContext, events: {} as PromotionFormEvent | AnswerEvent },
  actors: {
    save: provided<Outcome<PromotionSaved>, { kind: PromotionFormKind; request: Record<string, string | number> }>('save'),
  },
  guards: {
    // only a field the form shows now (the type and choices decide which)
    shownField: ({ context, event }) => event.type === 'field.changed' && shownFields(context.kind, context.fields).includes(event.name),
    unreadable: ({ context }) => unreadableFields(context.kind, context.fields, context.language).length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<PromotionFormContext, PromotionFormEvent | AnswerEvent>(),
    setField: assign({
      fields: ({ context, event }) => {
        if (event.type !== 'field.changed') return context.fields;
        const reading = readingOf(context.kind, context.fields, event.name);
        return { ...context.fields, [event.name]: event.value.slice(0, reading === 'text' ? 60 : 40) };
      },
      unreadable: ({ context, event }) => context.unreadable.filter((name) => event.type !== 'field.changed' || name !== event.name),
    }),
    keepUnreadable: assign({ unreadable: ({ context }) => unreadableFields(context.kind, context.fields, context.language) }),
    forgetRefusal: assign({ errorCode: null, errorDetail: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event), errorDetail: ({ event }) => answerDetail(event) || null }),
    keepSaved: assign({
      savedId: ({ event }) => {
        const saved = answerData<PromotionSaved>(event);
        return 'policyId' in saved ? saved.policyId : saved.couponId;
      },
      errorCode: null,
      errorDetail: null,
    }),
    emptyForm: assign({ fields: ({ context }) => initialFields(context.kind), unreadable: [], savedId: null }),
  },
}).createMachine({
  id: 'promotionForm',
  context: ({ input }) => ({
    kind: input.kind, language: input.language, fields: initialFields(input.kind), unreadable: [], errorCode: null, errorDetail: null, savedId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.changed': { guard: 'shownField', target: '.idle', actions: 'setField' },
        'form.submitted': [
          { guard: 'unreadable', target: '.unreadable', actions: ['keepUnreadable', 'forgetRefusal'] },
          { target: 'saving', actions: 'forgetRefusal' },
        ],
      },
      states: {
        idle: {},
        unreadable: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ kind: context.kind, request: requestOf(context.kind, context.fields, context.language) }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'editing.unreachable' },
      },
      on: {
        'save.ok': { target: 'saved', actions: 'keepSaved' },
        'save.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    saved: { on: { 'form.restarted': { target: 'editing', actions: 'emptyForm' } } },
  },
});
