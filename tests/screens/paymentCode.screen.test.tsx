import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor as waitForUi, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import axios from 'axios';
import { PaymentCodeView, groupDigits } from '../../screens/paymentCode/PaymentCodeView.tsx';
import { paymentCodeFlow } from '../../src/flows/paymentCode.ts';
import { paymentCodeMachine, type PaymentCodeEvent } from '../../machines/paymentCode.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import type { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import { createI18n } from '../../src/i18n.ts';
import { paymentCodeModel, sampleIssued } from '../models/paymentCode.model.ts';
import { sampleMerchantReceipt } from '../models/scanToPay.model.ts';
import { doneEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { http } from '../../services/http.ts';
import { storage } from '../../src/lib/storage.ts';
import { envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenByKeypad, verifyMember } from '../support/money.ts';
import { ok, type MerchantSetup } from '../support/merchant.ts';
import { merchantWithStore } from './merchantSetup.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const QR = 'Código QR do código de pagamento';
const BARCODE = 'Código de barras do código de pagamento';

const userEvents: UserEvents<PaymentCodeEvent> = {
  'code.refresh': (ui) => click(ui, /^(Atualizar o código|Mostrar um novo código|Tentar novamente|Tentar a rede agora)$/),
  'charge.confirmed': (ui) => click(ui, /^Pagar /),
  'charge.declined': (ui) => click(ui, 'Recusar'),
  'quote.retry': (ui) => click(ui, 'Tentar de novo'),
  'payment.cancelled': (ui) => click(ui, 'Voltar'),
  'offline.turnedOn': (ui) => click(ui, 'Ligar o código sem rede'),
  'offline.turnedOff': (ui) => click(ui, 'Desligar o código sem rede'),
};

/** The charge waiting for the member: who, where, how much. */
const chargeShown = (ui: Ui, amount = '12 500,00 Kz') => {
  expect(ui.getByText('Comercial Kianda, Lda')).toBeTruthy();
  expect(ui.getByText('Loja Central')).toBeTruthy();
  expect(ui.getByText(amount)).toBeTruthy();
};

const binding: ScreenBinding<typeof paymentCodeMachine> = {
  view: (state, send) => <PaymentCodeView state={state} send={send as (e: PaymentCodeEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('issuing')) return void expect(status(ui)).toBe('A preparar o seu código de pagamento…');
    if (state.matches('issueFailed')) {
      const reasons: Record<string, RegExp> = { MCH12001: /Sem rede, e este telemóvel não tem o código sem rede ligado/, AGW50000: /erro no servidor/ };
      expect(alert(ui)).toMatch(c.errorCode ? reasons[c.errorCode]! : /Não foi possível obter um código de pagamento/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('noPayPassword')) {
      expect(alert(ui)).toMatch(/Ainda não definiu/);
      return void expect(ui.getByRole('link', { name: 'Definir palavra-passe de pagamento' }).getAttribute('href')).toBe('/app/paypassword');
    }
    if (state.matches('deriving')) return void expect(status(ui)).toBe('Sem rede: a preparar o código offline…');
    if (state.matches('offline')) {
      // no network: the phone's own code, drawn as the online one, and until when it works
      expect(status(ui)).toMatch(/Sem rede — código offline válido até 17 mar 2026, 09:05/);
      expect(status(ui)).toMatch(/muda a cada 30 segundos/);
      expect(ui.getByRole('img', { name: QR })).toBeTruthy();
      expect(ui.getByRole('img', { name: BARCODE })).toBeTruthy();
      expect(ui.getByText('9004 •••• •••• •••• ••')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Tentar a rede agora' })).toBeTruthy();
    }
    if (state.matches('showing')) {
      // the offline code on this phone: being turned on or off, on (until when), or off (what it is for)
      if (state.matches({ showing: 'enrolling' })) expect(status(ui)).toMatch(/A ligar o código sem rede/);
      else if (state.matches({ showing: 'turningOff' })) expect(status(ui)).toMatch(/A desligar o código sem rede/);
      else if (c.offline) {
        expect(ui.getByText(/Código sem rede ligado neste telemóvel: funciona sem ligação até 17 mar 2026, 09:05/)).toBeTruthy();
        expect(ui.getByRole('button', { name: 'Desligar o código sem rede' })).toBeTruthy();
      } else {
        expect(ui.getByText(/Sem rede na caixa\? Ligue o código sem rede/)).toBeTruthy();
        expect(ui.getByRole('button', { name: 'Ligar o código sem rede' })).toBeTruthy();
      }
      if (c.errorCode) expect(alert(ui)).toMatch(/Ainda não definiu/);
      // the code drawn twice (QR and Code 128), its digits hidden but the first four, and what it allows
      expect(ui.getByRole('img', { name: QR }).tagName.toLowerCase()).toBe('svg');
      expect(ui.getByRole('img', { name: BARCODE }).tagName.toLowerCase()).toBe('svg');
      expect(ui.getByText('2847 •••• •••• •••• ••')).toBeTruthy();
      expect(ui.getByRole('button', { name: 'Mostrar os algarismos' }).getAttribute('aria-pressed')).toBe('false');
      expect(status(ui)).toMatch(/muda a cada 2 minutos/);
      expect(ui.getByText(/Pagamentos até 5 000,00 Kz não pedem a palavra-passe/)).toBeTruthy();
      expect(ui.getByRole('link', { name: 'Pagamentos sem palavra-passe' }).getAttribute('href')).toBe('/app/nopwd');
      expect(ui.getByRole('link', { name: 'Acordo do código de pagamento' }).getAttribute('href')).toBe('/agreement/payqrcode');
      return void expect(ui.getByRole('button', { name: 'Atualizar o código' })).toBeTruthy();
    }
    if (state.matches('replaced')) {
      expect(status(ui)).toMatch(/substituído por um mais recente/);
      return void expect(ui.getByRole('button', { name: 'Mostrar um novo código' })).toBeTruthy();
    }
    if (state.matches('awaitingConfirmation')) {
      expect(alert(ui)).toMatch(/Confirme este pagamento/);
      expect(ui.getByRole('button', { name: 'Recusar' })).toBeTruthy();
      if (state.matches({ awaitingConfirmation: 'quoting' })) {
        chargeShown(ui);
        return void expect(status(ui)).toMatch(/A verificar ofertas/);
      }
      if (state.matches({ awaitingConfirmation: 'asking' })) {
        // the quote: the price, each promotion by name, what is paid; after a refused payment, why it changed
        expect(ui.getByText('Comercial Kianda, Lda')).toBeTruthy();
        expect(ui.getAllByText('12 500,00 Kz').length).toBeGreaterThan(0);
        if (c.quote!.adjustments.length > 0) expect(ui.getByText('Cupão: Menos 100 Kz')).toBeTruthy();
        if (c.errorCode) expect(alert(ui)).toMatch(/oferta mudou|esgotou|limite|já foi usado/);
        return void expect(ui.getByRole('button', { name: `Pagar ${c.quote!.payable === 1_250_000 ? '12 500,00 Kz' : '12 350,00 Kz'}` })).toBeTruthy();
      }
      chargeShown(ui);
      expect(alert(ui)).toMatch(state.matches({ awaitingConfirmation: 'declineFailed' }) ? /Erro de rede/ : c.errorCode ? /erro no servidor/ : /Não foi possível verificar as ofertas/);
      return void expect(ui.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    }
    if (state.matches('confirming')) {
      expect(ui.getByText(`${c.quote!.payable === 1_250_000 ? '12 500,00 Kz' : '12 350,00 Kz'} a Comercial Kianda, Lda (Loja Central)`)).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    }
    if (state.matches('declining')) return void expect(status(ui)).toBe('A recusar o pagamento…');
    if (state.matches('paid')) {
      expect(status(ui)).toMatch(/Pagamento feito/);
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      expect(ui.getByText(sampleMerchantReceipt.voucherNo)).toBeTruthy();
      expect(ui.getByRole('link', { name: 'Ver nos movimentos' }).getAttribute('href')).toBe('/app/funddetail');
      return void expect(ui.getByRole('button', { name: 'Mostrar um novo código' })).toBeTruthy();
    }
    if (state.matches('refused')) {
      const table: Record<string, RegExp> = { FND10001: /Saldo disponível insuficiente/, FND10003: /ultrapassa o limite/, MCH10013: /Não há nenhuma cobrança/, MCH10008: /expirou/, MCH10014: /própria loja/ };
      expect(alert(ui)).toMatch(table[c.errorCode!]!);
      if (c.errorCode === 'FND10001') expect(ui.getByRole('link', { name: 'Carregar a carteira' }).getAttribute('href')).toBe('/app/topup');
      return void expect(ui.getByRole('button', { name: 'Mostrar um novo código' })).toBeTruthy();
    }
    if (state.matches('declined')) {
      chargeShown(ui);
      expect(status(ui)).toMatch(/Recusou o pagamento/);
      return void expect(ui.getByRole('button', { name: 'Mostrar um novo código' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('payment-code chart on its screen', () => {
  const paths = transitionCoveringPaths(paymentCodeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(paymentCodeModel, path, binding);
  });
});

describe('the code’s digits', () => {
  it('grouped in fours as wallets print them; hidden but the first four until the member asks', async () => {
    expect(groupDigits('284719036652810937', true)).toBe('2847 1903 6652 8109 37');
    expect(groupDigits('284719036652810937', false)).toBe('2847 •••• •••• •••• ••');
    const actor = createActor(paymentCodeModel.machine).start();
    actor.send(doneEvent('issue', { ok: true, data: sampleIssued }) as never);
    render(<I18nextProvider i18n={createI18n('pt', { pt })}><PaymentCodeView state={actor.getSnapshot()} send={actor.send} /></I18nextProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar os algarismos' }));
    expect(screen.getByText('2847 1903 6652 8109 37')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esconder os algarismos' }).getAttribute('aria-pressed')).toBe('true');
    // the barcode is the same 18 digits in Code 128 (subset C: start, nine pairs, check, stop = 11 × 11 + 13 modules)
    await waitForUi(() => expect(screen.getByRole('img', { name: BARCODE }).getAttribute('viewBox')).toBe(`0 0 ${11 * 11 + 13 + 20} 1`));
    actor.stop();
  });
});

describe('the payment code through the real gateway (PGlite): a cashier charges it', () => {
  let server: TestServer;
  let shop: MerchantSetup;
  let ana: string;
  let anaId: string;
  const adapter = http.defaults.adapter;
  const baseURL = http.defaults.baseURL;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    shop = await merchantWithStore(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await fund(server.db, anaId, 50_000n * 100n);
    ana = await server.memberToken('+244923000001');
    http.defaults.baseURL = await server.app.listen({ port: 0, host: '127.0.0.1' });
    http.defaults.adapter = axios.getAdapter('fetch');
  }, 120_000);
  beforeEach(() => {
    window.history.replaceState({}, '', '/app/paymentcode');
    storage.setUserInfo({ h5Token: ana });
  });
  afterAll(async () => {
    http.defaults.adapter = adapter;
    http.defaults.baseURL = baseURL;
    storage.clearUserItems();
    await server.close();
  });

  const available = async () => (await ok(server, 'wallet/member/getUserAssets', {}, ana)).available as number;
  const charge = (code: string, amount: number) => ok(server, 'merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code, amount }, shop.token);
  const shown = async (actor: ReturnType<typeof createActor<typeof paymentCodeFlow>>) => {
    await waitFor(actor, (s) => s.matches('showing'), { timeout: 10_000 });
    return actor.getSnapshot().context.issued!;
  };

  it('above the password-free limit the member confirms with the pay password; the money moves once', async () => {
    const actor = createActor(paymentCodeFlow).start();
    const issued = await shown(actor);
    expect(issued.code).toMatch(/^\d{18}$/);
    expect(issued.passwordFreeLimit).toBe(0); // off until the member switches it on
    const charged = await charge(issued.code, 150_000);
    expect(charged.state).toBe('awaitingConfirmation');
    // the screen's poll (every 2 s) finds the charge waiting
    await waitFor(actor, (s) => s.matches({ awaitingConfirmation: 'asking' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.charge).toMatchObject({ chargeId: charged.chargeId, amount: 150_000, merchantName: shop.merchant.name, storeName: 'Loja Central' });
    // quoted by the server: nothing off at this merchant
    expect(actor.getSnapshot().context.quote).toEqual({ method: 'paymentCode', serial: null, chargeId: charged.chargeId, merchantName: shop.merchant.name, storeName: 'Loja Central', mcc: '5411',
      amount: 150_000, adjustments: [], payable: 150_000, cashback: 0, expiresAt: expect.any(String) });
    actor.send({ type: 'charge.confirmed' });
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    const child = () => payment.getSnapshot().children.payConfirm as ActorRefFrom<typeof payConfirmMachine>;
    await waitFor(child(), (s) => s.matches('entering'), { timeout: 10_000 });
    for (const digit of '270419') child().send({ type: 'digit.pressed', position: child().getSnapshot().context.keypad!.mapArr.indexOf(Number(digit)) });
    await waitFor(actor, (s) => s.matches('paid'), { timeout: 20_000 });
    expect(actor.getSnapshot().context.receipt).toMatchObject({ amount: 150_000, available: 5_000_000 - 150_000, merchantName: shop.merchant.name });
    expect(await available()).toBe(5_000_000 - 150_000);
    expect((await ok(server, 'merchant/cashier/queryCharge', { chargeId: charged.chargeId }, shop.token)).state).toBe('paid');
    // the code was spent by its charge: a second charge of it pays nothing
    expect((await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code: issued.code, amount: 1_000 }, { token: shop.token }) })).json().code).toBe('MCH10008');
    actor.stop();
  }, 60_000);

  it('within the password-free limit the receipt shows at once; above it the member may decline and nothing moves', async () => {
    const payToken = await payTokenByKeypad(server, ana, { service: 'pay/passwordFree/set', amount: 200_000, counterparty: 'passwordFree' });
    await ok(server, 'pay/passwordFree/set', { enabled: true, limit: 200_000, payToken }, ana);
    const before = await available();
    const actor = createActor(paymentCodeFlow).start();
    const issued = await shown(actor);
    expect(issued.passwordFreeLimit).toBe(200_000);
    expect((await charge(issued.code, 50_000)).state).toBe('paid');
    await waitFor(actor, (s) => s.matches('paid'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.receipt).toMatchObject({ amount: 50_000, available: before - 50_000 });
    // a new code; a charge above the limit, declined
    actor.send({ type: 'code.refresh' });
    const next = await shown(actor);
    expect(next.code).not.toBe(issued.code);
    const waiting = await charge(next.code, 300_000);
    await waitFor(actor, (s) => s.matches('awaitingConfirmation'), { timeout: 10_000 });
    actor.send({ type: 'charge.declined' });
    await waitFor(actor, (s) => s.matches('declined'), { timeout: 10_000 });
    expect((await ok(server, 'merchant/cashier/queryCharge', { chargeId: waiting.chargeId }, shop.token)).state).toBe('refused');
    expect(await available()).toBe(before - 50_000);
    actor.stop();
  }, 60_000);

  it('offline: turned on while online; with the network gone the phone derives a code the till charges once; turned off, wiped', async () => {
    storage.setUserInfo({ h5Token: ana, memberId: anaId });
    const actor = createActor(paymentCodeFlow).start();
    await shown(actor);
    actor.send({ type: 'offline.turnedOn' });
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }) && s.context.offline !== null, { timeout: 10_000 });
    const enrolled = actor.getSnapshot().context.offline!;
    // jsdom has no IndexedDB: the secret went to localStorage, as the platform allows
    expect(JSON.parse(localStorage.getItem('kwOfflinePaymentCode')!)).toMatchObject({ memberId: anaId, deviceNo: enrolled.deviceNo });
    // the network goes: the issue call gets no answer, the phone derives its own code
    http.defaults.adapter = () => Promise.reject(new Error('no network'));
    actor.send({ type: 'code.refresh' });
    await waitFor(actor, (s) => s.matches('offline'), { timeout: 10_000 });
    const { code, validUntil } = actor.getSnapshot().context.offlineCode!;
    expect(code).toMatch(new RegExp(`^9${enrolled.deviceNo}\\d{8}$`));
    expect(validUntil).toBe(enrolled.validUntil);
    // the till (online) charges it: within the password-free limit (set above), paid at once; once only
    const before = await available();
    expect((await charge(code, 10_000)).state).toBe('paid');
    expect(await available()).toBe(before - 10_000);
    expect((await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code, amount: 10_000 }, { token: shop.token }) })).json().code).toBe('MCH10008');
    // the network is back: an online code again, the enrolment refreshed
    http.defaults.adapter = axios.getAdapter('fetch');
    actor.send({ type: 'code.refresh' });
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.offline).toMatchObject({ deviceNo: enrolled.deviceNo });
    actor.send({ type: 'offline.turnedOff' });
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }) && s.context.offline === null, { timeout: 10_000 });
    expect(localStorage.getItem('kwOfflinePaymentCode')).toBeNull();
    const { rows } = await server.db.query<{ revoked_reason: string }>('SELECT revoked_reason FROM payment_code_devices WHERE device_no = $1', [enrolled.deviceNo]);
    expect(rows[0]!.revoked_reason).toBe('turnedOff');
    // and without network now there is no code to show, and the screen says why
    http.defaults.adapter = () => Promise.reject(new Error('no network'));
    actor.send({ type: 'code.refresh' });
    await waitFor(actor, (s) => s.matches('issueFailed'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.errorCode).toBe('MCH12001');
    http.defaults.adapter = axios.getAdapter('fetch');
    actor.stop();
  }, 60_000);
});
