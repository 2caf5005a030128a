import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor } from 'xstate';
import { CashierView } from '../../screens/cashier/CashierView.tsx';
import { cashierMachine, type CashierEvent } from '../../machines/cashier.machine.ts';
import { cashierFlow } from '../../services/flows/cashier.ts';
import { cashierModel } from '../models/cashier.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { ok } from '../support/merchant.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { openMemberSession } from '../../server/domains/session/sessions.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<CashierEvent> = {
  'stores.retry': (ui) => click(ui, 'Tentar novamente'),
  'store.chosen': (ui, e) => click(ui, new RegExp(e.storeId === '31' ? 'Loja Central' : 'Loja Talatona')),
  'store.change': (ui) => click(ui, 'Mudar de loja'),
  'mode.dynamic': (ui) => click(ui, /Cobrar um valor com código/),
  'mode.scan': (ui) => click(ui, /Ler o código de pagamento do cliente/),
  'cashier.again': (ui) => click(ui, 'Nova cobrança'),
};

const binding: ScreenBinding<typeof cashierMachine> = {
  view: (state, send) => <CashierView state={state} send={send as (e: CashierEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    // the live alerts listen only at an open till (CashierScreen mounts them on this tag)
    expect(state.hasTag('atTill')).toBe((['choosingMode', 'dynamic', 'charging', 'interrupted'] as const).some((s) => state.matches(s)));
    const c = state.context;
    if (state.matches('loadingStores')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('storesFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar as suas lojas/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notMerchant')) {
      expect(alert(ui)).toMatch(/Abra primeiro uma conta de cobrança/);
      return void expect(ui.getByRole('link', { name: 'Abrir conta de cobrança' }).getAttribute('href')).toBe('/app/open');
    }
    if (state.matches('cannotCollect')) {
      expect(alert(ui)).toMatch(c.errorCode === 'STF10009' ? /Foi removido da equipa desta loja/ : /A loja onde trabalha está fechada: já não pode cobrar nela/);
      // none of the owner's ways on: a clerk cannot create a store nor open an account for it
      expect(ui.queryByRole('link', { name: /Ver lojas|Abrir conta/ })).toBeNull();
      expect(ui.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
      return void expect(ui.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/');
    }
    if (state.matches('noStores')) {
      expect(status(ui)).toMatch(/Não tem nenhuma loja aberta/);
      return void expect(ui.getByRole('link', { name: 'Ver lojas e subcomerciantes' }).getAttribute('href')).toBe('/app/merchantlist');
    }
    if (state.matches('choosingStore')) {
      expect(ui.getByText('Em que loja está a cobrar?')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: /Loja Talatona Loja Demo Talatona/ })).toBeTruthy();
    }
    const storeName = c.storeId === '33' ? 'Loja Talatona' : 'Loja Central';
    if (state.matches('choosingMode')) {
      expect(ui.getByText(`Loja: ${storeName}`)).toBeTruthy();
      expect(!!ui.queryByRole('button', { name: 'Mudar de loja' })).toBe(c.stores.length > 1);
      return void expect(ui.getByRole('button', { name: /Cobrar um valor com código/ })).toBeTruthy();
    }
    // each mode's child chart shows its first step, the amount (their own screen tests cover the rest)
    if (state.matches('dynamic') || state.matches('charging')) {
      expect(ui.getByText(`Loja: ${storeName}`)).toBeTruthy();
      expect(ui.getByText(state.matches('dynamic') ? 'Quanto vai cobrar?' : 'Quanto vai cobrar ao cliente?')).toBeTruthy();
      expect((ui.getByLabelText('Valor a cobrar (Kz)') as HTMLInputElement).value).toBe('');
      expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    }
    if (state.matches('interrupted')) {
      expect(ui.getByRole('alert').textContent).toMatch(/Veja nos registos se a última cobrança foi paga/);
      expect(ui.getByRole('link', { name: 'Ver os registos' }).getAttribute('href')).toBe('/app/records');
      return void expect(ui.getByRole('button', { name: 'Nova cobrança' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('cashier chart on its screen', () => {
  const paths = transitionCoveringPaths(cashierModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(cashierModel, path, binding);
  });
});

describe('the till through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('a clerk whose store the owner closed is told so, not to create a store (the server’s role decides)', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server, 'Loja da Mutamba');
    const { rows } = await server.db.query<{ id: string }>("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', '+244931000077', 'Caixa Rita') RETURNING id::text");
    const rita = await openMemberSession(server.db, rows[0]!.id, { idleMs: 86_400_000, lifetimeMs: 86_400_000 });
    const sent = await ok(server, 'merchant/staff/invite', { channel: 'qr', storeId: shop.storeId, allRecords: false }, shop.token);
    const token = /\/app\/invitation\/([A-Za-z0-9_-]{43})/.exec(sent.link)![1];
    await ok(server, 'staff/invitation/respond', { invitationId: sent.invitation.invitationId, token, answer: 'agree' }, rita);
    await ok(server, 'merchant/store/close', { storeId: shop.storeId }, shop.token);
    gateway.signIn(rita, '/app/cashier');
    const clerk = createActor(cashierFlow, { input: { language: 'pt' } }).start();
    await waitFor(clerk, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(clerk.getSnapshot().value).toBe('cannotCollect');
    expect(clerk.getSnapshot().context.errorCode).toBeNull();
    clerk.stop();
    // the owner, with no open store left, is still led to create one
    gateway.signIn(shop.token, '/app/cashier');
    const owner = createActor(cashierFlow, { input: { language: 'pt' } }).start();
    await waitFor(owner, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(owner.getSnapshot().value).toBe('noStores');
    owner.stop();
  }, 60_000);
});
