import { describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { CardListView } from '../../screens/cardList/CardListView.tsx';
import type { cardListMachine, CardListEvent } from '../../machines/cardList.machine.ts';
import { cardListModel } from '../models/cardList.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const LABELS: Record<string, string> = { '7': 'BAI 6004 00** **** 0011', '9': 'BPC 6001 00** **** 0030' };

const events: UserEvents<CardListEvent> = {
  'card.removeRequested': (ui, e) => click(ui, `Remover ${LABELS[e.cardId]}`),
  'removal.confirmed': (ui) => click(ui, 'Sim, remover'),
  'removal.cancelled': (ui) => click(ui, 'Não, manter'),
};

const binding: ScreenBinding<typeof cardListMachine> = {
  view: (state, send) => <CardListView state={state} send={send as (e: CardListEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    // the cards (boundCards child: its own screen test goes through its states), asked for; after
    // the child failed (never the server's doing), at its failure, to be asked again by hand
    if (state.matches('loading')) {
      if (c.cardsInterrupted) return void expect(alert(ui)).toMatch(/Não foi possível carregar os seus cartões/);
      return void expect(status(ui)).toMatch(/A carregar/);
    }
    if (state.matches('empty')) {
      expect(ui.getByText('Ainda não tem cartões associados.')).toBeTruthy();
      if (c.chosen) expect(status(ui)).toBe('Cartão removido.');
      return void expect(ui.getByRole('link', { name: 'Associar um cartão' }).getAttribute('href')).toBe('/app/cards/bind');
    }
    const list = within(ui.getByRole('list', { name: 'Os seus cartões' }));
    expect(list.getAllByRole('listitem')).toHaveLength(c.cards.length);
    for (const card of c.cards) expect(list.getByText(card.maskedCardNo)).toBeTruthy();
    if (c.cards.some((card) => card.needBranch)) expect(list.getByText('Levantamentos numa agência')).toBeTruthy();
    expect(ui.getByRole('link', { name: 'Associar outro cartão' }).getAttribute('href')).toBe('/app/cards/bind');
    const asking = state.matches({ ready: 'confirming' }) || state.matches({ ready: 'removing' }) || state.matches({ ready: 'removeFailed' });
    if (asking) {
      // the question is about the chosen card, and nothing else is removable while it is asked
      const dialog = within(ui.getByRole('alertdialog', { name: `Remover o cartão ${LABELS[c.chosen!.cardId]}?` }));
      if (!state.matches({ ready: 'removing' })) expect(dialog.getByRole('button', { name: 'Sim, remover' })).toBeTruthy();
      expect(ui.queryByRole('button', { name: `Remover ${LABELS[c.chosen!.cardId]}` })).toBeNull();
      if (state.matches({ ready: 'removing' })) expect(status(ui)).toMatch(/A remover o cartão/);
      if (state.matches({ ready: 'removeFailed' })) expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível remover o cartão/);
      return;
    }
    expect(ui.queryByRole('alertdialog')).toBeNull();
    if (state.matches({ ready: 'removed' })) {
      expect(status(ui)).toBe('Cartão removido.');
      expect(list.queryByText(c.chosen!.maskedCardNo)).toBeNull();
    }
    for (const card of c.cards) expect(ui.getByRole('button', { name: `Remover ${LABELS[card.cardId]}` })).toBeTruthy();
  },
};

describe('card list chart on its screen', () => {
  const paths = transitionCoveringPaths(cardListModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(cardListModel, path, binding);
  });
});
