import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor } from 'xstate';
import { MerchantListView } from '../../screens/merchantList/MerchantListView.tsx';
import { merchantListMachine, type MerchantListEvent } from '../../machines/merchantList.machine.ts';
import { merchantListFlow } from '../../src/flows/merchantList.ts';
import { merchantListModel } from '../models/merchantList.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { ok, registerSubMerchant } from '../support/merchant.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const link = (ui: Ui, name: string | RegExp) => ui.getByRole('link', { name }).getAttribute('href');

const events: UserEvents<MerchantListEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar a lista'),
};

const binding: ScreenBinding<typeof merchantListMachine> = {
  view: (state, send) => <MerchantListView state={state} send={send as (e: MerchantListEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar a lista de comerciantes/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notMerchant')) {
      expect(status(ui)).toMatch(/Abra primeiro uma conta de cobrança/);
      return void expect(link(ui, 'Abrir conta de cobrança')).toBe('/app/open');
    }
    if (state.matches('ready')) {
      const main = within(ui.getByRole('region', { name: 'Loja Demo' }));
      expect(main.getByText('Comerciante')).toBeTruthy();
      expect(main.getByText('Supermercados e mercearias · Ingombota · NIF 5417000001')).toBeTruthy();
      const stores = within(main.getByRole('list', { name: 'Lojas de Loja Demo' }));
      expect(stores.getByRole('link', { name: 'Loja Central' }).getAttribute('href')).toBe('/app/store/31');
      expect(stores.getByText('Aberta')).toBeTruthy();
      expect(stores.getByText('Segunda a sexta · 08:00–20:00 · Rua Rainha Ginga 12, Ingombota, Luanda')).toBeTruthy();
      expect(stores.getByRole('link', { name: 'Códigos' }).getAttribute('href')).toBe('/app/store/31/codes');
      // a closed store is listed, without its codes
      expect(stores.getByText('Fechada')).toBeTruthy();
      expect(stores.getAllByRole('link', { name: 'Códigos' })).toHaveLength(1);
      expect(main.getByRole('link', { name: 'Nova loja de Loja Demo' }).getAttribute('href')).toBe('/app/store/new?merchantId=12');
      if (c.list!.subMerchants.length > 0) {
        const sub = within(ui.getByRole('region', { name: 'Loja Demo Talatona' }));
        expect(sub.getByText('Subcomerciante')).toBeTruthy();
        expect(sub.getByText('Ainda sem lojas.')).toBeTruthy();
        expect(sub.getByRole('link', { name: 'Nova loja de Loja Demo Talatona' }).getAttribute('href')).toBe('/app/store/new?merchantId=13');
      } else expect(ui.getByText('Ainda não registou subcomerciantes.')).toBeTruthy();
      expect(link(ui, 'Registar um subcomerciante')).toBe('/app/submerchant');
      return void expect(ui.queryByRole('alert')).toBeNull();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('merchant list chart on its screen', () => {
  const paths = transitionCoveringPaths(merchantListModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(merchantListModel, path, binding);
  });
});

describe('the merchant list through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('lists the merchant and its sub-merchant, each with its stores, closed ones too', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server, 'Loja Central');
    const sub = await registerSubMerchant(server, shop, { name: 'Filial Viana', provinceId: 'luanda', city: 'Viana' });
    const { store: kiosk } = await ok(server, 'merchant/store/save', { merchantId: sub.merchantId, name: 'Quiosque Viana', address: 'Mercado de Viana', businessDays: [6, 7], opensAt: '07:00', closesAt: '13:00' }, shop.token);
    await ok(server, 'merchant/store/close', { storeId: kiosk.storeId }, shop.token);
    gateway.signIn(shop.token, '/app/merchantlist');
    const actor = createActor(merchantListFlow).start();
    await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('ready');
    const { list } = actor.getSnapshot().context;
    expect(list!.merchant).toMatchObject({ merchantId: shop.merchantId, name: shop.company.shortName, stores: [{ storeId: shop.storeId, name: 'Loja Central', status: 'open' }] });
    expect(list!.subMerchants).toMatchObject([{ merchantId: sub.merchantId, name: 'Filial Viana', parentId: shop.merchantId, stores: [{ name: 'Quiosque Viana', status: 'closed', businessDays: [6, 7] }] }]);
    actor.stop();
  }, 60_000);
});
