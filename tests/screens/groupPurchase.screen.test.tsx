import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor as waitForDom, type screen as Screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { GroupPurchaseView } from '../../screens/groupPurchase/GroupPurchaseView.tsx';
import type { groupPurchaseMachine, GroupPurchaseEvent } from '../../machines/groupPurchase.machine.ts';
import { groupPurchaseModel, sampleGroupPurchase, sampleGroupQuote } from '../models/groupPurchase.model.ts';
import { doneEvent, transitionCoveringPaths, type FlowPath } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<GroupPurchaseEvent> = {
  'quote.accept': (ui) => click(ui, 'Comprar por 7 500,00 Kz'),
  'quote.retry': (ui) => click(ui, /^(Tentar novamente|Ver o pacote de novo)$/),
  'payment.cancelled': (ui) => click(ui, 'Voltar ao pacote'),
};

const binding: ScreenBinding<typeof groupPurchaseMachine> = {
  view: (state, send) => <GroupPurchaseView state={state} send={send as (e: GroupPurchaseEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('quoting')) return void expect(status(ui)).toMatch(/A calcular o preço do pacote/);
    if (state.matches('quoteFailed')) return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    if (state.matches('refused')) {
      expect(ui.getByRole('heading', { name: 'Não é possível comprar este pacote' })).toBeTruthy();
      const said = alert(ui);
      if (c.errorCode === 'GRP10008') expect(said).toMatch(/Este pacote esgotou/);
      if (c.errorCode === 'GRP10007') expect(said).toMatch(/não está à venda agora/);
      if (c.errorCode === 'FND10001') {
        expect(said).toMatch(/Saldo disponível insuficiente/);
        expect(ui.getByRole('link', { name: 'Carregar a carteira' }).getAttribute('href')).toBe('/app/topup');
      } else expect(ui.queryByRole('link', { name: 'Carregar a carteira' })).toBeNull();
      return void expect(ui.getByRole('link', { name: 'Ver os meus pacotes' }).getAttribute('href')).toBe('/app/mypackages');
    }
    if (state.matches('quoted')) {
      // who sells it, the group price, what is off and what the member pays
      expect(ui.getByRole('heading', { name: 'Comprar o pacote' })).toBeTruthy();
      expect(ui.getByText('Pizzaria Kianda, Lda')).toBeTruthy();
      expect(ui.getByText('Loja da Ilha')).toBeTruthy();
      expect(ui.getByText('8 000,00 Kz')).toBeTruthy();
      expect(ui.getByText('Desconto: Semana do cliente')).toBeTruthy();
      expect(ui.getByText('Vai pagar')).toBeTruthy();
      if (c.errorCode) expect(alert(ui)).toMatch(/oferta mudou|esgotou|limite|já foi usado/);
      else expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Comprar por 7 500,00 Kz' })).toBeTruthy();
    }
    if (state.matches('paying')) {
      expect(ui.getByText('Comprar o pacote por 7 500,00 Kz · Pizzaria Kianda, Lda · Loja da Ilha')).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar ao pacote' })).toBeTruthy();
    }
    if (state.matches('bought')) {
      expect(status(ui)).toMatch(/Pacote comprado/);
      // the voucher: its QR and its code written out, what it includes, then the receipt
      expect(ui.getByRole('img', { name: 'Código QR do voucher' })).toBeTruthy();
      expect(ui.getByText('GV12345678901234567890')).toBeTruthy();
      expect(ui.getByRole('heading', { name: 'Pizza para dois' })).toBeTruthy();
      expect(ui.getByText('2 pizzas grandes, 2 refrigerantes')).toBeTruthy();
      expect(ui.getByText(sampleGroupPurchase.receipt.voucherNo)).toBeTruthy();
      return void expect(ui.getByRole('link', { name: 'Ver os meus pacotes' }).getAttribute('href')).toBe('/app/mypackages');
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('group purchase chart on its screen', () => {
  const paths = transitionCoveringPaths(groupPurchaseModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(groupPurchaseModel, path, binding);
  });
});

describe('a package bought', () => {
  const step = (event: EventObject, value: unknown) => ({ event, state: { value, tags: [] } });
  it('shows the voucher’s QR drawn, with its code', async () => {
    const path: FlowPath = {
      variant: groupPurchaseModel.variants[0]!,
      description: 'quoted, bought: the QR',
      steps: [
        step(doneEvent('quote', { ok: true, data: sampleGroupQuote }), 'quoted'),
        step({ type: 'quote.accept' }, 'paying'),
        step(doneEvent('payment', { ok: true, data: sampleGroupPurchase }), 'bought'),
      ],
    };
    await runScreenPath(groupPurchaseModel, path, binding);
  });
  it('draws the QR as an SVG once its encoder loads', async () => {
    const { render, screen } = await import('@testing-library/react');
    const { QrCode } = await import('../../screens/common/QrCode.tsx');
    render(<QrCode value="GV12345678901234567890" label="Código QR do voucher" />);
    await waitForDom(() => expect(screen.getByRole('img', { name: 'Código QR do voucher' }).tagName.toLowerCase()).toBe('svg'));
  });
});
