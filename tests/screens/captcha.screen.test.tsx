import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { CaptchaView } from '../../screens/common/CaptchaBox.tsx';
import { captchaModel } from '../models/captcha.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { captchaMachine, CaptchaEvent } from '../../machines/captcha.machine.ts';

type Ui = typeof Screen;
const userEvents: UserEvents<CaptchaEvent> = {
  'answer.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Caracteres da imagem'), { target: { value: e.value } }),
  'answer.submitted': (ui) => void fireEvent.click(ui.getByRole('button', { name: /Confirmar caracteres/ })),
  'captcha.refreshed': (ui) => void fireEvent.click(ui.getByRole('button', { name: /Outra imagem|Tentar novamente/ })),
};

const binding: ScreenBinding<typeof captchaMachine> = {
  view: (state, send) => <CaptchaView state={state} send={send as (e: CaptchaEvent) => void} />,
  userEvents,
  states: (ui: Ui, state) => {
    if (state.matches('failed')) return void expect(ui.getByRole('alert').textContent).toMatch(/Não foi possível carregar a imagem/);
    if (state.matches('solved') || state.matches('notNeeded')) return void expect(ui.getByRole('status').textContent).toMatch(/Confirmado/);
    expect(ui.getByText(/escreva os caracteres da imagem/)).toBeTruthy();
    if (state.context.image) expect(ui.getByRole('img', { name: /confirmar que é uma pessoa/ }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    if (state.matches({ showing: 'wrongAnswer' })) expect(ui.getByRole('alert').textContent).toMatch(/não coincidem/);
  },
};

describe('captcha chart on its screen', () => {
  const paths = transitionCoveringPaths(captchaModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(captchaModel, path, binding);
  });
});
