import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { PromotionFormView } from '../../screens/common/PromotionFormView.tsx';
import { promotionFormMachine, type PromotionFormEvent } from '../../machines/promotionForm.machine.ts';
import { fieldOfRefusal, requestOf } from '../../machines/promotionFields.ts';
import { createI18n } from '../../src/i18n.ts';
import { promotionFormModel } from '../models/promotionForm.model.ts';
import { doneEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';

const pt = dictionary('pt');
type Ui = typeof Screen;
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

/** The pt label of each field the model types into (the coupon's and the cashback's `type` differ). */
const LABELS: Record<string, string> = {
  name: 'Nome', statistics: 'Limites', autoBasis: 'Oferecer com uma compra', minPayment: 'Pagamento mínimo', memberId: 'Só para o membro n.º (opcional)',
  maxAmount: 'Desconto máximo', stock: 'Quantidade de cupões', maxCashback: 'Cashback máximo', budgetAmount: 'Orçamento da campanha',
};
const labelOf = (ui: Ui, name: string) => {
  if (name === 'type') return ui.queryByLabelText('Tipo de cupão') ? 'Tipo de cupão' : ui.queryByLabelText('Tipo') ? 'Tipo' : 'Como se calcula';
  // a discount paid with cashback names its most as such
  if (name === 'maxAmount' && !ui.queryByLabelText('Desconto máximo')) return 'Máximo pago com cashback';
  return LABELS[name]!;
};

const events: UserEvents<PromotionFormEvent> = {
  'field.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(labelOf(ui, e.name)), { target: { value: e.value } }),
  'form.submitted': (ui) => void fireEvent.click(ui.getByRole('button', { name: /^Criar (cashback|desconto|cupão)$/ })),
  'form.restarted': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Criar outra' })),
};

const binding: ScreenBinding<typeof promotionFormMachine> = {
  view: (state, send) => <PromotionFormView state={state} send={send as (e: PromotionFormEvent) => void} listHref="/app/promotions" />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect(ui.getByRole('link', { name: 'Ver as promoções' }).getAttribute('href')).toBe('/app/promotions');
    if (state.matches('saved')) {
      expect(status(ui)).toMatch(/«.*» criad[oa]\./);
      return void expect(ui.getByRole('button', { name: 'Criar outra' })).toBeTruthy();
    }
    // what was typed stays, whatever happened to the form
    expect((ui.getByLabelText('Nome') as HTMLInputElement).value).toBe(c.fields.name);
    if (c.kind === 'coupon') expect((ui.getByLabelText('Tipo de cupão') as HTMLSelectElement).value).toBe(c.fields.type);
    if (c.kind === 'cashback') expect((ui.getByLabelText('Pagamento mínimo') as HTMLInputElement).value).toBe(c.fields.minPayment);
    if (state.matches('saving')) return void expect(status(ui)).toMatch(/A guardar/);
    if (state.matches({ editing: 'unreadable' })) {
      expect(alert(ui)).toMatch(/Corrija os campos assinalados/);
      if (c.unreadable.includes('name')) expect(alert(ui)).toMatch(/Indique um nome/);
      if (c.unreadable.some((f) => f !== 'name')) expect(alert(ui)).toMatch(/Não é um número válido/);
      return;
    }
    if (state.matches({ editing: 'refused' })) {
      const message = (pt.errors as Record<string, string>)[c.errorCode!]!;
      expect(alert(ui)).toContain(message);
      const field = fieldOfRefusal(c.kind, c.fields, c.errorCode, c.errorDetail);
      // the refusal under the field it names, once
      if (field) expect(ui.getByLabelText(labelOf(ui, field)).closest('.kw-field')!.textContent).toContain(message);
      return void expect(ui.getAllByRole('alert')).toHaveLength(1);
    }
    if (state.matches({ editing: 'unreachable' })) return void expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    expect(ui.queryByRole('alert')).toBeNull();
  },
};

describe('promotion form chart on its screen', () => {
  const paths = transitionCoveringPaths(promotionFormModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(promotionFormModel, path, binding);
  });
});

function Harness({ actor }: { actor: ActorRefFrom<typeof promotionFormMachine> }) {
  const state = useSelector(actor, (s) => s);
  return <PromotionFormView state={state} send={(e) => actor.send(e)} listHref="/app/promotions" />;
}

describe('the promotion forms', () => {
  it('keep everything typed when the server refuses, and say the refusal under the field it names', async () => {
    const actor = createActor(promotionFormModel.machine, { input: { kind: 'cashback', language: 'pt' } }).start();
    render(<I18nextProvider i18n={createI18n('pt', { pt })}><Harness actor={actor} /></I18nextProvider>);
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Nome', 'Dez por cento');
    type('Percentagem do que o cliente paga (%)', '150');
    type('Cashback máximo', '1 000,50');
    type('Orçamento da campanha', '10 000');
    fireEvent.click(screen.getByRole('button', { name: 'Criar cashback' }));
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    act(() => void actor.send(doneEvent('save', { ok: false, code: 'PRM10010', message: '', detail: '' }) as never));
    const ratio = screen.getByLabelText('Percentagem do que o cliente paga (%)') as HTMLInputElement;
    expect(ratio.value).toBe('150');
    expect(ratio.getAttribute('aria-invalid')).toBe('true');
    expect(ratio.closest('.kw-field')!.textContent).toContain('A percentagem tem de ser maior que 0 % e no máximo 100 %.');
    expect((screen.getByLabelText('Cashback máximo') as HTMLInputElement).value).toBe('1 000,50');
    expect((screen.getByLabelText('Orçamento da campanha') as HTMLInputElement).value).toBe('10 000');
    // corrected and sent again: what goes is what was typed, read as the app reads money
    type('Percentagem do que o cliente paga (%)', '12,5');
    fireEvent.click(screen.getByRole('button', { name: 'Criar cashback' }));
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(requestOf('cashback', actor.getSnapshot().context.fields, 'pt')).toEqual({ name: 'Dez por cento', type: 'ratio', ratioBp: 1250, maxCashback: 100_050, budgetAmount: 1_000_000 });
    actor.stop();
  });

  it('send amounts in cêntimos, percentages in basis points, counts and times as the calls take them', () => {
    expect(requestOf('discount', { name: 'Sexta', mode: 'random', ratio: '10', startAmount: '100', minAmount: '5', maxAmount: '50,5', statistics: 'personalBusinessCount', accumulationLimit: '3', activityLimit: '500', startsAt: '', endsAt: '2030-01-31T18:00' }, 'pt'))
      .toEqual({ name: 'Sexta', type: 'random', startAmount: 10_000, minAmount: 500, maxAmount: 5_050, statistics: 'personalBusinessCount', accumulationLimit: 3, activityLimit: 500, endsAt: new Date('2030-01-31T18:00').toISOString() });
    expect(requestOf('discount', { name: 'Sexta', mode: 'ratio', ratio: '10', maxAmount: '50', statistics: 'personalAmount', accumulationLimit: '1,000.00', activityLimit: '9' }, 'en'))
      .toEqual({ name: 'Sexta', type: 'random', ratioBp: 1000, maxAmount: 5_000, statistics: 'personalAmount', accumulationLimit: 100_000 });
    // paying with cashback: always a ratio of the price (the way of computing is not asked)
    expect(requestOf('discount', { name: 'Com cashback', type: 'cashbackDeduction', mode: 'random', ratio: '20', startAmount: '20', minAmount: '10', maxAmount: '50', statistics: 'none' }, 'pt'))
      .toEqual({ name: 'Com cashback', type: 'cashbackDeduction', ratioBp: 2000, startAmount: 2_000, minAmount: 1_000, maxAmount: 5_000, statistics: 'none' });
    expect(requestOf('coupon', { name: 'C', type: '4', amountOff: '10', threshold: '', percent: '15', maxOff: '20', target: '2', stock: '100', autoBasis: 'paid', autoThreshold: '300' }, 'pt'))
      .toEqual({ name: 'C', type: 4, percentBp: 1500, maxOff: 2_000, target: 2, stock: 100, autoBasis: 'paid', autoThreshold: 30_000 });
    expect(requestOf('coupon', { name: 'C', type: '2', amountOff: '10', threshold: '300', target: '1', stock: '5', autoBasis: '', autoThreshold: '300' }, 'pt'))
      .toEqual({ name: 'C', type: 2, amountOff: 1_000, threshold: 30_000, target: 1, stock: 5 });
    expect(requestOf('platformCashback', { name: 'P', type: 'random', ratio: '5', minCashback: '1', maxCashback: '2', memberId: '77' }, 'zh'))
      .toEqual({ name: 'P', type: 'random', minCashback: 100, maxCashback: 200, memberId: '77' });
  });
});
