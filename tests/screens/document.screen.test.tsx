import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { DocumentView } from '../../screens/common/DocumentView.tsx';
import { documentModel } from '../models/document.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding } from '../support/screen-mbt.tsx';
import type { documentMachine, DocumentEvent } from '../../machines/document.machine.ts';

const binding: ScreenBinding<typeof documentMachine> = {
  view: (state, send) => <DocumentView state={state} send={send as (e: DocumentEvent) => void} />,
  userEvents: {
    'document.retry': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Tentar novamente' })),
  },
  states: {
    '"loading"': (ui) => expect(ui.getByRole('status').textContent).toMatch(/A carregar o documento/),
    '"ready"': (ui) => {
      expect(ui.getByRole('heading', { name: 'Centro de ajuda' })).toBeTruthy();
      expect(ui.getByText('Use o seu número de telemóvel.')).toBeTruthy();
      expect(ui.getByText(/Atualizado em 1 nov 2026/)).toBeTruthy();
    },
    '"unavailable"': (ui) => {
      expect(ui.getByText('Este documento não está disponível.')).toBeTruthy();
      expect(ui.getByText('Conteúdo não encontrado.')).toBeTruthy();
    },
    '"failed"': (ui) => {
      expect(ui.getByText(/Não foi possível carregar/)).toBeTruthy();
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
  },
};

describe('document chart on its screen', () => {
  const paths = transitionCoveringPaths(documentModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(documentModel, path, binding);
  });
});
