import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { PlatformLotteryView } from '../../screens/platformLottery/PlatformLotteryView.tsx';
import type { platformLotteryMachine, PlatformLotteryEvent } from '../../machines/platformLottery.machine.ts';
import { platformLotteryModel, revealedSeed } from '../models/platformLottery.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<PlatformLotteryEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'activity.ended': (ui) => click(ui, 'Terminar Sorteio de Maio'),
  'end.confirmed': (ui) => click(ui, 'Terminar de vez'),
  'end.cancelled': (ui) => click(ui, 'Manter'),
  'activity.opened': (ui) => click(ui, 'Entregas de Sorteio de Maio'),
  'deliveries.retry': (ui) => click(ui, 'Tentar novamente'),
  'deliveries.refresh': (ui) => click(ui, 'Atualizar as entregas'),
  'deliveries.closed': (ui) => click(ui, 'Voltar às atividades'),
  'delivery.retried': (ui) => click(ui, 'Enviar de novo a entrega 901'),
};

const binding: ScreenBinding<typeof platformLotteryMachine> = {
  view: (state, send) => <PlatformLotteryView state={state} send={send as (e: PlatformLotteryEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect(ui.getByRole('heading', { name: 'Atividades de sorteio' })).toBeTruthy();
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/^Terminar Sorteio de Maio agora\? Não se fazem mais sorteios e a semente é revelada/);
    if (state.matches('deliveries')) {
      expect(ui.getByRole('heading', { name: 'Entregas de prémios: Sorteio de Maio' })).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Terminar Sorteio de Maio' })).toBeNull();
      if (state.matches({ deliveries: 'loading' })) return void expect(status(ui)).toMatch(/A carregar/);
      if (state.matches({ deliveries: 'failed' })) return void expect(alert(ui)).toMatch(/Esta lotaria não existe|Não foi possível carregar/);
      if (c.deliveries.length === 0) expect(ui.getByText('Ainda ninguém ganhou um prémio nesta atividade.')).toBeTruthy();
      else {
        expect(ui.getByText(/^Membro 1234 · Vale 5 000 Kz · 5 000,00 Kz$/)).toBeTruthy();
        expect(ui.getByText(/^ganho em .* · tentativas: 3$/)).toBeTruthy();
        expect(ui.getByText('Último erro: cashback account frozen')).toBeTruthy();
        expect(ui.getByText(/^ganho em .* · entregue em .* · tentativas: 1$/)).toBeTruthy();
        const failed = c.deliveries.find((d) => d.id === '901')!.status === 'failed';
        expect(ui.getByText(failed ? '(falhou)' : '(a aguardar envio)')).toBeTruthy();
        expect(ui.queryByRole('button', { name: 'Enviar de novo a entrega 901' }) !== null).toBe(failed);
        expect(ui.queryByRole('button', { name: 'Enviar de novo a entrega 900' })).toBeNull();
      }
      const notices: Array<[boolean, () => string, RegExp]> = [
        [state.matches({ deliveries: 'retrying' }), () => status(ui), /A enviar de novo/],
        [state.matches({ deliveries: { shown: 'retried' } }), () => status(ui), /A entrega voltou à fila/],
        [state.matches({ deliveries: { shown: 'notFailed' } }), () => alert(ui), /Só um envio de prémio que falhou pode ser tentado de novo/],
        [state.matches({ deliveries: { shown: 'retryRefused' } }), () => alert(ui), /erro no servidor/],
        [state.matches({ deliveries: { shown: 'retryUnreachable' } }), () => alert(ui), /Sem resposta do servidor: atualize as entregas/],
      ];
      for (const [shown, text, pattern] of notices) if (shown) expect(text()).toMatch(pattern);
      if (state.matches({ deliveries: { shown: 'idle' } })) expect(ui.queryByRole('alert')).toBeNull();
      return;
    }
    if (c.activities.length === 0) expect(ui.getByText('Ainda não há atividades de sorteio.')).toBeTruthy();
    else {
      const [may, april] = c.activities;
      expect(ui.getByText(/^de .* a .* · carregamentos a partir de 1 000,00 Kz, 2 sorteios cada$/)).toBeTruthy();
      expect(ui.getByText(/^de .* a .* · pagamentos a comerciantes a partir de 500,00 Kz, 1 sorteio cada$/)).toBeTruthy();
      const { waiting, failed } = may!.deliveries;
      expect(ui.getByText(`sorteios feitos: 120 · prémios ganhos 15 000,00 Kz de um orçamento de 100 000,00 Kz · entregas: ${waiting} a aguardar, 9 enviadas, ${failed} falhadas`)).toBeTruthy();
      expect(ui.getByText('Autorização do regulador: ISJ/2026/041')).toBeTruthy();
      expect(ui.getByText(`Compromisso (SHA-256 da semente): ${'a'.repeat(64)}`)).toBeTruthy();
      expect(ui.getByText(`Semente revelada: ${april!.seed}`)).toBeTruthy();
      expect(ui.getAllByText('(terminada)')).toHaveLength(may!.status === 'ended' ? 2 : 1);
      if (may!.seed) expect(ui.getByText(`Semente revelada: ${may!.seed}`)).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Terminar Sorteio de Maio' }) !== null).toBe(may!.status !== 'ended');
      expect(ui.queryByRole('button', { name: 'Terminar Sorteio de Abril' })).toBeNull();
    }
    const notices: Array<[boolean, () => string, RegExp]> = [
      [state.matches('ending'), () => status(ui), /A terminar/],
      [state.matches({ activities: 'ended' }), () => status(ui), new RegExp(`Sorteio de Maio terminou\\. Semente revelada: ${revealedSeed}`)],
      [state.matches({ activities: 'alreadyEnded' }), () => alert(ui), /já tinha terminado/],
      [state.matches({ activities: 'endRefused' }), () => alert(ui), /Esta lotaria não existe/],
      [state.matches({ activities: 'endUnreachable' }), () => alert(ui), /Sem resposta do servidor: atualize a lista/],
    ];
    for (const [shown, text, pattern] of notices) if (shown) expect(text()).toMatch(pattern);
    if (state.matches({ activities: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
  },
};

describe('platform lottery chart on its screen', () => {
  const paths = transitionCoveringPaths(platformLotteryModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(platformLotteryModel, path, binding);
  });
});
