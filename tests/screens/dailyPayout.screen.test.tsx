import { describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { DailyPayoutView } from '../../screens/dailyPayout/DailyPayoutView.tsx';
import type { dailyPayoutMachine, DailyPayoutEvent } from '../../machines/dailyPayout.machine.ts';
import { dailyPayoutModel } from '../models/dailyPayout.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<DailyPayoutEvent> = {
  'enabled.toggled': (ui) => void fireEvent.click(ui.getByRole('checkbox', { name: 'Levantar todos os dias' })),
  'time.changed': (ui, event) => void fireEvent.change(ui.getByLabelText('Hora (Luanda)'), { target: { value: event.time } }),
  'card.chosen': (ui, event) => void fireEvent.click(ui.getByRole('radio', { name: new RegExp(`${event.cardId.padStart(4, '0')}$`) })),
  'payout.saved': (ui) => click(ui, 'Guardar'),
  'payout.refresh': (ui) => click(ui, 'Atualizar'),
  'payout.retry': (ui) => click(ui, 'Tentar novamente'),
};

const binding: ScreenBinding<typeof dailyPayoutMachine> = {
  view: (state, send) => <DailyPayoutView state={state} send={send as (e: DailyPayoutEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar o levantamento diário/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('ownerOnly')) return void expect(status(ui)).toMatch(/Só o dono da loja define o levantamento diário/);
    if (state.matches('notMerchant')) {
      expect(status(ui)).toMatch(/Abra primeiro uma conta de cobrança/);
      return void expect(ui.getByRole('link', { name: 'Abrir conta de cobrança' }).getAttribute('href')).toBe('/app/open');
    }
    // ready (editing, saved, refused) and saving: the form as the context holds it
    const settings = c.settings!;
    expect((ui.getByRole('checkbox', { name: 'Levantar todos os dias' }) as HTMLInputElement).checked).toBe(c.form.enabled);
    expect((ui.getByLabelText('Hora (Luanda)') as HTMLInputElement).value).toBe(c.form.time);
    expect(ui.getByText('Saldo agora')).toBeTruthy();
    if (settings.cards.length === 0) {
      expect(status(ui)).toMatch(/Vincule primeiro um cartão em nome da empresa/);
      expect(ui.getByRole('link', { name: 'Vincular um cartão' }).getAttribute('href')).toBe('/app/cards/bind');
      expect(ui.getByRole('button', { name: 'Guardar' }).hasAttribute('disabled')).toBe(true);
    } else {
      const chosen = ui.getByRole('radio', { name: /0041$/ }) as HTMLInputElement;
      expect(chosen.checked).toBe(c.form.cardId === '41');
      // the card whose bank needs a branch is shown, and cannot be chosen
      expect((ui.getByRole('radio', { name: /precisa|pede uma agência/ }) as HTMLInputElement).disabled).toBe(true);
      expect(ui.getByText(/Abaixo de 100,00 Kz mais a comissão, nesse dia não se levanta/)).toBeTruthy();
    }
    if (state.matches('saving')) return void expect(ui.getByRole('button', { name: /A guardar/ })).toBeTruthy();
    if (state.matches({ ready: 'saved' })) expect(ui.getByText('Ligado: todos os dias às 17:30, para BAI 6004 00** **** 0041.')).toBeTruthy();
    if (state.matches({ ready: 'refused' })) {
      expect(alert(ui)).toMatch(c.errorCode === 'PYO10001' ? /pede uma agência, que um pagamento automático não pode escolher/ : /Erro de rede/);
    } else expect(ui.queryByRole('alert')).toBeNull();
    if (settings.recent.length === 0) expect(ui.getByText('Ainda não houve levantamentos automáticos.')).toBeTruthy();
    else {
      const list = within(ui.getByRole('list', { name: 'Últimos levantamentos automáticos' }));
      expect(list.getByText('Pago')).toBeTruthy();
      expect(list.getByText('Nada levantado — abaixo do mínimo')).toBeTruthy();
      expect(list.getByText('24 875,49 Kz')).toBeTruthy();
      expect(list.getByText(/Comissão 124,38 Kz · BAI 6004 00\*\* \*\*\*\* 0041/)).toBeTruthy();
    }
    expect(ui.getByRole('link', { name: 'Ver o fecho do dia' }).getAttribute('href')).toBe('/app/dayreport');
  },
};

describe('daily payout chart on its screen', () => {
  const paths = transitionCoveringPaths(dailyPayoutModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(dailyPayoutModel, path, binding);
  });
});
