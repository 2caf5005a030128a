import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { FundLinesView } from '../../screens/common/FundDetailView.tsx';
import { RecordLinesView } from '../../screens/records/RecordsView.tsx';
import { PagedList } from '../../screens/common/PagedList.tsx';
import { pagedListMachine, type PagedListEvent } from '../../machines/pagedList.machine.ts';
import { RECORD_KEY } from '../../machines/records.machine.ts';
import { pagedListModel } from '../models/pagedList.model.ts';
import { firstPage } from '../models/fundDetail.model.ts';
import { ownerFirst, ownerLast } from '../models/records.model.ts';
import { doneEvent, parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<PagedListEvent> = {
  'list.more': (ui) => click(ui, 'Carregar mais'),
  'list.refreshed': (ui) => click(ui, 'Atualizar'),
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
};

/** The fund detail's lines, as the wallet writes them. */
const SHOWN: Record<string, RegExp> = {
  '52': /^Transferência−1 250,00 KzBruno M\*\*\* D\*\*\* · 14 mar\.? 2026, \d\d:\d\dSaldo 48 750,00 Kz$/,
  '51': /^Carregamento\+10 000,00 Kz14 mar\.? 2026, \d\d:\d\dSaldo 50 000,00 Kz$/,
  // the charge is said, never hidden in the total
  '50': /^Levantamento−2 050,00 Kzinclui 50,00 Kz de taxa · 14 mar\.? 2026, \d\d:\d\dSaldo 40 000,00 Kz$/,
};

const binding: ScreenBinding<typeof pagedListMachine> = {
  view: (state, send) => <FundLinesView state={state} send={send as (e: PagedListEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /Dados inválidos/ : /Não foi possível carregar os movimentos/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    // the list: ready, empty, loading the next page, or refreshing
    if (c.items.length === 0) expect(ui.getByText('Sem movimentos neste período.')).toBeTruthy();
    else {
      const links = within(ui.getByRole('list', { name: 'Movimentos' })).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(c.items.map((l) => `/app/funddetail/${String(l.id)}`));
      c.items.forEach((item, i) => expect(links[i]!.textContent).toMatch(SHOWN[String(item.id)]!));
      const income = c.items.findIndex((item) => item.direction === 'income');
      if (income >= 0) expect(links[income]!.querySelector('.kw-fund-income')?.textContent).toBe('+10 000,00 Kz');
      expect(links[0]!.getAttribute('aria-label')).toMatch(/^(Transferência, Saída −1 250,00|Levantamento, Saída −2 050,00) Kz, 14 mar/);
    }
    if (state.matches('empty')) expect(ui.queryByRole('list')).toBeNull();
    if (state.matches({ ready: 'more' })) expect(ui.getByRole('button', { name: 'Carregar mais' })).toBeTruthy();
    if (state.matches({ ready: 'end' }) || state.matches('empty')) {
      expect(ui.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
      if (c.items.length > 0) expect(ui.getByText('Não há mais movimentos.')).toBeTruthy();
      else expect(ui.queryByText('Não há mais movimentos.')).toBeNull();
    }
    if (state.matches({ ready: 'moreFailed' })) {
      expect(alert(ui)).toMatch(/carregar mais movimentos/);
      expect(ui.getByRole('button', { name: 'Carregar mais' })).toBeTruthy();
    }
    if (state.matches({ ready: 'refreshFailed' }) || state.matches({ empty: 'refreshFailed' })) expect(alert(ui)).toMatch(/atualizar os movimentos/);
    else if (!state.matches({ ready: 'moreFailed' })) expect(ui.queryByRole('alert')).toBeNull();
    if (state.matches('loadingMore')) expect(status(ui)).toMatch(/A carregar mais/);
    if (state.matches('refreshing')) expect((ui.getByRole('button', { name: 'A atualizar…' }) as HTMLButtonElement).disabled).toBe(true);
    else expect((ui.getByRole('button', { name: 'Atualizar' }) as HTMLButtonElement).disabled).toBe(false);
  },
};

describe('paged list chart on its screen (the fund detail’s lines)', () => {
  const paths = transitionCoveringPaths(pagedListModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(pagedListModel, path, binding);
  });
});

describe('the records’ lines', () => {
  it('each record: its state, amount, payer, store, clerk or code, time and net, linked to its page; their own words for the list', () => {
    const actor = createActor(pagedListModel.machine, { input: { query: {}, key: RECORD_KEY } }).start();
    actor.send(doneEvent('loadPage', { ok: true, data: ownerFirst }) as never);
    actor.send({ type: 'list.more' });
    actor.send(doneEvent('loadPage', { ok: true, data: ownerLast }) as never);
    const { container } = render(
      <I18nextProvider i18n={createI18n('pt', { pt, en })}>
        <RecordLinesView state={actor.getSnapshot()} send={(e) => actor.send(e)} />
      </I18nextProvider>,
    );
    const links = within(screen.getByRole('list', { name: 'Registos de transações' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/app/records/52', '/app/records/51', '/app/records/50']);
    expect(links.map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^Pago1 500,00 KzAna M\*\*\* D\*\*\* · Loja Central · Carlos Caixa · 14 mar\.? 2026, \d\d:\d\dLíquido 1 492,50 Kz$/),
      expect.stringMatching(/^Reembolsado em parte1 500,00 KzAna M\*\*\* D\*\*\* · Loja Central · KW0000000042 · 14 mar\.? 2026, \d\d:\d\dLíquido 995,00 Kz$/),
      expect.stringMatching(/^Reembolsado1 500,00 KzAna M\*\*\* D\*\*\* · Loja Norte · Carlos Caixa · 14 mar\.? 2026, \d\d:\d\dLíquido 0,00 Kz$/),
    ]);
    expect(screen.getByText('Não há mais registos.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeTruthy();
    assertNoRawKeys(container);
    actor.stop();
  });
});

describe('a parent’s list child on screen', () => {
  it('draws the child it is given, sends it the controls, a repeated line once; nothing once it is gone', () => {
    const actor = createActor(parkInvokes(pagedListMachine, ['loadPage']).provide({ actions: { pageLoaded: () => {} } }), { input: { query: null, key: 'id' } }).start();
    const i18n = createI18n('en', { en, pt });
    const words = { section: 'fundDetail', label: 'Lines', refresh: { idle: 'Refresh', busy: 'Refreshing…' } } as const;
    const item = (line: { id: string }) => <li>{`line ${line.id}`}</li>;
    const { rerender } = render(<I18nextProvider i18n={i18n}><PagedList actor={actor} words={words} item={item} /></I18nextProvider>);
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    act(() => void actor.send(doneEvent('loadPage', { ok: true, data: firstPage }) as never));
    expect(within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['line 52', 'line 51']);
    act(() => click(screen, 'Load more'));
    expect(actor.getSnapshot().value).toBe('loadingMore');
    // the next page repeats a line booked meanwhile: shown once
    act(() => void actor.send(doneEvent('loadPage', { ok: true, data: { ...firstPage, items: [firstPage.items[1]!, { ...firstPage.items[0]!, id: '49' }], nextCursor: null } }) as never));
    expect(within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['line 52', 'line 51', 'line 49']);
    act(() => click(screen, 'Refresh'));
    expect((screen.getByRole('button', { name: 'Refreshing…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<I18nextProvider i18n={i18n}><PagedList actor={undefined} words={words} item={item} /></I18nextProvider>);
    expect(screen.queryByRole('list')).toBeNull();
    actor.stop();
  });
});
