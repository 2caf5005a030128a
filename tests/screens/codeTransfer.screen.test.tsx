import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import type { codeTransferMachine, CodeTransferEvent } from '../../machines/codeTransfer.machine.ts';
import { CodeTransferView } from '../../screens/codeTransfer/CodeTransferView.tsx';
import { codeTransferModel } from '../models/codeTransfer.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<CodeTransferEvent> = {
  'assets.retry': (ui) => click(ui, 'Tentar novamente'),
  'code.retry': (ui) => click(ui, 'Tentar novamente'),
  'payee.confirmed': (ui) => click(ui, 'Sim, continuar'),
  'note.changed': (ui, e) => type(ui, 'Nota (opcional)', e.value),
  'amount.back': (ui) => click(ui, 'Voltar'),
  'payment.cancelled': (ui) => click(ui, 'Voltar'),
};

const binding: ScreenBinding<typeof codeTransferMachine> = {
  view: (state, send) => <CodeTransferView state={state} send={send as (e: CodeTransferEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingAssets')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('assetsFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar o seu saldo/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('resolving')) return void expect(status(ui)).toBe('A ler o código…');
    if (state.matches('resolveFailed')) {
      expect(alert(ui)).toMatch(/Não foi possível ler o código/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('refused')) {
      expect(alert(ui)).toMatch(c.errorCode === 'RCV10003' ? /já não é válido/ : /já foi pago/);
      return void expect(ui.getByRole('link', { name: 'Ler outro código' }).getAttribute('href')).toBe('/app/scan');
    }
    if (state.matches('confirming')) {
      expect(ui.getByText('É esta a pessoa a quem quer pagar?')).toBeTruthy();
      expect(ui.getByText('Ana M*** D***')).toBeTruthy();
      if (c.code!.amount !== null) {
        expect(ui.getByText(/^2\s500,00\sKz$/)).toBeTruthy();
        expect(ui.getByText('2 kg de peixe')).toBeTruthy();
      } else expect(ui.queryByText('Valor')).toBeNull();
      expect((ui.getByLabelText('Nota (opcional)') as HTMLInputElement).value).toBe(c.note);
      const refusals: Record<string, RegExp> = { FND10001: /Saldo disponível insuficiente/, FND10003: /limite diário/ };
      if (c.amountRefusal?.code) expect(alert(ui)).toMatch(refusals[c.amountRefusal.code]!);
      else expect(alert(ui)).toBe('');
      return;
    }
    if (state.matches('enteringAmount')) {
      expect(ui.getByText('Quanto quer enviar?')).toBeTruthy();
      expect(ui.getByText('Para: Ana M*** D***')).toBeTruthy();
      expect(ui.getByText(/^Disponível: 50\s000,00\sKz$/)).toBeTruthy();
      const refusals: Record<string, RegExp> = { FND10001: /Saldo disponível insuficiente/, FND10003: /limite diário/ };
      if (c.amountRefusal?.code) expect(alert(ui)).toMatch(refusals[c.amountRefusal.code]!);
      return;
    }
    if (state.matches('paying')) {
      expect(ui.getByText(c.code!.amount !== null ? /^2\s500,00\sKz para Ana M\*\*\* D\*\*\*$/ : /^500,00\sKz para Ana M\*\*\* D\*\*\*$/)).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    }
    if (state.matches('succeeded')) {
      expect(status(ui)).toMatch(/Pagamento feito/);
      expect(ui.getByText(/^500,00\sKz$/)).toBeTruthy();
      expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt?transferId=77');
      return void expect(ui.getByRole('link', { name: 'Ir para a carteira' }).getAttribute('href')).toBe('/app/wallet');
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('paying a receive code', () => {
  const paths = transitionCoveringPaths(codeTransferModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(codeTransferModel, path, binding);
  });
});
