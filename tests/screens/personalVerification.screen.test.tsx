import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { PersonalVerificationView } from '../../screens/personalVerification/PersonalVerificationView.tsx';
import { personalVerificationModel } from '../models/personalVerification.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { personalVerificationMachine, PersonalVerificationEvent } from '../../machines/personalVerification.machine.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));

const userEvents: UserEvents<PersonalVerificationEvent> = {
  'nif.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Número do B.I. (NIF)'), { target: { value: e.value } }),
  'nif.submitted': (ui) => click(ui, /Continuar/),
  'name.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Nome completo'), { target: { value: e.value } }),
  'name.submitted': (ui) => click(ui, /Continuar/),
  'name.edit': (ui) => click(ui, 'Corrigir o nome'),
  'name.confirmed': (ui) => click(ui, /Confirmar e verificar/),
  'verification.restarted': (ui) => click(ui, 'Verificar de novo'),
};

const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');

const binding: ScreenBinding<typeof personalVerificationMachine> = {
  view: (state, send) => <PersonalVerificationView state={state} send={send as (e: PersonalVerificationEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    if (state.matches('loading')) return void expect(ui.getByRole('status')).toBeTruthy();
    if (state.matches('unavailable')) return void expect(alert(ui)).toMatch(/Erro de rede/);
    if (state.matches('failed')) return void expect(alert(ui)).toMatch(/A verificação falhou/);
    if (state.matches('notIndividual')) {
      // a company: the enterprise verification, never the B.I. form
      expect(alert(ui)).toMatch(/As empresas usam a verificação de empresa/);
      expect(ui.queryByLabelText('Número do B.I. (NIF)')).toBeNull();
      return void expect(ui.getByRole('link', { name: 'Verificar a empresa' }).getAttribute('href')).toBe('/app/enterprisecert');
    }
    if (state.matches('verified')) {
      expect(ui.getByRole('status').textContent).toMatch(state.context.realName ? /Identidade verificada: Ana Maria Demo/ : /já está verificada/);
      const next = state.context.payPasswordSet ? ui.getByRole('link', { name: 'Ir para a carteira' }) : ui.getByRole('link', { name: 'Definir palavra-passe de pagamento' });
      return void expect(next.getAttribute('href')).toBe(state.context.payPasswordSet ? '/' : '/app/paypassword');
    }
    if (state.matches('enteringNif') || state.matches('checkingNif')) {
      expect(ui.getByText('Qual é o número do seu B.I.?')).toBeTruthy();
      const table: Record<string, RegExp> = { malformed: /9 algarismos, 2 letras/, notFound: /não consta do registo/, taken: /associado a outra conta/, documentExpired: /caducado/, refused: /erro no servidor/, unreachable: /Erro de rede/ };
      for (const [sub, text] of Object.entries(table)) if (state.matches({ enteringNif: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      return;
    }
    if (state.matches('confirmingName') || state.matches('checkingName')) {
      expect(ui.getByText('004******LA**2')).toBeTruthy();
      return void expect(ui.getByText('Ana Maria Demo')).toBeTruthy();
    }
    expect(ui.getByText(/B\.I\. 004\*\*\*\*\*\*LA\*\*2 encontrado/)).toBeTruthy();
    const table: Record<string, RegExp> = { incomplete: /nome e o apelido/, mismatch: /Tentativas restantes: 2/, unreachable: /Erro de rede|erro no servidor/ };
    for (const [sub, text] of Object.entries(table)) if (state.matches({ enteringName: sub as 'typing' })) expect(alert(ui)).toMatch(text);
  },
};

describe('personal verification chart on its screen', () => {
  const paths = transitionCoveringPaths(personalVerificationModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(personalVerificationModel, path, binding);
  });
});
