import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { StaffDetailView, StaffListView } from '../../screens/staffList/StaffListView.tsx';
import type { staffListMachine, StaffListEvent } from '../../machines/staffList.machine.ts';
import { staffListModel } from '../models/staffList.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const checkbox = (ui: Ui) => ui.getByRole('checkbox', { name: 'Pode ver todos os pagamentos da loja' }) as HTMLInputElement;

const events: UserEvents<StaffListEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'detail.retry': (ui) => click(ui, 'Tentar novamente'),
  'allRecords.changed': (ui) => void fireEvent.click(checkbox(ui)),
  'remove.asked': (ui) => click(ui, 'Remover da equipa'),
  'remove.confirmed': (ui) => click(ui, 'Remover'),
  'remove.cancelled': (ui) => click(ui, 'Manter'),
};

const binding: ScreenBinding<typeof staffListMachine> = {
  view: (state, send) => (state.context.staffId
    ? <StaffDetailView state={state} send={send as (e: StaffListEvent) => void} />
    : <StaffListView state={state} send={send as (e: StaffListEvent) => void} />),
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingList') || state.matches('loadingDetail')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('listFailed') || state.matches('detailFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notOwner')) {
      if (c.errorCode === 'STF10010') {
        expect(alert(ui)).toMatch(/Só o comerciante/);
        return void expect(ui.getByRole('link', { name: 'Ir para a caixa' }).getAttribute('href')).toBe('/app/cashier');
      }
      expect(alert(ui)).toMatch(/conta de cobrança/);
      return void expect(ui.getByRole('link', { name: 'Abrir conta de cobrança' })).toBeTruthy();
    }
    if (state.matches('list')) {
      if (c.staff.length === 0) expect(status(ui)).toBe('Ainda não tem funcionários.');
      else {
        expect(ui.getByRole('link', { name: 'Ana Caixa' }).getAttribute('href')).toBe('/app/staffdetail?staffId=77');
        // the owner's own clerk: the number in full
        expect(ui.getByText('+244 923 456 456 · Loja Central · vê os seus pagamentos')).toBeTruthy();
        expect(ui.getByText('Removido')).toBeTruthy();
      }
      return void expect(ui.getByRole('link', { name: 'Adicionar funcionário' }).getAttribute('href')).toBe('/app/addstaff');
    }
    if (state.matches('missing')) return void expect(alert(ui)).toMatch(/não existe na sua equipa/);
    if (state.matches('confirmingRemoval')) {
      expect(ui.getByRole('alertdialog').textContent).toMatch(/Remover Ana Caixa da loja Loja Central\? Perde o acesso de imediato/);
      return void expect(ui.getByRole('button', { name: 'Manter' })).toBeTruthy();
    }
    // the detail, saving or removing
    const member = c.member!;
    expect(ui.getByText('Ana Caixa')).toBeTruthy();
    expect(ui.getByRole('link', { name: '+244 923 456 456' }).getAttribute('href')).toBe('tel:+244923456456');
    expect(checkbox(ui).checked).toBe(member.allRecords);
    expect(checkbox(ui).disabled).toBe(state.hasTag('busy') || member.status !== 'normal');
    if (state.matches('updating')) expect(status(ui)).toMatch(/A guardar/);
    if (state.matches('removing')) expect(status(ui)).toMatch(/A remover/);
    if (state.matches({ detail: 'updateRefused' }) || state.matches({ detail: 'removeRefused' })) {
      expect(alert(ui)).toMatch(c.errorCode ? /removido da equipa/ : /Sem resposta do servidor/);
    } else expect(ui.queryByRole('alert')).toBeNull();
    if (member.status === 'normal') return void expect(ui.getByRole('button', { name: 'Remover da equipa' })).toBeTruthy();
    expect(ui.getAllByText('Removido').length).toBeGreaterThan(0);
    return void expect(status(ui)).toMatch(/já não tem acesso à loja/);
  },
};

describe('staff list chart on its screens', () => {
  const paths = transitionCoveringPaths(staffListModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(staffListModel, path, binding);
  });
});
