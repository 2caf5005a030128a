import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { LoginPasswordView } from '../../screens/loginPassword/LoginPasswordView.tsx';
import { loginPasswordModel } from '../models/loginPassword.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { loginPasswordMachine, LoginPasswordEvent } from '../../machines/loginPassword.machine.ts';

type Ui = typeof Screen;
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<LoginPasswordEvent> = {
  'current.changed': (ui, e) => type(ui, 'Palavra-passe atual', e.value),
  'password.changed': (ui, e) => type(ui, 'Nova palavra-passe', e.value),
  'password.submitted': (ui) => void fireEvent.click(ui.getByRole('button', { name: /Alterar palavra-passe/ })),
  'flow.finished': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Voltar às definições' })),
};

const binding: ScreenBinding<typeof loginPasswordMachine> = {
  view: (state, send) => <LoginPasswordView state={state} send={send as (e: LoginPasswordEvent) => void} />,
  userEvents,
  states: {
    '{"editing":"typing"}': (ui) => {
      expect(ui.getByLabelText('Palavra-passe atual')).toBeTruthy();
      expect(ui.queryByRole('alert')).toBeNull();
    },
    '{"editing":"currentMissing"}': (ui) => expect(alert(ui)).toMatch(/Escreva a palavra-passe atual/),
    '{"editing":"weak"}': (ui) => expect(alert(ui)).toMatch(/8 a 16 caracteres/),
    '{"editing":"same"}': (ui) => expect(alert(ui)).toMatch(/diferente da atual/),
    '{"editing":"wrongCurrent"}': (ui) => {
      expect(alert(ui)).toMatch(/Tentativas restantes: 3/);
      expect((ui.getByLabelText('Palavra-passe atual') as HTMLInputElement).value).toBe('');
    },
    '{"editing":"refused"}': (ui) => expect(alert(ui)).toMatch(/erro no servidor/),
    '{"editing":"unreachable"}': (ui) => expect(alert(ui)).toMatch(/Erro de rede/),
    // the button shows its spinner in place of its words
    '"saving"': (ui) => {
      expect(ui.queryByRole('button', { name: /Alterar palavra-passe/ })).toBeNull();
      expect(ui.queryByRole('alert')).toBeNull();
    },
    '"locked"': (ui) => expect(alert(ui)).toMatch(/bloqueado durante 15 minutos/),
    '"changed"': (ui) => expect(ui.getByRole('status').textContent).toMatch(/Palavra-passe alterada\. Sessões terminadas noutros aparelhos: 2/),
    '"done"': (ui) => expect((ui.getByRole('button', { name: 'Voltar às definições' }) as HTMLButtonElement).disabled).toBe(true),
  },
};

describe('change of login password chart on its screen', () => {
  const paths = transitionCoveringPaths(loginPasswordModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(loginPasswordModel, path, binding);
  });
});
