import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { WithdrawalAmountForm } from '../../screens/withdrawal/WithdrawalView.tsx';
import { amountEntryShown } from '../../screens/common/AmountEntryView.tsx';
import type { amountEntryMachine, AmountEntryEvent } from '../../machines/amountEntry.machine.ts';
import { amountEntryModel } from '../models/amountEntry.model.ts';
import { sampleCard, sampleLimits, sampleInfo } from '../models/withdrawal.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const LABEL = 'Valor a levantar (Kz)';

/** The amount child as the withdrawal's form draws it, with the withdrawal's card, balance and limits. */
export function WithdrawalAmount({ state, send }: { state: SnapshotFrom<typeof amountEntryMachine>; send: (event: AmountEntryEvent) => void }) {
  return <WithdrawalAmountForm entry={amountEntryShown(state, send)} card={sampleCard} available={sampleInfo.available} limits={sampleLimits} busy={false} onCardChange={() => undefined} />;
}

const events: UserEvents<AmountEntryEvent> = {
  'amount.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(LABEL), { target: { value: e.value } }),
  'amount.submitted': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Continuar' })),
};

const PROBLEMS: Record<string, RegExp> = {
  unreadable: /1 234,56/, notPositive: /maior que zero/, belowMin: /mínimo de um levantamento neste banco é 100,00 Kz/,
  refused: /Saldo disponível insuficiente/,
};

const binding: ScreenBinding<typeof amountEntryMachine> = {
  view: (state, send) => <WithdrawalAmount state={state} send={send as (e: AmountEntryEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect((ui.getByLabelText(LABEL) as HTMLInputElement).value).toBe(c.amountText);
    // the limits are in view before anything is typed
    expect(ui.getByText('Disponível: 50 000,00 Kz')).toBeTruthy();
    expect(ui.getByText('Mínimo: 100,00 Kz')).toBeTruthy();
    if (state.matches({ entering: 'overLimit' })) {
      return void expect(alert(ui)).toMatch(c.exceeded === 'available' ? /maior que o saldo disponível \(50 000,00 Kz\)/ : /máximo que pode levantar agora \(49 750,00 Kz\)/);
    }
    const problem = Object.keys(PROBLEMS).find((sub) => state.matches({ entering: sub as 'typing' }));
    if (problem) return void expect(alert(ui)).toMatch(PROBLEMS[problem]!);
    if (state.matches({ entering: 'typing' }) || state.status === 'done') return void expect(ui.queryByRole('alert')).toBeNull();
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('amount entry chart on its screen', () => {
  const paths = transitionCoveringPaths(amountEntryModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(amountEntryModel, path, binding);
  });
});
