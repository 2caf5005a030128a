import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { ActivityView } from '../../screens/activityPage/ActivityView.tsx';
import { pickActivity, type activityPageMachine, type ActivityEvent } from '../../machines/activityPage.machine.ts';
import { activityPageModel, aprilActivity, februaryActivity, marchActivity } from '../models/activityPage.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const link = (ui: Ui, name: string | RegExp) => ui.getByRole('link', { name }).getAttribute('href');

const userEvents: UserEvents<ActivityEvent> = {
  'activity.retry': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Tentar novamente' })),
};

/** The activity as its page draws it: name, rules, facts and prizes, the guide. */
const expectActivity = (ui: Ui, name: string) => {
  expect(ui.getByRole('heading', { name })).toBeTruthy();
  expect(ui.getByText('Carregue 1 000 Kz ou mais e ganhe 2 sorteios.')).toBeTruthy();
  expect(ui.getByText('Os prémios são pagos em cashback.')).toBeTruthy();
  expect(ui.getByText('ISJ/2026/0042')).toBeTruthy();
  expect(ui.getByText('Cada carregamento de 1 000,00 Kz ou mais dá 2 sorteios.')).toBeTruthy();
  expect(ui.getByRole('rowheader', { name: 'Prémio maior' })).toBeTruthy();
  expect(ui.getByText('48 de 50')).toBeTruthy();
  expect(link(ui, 'Como funcionam as atividades')).toBe('/app/activeguide');
};

const binding: ScreenBinding<typeof activityPageMachine> = {
  view: (state, send) => <ActivityView state={state} send={send as (e: ActivityEvent) => void} />,
  userEvents,
  states: {
    '"loading"': (ui) => expect(ui.getByRole('status').textContent).toBe('A carregar a atividade…'),
    '"failed"': (ui) => {
      expect(ui.getByRole('alert').textContent).toMatch(/Não foi possível carregar a atividade/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
    '"unavailable"': (ui) => expect(ui.getByRole('alert').textContent).toBe('Pedido inválido.'),
    '"live"': (ui) => {
      expectActivity(ui, 'Sorteio de Março');
      expect(ui.getByText('A decorrer').parentElement?.textContent).toMatch(/^A decorrer · Termina a /);
      expect(link(ui, 'Sortear agora')).toBe('/app/luckyApp?activityId=7');
      expect(ui.queryByRole('link', { name: 'Ver os vencedores' })).toBeNull();
    },
    '"upcoming"': (ui) => {
      expectActivity(ui, 'Sorteio de Abril');
      expect(ui.getByText('Brevemente').parentElement?.textContent).toMatch(/^Brevemente · Começa a /);
      expect(link(ui, 'Abrir a página do sorteio')).toBe('/app/luckyApp?activityId=7');
    },
    '"ended"': (ui) => {
      expectActivity(ui, 'Sorteio de Fevereiro');
      expect(ui.getByText('Terminada').parentElement?.textContent).toMatch(/^Terminada · Terminou a /);
      expect(link(ui, 'Abrir a página do sorteio')).toBe('/app/luckyApp?activityId=7');
      expect(link(ui, 'Ver os vencedores')).toBe('/app/luckyList?activityId=7');
      // the seed is revealed: the draws can be checked
      expect(link(ui, 'Verificar os sorteios')).toBe('/app/luckycheck/7');
      expect(ui.getByText('b'.repeat(64))).toBeTruthy();
    },
    '"missing"': (ui) => {
      expect(ui.getByRole('status').textContent).toBe('Esta atividade não existe.');
      expect(link(ui, 'Como funcionam as atividades')).toBe('/app/activeguide');
    },
    '"none"': (ui) => {
      expect(ui.getByRole('status').textContent).toBe('Não há nenhuma atividade de momento.');
      expect(ui.getByText(/Quando começar um novo sorteio, aparece aqui/)).toBeTruthy();
      expect(link(ui, 'Como funcionam as atividades')).toBe('/app/activeguide');
    },
  },
};

describe('activityPage chart on its screen', () => {
  const paths = transitionCoveringPaths(activityPageModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(activityPageModel, path, binding);
  });
});

describe('the featured activity', () => {
  const later = { ...marchActivity, id: '9', startsAt: '2026-03-10T00:00:00.000Z' };
  it('is the live one (the earliest started), else the next to start, else the latest to end', () => {
    expect(pickActivity([februaryActivity, aprilActivity, later, marchActivity], null)?.id).toBe('7');
    const may = { ...aprilActivity, id: '10', startsAt: '2026-05-01T00:00:00.000Z' };
    expect(pickActivity([may, februaryActivity, aprilActivity], null)?.id).toBe('8');
    const january = { ...februaryActivity, id: '5', endsAt: '2026-01-31T22:59:00.000Z' };
    expect(pickActivity([january, februaryActivity], null)?.id).toBe('6');
    expect(pickActivity([], null)).toBeNull();
  });

  it('an asked-for id is that activity whatever its status, or none', () => {
    expect(pickActivity([februaryActivity, marchActivity], '6')?.name).toBe('Sorteio de Fevereiro');
    expect(pickActivity([februaryActivity, marchActivity], '99')).toBeNull();
  });
});
