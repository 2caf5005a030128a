import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { CardChoiceView } from '../../screens/common/bank.tsx';
import type { cardChoiceMachine, CardChoiceEvent } from '../../machines/cardChoice.machine.ts';
import { cardChoiceModel } from '../models/cardChoice.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const CARD_BUTTON = /6004 00\*\* \*\*\*\* 0011/;

/** The card choice as the top-up page draws it (its words for limits it could not read). */
export function TopupCardChoice({ state, send }: { state: SnapshotFrom<typeof cardChoiceMachine>; send: (event: CardChoiceEvent) => void }) {
  const { t } = useTranslation();
  return <CardChoiceView state={state} send={send} unanswered={t('topup.limitsFailed')} />;
}

const events: UserEvents<CardChoiceEvent> = {
  'card.chosen': (ui) => void fireEvent.click(ui.getByRole('button', { name: CARD_BUTTON })),
};

const binding: ScreenBinding<typeof cardChoiceMachine> = {
  view: (state, send) => <TopupCardChoice state={state} send={send as (e: CardChoiceEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect(ui.getByRole('button', { name: CARD_BUTTON })).toBeTruthy();
    if (state.matches({ choosing: 'troubled' })) return void expect(alert(ui)).toMatch(c.trouble?.code ? /erro no servidor/ : /Não foi possível carregar os limites deste banco/);
    if (state.matches({ choosing: 'idle' }) || state.status === 'done') return void expect(ui.queryByRole('alert')).toBeNull();
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('card choice chart on its screen', () => {
  const paths = transitionCoveringPaths(cardChoiceModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(cardChoiceModel, path, binding);
  });
});
