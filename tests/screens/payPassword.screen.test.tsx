import { describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { PayPasswordView } from '../../screens/payPassword/PayPasswordView.tsx';
import { NewPayPasswordView } from '../../screens/common/NewPayPasswordView.tsx';
import { payPasswordModel } from '../models/payPassword.model.ts';
import { newPayPasswordModel, sampleKeypad } from '../models/newPayPassword.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { payPasswordMachine, PayPasswordEvent } from '../../machines/payPassword.machine.ts';
import type { newPayPasswordMachine, NewPayPasswordEvent } from '../../machines/newPayPassword.machine.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));

const userEvents: UserEvents<PayPasswordEvent> = {
  'reset.requested': (ui) => click(ui, /Receber código para alterar|Pedir novo código/),
  'code.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Código de verificação'), { target: { value: e.value } }),
  'code.submitted': (ui) => click(ui, /Confirmar/),
  'choosing.retry': (ui) => click(ui, 'Tentar novamente'),
  'flow.finished': (ui) => click(ui, 'Concluído'),
  'card.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Número do cartão associado'), { target: { value: e.value } }),
  'cardMobile.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Telemóvel registado no banco'), { target: { value: e.value } }),
  'card.submitted': (ui) => click(ui, 'Receber código'),
};

const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');

const binding: ScreenBinding<typeof payPasswordMachine> = {
  view: (state, send) => <PayPasswordView state={state} send={send as (e: PayPasswordEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('alreadySet') || state.matches('sendingResetCode')) {
      expect(ui.getByText('Já tem uma palavra-passe de pagamento')).toBeTruthy();
      if (state.matches({ alreadySet: 'refused' })) expect(alert(ui)).toMatch(/demasiados pedidos/);
      if (state.matches({ alreadySet: 'unreachable' })) expect(alert(ui)).toMatch(/Erro de rede/);
      return;
    }
    if (state.matches('enteringCard') || state.matches('sendingCardCode')) {
      expect(ui.getByText('Confirme com o seu cartão')).toBeTruthy();
      expect((ui.getByLabelText('Número do cartão associado') as HTMLInputElement).value).toBe(c.cardNo.replace(/(\d{4})(?=\d)/g, '$1 '));
      const messages: Record<string, RegExp> = { incomplete: /número completo do cartão/, notMatching: /não correspondem a um cartão associado/, refused: /demasiados pedidos/, unreachable: /Erro de rede/ };
      for (const [sub, text] of Object.entries(messages)) if (state.matches({ enteringCard: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      if (state.matches({ enteringCard: 'typing' })) expect(ui.queryByRole('alert')).toBeNull();
      return;
    }
    if (state.matches('enteringResetCode') || state.matches('verifyingResetCode')) {
      expect(ui.getByText(/\+244 9\*\* \*\*\* 001/)).toBeTruthy();
      const messages: Record<string, RegExp> = { wrongCode: /Tentativas restantes: 4/, expired: /expirou/, tooManyTries: /Demasiadas tentativas/, unreachable: /Erro de rede|erro no servidor/ };
      for (const [sub, text] of Object.entries(messages)) if (state.matches({ enteringResetCode: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      return;
    }
    if (state.matches('choosingFailed')) {
      expect(alert(ui)).toMatch(/erro no servidor/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('saved') || state.matches('done')) return void expect(ui.getByRole('status').textContent).toMatch(/guardada/);
    // choosing: the child's view (its own binding below covers its states), its keypad still coming
    expect(state.matches('choosing')).toBe(true);
    expect(ui.getByRole('status').textContent).toMatch(/A preparar o teclado seguro/);
  },
};

const childEvents: UserEvents<NewPayPasswordEvent> = {
  'digit.pressed': (ui, e) => void fireEvent.click(within(ui.getByRole('group', { name: 'Teclado seguro' })).getByRole('button', { name: String(sampleKeypad.mapArr[e.position]) })),
  'digit.deleted': (ui) => click(ui, 'Apagar'),
  'keypad.retry': (ui) => click(ui, 'Tentar novamente'),
};

const childBinding: ScreenBinding<typeof newPayPasswordMachine> = {
  view: (state, send) => <NewPayPasswordView state={state} send={send as (e: NewPayPasswordEvent) => void} />,
  userEvents: childEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingKeypad')) return void expect(ui.getByRole('status').textContent).toMatch(/A preparar o teclado seguro/);
    if (state.matches('keypadUnavailable')) return void expect(alert(ui)).toMatch(/Erro de rede|erro no servidor/);
    if (state.matches({ rejected: 'weak' })) return void expect(alert(ui)).toMatch(/fácil de adivinhar/);
    if (state.matches({ rejected: 'other' })) return void expect(alert(ui)).toMatch(/teclado seguro expirou/);
    if (state.matches({ rejected: 'unreachable' })) return void expect(alert(ui)).toMatch(/Erro de rede/);
    if (state.status === 'done') return void expect(ui.getByRole('status').textContent).toMatch(/A guardar/);
    // the keypad: the server's order, and the dots count what was typed in this round
    const keys = within(ui.getByRole('group', { name: 'Teclado seguro' })).getAllByRole('button').map((b) => b.textContent);
    expect(keys.slice(0, 10)).toEqual(sampleKeypad.mapArr.map(String));
    const second = state.matches({ entering: 'second' }) || state.matches('saving');
    expect(ui.getByText(second ? 'Repita a palavra-passe' : 'Escolha a palavra-passe de pagamento')).toBeTruthy();
    expect(ui.getByRole('img').getAttribute('aria-label')).toBe(`${second ? c.second.length : c.first.length} de 6 dígitos`);
    // a weak password is refused at its first entry, before it is asked again
    if (state.matches({ entering: 'weak' })) expect(alert(ui)).toMatch(/fácil de adivinhar/);
    else if (state.matches({ entering: 'mismatch' })) expect(alert(ui)).toMatch(/não coincidem/);
    else expect(ui.queryByRole('alert')).toBeNull();
  },
};

describe('choosing the pay password (the shared child) on its screen', () => {
  const paths = transitionCoveringPaths(newPayPasswordModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(newPayPasswordModel, path, childBinding);
  });
});

describe('pay password chart on its screen', () => {
  const paths = transitionCoveringPaths(payPasswordModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(payPasswordModel, path, binding);
  });
});
