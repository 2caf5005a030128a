import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor } from 'xstate';
import { SubMerchantView } from '../../screens/subMerchant/SubMerchantView.tsx';
import { subMerchantMachine, type SubMerchantEvent, type SubMerchantField } from '../../machines/subMerchant.machine.ts';
import { subMerchantFlow } from '../../src/flows/subMerchant.ts';
import { subMerchantModel } from '../models/subMerchant.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { call } from '../support/merchant.ts';
import { merchantWithStore, realGateway, verifiedEnterprise } from './merchantSetup.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const LABELS: Record<SubMerchantField, string> = { name: 'Nome do subcomerciante', nif: 'NIF (opcional)', provinceId: 'Província', city: 'Município' };

const events: UserEvents<SubMerchantEvent> = {
  'provinces.retry': (ui) => click(ui, 'Tentar novamente'),
  'field.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(LABELS[e.field]), { target: { value: e.value } }),
  'subMerchant.submitted': (ui) => click(ui, 'Registar subcomerciante'),
  'subMerchant.another': (ui) => click(ui, 'Registar outro'),
};

const PROBLEMS: Record<string, RegExp> = {
  'name.required': /Escreva o nome do subcomerciante/, 'nif.invalid': /NIF de uma empresa tem 10 algarismos/,
  'provinceId.required': /Escolha a província\./, 'city.required': /Escolha o município\./, 'city.invalid': /Escolha um município desta província/,
};

const binding: ScreenBinding<typeof subMerchantMachine> = {
  view: (state, send) => <SubMerchantView state={state} send={send as (e: SubMerchantEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingProvinces')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('provincesFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar as províncias/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notMerchant')) {
      expect(alert(ui)).toMatch(/Abra primeiro uma conta de cobrança/);
      return void expect(ui.getByRole('link', { name: 'Abrir conta de cobrança' }).getAttribute('href')).toBe('/app/open');
    }
    if (state.matches('registered')) {
      expect(status(ui)).toBe('Subcomerciante registado: Loja Demo Talatona.');
      expect(ui.getByRole('link', { name: 'Nova loja de Loja Demo Talatona' }).getAttribute('href')).toBe('/app/store/new?merchantId=13');
      return void expect(ui.getByRole('button', { name: 'Registar outro' })).toBeTruthy();
    }
    // the form, or it being sent
    for (const [field, label] of Object.entries(LABELS)) expect((ui.getByLabelText(label) as HTMLInputElement).value).toBe(c.values[field as SubMerchantField]);
    expect((ui.getByLabelText('Município') as HTMLSelectElement).disabled).toBe(state.hasTag('busy') || !c.values.provinceId);
    const expected = Object.entries(c.problems).map(([field, problem]) => PROBLEMS[`${field}.${problem}`]!);
    if (state.matches({ editing: 'placeRefused' })) expected.push(/Escolha a província e o município da lista/);
    if (state.matches({ editing: 'refused' })) expected.push(/parâmetros|inválid|erro/i);
    if (state.matches({ editing: 'unreachable' })) expected.push(/Sem resposta do servidor/);
    if (expected.length === 0) expect(ui.queryByRole('alert')).toBeNull();
    for (const text of expected) expect(alert(ui)).toMatch(text);
    if (state.matches('registering')) return void expect(status(ui)).toMatch(/A registar/);
    return void expect(ui.getByRole('button', { name: 'Registar subcomerciante' })).toBeTruthy();
  },
};

describe('sub-merchant chart on its screen', () => {
  const paths = transitionCoveringPaths(subMerchantModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(subMerchantModel, path, binding);
  });
});

describe('registering a sub-merchant through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('chooses a place from the server’s list and registers; the merchant list then shows it', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    gateway.signIn(shop.token, '/app/submerchant');
    const actor = createActor(subMerchantFlow).start();
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 10_000 });
    const luanda = actor.getSnapshot().context.provinces.find((p) => p.id === 'luanda')!;
    expect(luanda.cities).toContain('Viana');
    actor.send({ type: 'field.changed', field: 'name', value: 'Filial Viana' });
    actor.send({ type: 'field.changed', field: 'nif', value: '5001 2345 67' });
    actor.send({ type: 'field.changed', field: 'provinceId', value: 'luanda' });
    actor.send({ type: 'field.changed', field: 'city', value: 'Viana' });
    actor.send({ type: 'subMerchant.submitted' });
    await waitFor(actor, (s) => s.matches('registered'), { timeout: 10_000 });
    const sub = actor.getSnapshot().context.merchant!;
    expect(sub).toMatchObject({ name: 'Filial Viana', nif: '5001234567', parentId: shop.merchantId, province: 'luanda', city: 'Viana', mcc: '5411' });
    const list = await call(server, 'merchant/list/query', {}, shop.token);
    expect(list.bizContent.subMerchants.map((m: { merchantId: string }) => m.merchantId)).toEqual([sub.merchantId]);
    actor.stop();
  }, 60_000);

  it('an enterprise that is not a merchant is led to open a collection account (MCH10003)', async () => {
    const { token } = await verifiedEnterprise(gateway.server);
    gateway.signIn(token, '/app/submerchant');
    const actor = createActor(subMerchantFlow).start();
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 10_000 });
    for (const [field, value] of [['name', 'Filial'], ['provinceId', 'luanda'], ['city', 'Viana']] as const) actor.send({ type: 'field.changed', field, value });
    actor.send({ type: 'subMerchant.submitted' });
    await waitFor(actor, (s) => s.matches('notMerchant'), { timeout: 10_000 });
    actor.stop();
  }, 60_000);
});
