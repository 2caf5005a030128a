import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/i18n.ts';
import { PullToRefresh } from '../../screens/common/PullToRefresh.tsx';
import { WalletAssetsView } from '../../screens/walletAssets/WalletAssetsView.tsx';
import type { walletAssetsMachine, WalletAssetsEvent } from '../../machines/walletAssets.machine.ts';
import { walletAssetsModel } from '../models/walletAssets.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const figure = (ui: Ui, label: string) => ui.getByText(label).nextElementSibling?.textContent;

const userEvents: UserEvents<WalletAssetsEvent> = {
  'assets.refreshed': (ui) => click(ui, 'Atualizar'),
  'assets.retry': (ui) => click(ui, 'Tentar novamente'),
};

/** Rendered inside antd-mobile's PullToRefresh, as the screen does (the pull itself sends the same event as the button). */
const binding: ScreenBinding<typeof walletAssetsMachine> = {
  view: (state, send) => <WalletAssetsView state={state} send={send as (e: WalletAssetsEvent) => void} onPull={async () => send({ type: 'assets.refreshed' })} />,
  userEvents,
  states: (ui, state) => {
    const assets = state.context.assets;
    if (state.matches('loading')) return void expect(ui.getByRole('status').textContent).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(state.context.errorCode ? /erro no servidor/ : /Não foi possível carregar a sua carteira/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    expect(ui.getByRole('region', { name: 'Saldo disponível' }).textContent).toBe(`Saldo disponível${assets!.available === 5_000_000 ? '50 000,00 Kz' : '48 750,00 Kz'}`);
    expect(figure(ui, 'Cativo')).toBe('200,00 Kz');
    expect(figure(ui, 'Cashback recebido')).toBe('15,00 Kz');
    expect(figure(ui, 'Nível da conta')).toBe(assets!.accountLevel === 'III' ? 'Nível III' : 'Nível I');
    if (assets!.verified) expect(figure(ui, 'Identidade')).toBe('Verificada');
    else expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    expect(ui.getByRole('link', { name: 'Transferir' }).getAttribute('href')).toBe('/app/transfer');
    expect(ui.getByRole('link', { name: 'Movimentos' }).getAttribute('href')).toBe('/app/funddetail');
    // the cashback received leads to its records; the member's coupons and discounts are one tap away
    expect(ui.getByRole('link', { name: 'Ver o cashback recebido: 15,00 Kz' }).getAttribute('href')).toBe('/app/cashbacklist');
    const promotions = within(ui.getByRole('navigation', { name: 'Promoções' }));
    expect(promotions.getByRole('link', { name: 'Os meus cupões' }).getAttribute('href')).toBe('/app/coupons');
    expect(promotions.getByRole('link', { name: 'Descontos' }).getAttribute('href')).toBe('/app/reductionlist');
    if (state.matches({ ready: 'refreshFailed' })) expect(alert(ui)).toMatch(/podem não ser os mais recentes/);
    else expect(ui.queryByRole('alert')).toBeNull();
    if (state.matches('refreshing')) expect((ui.getByRole('button', { name: 'A atualizar…' }) as HTMLButtonElement).disabled).toBe(true);
  },
};

describe('wallet chart on its screen', () => {
  const paths = transitionCoveringPaths(walletAssetsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(walletAssetsModel, path, binding);
  });
});

describe('pull to refresh', () => {
  it('refreshes when pulled far enough at the top, and stays open until the refresh settles', async () => {
    let finish = () => {};
    let calls = 0;
    const onRefresh = () => {
      calls++;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    render(
      <I18nextProvider i18n={createI18n('pt', { pt, en, zh, fr })}>
        <PullToRefresh onRefresh={onRefresh}><p>Saldo</p></PullToRefresh>
      </I18nextProvider>,
    );
    const area = screen.getByText('Saldo').parentElement!;
    fireEvent.touchStart(area, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(area, { touches: [{ clientY: 140 }] });
    expect(screen.getByText('Puxe para atualizar')).toBeTruthy();
    fireEvent.touchEnd(area);
    expect(calls).toBe(0); // too short a pull
    fireEvent.touchStart(area, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(area, { touches: [{ clientY: 300 }] });
    expect(screen.getByText('Solte para atualizar')).toBeTruthy();
    await act(async () => void fireEvent.touchEnd(area));
    expect(calls).toBe(1);
    expect(screen.getByText('A atualizar…')).toBeTruthy();
    fireEvent.touchStart(area, { touches: [{ clientY: 100 }] }); // no second refresh while one runs
    fireEvent.touchMove(area, { touches: [{ clientY: 300 }] });
    await act(async () => void fireEvent.touchEnd(area));
    expect(calls).toBe(1);
    await act(async () => finish());
    expect(screen.getByText('Atualizado')).toBeTruthy();
  });
});
