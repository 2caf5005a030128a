import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { BoundCardsView } from '../../screens/common/BoundCardsView.tsx';
import { openingCardsSteps } from '../../screens/merchantOpening/MerchantOpeningView.tsx';
import type { boundCardsMachine, BoundCardsEvent } from '../../machines/boundCards.machine.ts';
import { boundCardsModel } from '../models/boundCards.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

/** The cards child as the opening of a collection account draws it (the one page whose "none" offers looking again). */
export function OpeningCards({ state, send }: { state: SnapshotFrom<typeof boundCardsMachine>; send: (event: BoundCardsEvent) => void }) {
  const { t } = useTranslation();
  return <BoundCardsView state={state} send={send} steps={openingCardsSteps(t)} />;
}

const events: UserEvents<BoundCardsEvent> = {
  'cards.retry': (ui) => void fireEvent.click(ui.getByRole('button', { name: /Tentar novamente|Atualizar a lista de cartões/ })),
};

const binding: ScreenBinding<typeof boundCardsMachine> = {
  view: (state, send) => <OpeningCards state={state} send={send as (e: BoundCardsEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading') || state.status === 'done') return void expect(status(ui)).toMatch(/A carregar os seus cartões/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar os seus cartões/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('none')) {
      expect(status(ui)).toMatch(/cartão de débito da empresa/);
      expect(ui.getByRole('button', { name: 'Atualizar a lista de cartões' })).toBeTruthy();
      return void expect(ui.getByRole('link', { name: 'Associar um cartão' }).getAttribute('href')).toBe('/app/cards/bind?from=open');
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('bound cards chart on its screen', () => {
  const paths = transitionCoveringPaths(boundCardsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(boundCardsModel, path, binding);
  });
});
