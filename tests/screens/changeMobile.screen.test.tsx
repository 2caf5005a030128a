import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { ChangeMobileView } from '../../screens/changeMobile/ChangeMobileView.tsx';
import { changeMobileModel } from '../models/changeMobile.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { changeMobileMachine, ChangeMobileEvent } from '../../machines/changeMobile.machine.ts';

type Ui = typeof Screen;
const type = (ui: Ui, label: string | RegExp, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const photoLabels = { front: 'Frente do B.I.', back: 'Verso do B.I. (opcional)', selfie: 'Selfie a segurar o B.I.' } as const;

const userEvents: UserEvents<ChangeMobileEvent> = {
  'password.changed': (ui, e) => type(ui, 'Palavra-passe de acesso', e.value),
  'identity.submitted': (ui) => click(ui, /Continuar/),
  'mobile.changed': (ui, e) => type(ui, 'Novo número de telemóvel', e.value),
  'oldNumber.toggled': (ui) => void fireEvent.click(ui.getByText(/Ainda recebo SMS/)),
  'codes.requested': (ui) => click(ui, /Receber códigos|Pedir novo código/),
  'newCode.changed': (ui, e) => type(ui, /Código enviado para o novo número/, e.value),
  'oldCode.changed': (ui, e) => type(ui, /Código enviado para o número antigo/, e.value),
  'codes.submitted': (ui) => click(ui, /Confirmar/),
  'photo.chosen': (ui, e) => void fireEvent.change(ui.getByLabelText(photoLabels[e.slot]), { target: { files: [e.file] } }),
  'photos.submitted': (ui) => click(ui, /Enviar para verificação/),
  'flow.retry': (ui) => click(ui, /Tentar novamente|Começar de novo/),
  'flow.finished': (ui) => click(ui, 'Concluído'),
};

const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');

const binding: ScreenBinding<typeof changeMobileMachine> = {
  view: (state, send) => <ChangeMobileView state={state} send={send as (e: ChangeMobileEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const expectAlert = (table: Record<string, RegExp>, parent: string) => {
      for (const [sub, text] of Object.entries(table)) if (state.matches({ [parent]: sub } as never)) expect(alert(ui)).toMatch(text);
    };
    if (state.matches('loading') || state.matches('binding')) return void expect(ui.getByRole('status')).toBeTruthy();
    if (state.matches('loadFailed') || state.matches('bindFailed')) return void expect(alert(ui)).toMatch(/Erro de rede|pertence a outra conta/);
    if (state.matches('stepExpired')) return void expect(alert(ui)).toMatch(/expirou/);
    if (state.matches('changed') || (state.matches('done') && !state.context.pendingNewMobile)) return void expect(ui.getByRole('status').textContent).toMatch(/Número alterado/);
    if (state.matches('pendingReview') || state.matches('done')) return void expect(ui.getByRole('status').textContent).toMatch(/Pedido em análise: novo número \+244 9\*\* \*\*\* 888/);
    if (state.matches('confirmingIdentity') || state.matches('checkingIdentity')) {
      expect(ui.getByText('Número actual: +244 9** *** 001')).toBeTruthy();
      return expectAlert({ wrongPassword: /Tentativas restantes: 4/, locked: /15 minutos/, unreachable: /Erro de rede/ }, 'confirmingIdentity');
    }
    if (state.matches('enteringNumber') || state.matches('sendingCodes')) {
      expect(ui.getByText('Qual é o novo número?')).toBeTruthy();
      if (!state.context.oldNumberAvailable) expect(ui.getByText(/Sem o número antigo/)).toBeTruthy();
      return expectAlert({ invalid: /9 dígitos/, taken: /pertence a outra conta/, same: /já é o número/, coolingDown: /dentro de 40 s/, sendLimited: /demasiados pedidos/, unreachable: /expirou|Erro de rede|erro no servidor/ }, 'enteringNumber');
    }
    if (state.matches('enteringCodes') || state.matches('checkingCodes')) {
      expect(ui.getByLabelText(/Código enviado para o novo número \(\+244 9\*\* \*\*\* 888\)/)).toBeTruthy();
      expect(ui.getByLabelText(/Código enviado para o número antigo/)).toBeTruthy();
      return expectAlert({ wrongCode: /Tentativas restantes: 3/, expired: /expirou/, tooManyTries: /Demasiadas tentativas/, unreachable: /Erro de rede|erro no servidor/ }, 'enteringCodes');
    }
    expect(ui.getByText('Fotografias para verificação')).toBeTruthy();
    for (const slot of ['front', 'selfie'] as const) {
      const chosen = state.context.photos[slot];
      if (chosen) expect(ui.getByText(`Escolhida: ${chosen.name}`)).toBeTruthy();
    }
    expectAlert({ incomplete: /frente do B\.I\. e a selfie/, refused: /fotografias pedidas/, uploadFailed: /envio falhou/ }, 'choosingPhotos');
  },
};

describe('mobile rebinding chart on its screen', () => {
  const paths = transitionCoveringPaths(changeMobileModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(changeMobileModel, path, binding);
  });
});
