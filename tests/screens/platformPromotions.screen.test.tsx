import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { PlatformEndQuestion, PlatformPromotionsView, PlatformStatusNotice } from '../../screens/platformPromotions/PlatformPromotionsView.tsx';
import type { platformPromotionsMachine, PlatformPromotionsEvent } from '../../machines/platformPromotions.machine.ts';
import type { statusChangeMachine, StatusChangeEvent } from '../../machines/statusChange.machine.ts';
import { platformPromotionsModel, samplePlatformPolicies } from '../models/platformPromotions.model.ts';
import { statusChangeModel } from '../models/statusChange.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<PlatformPromotionsEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'promotion.paused': (ui) => click(ui, 'Pausar Cinco por cento'),
  'promotion.resumed': (ui) => click(ui, 'Retomar Só a Ana'),
  'promotion.ended': (ui) => click(ui, 'Terminar Cinco por cento'),
};

const binding: ScreenBinding<typeof platformPromotionsMachine> = {
  view: (state, send) => <PlatformPromotionsView state={state} send={send as (e: PlatformPromotionsEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect(ui.getByRole('heading', { name: 'Cashback da plataforma' })).toBeTruthy();
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /./);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    // the status change child (its own binding below goes through its states): the question takes the list's place
    const change = (state.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot();
    if (change?.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Terminar Cinco por cento\? Deixa de se aplicar em todos os comerciantes/);
    if (c.promotions.length === 0) expect(ui.getByText('Ainda não há cashback da plataforma.')).toBeTruthy();
    else {
      expect(ui.getByText(/^5 % do que o cliente paga, até 100,00 Kz · todos os membros · desde .*, sem fim$/)).toBeTruthy();
      expect(ui.getByText(/^ao acaso entre 1,00 Kz e 2,00 Kz · só o membro 1234 · de .* a .*$/)).toBeTruthy();
      expect(ui.getByText('cashback dado 50,00 Kz (pagamentos: 1) · orçamento 5 000,00 Kz, restam 4 950,00 Kz')).toBeTruthy();
      expect(ui.getByText('cashback dado 0,00 Kz (pagamentos: 0) · limite de 10 vezes, restam 10')).toBeTruthy();
      const [first, second] = c.promotions;
      expect(ui.queryByRole('button', { name: 'Pausar Cinco por cento' }) !== null).toBe(first!.status === 'active');
      expect(ui.queryByRole('button', { name: 'Terminar Cinco por cento' }) !== null).toBe(first!.status !== 'ended');
      expect(ui.queryByRole('button', { name: 'Retomar Só a Ana' }) !== null).toBe(second!.status === 'paused');
    }
    const notices: Array<[boolean, () => string, RegExp]> = [
      [!!change?.matches('settingStatus'), () => status(ui), /A guardar/],
      [state.matches({ list: 'alreadyEnded' }), () => alert(ui), /terminou e já não pode ser alterada/],
    ];
    for (const [shown, text, pattern] of notices) if (shown) expect(text()).toMatch(pattern);
    if (state.matches({ list: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
    // while it saves, the policies' buttons wait and there is nothing to refresh yet
    if (change?.matches('settingStatus')) {
      expect(ui.getAllByRole('button').every((button) => button.hasAttribute('disabled'))).toBe(true);
      expect(ui.queryByRole('button', { name: 'Atualizar' })).toBeNull();
    }
  },
};

const changeEvents: UserEvents<StatusChangeEvent> = {
  'end.confirmed': (ui) => click(ui, 'Terminar de vez'),
  'end.cancelled': (ui) => click(ui, 'Manter'),
};

/** The status change child on the operators' page: the question, saving, why it was not saved (its line named as the first policy). */
const changeBinding: ScreenBinding<typeof statusChangeMachine> = {
  view: (change, send) => {
    const policies = [{ ...samplePlatformPolicies[0]!, id: change.context.line.id }];
    return (
      <>
        <PlatformEndQuestion change={change} send={send as (e: StatusChangeEvent) => void} policies={policies} />
        <PlatformStatusNotice change={change} />
      </>
    );
  },
  userEvents: changeEvents,
  states: (ui, change) => {
    if (change.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Terminar Cinco por cento\? Deixa de se aplicar em todos os comerciantes/);
    if (change.matches('settingStatus')) return void expect(status(ui)).toMatch(/A guardar/);
    if (change.matches('refused')) return void expect(alert(ui)).toMatch(/não existe ou não é seu/);
    if (change.matches('unreachable')) return void expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    // starting (never rests there) or done: the list takes over
    expect(ui.queryByRole('alert')).toBeNull();
    expect(ui.queryByRole('alertdialog')).toBeNull();
  },
};

describe('platform promotions chart on its screen', () => {
  const paths = transitionCoveringPaths(platformPromotionsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(platformPromotionsModel, path, binding);
  });
});

describe('status change chart on the platform promotions screen', () => {
  const paths = transitionCoveringPaths(statusChangeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(statusChangeModel, path, changeBinding);
  });
});
