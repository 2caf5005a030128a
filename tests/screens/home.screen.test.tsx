import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, createMachine } from 'xstate';
import HomeScreen from '../../screens/home/HomeScreen.tsx';
import { createI18n } from '../../src/i18n.ts';
import { storage, type UserInfo } from '../../src/lib/storage.ts';
import { ROUTES } from '../../services/routeTable.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');

const gateway = vi.hoisted(() => ({ requestGateway: vi.fn() }));
const session = vi.hoisted(() => ({ actor: null as unknown }));
vi.mock('../../services/gateway.ts', () => gateway);
vi.mock('../../src/session/SessionProvider.tsx', () => ({ useSessionActor: () => session.actor }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, className, children }: { to: string; className?: string; children: React.ReactNode }) => <a href={to} className={className}>{children}</a>,
}));

const sessionIn = (state: 'signedIn' | 'signedOut') =>
  createActor(createMachine({ id: 'session', initial: state, states: { signedIn: { tags: ['signedIn'] }, signedOut: {}, loggingOut: { tags: ['signedIn'] } } })).start();

const assets = (verified = true) => ({ ok: true, data: { available: 5_000_000, frozen: 0, cashbackTotal: 0, accountLevel: verified ? 'III' : 'I', verified } });
const merchantHome = {
  ok: true,
  data: {
    merchant: { merchantId: '3', name: 'Comercial Kianda, Lda', mcc: '5411', parentId: null, province: 'luanda', city: 'Ingombota', nif: null, chargeRateBp: 50, chargeCap: null, status: 'active' },
    today: { amount: 1_250_000, charge: 6_250, net: 1_243_750, count: 7 },
    settlement: { available: 3_243_750, frozen: 0 },
    stores: [{ storeId: '4', name: 'Loja Central', status: 'open' }, { storeId: '5', name: 'Loja Viana', status: 'open' }],
  },
};
const notAMerchant = { ok: false, code: 'MCH10003', message: '', detail: '' };

function answer(services: Record<string, unknown>) {
  gateway.requestGateway.mockImplementation(async (service: string) => services[service] ?? { ok: false, code: 'AGW50000', message: '', detail: '' });
}

function open(state: 'signedIn' | 'signedOut', user: UserInfo | null = null, language: 'pt' | 'en' = 'pt') {
  session.actor = sessionIn(state);
  if (user) storage.setUserInfo(user);
  return render(
    <I18nextProvider i18n={createI18n(language, { pt, en })}>
      <HomeScreen />
    </I18nextProvider>,
  );
}

const ANA: UserInfo = { h5Token: 'member-token', memberType: 'individual', displayName: 'Ana Maria Demo' };
const SHOP: UserInfo = { h5Token: 'member-token', memberType: 'enterprise', displayName: 'Comercial Kianda, Lda' };

afterEach(() => {
  vi.clearAllMocks();
});

describe('the home page signed out (the first route)', () => {
  it('stays the entry: what the wallet does, sign-in and sign-up, help and terms; no hub, no call', () => {
    open('signedOut');
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sessão' }).getAttribute('href')).toBe('/app/login');
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/app/register');
    // paying in shops by QR code is real now: the feature list keeps saying so
    expect(screen.getByText('Pagar em lojas com código QR')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Navegação' })).toBeNull();
    expect(gateway.requestGateway).not.toHaveBeenCalled();
  });

  it('the hub and its words are not the first route’s: its module loads lazily, its dictionary part with it', () => {
    const home = ROUTES.find((r) => r.path === '/')!;
    expect(home.parts).toEqual([]);
    expect(home.lazyParts).toEqual(['hub', 'answers']);
  });
});

describe('the home hub signed in', () => {
  it('a member: balance (hidden on a tap, remembered), scan, payment code, the money actions, the tab bar; no merchant call', async () => {
    answer({ 'wallet/member/getUserAssets': assets() });
    const { unmount } = open('signedIn', ANA);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Ana Maria Demo' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('50 000,00 Kz')).toBeTruthy());
    const pay = screen.getByRole('navigation', { name: 'Pagar' });
    expect(within(pay).getByRole('link', { name: 'Ler código' }).getAttribute('href')).toBe('/app/scan');
    expect(within(pay).getByRole('link', { name: 'Código de pagamento' }).getAttribute('href')).toBe('/app/paymentcode');
    const money = screen.getByRole('navigation', { name: 'Dinheiro' });
    expect(within(money).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Transferir', '/app/transfer'], ['Receber', '/app/receive'], ['Pedir dinheiro', '/app/moneyRequest'], ['Carregar', '/app/topup'], ['Levantar', '/app/withdraw'], ['Movimentos', '/app/funddetail'],
      ['Cupões', '/app/coupons'], ['Descontos', '/app/reductionlist'], ['Cashback', '/app/cashbacklist'], ['Lotaria', '/app/luckyApp'],
    ]);
    const tabs = screen.getByRole('navigation', { name: 'Navegação' });
    expect(within(tabs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Início', '/'], ['Movimentos', '/app/funddetail'], ['Eu', '/app/setting']]);
    expect(within(tabs).getByRole('link', { name: 'Início' }).getAttribute('aria-current')).toBe('page');
    // hide the balance: remembered on this device
    fireEvent.click(screen.getByRole('button', { name: 'Esconder o saldo' }));
    expect(screen.queryByText('50 000,00 Kz')).toBeNull();
    expect(screen.getByText('••••••')).toBeTruthy();
    expect(localStorage.getItem('HideBalance')).toBe('1');
    unmount();
    open('signedIn', ANA);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mostrar o saldo' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('••••••')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar o saldo' }));
    expect(screen.getByText('50 000,00 Kz')).toBeTruthy();
    expect(localStorage.getItem('HideBalance')).toBeNull();
    expect(gateway.requestGateway.mock.calls.map(([service]) => service)).not.toContain('merchant/home/summary');
    expect(screen.queryByRole('heading', { name: 'A minha loja' })).toBeNull();
  });

  it('a clerk: their store’s cashier and the invitations waiting; a member on no staff sees neither', async () => {
    const place = { staffId: '77', storeId: '31', storeName: 'Loja Central', merchantName: 'Loja Demo', allRecords: false };
    answer({ 'wallet/member/getUserAssets': assets(), 'staff/invitation/summary': { ok: true, data: { place, pending: 2 } } });
    const { unmount } = open('signedIn', ANA);
    expect(await screen.findByRole('heading', { name: 'O meu trabalho' })).toBeTruthy();
    expect(screen.getByText('Cobra na loja Loja Central (Loja Demo)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Caixa da minha loja' }).getAttribute('href')).toBe('/app/cashier');
    expect(screen.getByRole('link', { name: 'Convites pendentes (2)' }).getAttribute('href')).toBe('/app/invitations');
    unmount();
    answer({ 'wallet/member/getUserAssets': assets(), 'staff/invitation/summary': { ok: true, data: { place: null, pending: 0 } } });
    open('signedIn', ANA);
    await waitFor(() => expect(screen.getByText('50 000,00 Kz')).toBeTruthy());
    await waitFor(() => expect(gateway.requestGateway).toHaveBeenCalledWith('staff/invitation/summary', {}, { quiet: true }));
    expect(screen.queryByRole('heading', { name: 'O meu trabalho' })).toBeNull();
  });

  it('the inbox beside the language: its unread count on a badge, read again when the page comes back into view', async () => {
    let unread = 3;
    gateway.requestGateway.mockImplementation(async (service: string) => {
      if (service === 'wallet/notices/unreadCount') return { ok: true, data: { unread } };
      if (service === 'wallet/member/getUserAssets') return assets();
      return { ok: false, code: 'AGW50000', message: '', detail: '' };
    });
    const { unmount } = open('signedIn', ANA);
    const inbox = await screen.findByRole('link', { name: 'Notificações, 3 por ler' });
    expect(inbox.getAttribute('href')).toBe('/app/notices');
    expect(inbox.querySelector('.kw-hub-badge')?.textContent).toBe('3');
    // the app's own read: no toast, and it keeps no session alive
    expect(gateway.requestGateway).toHaveBeenCalledWith('wallet/notices/unreadCount', {}, { quiet: true, silent: true, background: true });
    // read elsewhere meanwhile (the inbox, another device): the hub shown again reads it again
    unread = 0;
    document.dispatchEvent(new Event('visibilitychange'));
    const bell = await screen.findByRole('link', { name: 'Notificações' });
    expect(bell.querySelector('.kw-hub-badge')).toBeNull();
    unread = 120;
    unmount();
    open('signedIn', ANA);
    expect((await screen.findByRole('link', { name: 'Notificações, 120 por ler' })).querySelector('.kw-hub-badge')?.textContent).toBe('99+');
  });

  it('a count that cannot be read leaves the bell without a badge', async () => {
    answer({ 'wallet/member/getUserAssets': assets() });
    open('signedIn', ANA);
    await waitFor(() => expect(gateway.requestGateway).toHaveBeenCalledWith('wallet/notices/unreadCount', {}, expect.anything()));
    const bell = screen.getByRole('link', { name: 'Notificações' });
    expect(bell.querySelector('.kw-hub-badge')).toBeNull();
  });

  it('a merchant: today’s takings, its collection balance, the cashier, its codes and stores', async () => {
    answer({ 'wallet/member/getUserAssets': assets(), 'merchant/home/summary': merchantHome });
    open('signedIn', SHOP);
    expect(await screen.findByRole('heading', { name: 'A minha loja' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Comercial Kianda, Lda')).toBeTruthy());
    expect(screen.getByText('Recebido hoje').nextSibling?.textContent).toBe('12 500,00 Kz');
    expect(screen.getByText('Pagamentos hoje').nextSibling?.textContent).toBe('7');
    expect(screen.getByText('Hoje, depois das taxas').nextSibling?.textContent).toBe('12 437,50 Kz');
    // a merchant's hub leads with the collection balance and its withdrawal, the wallet a line below
    const lead = screen.getByRole('region', { name: 'Saldo das cobranças' });
    expect(within(lead).getByText('32 437,50 Kz')).toBeTruthy();
    expect(within(lead).getByRole('link', { name: 'Levantar' }).getAttribute('href')).toBe('/app/withdraw');
    expect(within(lead).getByRole('link', { name: 'Carteira: 50 000,00 Kz' }).getAttribute('href')).toBe('/app/wallet');
    expect(screen.queryByText('Saldo disponível')).toBeNull();
    expect(screen.getByRole('link', { name: 'Caixa' }).getAttribute('href')).toBe('/app/cashier');
    expect(screen.getByRole('link', { name: 'Códigos e lojas (2)' }).getAttribute('href')).toBe('/app/merchantlist');
    expect(gateway.requestGateway).toHaveBeenCalledWith('merchant/home/summary', {}, { quiet: true });
  });

  it('a verified enterprise that is not a merchant yet (MCH10003) is offered a collection account; an unverified one, the verification', async () => {
    answer({ 'wallet/member/getUserAssets': assets(true), 'merchant/home/summary': notAMerchant });
    const { unmount } = open('signedIn', SHOP);
    expect((await screen.findByRole('link', { name: 'Abrir conta de cobrança' })).getAttribute('href')).toBe('/app/open');
    unmount();
    answer({ 'wallet/member/getUserAssets': assets(false), 'merchant/home/summary': notAMerchant });
    open('signedIn', SHOP);
    expect((await screen.findByRole('link', { name: 'Verificar a empresa' })).getAttribute('href')).toBe('/app/enterprisecert');
  });

  it('a balance that did not load says so, with a retry; and the hub reads in English', async () => {
    answer({});
    // the balance's call gets no answer (the staff corner's own call answers as the server would)
    gateway.requestGateway.mockImplementation(async (service: string) => {
      if (service === 'wallet/member/getUserAssets') throw new Error('network down');
      return { ok: true, data: { place: null, pending: 0 } };
    });
    open('signedIn', ANA, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ana Maria Demo' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Could not load the balance/));
    answer({ 'wallet/member/getUserAssets': assets() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Kz 50,000.00')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Scan' }).getAttribute('href')).toBe('/app/scan');
  });
});
