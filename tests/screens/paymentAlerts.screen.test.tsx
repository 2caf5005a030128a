import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PaymentAlerts, PaymentAlertsView, spokenAmount } from '../../screens/common/PaymentAlerts.tsx';
import type { paymentAlertsMachine, PaymentAlertsEvent } from '../../machines/paymentAlerts.machine.ts';
import { paymentAlertsModel } from '../models/paymentAlerts.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding } from '../support/screen-mbt.tsx';
import { ok } from '../support/merchant.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { storage } from '../../src/lib/storage.ts';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));

// 'payments.arrived' is raised by the chart from an answer: fed to the actor, like the server's events
const userEvents: Partial<Record<PaymentAlertsEvent['type'], (ui: Ui, event: never) => void>> = {
  'voice.toggled': (ui) => click(ui, 'Ler em voz alta'),
  'stream.retry': (ui) => click(ui, 'Tentar já'),
};

const binding: ScreenBinding<typeof paymentAlertsMachine> = {
  view: (state, send) => <PaymentAlertsView state={state} send={send as (e: PaymentAlertsEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    const voice = ui.getByRole('button', { name: 'Ler em voz alta' });
    expect(voice.getAttribute('aria-pressed')).toBe(String(state.matches({ voice: 'on' })));
    const items = within(ui.getByRole('log', { name: 'Últimos pagamentos' })).queryAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(c.payments.length);
    c.payments.forEach((p, i) => expect(items[i]).toMatch(new RegExp(`^\\+${p.amount === 150_000 ? '1 500,00' : p.amount === 2_500 ? '25,00' : '10,00'} KzLoja Central · 14 mar`)));
    const text = ui.getByRole('region', { name: 'Pagamentos em direto' }).textContent ?? '';
    if (state.matches({ stream: 'starting' })) return void expect(text).toMatch(/A ligar…/);
    if (state.matches({ stream: 'waiting' })) return void expect(text).toMatch(/A ouvir pagamentos/);
    if (state.matches({ stream: 'reconnecting' })) {
      expect(text).toMatch(/Sem ligação\. A tentar de novo…/);
      return void expect(ui.getByRole('button', { name: 'Tentar já' })).toBeTruthy();
    }
    if (state.matches({ stream: 'crowded' })) {
      // it tries again by itself, later: no button to hammer the server with
      expect(ui.getByRole('alert').textContent).toBe(pt.paymentAlerts.crowded);
      return void expect(ui.queryByRole('button', { name: 'Tentar já' })).toBeNull();
    }
    if (state.matches({ stream: 'removed' })) {
      expect(ui.getByRole('alert').textContent).toBe(pt.errors.STF10009);
      return void expect(ui.queryByRole('button', { name: 'Tentar já' })).toBeNull();
    }
    expect(ui.getByRole('alert').textContent).toBe(pt.errors.MCH10003);
    expect(ui.getByRole('button', { name: 'Tentar já' })).toBeTruthy();
  },
};

describe('payment alerts chart on its view', () => {
  const paths = transitionCoveringPaths(paymentAlertsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(paymentAlertsModel, path, binding);
  });
});

describe('the spoken amount', () => {
  it('reads as words are read in each language, without the currency sign', () => {
    expect(spokenAmount(150_000, 'pt')).toBe('1 500');
    expect(spokenAmount(150_050, 'pt')).toBe('1 500,50');
    expect(spokenAmount(150_000, 'en')).toBe('1,500');
    expect(spokenAmount(150_000, 'zh')).toBe('1,500');
  });
});

/** The browser's speech synthesis, the one API jsdom lacks: what was said, in which language. */
function fakeSpeech() {
  const said: { text: string; lang: string }[] = [];
  class Utterance {
    lang = '';
    constructor(readonly text: string) {}
  }
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: { speak: (u: Utterance) => said.push({ text: u.text, lang: u.lang }) } });
  return said;
}

describe('payment alerts against the real gateway', () => {
  const gateway = realGateway();
  const wait = process.env.KW_ALERT_WAIT_MS;
  beforeAll(async () => {
    process.env.KW_ALERT_WAIT_MS = '2000';
    await gateway.start();
  }, 120_000);
  afterAll(async () => {
    process.env.KW_ALERT_WAIT_MS = wait;
    await gateway.stop();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a payment to the merchant’s store as it is made and reads it aloud once switched on (and the page touched); on by default on this phone from then on', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server, 'Loja Central');
    const anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    const ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 1_000_000n);
    gateway.signIn(shop.token, '/app/cashier');
    storage.setUserInfo({ h5Token: shop.token, memberId: shop.memberId });
    const said = fakeSpeech();
    const page = render(<I18nextProvider i18n={createI18n('pt', { pt, en, zh, fr })}><PaymentAlerts /></I18nextProvider>);
    await waitFor(() => expect(screen.getByText('A ouvir pagamentos')).toBeTruthy(), { timeout: 10_000 });
    // a new phone: off, until someone allows it here
    expect(screen.getByRole('button', { name: 'Ler em voz alta' }).getAttribute('aria-pressed')).toBe('false');
    click(screen, 'Ler em voz alta');
    expect(localStorage.getItem(`PaymentAlertsVoice:${shop.memberId}`)).toBe('on');
    expect(localStorage.getItem('PaymentAlertsVoice')).toBe('allowed');
    // the browser speaks only for a page touched once: said until then, and the first touch wakes speech
    expect(screen.getByText('Toque no ecrã para ouvir os pagamentos.')).toBeTruthy();
    await act(async () => void fireEvent.pointerDown(document.body));
    expect(screen.queryByText('Toque no ecrã para ouvir os pagamentos.')).toBeNull();
    expect(said).toEqual([{ text: '', lang: '' }]);
    said.length = 0;
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/merchant/pay', amount: 150_000, counterparty: shop.storeSerial });
    await ok(server, 'pay/merchant/pay', { serial: shop.storeSerial, amount: 150_000, payToken }, ana);
    await waitFor(() => expect(within(screen.getByRole('log')).getAllByRole('listitem')[0]!.textContent).toMatch(/^\+1 500,00 KzLoja Central/), { timeout: 5_000 });
    expect(said).toEqual([{ text: 'Recebidos 1 500 kwanzas', lang: 'pt-PT' }]);
    assertNoRawKeys(page.container);
    page.unmount();
    // the same member's next visit starts with the voice on; so does another member's on this phone (a
    // clerk at the owner's till), until they switch it off for themselves
    const visit = async (memberId: string) => {
      storage.setUserInfo({ h5Token: shop.token, memberId });
      const shown = render(<I18nextProvider i18n={createI18n('en', { pt, en, zh, fr })}><PaymentAlerts /></I18nextProvider>);
      const pressed = screen.getByRole('button', { name: 'Read aloud' }).getAttribute('aria-pressed');
      return { pressed, shown };
    };
    const again = await visit(shop.memberId);
    expect(again.pressed).toBe('true');
    again.shown.unmount();
    const clerk = await visit('999999');
    expect(clerk.pressed).toBe('true');
    click(screen, 'Read aloud');
    expect(localStorage.getItem('PaymentAlertsVoice:999999')).toBe('off');
    clerk.shown.unmount();
    const clerkAgain = await visit('999999');
    expect(clerkAgain.pressed).toBe('false');
    clerkAgain.shown.unmount();
    // the owner's choice is untouched by the clerk's
    const owner = await visit(shop.memberId);
    expect(owner.pressed).toBe('true');
    await act(async () => owner.shown.unmount());
  }, 60_000);
});
