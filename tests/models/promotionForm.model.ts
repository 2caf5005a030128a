import { promotionFormMachine, type PromotionFormEvent } from '../../machines/promotionForm.machine.ts';
import { unreadableFields, type PromotionFormKind } from '../../machines/promotionFields.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
const change = (name: string, value: string): PromotionFormEvent => ({ type: 'field.changed', name, value });

/** What a person types on each form: a name (or none), a choice that shows other fields, a figure that cannot be read and then can. */
export const promotionFormTyping: Record<PromotionFormKind, PromotionFormEvent[]> = {
  cashback: [change('name', 'Dez por cento'), change('name', ''), change('type', 'random'), change('minPayment', 'abc'), change('minPayment', '50')],
  platformCashback: [change('name', 'Plataforma'), change('name', ''), change('type', 'random'), change('minPayment', 'abc'), change('minPayment', '50'), change('memberId', '1234')],
  // a discount's type: paying part with the customer's cashback shows the ratio and its own words
  discount: [change('name', 'Sexta barata'), change('name', ''), change('type', 'cashbackDeduction'), change('statistics', 'personalBusinessAmount'), change('maxAmount', 'abc'), change('maxAmount', '500')],
  coupon: [change('name', 'Gaste 300'), change('name', ''), change('type', '4'), change('autoBasis', 'paid'), change('stock', '2,5'), change('stock', '100')],
};
/** A refusal naming a field each form shows from the start. */
const NAMED_FIELD: Record<PromotionFormKind, string> = { cashback: 'maxCashback', platformCashback: 'budgetAmount', discount: 'maxAmount', coupon: 'stock' };

export const promotionFormModel: FlowModel<typeof promotionFormMachine> = {
  machine: parkInvokes(promotionFormMachine, ['save']),
  variants: (['cashback', 'discount', 'coupon', 'platformCashback'] as const).map((kind) => ({ name: `a ${kind} form`, input: { kind, language: 'pt' as const } })),
  events: (snapshot) => {
    const { kind } = snapshot.context;
    return [
      ...promotionFormTyping[kind],
      { type: 'form.submitted' },
      { type: 'form.restarted' },
      doneEvent('save', { ok: true, data: kind === 'coupon' ? { couponId: '31' } : { policyId: '21' } }),
      doneEvent('save', refusal('PRM10016', NAMED_FIELD[kind])),
      doneEvent('save', refusal(kind === 'coupon' ? 'PRM10012' : 'PRM10011')),
      doneEvent('save', refusal('STF10010')),
      errorEvent('save', new Error('network down')),
    ];
  },
  serializeState: (snapshot) => {
    const c = snapshot.context;
    // what decides the next step: the choices that show fields, and whether the form can be sent
    return JSON.stringify([snapshot.value, c.fields.type ?? null, c.fields.statistics ?? null, c.fields.autoBasis ?? null, unreadableFields(c.kind, c.fields, c.language).length === 0]);
  },
};
