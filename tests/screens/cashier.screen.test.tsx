import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor as waitForUi, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import CashierScreen from '../../screens/cashier/CashierScreen.tsx';
import { createI18n } from '../../src/i18n.ts';
import { storage } from '../../src/lib/storage.ts';
import { payTokenDirect } from '../support/money.ts';
import { createActor, waitFor } from 'xstate';
import { CashierView } from '../../screens/cashier/CashierView.tsx';
import { cashierMachine, type CashierEvent } from '../../machines/cashier.machine.ts';
import { cashierFlow } from '../../src/flows/cashier.ts';
import { cashierModel } from '../models/cashier.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { ok } from '../support/merchant.ts';
import { merchantWithStore, payingMember, realGateway } from './merchantSetup.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

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

  /** Web Audio as jsdom lacks it: each note the till plays (frequency, start and stop), to the speaker. */
  function fakeAudio() {
    const notes: Array<{ frequency: number; started: number; stopped: number; toSpeaker: boolean }> = [];
    class FakeContext {
      state = 'running';
      currentTime = 0;
      destination = { speaker: true };
      resume = async () => {};
      createGain() {
        return { gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: (to: { speaker?: boolean }) => to };
      }
      createOscillator() {
        const note = { frequency: 0, started: -1, stopped: -1, toSpeaker: false };
        notes.push(note);
        return {
          type: 'sine',
          frequency: { set value(v: number) { note.frequency = v; } },
          connect: (gain: { connect: (to: unknown) => unknown }) => ({ connect: (to: { speaker?: boolean }) => { note.toSpeaker = to.speaker === true; return to; } }),
          start: (at: number) => { note.started = at; },
          stop: (at: number) => { note.stopped = at; },
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeContext);
    return notes;
  }

  it('the till screen: paid shows the amount large with a check mark and plays the two-note chime, made by Web Audio', async () => {
    const { server } = gateway;
    const notes = fakeAudio();
    const shop = await merchantWithStore(server, 'Loja do Som');
    const ana = await payingMember(server);
    gateway.signIn(shop.token, '/app/cashier');
    storage.setUserInfo({ h5Token: shop.token, memberId: shop.memberId });
    const page = render(<I18nextProvider i18n={createI18n('pt', { pt, en, zh, fr })}><CashierScreen /></I18nextProvider>);
    try {
      fireEvent.click(await screen.findByRole('button', { name: /Cobrar um valor com código/ }, { timeout: 10_000 }));
      fireEvent.change(screen.getByLabelText('Valor a cobrar (Kz)'), { target: { value: '1 750' } });
      fireEvent.click(screen.getByRole('button', { name: 'Mostrar o código' }));
      await screen.findByRole('img', { name: 'Código QR para pagar 1 750,00 Kz' }, { timeout: 10_000 });
      const { rows } = await server.db.query<{ serial: string }>("SELECT serial FROM collection_codes WHERE store_id = $1 AND kind = 'dynamic' ORDER BY created_at DESC LIMIT 1", [shop.storeId]);
      const serial = rows[0]!.serial;
      const payToken = await payTokenDirect(server.db, ana.id, { service: 'pay/merchant/pay', amount: 175_000, counterparty: serial });
      expect(notes).toEqual([]);
      await ok(server, 'pay/merchant/pay', { serial, amount: 175_000, payToken }, ana.token);
      await waitForUi(() => expect(screen.getByText('Pago')).toBeTruthy(), { timeout: 10_000 });
      const paid = screen.getByText('Pago').closest('.kw-done-paid')!;
      expect(paid.querySelector('.kw-done-amount')!.textContent).toBe('1 750,00 Kz');
      expect(paid.querySelector('.kw-done-mark')!.textContent).toBe('✓');
      // A5 then E6, each half a second, to the speaker
      expect(notes.map((n) => n.frequency)).toEqual([880, 1318.5]);
      expect(notes.every((n) => n.toSpeaker && n.stopped - n.started === 0.5)).toBe(true);
      expect(notes[1]!.started - notes[0]!.started).toBeCloseTo(0.14);
    } finally {
      await act(async () => page.unmount());
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
