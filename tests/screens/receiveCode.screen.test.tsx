import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import type { receiveCodeMachine, ReceiveCodeEvent } from '../../machines/receiveCode.machine.ts';
import { ReceiveCodeView } from '../../screens/receiveCode/ReceiveCodeView.tsx';
import { receiveCodeModel } from '../models/receiveCode.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<ReceiveCodeEvent> = {
  'code.retry': (ui) => click(ui, 'Tentar novamente'),
  'image.save': (ui) => click(ui, 'Guardar imagem'),
  'code.print': (ui) => click(ui, 'Imprimir'),
  'renewal.asked': (ui) => click(ui, 'Renovar código'),
  'renewal.confirmed': (ui) => click(ui, 'Sim, renovar'),
  'renewal.cancelled': (ui) => click(ui, 'Cancelar'),
  'oneTime.started': (ui) => click(ui, 'Pedir um valor'),
  'amount.changed': (ui, e) => type(ui, 'Valor (Kz)', e.value),
  'note.changed': (ui, e) => type(ui, 'Descrição (opcional)', e.value),
  'oneTime.submitted': (ui) => click(ui, 'Criar código'),
  'oneTime.cancelled': (ui) => click(ui, 'Cancelar'),
  'oneTime.closed': (ui) => click(ui, 'Voltar ao meu código'),
};

/** The code on screen: its QR (named by the masked name), the name under it, a one-time code's amount and note. */
const codeShown = (ui: Ui, state: Parameters<Exclude<ScreenBinding<typeof receiveCodeMachine>['states'], Record<string, unknown>>>[1]) => {
  expect(ui.getByRole('img', { name: 'Código para receber de Ana M*** D***' })).toBeTruthy();
  expect(ui.getByText('Ana M*** D***')).toBeTruthy();
  expect(ui.getByRole('button', { name: 'Guardar imagem' })).toBeTruthy();
  expect(ui.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
  if (state.context.oneTime) {
    expect(ui.getByText('Código para um pagamento')).toBeTruthy();
    expect(ui.getByText(/^2\s500,00\sKz$/)).toBeTruthy();
    expect(ui.getByText('2 kg de peixe')).toBeTruthy();
    expect(ui.queryByRole('button', { name: 'Renovar código' })).toBeNull();
  } else {
    expect(ui.getByText('Pague-me com Kwanza')).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Renovar código' })).toBeTruthy();
  }
};

const binding: ScreenBinding<typeof receiveCodeMachine> = {
  view: (state, send) => <ReceiveCodeView state={state} send={send as (e: ReceiveCodeEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toBe('A preparar o seu código…');
    if (state.matches('loadFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar o seu código/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notAllowed')) {
      if (c.errorCode === 'RCV10001') {
        expect(alert(ui)).toMatch(/Verifique a sua identidade/);
        return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
      }
      expect(alert(ui)).toBe('Uma empresa recebe com uma conta de comerciante, não com um código pessoal.');
      return void expect(ui.getByRole('link', { name: 'Abrir conta de comerciante' }).getAttribute('href')).toBe('/app/open');
    }
    if (state.matches('askingAmount') || state.matches('makingOneTime')) {
      expect(ui.getByText('Quanto quer receber?')).toBeTruthy();
      expect((ui.getByLabelText('Valor (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      const problems: Array<[string, RegExp]> = [['invalid', /maior que zero/], ['refused', /demasiados códigos/], ['unreachable', /Erro de rede/]];
      for (const [sub, text] of problems) if (state.matches({ askingAmount: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      if (state.matches({ askingAmount: 'typing' })) expect(alert(ui)).toBe('');
      if (state.matches('makingOneTime')) expect(status(ui)).toMatch(/A criar o código/);
      return;
    }
    if (state.matches({ shown: 'confirmingRenewal' })) {
      expect(ui.getByText('Renovar o código?')).toBeTruthy();
      expect(ui.getByText(/deixa de funcionar de imediato/)).toBeTruthy();
      return void expect(ui.queryByRole('img')).toBeNull();
    }
    codeShown(ui, state);
    const says: Record<string, [string, string | RegExp]> = {
      idle: ['', ''], saving: ['A preparar a imagem…', ''], saved: ['Imagem do código guardada.', ''], saveFailed: ['', /Não foi possível guardar a imagem/],
      renewing: ['A renovar…', ''], renewed: ['Código novo pronto. O anterior já não recebe.', ''], renewFailed: ['', /erro no servidor|Não foi possível renovar/],
    };
    const sub = Object.keys(says).find((key) => state.matches({ shown: key as 'idle' }));
    if (!sub) throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
    expect(status(ui)).toBe(says[sub]![0]);
    const alertText = says[sub]![1];
    if (typeof alertText === 'string') expect(alert(ui)).toBe(alertText);
    else expect(alert(ui)).toMatch(alertText);
    if (sub === 'renewed') expect(c.standing?.token).toBe('UmVuZXdlZC10b2tlbi0wMD');
  },
};

describe('the receive code', () => {
  const paths = transitionCoveringPaths(receiveCodeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(receiveCodeModel, path, binding);
  });
});
