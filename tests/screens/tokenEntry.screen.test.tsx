import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { TokenEntryView } from '../../screens/tokenEntry/TokenEntryView.tsx';
import { tokenEntryModel } from '../models/tokenEntry.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding } from '../support/screen-mbt.tsx';
import type { tokenEntryMachine, TokenEntryEvent } from '../../machines/tokenEntry.machine.ts';

const checking = (ui: typeof import('@testing-library/react').screen) => expect(ui.getByRole('status').textContent).toMatch(/A verificar/);

const binding: ScreenBinding<typeof tokenEntryMachine> = {
  view: (state, send) => <TokenEntryView state={state} send={send as (e: TokenEntryEvent) => void} onHome={() => {}} />,
  userEvents: {
    'entry.retry': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Tentar novamente' })),
  },
  states: {
    '"checking"': checking,
    '"accepted"': checking,
    '"malformed"': (ui) => {
      expect(ui.getByText('Este endereço de entrada não é válido.')).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    },
    '"refused"': (ui) => {
      expect(ui.getByText('Não foi possível entrar com este endereço.')).toBeTruthy();
      expect(ui.getByText('Não tem permissão para esta operação.')).toBeTruthy();
    },
    '"unreachable"': (ui) => {
      expect(ui.getByText('Sem ligação ao servidor.')).toBeTruthy();
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
  },
};

describe('token entry chart on its screen', () => {
  const paths = transitionCoveringPaths(tokenEntryModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(tokenEntryModel, path, binding);
  });
});
