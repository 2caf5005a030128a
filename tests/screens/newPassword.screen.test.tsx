import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { NewPasswordView } from '../../screens/common/NewPasswordView.tsx';
import type { newPasswordMachine, NewPasswordEvent } from '../../machines/newPassword.machine.ts';
import { newPasswordModel } from '../models/newPassword.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const alerts = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');

/** Sign-up's words (recovery gives its own; each parent's screen test shows them). */
const words = { title: 'Crie a palavra-passe de acesso', label: 'Palavra-passe', submit: 'Criar conta' };

const events: UserEvents<NewPasswordEvent> = {
  'password.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Palavra-passe'), { target: { value: e.value } }),
  'password.submitted': (ui) => void fireEvent.click(ui.getByRole('button', { name: /Criar conta/ })),
  'flow.restarted': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Começar de novo' })),
};

const PROBLEMS: Record<string, RegExp> = { weak: /8 a 16 caracteres/, unreachable: /Erro de rede/ };

const binding: ScreenBinding<typeof newPasswordMachine> = {
  view: (state, send) => <NewPasswordView state={state} send={send as (e: NewPasswordEvent) => void} id="password" words={words} />,
  userEvents: events,
  states: (ui, state) => {
    // the ticket lapsed: said here, with the way to start the flow again (then the flow goes back to its beginning)
    if (state.matches('stepExpired') || state.matches('restarted')) {
      expect(alerts(ui)).toMatch(/expirou/);
      return void expect((ui.getByRole('button', { name: 'Começar de novo' }) as HTMLButtonElement).disabled).toBe(state.matches('restarted'));
    }
    expect(ui.getByText('Crie a palavra-passe de acesso')).toBeTruthy();
    expect(ui.getByText('8 a 16 caracteres, com letras e números.')).toBeTruthy();
    expect((ui.getByLabelText('Palavra-passe') as HTMLInputElement).value).toBe(state.context.password);
    // saving or saved: the button waits (it shows the saving in place of its word)
    const waiting = state.matches('saving') || state.status === 'done';
    expect(ui.queryByRole('button', { name: /Criar conta/ }) === null).toBe(waiting);
    const problem = Object.keys(PROBLEMS).find((p) => state.matches({ choosing: p as 'weak' }));
    if (problem) expect(alerts(ui)).toMatch(PROBLEMS[problem]!);
    else expect(alerts(ui)).toBe('');
  },
};

describe('new-password chart on its screen', () => {
  const paths = transitionCoveringPaths(newPasswordModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(newPasswordModel, path, binding);
  });
});
