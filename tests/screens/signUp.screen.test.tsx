import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { SignUpView } from '../../screens/signUp/SignUpView.tsx';
import { signUpMachine as chart } from '../../machines/signUp.machine.ts';
import { signUpModel } from '../models/signUp.model.ts';
import { codePhase, parkedCodeEntry } from '../models/codeEntry.model.ts';
import { parkedNewPassword } from '../models/newPassword.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { CODE_NOT_SENT, checkCodeNotSent } from '../support/codeStep.tsx';
import type { RenderCaptcha } from '../../screens/common/CaptchaBox.tsx';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { signUpMachine, SignUpEvent } from '../../machines/signUp.machine.ts';

type Ui = typeof Screen;
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
/** The number typed again while its code is being sent: a person clears the field first (the same value would change nothing). */
const retype = (ui: Ui, label: string, value: string) => {
  type(ui, label, '');
  type(ui, label, value);
};

/** The captcha box has its own chart and test; here it only hands back a token. */
const captchaStub: RenderCaptcha = (scene, onSolved) => <button type="button" onClick={() => onSolved('captcha-token-abcdefghijklmnop')}>Captcha resolvido ({scene})</button>;

const userEvents: UserEvents<SignUpEvent> = {
  'identity.changed': (ui, e) => retype(ui, 'Número de telemóvel', e.value),
  'agreement.toggled': (ui) => void fireEvent.click(ui.getByRole('checkbox')),
  'code.requested': (ui) => void fireEvent.click(ui.getByRole('button', { name: /Receber código/ })),
  'identity.edit': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Alterar número' })),
};

const binding: ScreenBinding<typeof signUpMachine> = {
  view: (state, send) => <SignUpView state={state} send={send as (e: SignUpEvent) => void} operatorName="Unitel" renderCaptcha={captchaStub} />,
  userEvents,
  states: (ui, state) => {
    const alert = () => ui.getByRole('alert').textContent ?? '';
    if (state.matches('editingIdentity')) {
      expect(ui.getByText('Qual é o seu número de telemóvel?')).toBeTruthy();
      const expected: Record<string, RegExp | null> = { idle: null, incomplete: /9 dígitos/, alreadyRegistered: /já tem uma conta/ };
      const sub = Object.keys(expected).find((s) => state.matches({ editingIdentity: s as 'idle' }))!;
      if (expected[sub]) expect(alert()).toMatch(expected[sub]!);
      else expect(ui.queryByRole('alert')).toBeNull();
      expect((ui.getByLabelText('Número de telemóvel') as HTMLInputElement).value).toBe(state.context.identity);
      return void expect((ui.getByRole('button', { name: 'Receber código' }) as HTMLButtonElement).disabled).toBe(false);
    }
    if (state.matches('verifyingByCode') && codePhase(state) === 'sending') {
      // the first code on its way: the form stays, its button shows the sending in place of its words
      expect(ui.getByText('Qual é o seu número de telemóvel?')).toBeTruthy();
      expect((ui.getByLabelText('Número de telemóvel') as HTMLInputElement).value).toBe(state.context.identity);
      expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.queryByRole('button', { name: 'Receber código' })).toBeNull();
    }
    if (state.matches('verifyingByCode')) {
      // the code went: the shared code entry in sign-up's words, its resend cooling down, and the
      // way back to the number (a code not sent, in the form: below)
      expect(ui.getByText(/Enviámos um código de 6 dígitos para \+244 9\*\* \*\*\* 789/)).toBeTruthy();
      expect(ui.getByLabelText('Código de verificação')).toBeTruthy();
      expect((ui.getByRole('button', { name: /Reenviar código em \d+ s/ }) as HTMLButtonElement).disabled).toBe(true);
      expect(ui.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
      expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Alterar número' })).toBeTruthy();
    }
    // the shared new-password step in sign-up's words (its own screen test goes through its states)
    expect(ui.getByText('Crie a palavra-passe de acesso')).toBeTruthy();
    expect(ui.getByLabelText('Palavra-passe')).toBeTruthy();
    // signed up: the button shows the session starting in place of its word
    if (state.matches('signedUp')) return void expect(ui.getByRole('status').textContent).toMatch(/Conta criada/);
    expect((ui.getByRole('button', { name: /Criar conta/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(ui.queryByRole('alert')).toBeNull();
  },
};

describe('sign-up chart on its screen', () => {
  const paths = transitionCoveringPaths(signUpModel);
  it('has paths', () => expect(paths.length).toBeGreaterThan(10));
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(signUpModel, path, binding);
  });
});

/** Until a code went, the code entry's first send shows in sign-up's own form (tests/support/codeStep.tsx). */
describe('sign-up: a code not sent, in the identity form', () => {
  it.each(CODE_NOT_SENT.map((c) => [c.says.source, c] as const))('%s', async (_says, { answer, says }) => {
    await checkCodeNotSent({
      machine: chart.provide({ actors: { codeEntry: parkedCodeEntry, newPassword: parkedNewPassword } }),
      input: { memberType: 'individual' },
      view: binding.view,
      before: [{ type: 'identity.changed', value: '923456789' }, { type: 'agreement.toggled' }],
      button: 'Receber código',
      form: 'Qual é o seu número de telemóvel?',
      answer,
      says,
    });
  });
});
