import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { DynamicCodeView, type DynamicCodeActor } from '../../screens/cashier/DynamicCodeView.tsx';
import { dynamicCodeMachine, type DynamicCodeEvent } from '../../machines/dynamicCode.machine.ts';
import { cashierFlow } from '../../src/flows/cashier.ts';
import { dynamicCodeFlow } from '../../src/flows/dynamicCode.ts';
import { dynamicCodeModel } from '../models/dynamicCode.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { ok } from '../support/merchant.ts';
import { payTokenDirect } from '../support/money.ts';
import { merchantWithStore, realGateway, payingMember } from './merchantSetup.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<DynamicCodeEvent> = {
  'code.cancelled': (ui) => click(ui, 'Cancelar este código'),
  'code.renewed': (ui) => click(ui, /Mostrar outro código de/),
  'cashier.again': (ui) => click(ui, /^(Nova cobrança|Voltar)$/),
};


const binding: ScreenBinding<typeof dynamicCodeMachine> = {
  view: (state, send) => <DynamicCodeView state={state} send={send as (e: DynamicCodeEvent) => void} storeName="Loja Central" />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('enteringAmount') || state.matches('creating')) {
      expect(ui.getByText('Loja: Loja Central')).toBeTruthy();
      expect(ui.getByText('Quanto vai cobrar?')).toBeTruthy();
      expect((ui.getByLabelText('Valor a cobrar (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      // the amount child (its own screen test goes through its states) shows why the code was not made
      if (state.matches('enteringAmount') && c.amountRefusal) expect(alert(ui)).toMatch(c.amountRefusal.code ? /Esta loja está fechada/ : /Sem resposta do servidor/);
      else expect(ui.queryByRole('alert')).toBeNull();
      if (state.matches('creating')) return void expect(status(ui)).toMatch(/Um momento/);
      return void expect(ui.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    }
    if (state.matches('showing')) {
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      expect(ui.getByRole('img', { name: 'Código QR para pagar 1 250,00 Kz' })).toBeTruthy();
      expect(ui.getByText(/^O código expira em \d+:\d{2}$/)).toBeTruthy();
      if (state.matches({ showing: 'trouble' })) expect(alert(ui)).toMatch(/Sem ligação ao servidor/);
      else expect(status(ui)).toMatch(/À espera do pagamento/);
      return void expect(ui.getByRole('button', { name: 'Cancelar este código' })).toBeTruthy();
    }
    if (state.matches('expired')) {
      expect(alert(ui)).toMatch(/O código expirou sem ser pago/);
      return void expect(ui.getByRole('button', { name: 'Mostrar outro código de 1 250,00 Kz' })).toBeTruthy();
    }
    if (state.matches('paid')) {
      // the paid band: a check mark, "Pago" and the amount in large figures, then the payer and time
      const paid = ui.getByRole('status');
      expect(paid.className).toBe('kw-done kw-done-paid');
      expect(paid.querySelector('.kw-done-mark')!.getAttribute('aria-hidden')).toBe('true');
      expect(paid.querySelector('.kw-done-title')!.textContent).toBe('Pago');
      expect(paid.querySelector('.kw-done-amount')!.textContent).toBe('1 250,00 Kz');
      expect(paid.querySelector('.kw-done-meta')!.textContent).toMatch(/^Ana M\*\*\* D\*\*\* · /);
      expect(ui.getByText('V202603140001')).toBeTruthy();
      expect(ui.getByText('Ana M*** D***')).toBeTruthy();
      expect(ui.getByText('1 243,75 Kz')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Nova cobrança' })).toBeTruthy();
    }
    // ended: the cashier is back at its modes and draws them
    if (state.matches('ended')) return void expect(ui.queryByRole('button')).toBeNull();
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('the till’s one-time code chart on its screen', () => {
  const paths = transitionCoveringPaths(dynamicCodeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(dynamicCodeModel, path, binding);
  });
});

describe('the one-time code through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  let anaId: string;
  let ana: string;
  beforeAll(async () => {
    await gateway.start();
    ({ id: anaId, token: ana } = await payingMember(gateway.server));
  }, 60_000);
  afterAll(() => gateway.stop());
  // the till's polls, every 2 s on a phone, shortened here; the chime counted
  let chimes = 0;
  const fastTill = cashierFlow.provide({ actors: { dynamicCode: dynamicCodeFlow.provide({ delays: { pollInterval: 50 }, actions: { announcePaid: () => { chimes += 1; } } }) } });

  it('shows a one-time code for an amount and sees it paid by the member; starting again is back at the modes', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    gateway.signIn(shop.token, '/app/cashier');
    const actor = createActor(fastTill, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('choosingMode'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.stores).toEqual([{ storeId: shop.storeId, name: 'Loja Central', merchantName: shop.company.shortName }]);
    actor.send({ type: 'mode.dynamic' });
    const till = actor.getSnapshot().children.dynamicCode as DynamicCodeActor;
    expect(till.getSnapshot().context.storeId).toBe(shop.storeId);
    const amountEntry = till.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 250,50' });
    amountEntry.send({ type: 'amount.submitted' });
    await waitFor(till, (s) => s.matches('showing'), { timeout: 10_000 });
    const code = till.getSnapshot().context.code!;
    expect(code).toMatchObject({ amount: 125_050, serial: expect.stringMatching(/^DY/) });
    expect(code.payload.slice(0, 12)).toBe('000201010212');
    // the member scans it and pays
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/merchant/pay', amount: 125_050, counterparty: code.serial });
    await ok(server, 'pay/merchant/pay', { serial: code.serial, amount: 125_050, payToken }, ana);
    expect(chimes).toBe(0);
    await waitFor(till, (s) => s.matches('paid'), { timeout: 10_000 });
    // heard once, as the paid state is entered
    expect(chimes).toBe(1);
    expect(till.getSnapshot().context.payment).toMatchObject({ amount: 125_050, payerMasked: 'Ana M*** D***', method: 'dynamic', serial: code.serial, storeId: shop.storeId });
    till.send({ type: 'cashier.again' });
    expect(actor.getSnapshot().value).toBe('choosingMode');
    expect(actor.getSnapshot().children.dynamicCode).toBeUndefined();
    actor.stop();
  }, 60_000);
});
