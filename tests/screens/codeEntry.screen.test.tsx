import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { CodeEntryView } from '../../screens/common/CodeEntryView.tsx';
import type { codeEntryMachine, CodeEntryEvent } from '../../machines/codeEntry.machine.ts';
import type { RenderCaptcha } from '../../screens/common/CaptchaBox.tsx';
import { codeEntryModel } from '../models/codeEntry.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alerts = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const button = (ui: Ui, name: string | RegExp) => ui.getByRole('button', { name }) as HTMLButtonElement;

/** The captcha box has its own chart and test; a resend's captcha is the send-a-code chart's (its own test). */
const captchaStub: RenderCaptcha = (scene, onSolved) => <button type="button" onClick={() => onSolved('captcha-token-abcdefghijklmnop')}>Captcha resolvido ({scene})</button>;

const events: UserEvents<CodeEntryEvent> = {
  'code.requested': (ui) => click(ui, 'Receber código'),
  'code.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Código de verificação'), { target: { value: e.value } }),
  'code.submitted': (ui) => click(ui, 'Confirmar'),
  'code.resendRequested': (ui) => click(ui, 'Pedir novo código'),
};

/** Another refusal's own words (a card's refusals are handed over in the card's variant only). */
const REFUSED: Record<string, RegExp> = { AGW50000: /erro no servidor/, COD10004: /Aguarde antes de pedir outro código/, CRD10006: /já está associado/, CRD10007: /Este pedido expirou/ };
const ENTRY: Record<string, RegExp> = { wrongCode: /Tentativas restantes: 4/, expired: /O código expirou/, tooManyTries: /Demasiadas tentativas/, unreachable: /Erro de rede/ };
const RESEND: Record<string, RegExp> = { limited: /demasiados pedidos/, unreachable: /Erro de rede/ };
const UNSENT: Record<string, RegExp> = { coolingDown: /Pode pedir outro dentro de 42 s/, sendLimited: /demasiados pedidos/, refused: /Dados inválidos/, unreachable: /Erro de rede/ };

const binding: ScreenBinding<typeof codeEntryMachine> = {
  view: (state, send) => <CodeEntryView state={state} send={send as (e: CodeEntryEvent) => void} id="code" renderCaptcha={captchaStub} />,
  userEvents: events,
  states: (ui, state) => {
    const sent = state.context.sent;
    if (!sent) {
      // no code went yet: on its own, the request (in a flow, the flow's form): sending, or why it did not go
      if (state.matches('handedOver')) return void expect(ui.queryByRole('button')).toBeNull();
      const unsent = Object.keys(UNSENT).find((sub) => state.matches({ notSent: sub as 'refused' }));
      if (unsent) expect(alerts(ui)).toMatch(UNSENT[unsent]!);
      else expect(alerts(ui)).toBe('');
      // while it sends, the button shows it in place of its words
      if (state.matches('sending')) return void expect(ui.queryByRole('button', { name: 'Receber código' })).toBeNull();
      return void expect(button(ui, 'Receber código').disabled).toBe(false);
    }
    expect(ui.getByText('Introduza o código')).toBeTruthy();
    expect(ui.getByText((text) => text.startsWith(`Enviámos um código de 6 dígitos para ${sent.sentTo ?? sent.mobileMasked}.`))).toBeTruthy();
    expect((ui.getByLabelText('Código de verificação') as HTMLInputElement).value).toBe(state.context.code);
    // verified, or handed to the flow: the step waits for the flow to move on
    if (state.matches('verified') || state.matches('handedOver')) return void expect(ui.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    const verifying = state.matches({ enteringCode: { entry: 'verifying' } });
    // the confirm button shows the check in place of its word
    expect(ui.queryByRole('button', { name: 'Confirmar' }) === null).toBe(verifying);
    const entry = [...Object.keys(ENTRY), 'refused'].find((sub) => state.matches({ enteringCode: { entry: sub as 'typing' } }));
    const resend = [...Object.keys(RESEND), 'refused'].find((sub) => state.matches({ enteringCode: { resend: sub as 'limited' } }));
    if (entry) expect(alerts(ui)).toMatch(entry === 'refused' ? REFUSED[state.context.entryRefusal!]! : ENTRY[entry]!);
    if (resend) expect(alerts(ui)).toMatch(resend === 'refused' ? REFUSED[state.context.resendRefusal!]! : RESEND[resend]!);
    if (!entry && !resend) expect(alerts(ui)).toBe('');
    if (state.matches({ enteringCode: { resend: 'coolingDown' } })) expect(button(ui, 'Reenviar código em 60 s').disabled).toBe(true);
    if (state.matches({ enteringCode: { resend: 'resending' } })) expect(button(ui, 'A reenviar…').disabled).toBe(true);
    // a new code is there to ask for, except while a code is being checked (it may be the right one)
    if (state.matches({ enteringCode: { resend: 'available' } }) || resend === 'refused' || resend === 'unreachable') expect(button(ui, 'Pedir novo código').disabled).toBe(verifying);
    if (resend === 'limited') expect(button(ui, 'Pedir novo código').disabled).toBe(true);
  },
};

describe('code entry chart on its screen', () => {
  const paths = transitionCoveringPaths(codeEntryModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(codeEntryModel, path, binding);
  });
});
