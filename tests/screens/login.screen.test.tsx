import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { LoginView } from '../../screens/login/LoginView.tsx';
import { loginModel } from '../models/login.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import type { RenderCaptcha } from '../../screens/common/CaptchaBox.tsx';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { loginMachine, LoginEvent } from '../../machines/login.machine.ts';

type Ui = typeof Screen;
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));

/** The captcha box has its own chart and test; here it only hands back a token. */
const captchaStub: RenderCaptcha = (scene, onSolved) => <button type="button" onClick={() => onSolved('captcha-token-abcdefghijklmnop')}>Captcha resolvido ({scene})</button>;

const userEvents: UserEvents<LoginEvent> = {
  'method.password': (ui) => click(ui, 'Palavra-passe'),
  'method.sms': (ui) => click(ui, 'Código SMS'),
  'login.changed': (ui, e) => type(ui, 'Telemóvel ou e-mail', e.value),
  'password.changed': (ui, e) => type(ui, 'Palavra-passe', e.value),
  'password.submitted': (ui) => click(ui, /^Entrar/),
  'mobile.changed': (ui, e) => type(ui, 'Número de telemóvel', e.value),
  'code.requested': (ui) => click(ui, /Receber código|Pedir novo código/),
  'code.changed': (ui, e) => type(ui, 'Código de verificação', e.value),
  'captcha.solved': (ui) => click(ui, /Captcha resolvido/),
  'code.submitted': (ui) => {
    const buttons = ui.getAllByRole('button', { name: /^Entrar/ });
    fireEvent.click(buttons.at(-1)!);
  },
};

const binding: ScreenBinding<typeof loginMachine> = {
  view: (state, send) => <LoginView state={state} send={send as (e: LoginEvent) => void} renderCaptcha={captchaStub} />,
  userEvents,
  states: (ui, state) => {
    const alertText = () => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
    if (state.matches('signedIn')) {
      expect(ui.getByRole('status').textContent).toMatch(/Sessão iniciada/);
      return;
    }
    if (state.matches('byPassword') || state.matches('checkingPassword')) {
      expect(ui.getByRole('button', { name: 'Palavra-passe' }).getAttribute('aria-pressed')).toBe('true');
      const expected: Record<string, RegExp | null> = {
        editing: null, incomplete: /Introduza o telemóvel ou e-mail/, wrongCredentials: /Tentativas restantes: 3/, locked: /dentro de 15 minutos/,
        refused: /erro no servidor/, unreachable: /Erro de rede/,
      };
      const sub = Object.keys(expected).find((s) => state.matches({ byPassword: s as 'editing' }));
      if (sub && expected[sub]) expect(alertText()).toMatch(expected[sub]!);
      if (state.matches({ byPassword: 'locked' })) expect(ui.getByText(/código SMS/)).toBeTruthy();
      if (state.matches({ byPassword: 'captchaNeeded' })) expect(ui.getByRole('button', { name: 'Captcha resolvido (login)' })).toBeTruthy();
      return;
    }
    expect(ui.getByRole('button', { name: 'Código SMS' }).getAttribute('aria-pressed')).toBe('true');
    const mobile: Record<string, RegExp | null> = {
      editingMobile: null, sendingCode: null, incomplete: /9 dígitos/, notRegistered: /Não existe nenhuma conta/, coolingDown: /dentro de 37 s/,
      sendLimited: /demasiados pedidos/, refused: /erro no servidor/, unreachable: /Erro de rede/,
    };
    const sub = Object.keys(mobile).find((s) => state.matches({ bySms: s as 'editingMobile' }));
    if (sub && mobile[sub]) expect(alertText()).toMatch(mobile[sub]!);
    if (state.matches({ bySms: 'captchaNeeded' })) expect(ui.getByRole('button', { name: 'Captcha resolvido (sendCode)' })).toBeTruthy();
    if (state.matches({ bySms: 'codeSent' }) || state.matches('checkingCode')) {
      expect(ui.getByText(/Enviámos um código de 6 dígitos para \+244 9\*\* \*\*\* 002/)).toBeTruthy();
      const code: Record<string, RegExp | null> = { typing: null, wrongCode: /Tentativas restantes: 2/, expired: /expirou/, tooManyTries: /Demasiadas tentativas/, refused: /erro no servidor/, unreachable: /Erro de rede/ };
      const current = Object.keys(code).find((s) => state.matches({ bySms: { codeSent: s as 'typing' } }));
      if (current && code[current]) expect(alertText()).toMatch(code[current]!);
    }
  },
};

describe('log-in chart on its screen', () => {
  const paths = transitionCoveringPaths(loginModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(loginModel, path, binding);
  });
});
