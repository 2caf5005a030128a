import { describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { DayReportView } from '../../screens/dayReport/DayReportView.tsx';
import type { dayReportMachine, DayReportEvent } from '../../machines/dayReport.machine.ts';
import { dayReportModel, TODAY } from '../models/dayReport.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<DayReportEvent> = {
  'day.previous': (ui) => click(ui, /Dia anterior/),
  'day.next': (ui) => click(ui, /Dia seguinte/),
  'day.chosen': (ui, event) => void fireEvent.change(ui.getByLabelText('Dia'), { target: { value: event.day } }),
  'reportStore.changed': (ui, event) => void fireEvent.change(ui.getByRole('combobox', { name: 'Loja' }), { target: { value: event.storeId ?? '' } }),
  'report.refresh': (ui) => click(ui, 'Atualizar'),
  'report.retry': (ui) => click(ui, 'Tentar novamente'),
  'pdf.requested': (ui) => click(ui, 'Descarregar PDF'),
};

const binding: ScreenBinding<typeof dayReportMachine> = {
  view: (state, send) => <DayReportView state={state} send={send as (e: DayReportEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect((ui.getByLabelText('Dia') as HTMLInputElement).value).toBe(c.day);
    expect((ui.getByLabelText('Dia') as HTMLInputElement).max).toBe(TODAY);
    expect(ui.getByRole('button', { name: /Dia seguinte/ }).hasAttribute('disabled')).toBe(c.day >= TODAY);
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /removido da equipa/ : /Não foi possível carregar o fecho do dia/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notMerchant')) return void expect(status(ui)).toMatch(/Só o dono e os caixas de uma loja veem o fecho do dia/);
    const report = c.report!;
    const totals = within(ui.getByLabelText('O dia'));
    if (state.matches('empty')) {
      expect(status(ui)).toMatch(/Sem pagamentos nem reembolsos neste dia/);
      expect(totals.getByText('Líquido')).toBeTruthy();
      return void expect(ui.queryByRole('button', { name: 'Descarregar PDF' })).toBeNull();
    }
    // ready: the owner's report of the model, every store and clerk
    expect(ui.getByRole('heading', { name: /Loja Demo · 14/ })).toBeTruthy();
    expect(totals.getByText('39 345,67 Kz (4)')).toBeTruthy();
    expect(totals.getByText('2 000,00 Kz (1)')).toBeTruthy();
    expect(totals.getByText('186,73 Kz')).toBeTruthy();
    expect(totals.getByText('37 158,94 Kz')).toBeTruthy();
    const stores = within(ui.getByRole('list', { name: 'Por loja' }));
    expect(stores.getByText('Loja Central')).toBeTruthy();
    expect(stores.getByText('Loja do Porto')).toBeTruthy();
    const clerks = within(ui.getByRole('list', { name: 'Por caixa' }));
    expect(clerks.getByText('Ana Caixa')).toBeTruthy();
    expect(clerks.getByText('Código da loja (sem caixa)')).toBeTruthy();
    expect(ui.getByRole('combobox', { name: 'Loja' })).toBeTruthy();
    expect(report.role).toBe('owner');
    if (state.matches({ ready: 'downloading' })) return void expect(ui.getByRole('button', { name: /A preparar o PDF/ })).toBeTruthy();
    if (state.matches({ ready: 'downloaded' })) expect(status(ui)).toMatch(/PDF guardado/);
    if (state.matches({ ready: 'downloadFailed' })) expect(alert(ui)).toMatch(c.errorCode ? /removido da equipa/ : /O PDF não foi descarregado/);
    else expect(ui.queryByRole('alert')).toBeNull();
    expect(ui.getByRole('button', { name: 'Descarregar PDF' })).toBeTruthy();
  },
};

describe('day report chart on its screen', () => {
  const paths = transitionCoveringPaths(dayReportModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(dayReportModel, path, binding);
  });
});

describe("a clerk's day report", () => {
  it('is their own till, said with their name, without the store lines or the store picker, in English too', async () => {
    const { render, screen: ui, act: doAct } = await import('@testing-library/react');
    const { I18nextProvider } = await import('react-i18next');
    const { createActor } = await import('xstate');
    const { createI18n } = await import('../../src/i18n.ts');
    const { dictionary } = await import('../../locales/dictionary.ts');
    const { doneEvent } = await import('../support/mbt.ts');
    const { clerkReport } = await import('../models/dayReport.model.ts');
    for (const [language, words] of [['pt', { till: 'A caixa de Ana Caixa: mostre este fecho ao dono.', byStore: 'Por loja', byClerk: 'Por caixa', store: 'Loja' }], ['en', { till: 'The till of Ana Caixa: show this report to the owner.', byStore: 'By store', byClerk: 'By clerk', store: 'Store' }]] as const) {
      const actor = createActor(dayReportModel.machine, { input: { today: TODAY } }).start();
      doAct(() => actor.send(doneEvent('loadReport', { ok: true, data: clerkReport }) as never));
      const i18n = createI18n(language, { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });
      const { unmount } = render(<I18nextProvider i18n={i18n}><DayReportView state={actor.getSnapshot()} send={actor.send} /></I18nextProvider>);
      expect(ui.getByRole('status').textContent).toContain(words.till);
      expect(ui.queryByRole('list', { name: words.byStore })).toBeNull();
      expect(within(ui.getByRole('list', { name: words.byClerk })).getByText('Ana Caixa')).toBeTruthy();
      expect(ui.queryByRole('combobox', { name: words.store })).toBeNull();
      unmount();
      actor.stop();
    }
  });
});
