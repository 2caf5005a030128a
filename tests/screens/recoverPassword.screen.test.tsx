import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { RecoverPasswordView } from '../../screens/recoverPassword/RecoverPasswordView.tsx';
import { recoverPasswordModel } from '../models/recoverPassword.model.ts';
import { codePhase, parkedCodeEntry } from '../models/codeEntry.model.ts';
import { parkedNewPassword } from '../models/newPassword.model.ts';
import { doneEvent, parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { CODE_NOT_SENT, checkCodeNotSent } from '../support/codeStep.tsx';
import { recoverPasswordMachine as chart } from '../../machines/recoverPassword.machine.ts';
import type { RenderCaptcha } from '../../screens/common/CaptchaBox.tsx';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { recoverPasswordMachine, RecoverEvent } from '../../machines/recoverPassword.machine.ts';

type Ui = typeof Screen;
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));

/** The captcha box has its own chart and test; here it only hands back a token. */
const captchaStub: RenderCaptcha = (scene, onSolved) => <button type="button" onClick={() => onSolved('captcha-token-abcdefghijklmnop')}>Captcha resolvido ({scene})</button>;

const userEvents: UserEvents<RecoverEvent> = {
  'mobile.changed': (ui, e) => type(ui, 'Número de telemóvel', e.value),
  'account.submitted': (ui) => click(ui, /Continuar/),
  'code.requested': (ui) => click(ui, 'Receber código'),
  'recovery.restarted': (ui) => click(ui, 'Alterar número'),
  'recovery.finished': (ui) => click(ui, 'Iniciar sessão'),
  'captcha.solved': (ui) => click(ui, 'Captcha resolvido (lookup)'),
};

const expectAlert = (ui: Ui, text: RegExp | null) => {
  if (text) expect(ui.getAllByRole('alert').map((a) => a.textContent).join(' ')).toMatch(text);
  else expect(ui.queryByRole('alert')).toBeNull();
};

const binding: ScreenBinding<typeof recoverPasswordMachine> = {
  view: (state, send) => <RecoverPasswordView state={state} send={send as (e: RecoverEvent) => void} renderCaptcha={captchaStub} />,
  userEvents,
  states: {
    '{"enteringAccount":"editing"}': (ui) => { expect(ui.getByText('Qual é o número da sua conta?')).toBeTruthy(); expectAlert(ui, null); },
    '{"enteringAccount":"incomplete"}': (ui) => expectAlert(ui, /9 dígitos/),
    '{"enteringAccount":"notFound"}': (ui) => expectAlert(ui, /Não existe nenhuma conta/),
    // the account question needs the captcha first: continuing waits for it
    '{"enteringAccount":"captchaNeeded"}': (ui) => {
      expect(ui.getByRole('button', { name: 'Captcha resolvido (lookup)' })).toBeTruthy();
      expect((ui.getByRole('button', { name: /Continuar/ }) as HTMLButtonElement).disabled).toBe(true);
    },
    '{"enteringAccount":"lookupsExhausted"}': (ui) => expectAlert(ui, /Demasiadas consultas de contas/),
    '{"enteringAccount":"refused"}': (ui) => expectAlert(ui, /erro no servidor/),
    '{"enteringAccount":"unreachable"}': (ui) => expectAlert(ui, /Erro de rede/),
    '"checkingAccount"': (ui) => expect(ui.getByText('Qual é o número da sua conta?')).toBeTruthy(),
    '"confirmingAccount"': (ui) => {
      expect(ui.getByText(/Conta de A\*\*\* D\*\*\*/)).toBeTruthy();
      expect((ui.getByRole('button', { name: 'Receber código' }) as HTMLButtonElement).disabled).toBe(false);
      expectAlert(ui, null);
    },
    '"verifyingByCode"': (ui, state) => {
      if (codePhase(state) === 'sending') {
        // the first code on its way (its own screen test shows its captcha): the button shows the sending instead
        expect(ui.getByText(/Conta de A\*\*\* D\*\*\*/)).toBeTruthy();
        expect(ui.queryByRole('button', { name: 'Receber código' })).toBeNull();
        return void expectAlert(ui, null);
      }
      // the code went: the shared code entry, its resend cooling down (a code not sent: below)
      expect(ui.getByText(/Enviámos um código de 6 dígitos para \+244 9\*\* \*\*\* 001/)).toBeTruthy();
      expect(ui.getByLabelText('Código de verificação')).toBeTruthy();
      expect((ui.getByRole('button', { name: /Reenviar código em \d+ s/ }) as HTMLButtonElement).disabled).toBe(true);
      expectAlert(ui, null);
    },
    // the shared new-password step in recovery's words (its own screen test goes through its states)
    '"choosingPassword"': (ui) => {
      expect(ui.getByText('Escolha uma nova palavra-passe')).toBeTruthy();
      expect(ui.getByLabelText('Nova palavra-passe')).toBeTruthy();
      expect((ui.getByRole('button', { name: /Guardar palavra-passe/ }) as HTMLButtonElement).disabled).toBe(false);
      expectAlert(ui, null);
    },
    '"passwordReset"': (ui) => expect(ui.getByRole('status').textContent).toMatch(/terminámos todas as sessões/),
    '"done"': (ui) => expect(ui.getByRole('status').textContent).toMatch(/Palavra-passe alterada/),
  },
};

describe('password recovery chart on its screen', () => {
  const paths = transitionCoveringPaths(recoverPasswordModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(recoverPasswordModel, path, binding);
  });
});

/** Until a code went, the code entry's first send shows under the masked account (tests/support/codeStep.tsx). */
describe('recovery: a code not sent, under the account', () => {
  it.each(CODE_NOT_SENT.map((c) => [c.says.source, c] as const))('%s', async (_says, { answer, says }) => {
    await checkCodeNotSent({
      machine: parkInvokes(chart, ['checkAccount']).provide({ actors: { codeEntry: parkedCodeEntry, newPassword: parkedNewPassword } }),
      view: binding.view,
      before: [{ type: 'mobile.changed', value: '923000001' }, { type: 'account.submitted' }, doneEvent('checkAccount', { ok: true, data: { maskedName: 'A*** D***' } })],
      button: 'Receber código',
      form: /Conta de A\*\*\* D\*\*\*/,
      answer,
      says,
    });
  });
});
