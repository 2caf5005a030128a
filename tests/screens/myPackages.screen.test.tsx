import { describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { MyPackagesView } from '../../screens/myPackages/MyPackagesView.tsx';
import type { myPackagesMachine, MyPackagesEvent } from '../../machines/myPackages.machine.ts';
import { myPackagesModel, sampleVouchers } from '../models/myPackages.model.ts';
import { doneEvent, transitionCoveringPaths, type FlowPath } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const FILTER = { all: 'Todos', unused: 'Por usar', redeemed: 'Usados', expired: 'Expirados', refunded: 'Reembolsados' } as const;
const filters = (ui: Ui) => within(ui.getByRole('group', { name: 'Estado dos pacotes' }));

const userEvents: UserEvents<MyPackagesEvent> = {
  'filter.changed': (ui, e) => void fireEvent.click(filters(ui).getByRole('button', { name: FILTER[e.state ?? 'all'] })),
  'list.retry': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Tentar novamente' })),
  'voucher.open': (ui, e) => {
    // only a voucher with a code has the button; the model also tries a redeemed one, which has none (nothing happens)
    const name = sampleVouchers.find((v) => v.voucherId === e.voucherId)!.packageName;
    const line = within(ui.getByRole('list', { name: 'Os meus pacotes' })).getByText(name).closest('li')!;
    const open = within(line as HTMLElement).queryByRole('button', { name: 'Mostrar o voucher' });
    if (open) fireEvent.click(open);
  },
  'voucher.close': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Voltar aos pacotes' })),
};

const binding: ScreenBinding<typeof myPackagesMachine> = {
  view: (state, send) => <MyPackagesView state={state} send={send as (e: MyPackagesEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('voucher')) {
      // the unused voucher: its QR (the code written out), what it includes, the store, until when
      expect(ui.getByRole('img', { name: 'Código QR do voucher' })).toBeTruthy();
      expect(ui.getByText('GV12345678901234567890')).toBeTruthy();
      expect(ui.getByRole('heading', { name: 'Pizza para dois' })).toBeTruthy();
      expect(ui.getByText('2 pizzas grandes, 2 refrigerantes')).toBeTruthy();
      expect(ui.getByText('Loja da Ilha')).toBeTruthy();
      expect(ui.getByText('Válido até')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Voltar aos pacotes' })).toBeTruthy();
    }
    expect(filters(ui).getAllByRole('button').map((b) => b.textContent)).toEqual(['Todos', 'Por usar', 'Usados', 'Expirados', 'Reembolsados']);
    expect(filters(ui).getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent)).toEqual([FILTER[c.filter ?? 'all']]);
    if (state.matches('loading')) return void expect(ui.getByRole('status').textContent).toMatch(/A carregar os seus pacotes/);
    if (state.matches('failed')) return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    if (state.matches('empty')) return void expect(ui.getByText(c.filter ? 'Não tem pacotes neste estado.' : 'Ainda não tem pacotes.')).toBeTruthy();
    if (state.matches('listed')) {
      const items = within(ui.getByRole('list', { name: 'Os meus pacotes' })).getAllByRole('listitem');
      expect(items.map((li) => li.querySelector('.kw-fund-kind')?.textContent)).toEqual(['Pizza para dois', 'Almoço executivo', 'Bolo de aniversário', 'Jantar de sexta']);
      // each with its state and its date; only the unused one opens
      expect(items[0]!.textContent).toMatch(/Por usar.*Loja da Ilha · Pizzaria Kianda, Lda.*Válido até 14 abr 2026/);
      expect(items[1]!.textContent).toMatch(/Usado.*Usado em 12 mar 2026.* · Loja Central/);
      expect(items[2]!.textContent).toMatch(/Expirado.*Expirou em 1 mar 2026/);
      expect(items[3]!.textContent).toMatch(/Reembolsado.*Expirou em 20 fev 2026.* · o valor foi devolvido/);
      return void expect(items.map((li) => within(li).queryByRole('button', { name: 'Mostrar o voucher' }) !== null)).toEqual([true, false, false, false]);
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('my packages chart on its screen', () => {
  const paths = transitionCoveringPaths(myPackagesModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(myPackagesModel, path, binding);
  });
});

describe('my packages', () => {
  const step = (event: EventObject, value: unknown) => ({ event, state: { value, tags: [] } });
  const variant = myPackagesModel.variants[0]!;
  it('with none yet: says so', async () => {
    const path: FlowPath = { variant, description: 'empty', steps: [step(doneEvent('loadVouchers', { ok: true, data: { vouchers: [] } }), 'empty')] };
    await runScreenPath(myPackagesModel, path, binding);
  });
  it('an unused voucher opens its QR, and goes back to the list', async () => {
    const path: FlowPath = {
      variant,
      description: 'open the unused voucher',
      steps: [
        step(doneEvent('loadVouchers', { ok: true, data: { vouchers: sampleVouchers } }), 'listed'),
        step({ type: 'voucher.open', voucherId: '77' } as MyPackagesEvent, 'voucher'),
        step({ type: 'voucher.close' }, 'listed'),
      ],
    };
    await runScreenPath(myPackagesModel, path, binding);
  });
});
