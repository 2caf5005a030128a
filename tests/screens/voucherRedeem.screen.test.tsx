import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { VoucherRedeemView } from '../../screens/voucherRedeem/VoucherRedeemView.tsx';
import { voucherRedeemMachine, type TillVoucher, type VoucherRedeemEvent } from '../../machines/voucherRedeem.machine.ts';
import { sampleTillVoucher, sampleVoucherCode, voucherRedeemModel } from '../models/voucherRedeem.model.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<VoucherRedeemEvent> = {
  'redeem.confirmed': (ui) => click(ui, 'Validar e entregar'),
  'redeem.retry': (ui) => click(ui, 'Perguntar de novo'),
  'lookUp.retry': (ui) => click(ui, 'Tentar de novo'),
  'scan.again': (ui) => click(ui, /^(Ler outro vale|Validar outro vale)$/),
  'till.back': (ui) => click(ui, 'Voltar à caixa'),
};

/** What to hand over, as the clerk reads it. */
const expectVoucher = (ui: Ui) => {
  expect(ui.getByText('Noite da pizza para dois')).toBeTruthy();
  const lines = ui.getByRole('list', { name: 'Conteúdo' });
  expect(Array.from(lines.querySelectorAll('li'), (li) => li.textContent)).toEqual(['2 pizzas grandes', '2 refrigerantes']);
  expect(ui.getByText('923***456')).toBeTruthy();
  expect(ui.getByText('Válido até')).toBeTruthy();
  expect(ui.getByText('Loja Central')).toBeTruthy();
};

const binding: ScreenBinding<typeof voucherRedeemMachine> = {
  view: (state, send) => <VoucherRedeemView state={state} send={send as (e: VoucherRedeemEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('noStore')) {
      expect(status(ui)).toBe('Este é o vale de um pacote de grupo: mostre-o na caixa da loja, onde é validado.');
      return void expect(ui.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    }
    if (state.matches('scanning')) {
      expect(ui.getByRole('heading', { name: 'Leia o vale do cliente' })).toBeTruthy();
      // the scanner child, asking for the camera, with the code to type instead
      expect(ui.getByRole('button', { name: 'Escrever o código do vale' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Voltar à caixa' })).toBeTruthy();
    }
    if (state.matches('notAVoucher')) {
      expect(alert(ui)).toBe('Este código não é um vale de pacote de grupo.');
      return void expect(ui.getByRole('button', { name: 'Ler outro vale' })).toBeTruthy();
    }
    if (state.matches('lookingUp')) return void expect(status(ui)).toMatch(/A procurar o vale/);
    if (state.matches('lookUpFailed')) return void expect(alert(ui)).toMatch(/Não foi possível consultar o vale/);
    if (state.matches('confirm')) {
      expect(c.code).toBe(sampleVoucherCode);
      expect(ui.getByRole('heading', { name: 'O que entregar ao cliente' })).toBeTruthy();
      expectVoucher(ui);
      return void expect(ui.getByRole('button', { name: 'Validar e entregar' })).toBeTruthy();
    }
    if (state.matches('redeeming')) return void expect(status(ui)).toMatch(/A validar o vale/);
    if (state.matches('redeemFailed')) {
      expect(alert(ui)).toMatch(/Não sabemos se o vale foi validado/);
      return void expect(ui.getByText('Pergunte de novo: um vale só é validado uma vez.')).toBeTruthy();
    }
    if (state.matches('redeemed')) {
      expect(status(ui)).toMatch(/Vale validado/);
      expect(ui.getByText('Entregue ao cliente:')).toBeTruthy();
      expectVoucher(ui);
      return void expect(ui.getByRole('button', { name: 'Validar outro vale' })).toBeTruthy();
    }
    if (state.matches('refused')) {
      expect(c.errorCode).toBe('GRP10012');
      expect(alert(ui)).toBe('Este vale já foi usado.');
      return void expect(ui.getByRole('button', { name: 'Voltar à caixa' })).toBeTruthy();
    }
    if (state.matches('done')) return void expect(ui.queryByRole('button')).toBeNull();
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('voucher redeem chart on its screen', () => {
  const paths = transitionCoveringPaths(voucherRedeemModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(voucherRedeemModel, path, binding);
  });
});

describe('a voucher at the till', () => {
  const pt = () => createI18n('pt', { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });

  it('redeemed once it shows what to hand over; read a second time, it is used already (GRP10012)', async () => {
    // the server: a voucher redeemed once, its look-up refused afterwards
    let used = false;
    const refusedUsed = { ok: false as const, code: 'GRP10012', message: 'GRP10012', detail: '' };
    const lookUp = vi.fn(async (): Promise<Outcome<TillVoucher>> => (used ? refusedUsed : { ok: true, data: sampleTillVoucher }));
    const redeem = vi.fn(async (): Promise<Outcome<TillVoucher>> => {
      if (used) return refusedUsed;
      used = true;
      return { ok: true, data: { ...sampleTillVoucher, voucher: { ...sampleTillVoucher.voucher, state: 'redeemed', code: null } } };
    });
    const flow = voucherRedeemMachine.provide({ actors: { lookUp: fromPromise(lookUp), redeem: fromPromise(redeem) } });
    const open = () => {
      const actor = createActor(flow, { input: { language: 'pt', storeId: '31', code: 'GV 1234 5678 9012 3456 7890' } }).start();
      function Live() {
        const state = useSelector(actor, (s) => s);
        return <VoucherRedeemView state={state} send={(e) => actor.send(e)} />;
      }
      return { actor, ...render(<I18nextProvider i18n={pt()}><Live /></I18nextProvider>) };
    };

    const first = open();
    expect(await screen.findByRole('heading', { name: 'O que entregar ao cliente' })).toBeTruthy();
    expect(lookUp).toHaveBeenCalledWith(expect.objectContaining({ input: { storeId: '31', code: sampleVoucherCode } }));
    fireEvent.click(screen.getByRole('button', { name: 'Validar e entregar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Vale validado/));
    expect(screen.getByText('2 pizzas grandes')).toBeTruthy();
    expect(screen.getByText('2 refrigerantes')).toBeTruthy();
    expect(redeem).toHaveBeenCalledTimes(1);
    expect(redeem).toHaveBeenCalledWith(expect.objectContaining({ input: { storeId: '31', code: sampleVoucherCode } }));
    assertNoRawKeys(first.container);
    first.unmount();
    first.actor.stop();

    const second = open();
    expect(await screen.findByText('Este vale já foi usado.')).toBeTruthy();
    expect(screen.queryByText('2 pizzas grandes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ler outro vale' })).toBeTruthy();
    expect(redeem).toHaveBeenCalledTimes(1);
    second.unmount();
    second.actor.stop();
  });
});
