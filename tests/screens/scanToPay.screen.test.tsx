import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, type screen as Screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/i18n.ts';
import { createActor, waitFor, type ActorRefFrom, type EventObject } from 'xstate';
import axios from 'axios';
import { ScanToPayView } from '../../screens/scanToPay/ScanToPayView.tsx';
import { categoryLabel } from '../../screens/common/category.ts';
import { scanToPayFlow } from '../../src/flows/scanToPay.ts';
import { scanToPayMachine, type ScanToPayEvent } from '../../machines/scanToPay.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import type { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { scanToPayModel, sampleAssets, sampleCollectionPayload, sampleDynamicCode, sampleInvitationLink, sampleMerchantReceipt } from '../models/scanToPay.model.ts';
import { pageOfScan } from '../../src/scan/kinds.ts';
import { doneEvent, transitionCoveringPaths, type FlowPath } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { http } from '../../services/http.ts';
import { storage } from '../../src/lib/storage.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { fund, verifyMember } from '../support/money.ts';
import { call, ok, type MerchantSetup } from '../support/merchant.ts';
import { merchantWithStore } from './merchantSetup.ts';
import { createCashbackPolicy, createCoupon } from '../../server/entities/promotions.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<ScanToPayEvent> = {
  'assets.retry': (ui) => click(ui, 'Tentar novamente'),
  'scan.again': (ui) => click(ui, /^(Ler outro código|Não é esta loja\? Ler outro código|Pagar outra loja|Ler um convite para trabalhar numa loja)$/),
  'resolve.retry': (ui) => click(ui, 'Tentar novamente'),
  'quote.accept': (ui) => click(ui, /^Pagar \d/),
  'quote.retry': (ui) => click(ui, 'Tentar novamente'),
  'amount.change': (ui) => click(ui, 'Alterar o valor'),
  'payment.cancelled': (ui) => click(ui, 'Voltar ao valor'),
  'shortcut.picked': (ui) => click(ui, 'Pagar em Loja Central'),
};

/** The merchant the code pays, as the server verified it, with its category in the reader's words. */
const merchantShown = (ui: Ui) => {
  expect(ui.getByText('Comercial Kianda, Lda')).toBeTruthy();
  expect(ui.getByText('Loja Central')).toBeTruthy();
  expect(ui.getByText('Supermercados e mercearias')).toBeTruthy();
};

const binding: ScreenBinding<typeof scanToPayMachine> = {
  view: (state, send) => <ScanToPayView state={state} send={send as (e: ScanToPayEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingAssets')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('assetsFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar o seu saldo/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      expect(ui.getByRole('button', { name: 'Ler um convite para trabalhar numa loja' })).toBeTruthy();
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('scanning')) {
      // the scanner child, asking for the camera, with the ways that need none; an unverified
      // member is told up front that paying waits for the verification (an invitation does not)
      expect(ui.getByText('Leia o código QR da loja')).toBeTruthy();
      expect(!!ui.queryByText(/Para pagar, verifique primeiro a sua identidade/)).toBe(c.verified === false);
      expect(status(ui)).toMatch(/A pedir acesso à câmara/);
      // the stores paid recently, once loaded: one opens its own code, one only listed
      if (c.recentStores.length) {
        expect(ui.getByRole('button', { name: 'Pagar em Loja Central' })).toBeTruthy();
        expect(ui.getByText('Cantina da Tia')).toBeTruthy();
        expect(ui.getByText('leia o código no balcão')).toBeTruthy();
      } else expect(ui.queryByText('Lojas pagas recentemente')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Escrever o número de série' })).toBeTruthy();
    }
    if (state.matches('resolving')) return void expect(status(ui)).toBe('A procurar o comerciante…');
    // a code another flow takes: its page opens (the scan screen routes it), said by the code's kind
    if (state.matches('openingElsewhere')) return void expect(status(ui)).toBe('Um convite para trabalhar numa loja: a abrir…');
    if (state.matches('unknownCode')) {
      expect(alert(ui)).toBe('Não conhecemos este código: não é o código de uma loja nem outro código desta carteira.');
      return void expect(ui.getByRole('button', { name: 'Ler outro código' })).toBeTruthy();
    }
    if (state.matches('codeRefused')) {
      const table: Record<string, RegExp> = {
        MCH10005: /loja está fechada/, MCH10006: /não é um código de cobrança/, MCH10007: /ainda não está associado a uma loja/, MCH10008: /expirou ou já foi usado/,
        MCH10009: /já foi pago/, MCH10011: /não corresponde ao do código/, MCH10014: /própria loja/, PRM10006: /não pode pagar este cashback/,
      };
      expect(alert(ui)).toMatch(table[c.errorCode!]!);
      return void expect(ui.getByRole('button', { name: 'Ler outro código' })).toBeTruthy();
    }
    if (state.matches('resolveFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível saber a que loja/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Ler outro código' })).toBeTruthy();
    }
    if (state.matches('confirming')) {
      expect(ui.getByText('Vai pagar a')).toBeTruthy();
      merchantShown(ui);
      if (c.code!.kind === 'static') {
        expect((ui.getByLabelText('Valor (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      } else {
        // a cashier's one-time code: its amount, fixed
        expect(ui.queryByLabelText('Valor (Kz)')).toBeNull();
        expect(ui.getByText('2 500,00 Kz')).toBeTruthy();
      }
      expect(ui.getByText(`Disponível: ${c.available === 4_875_000 ? '48 750,00 Kz' : '50 000,00 Kz'}`)).toBeTruthy();
      // the server's refusal of the amount asked before, shown by the amount child until it changes (its own states: its screen test)
      const refusals: Record<string, RegExp> = { FND10001: /Saldo disponível insuficiente/, FND10003: /limite diário/ };
      if (c.amountRefusal?.code) expect(alert(ui)).toMatch(refusals[c.amountRefusal.code]!);
      else expect(ui.queryByRole('alert')).toBeNull();
      if (c.amountRefusal?.code === 'FND10001') expect(ui.getByRole('link', { name: 'Carregar a carteira' }).getAttribute('href')).toBe('/app/topup');
      expect(ui.getByRole('button', { name: 'Pagar' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Não é esta loja? Ler outro código' })).toBeTruthy();
    }
    if (state.matches('quoting')) return void expect(status(ui)).toBe('A verificar ofertas…');
    if (state.matches('quoteFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível verificar as ofertas/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
      expect(ui.getByRole('button', { name: 'Alterar o valor' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Ler outro código' })).toBeTruthy();
    }
    if (state.matches('quoted')) {
      // the promotions by name: what comes off the price, the coupon earned, what is paid, the cashback to come
      expect(ui.getByText('As suas ofertas')).toBeTruthy();
      merchantShown(ui);
      if (c.quote!.adjustments.length > 0) {
        expect(ui.getByText('Desconto: Semana do cliente')).toBeTruthy();
        expect(ui.getByText('Cupão: Menos 100 Kz')).toBeTruthy();
        expect(ui.getByText('Volte sempre')).toBeTruthy();
        expect(ui.getByText('Cashback a receber: Dez por cento')).toBeTruthy();
        expect(ui.getByText('+ 110,00 Kz')).toBeTruthy();
      }
      // after a payment that found the quote changed, why
      if (c.errorCode) expect(alert(ui)).toMatch(/oferta mudou|esgotou|limite|já foi usado/);
      else expect(ui.queryByRole('alert')).toBeNull();
      expect(ui.getByRole('button', { name: `Pagar ${c.quote!.payable === 110_000 ? '1 100,00 Kz' : '1 250,00 Kz'}` })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Alterar o valor' })).toBeTruthy();
    }
    if (state.matches('paying')) {
      // the payment child: what is paid (the quote's) to whom, its keypad still coming, and the way back
      const payable = c.quote!.payable === 110_000 ? '1 100,00 Kz' : c.code!.kind === 'static' ? '1 250,00 Kz' : '2 500,00 Kz';
      expect(ui.getByText(`${payable} a Comercial Kianda, Lda (Loja Central)`)).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar ao valor' })).toBeTruthy();
    }
    if (state.matches('paid')) {
      // the receipt: merchant, store, amount, time, voucher number, and the way to the records
      expect(status(ui)).toMatch(/Pagamento feito/);
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      expect(ui.getByText('Comercial Kianda, Lda')).toBeTruthy();
      expect(ui.getByText('Loja Central')).toBeTruthy();
      expect(ui.getByText(/14 mar 2026/)).toBeTruthy();
      expect(ui.getByText(sampleMerchantReceipt.voucherNo)).toBeTruthy();
      expect(ui.getByText('48 750,00 Kz')).toBeTruthy();
      expect(ui.getByRole('link', { name: 'Ver nos movimentos' }).getAttribute('href')).toBe('/app/funddetail');
      expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe(`/app/receipt?voucherNo=${sampleMerchantReceipt.voucherNo}`);
      return void expect(ui.getByRole('button', { name: 'Pagar outra loja' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('scan-to-pay chart on its screen', () => {
  const paths = transitionCoveringPaths(scanToPayModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(scanToPayModel, path, binding);
  });
});

describe('a cashier’s one-time code on the screen', () => {
  // the generated paths take every transition with a store's code; this one shows a fixed amount
  const step = (event: EventObject, value: unknown) => ({ event, state: { value, tags: [] } });
  const path: FlowPath = {
    variant: scanToPayModel.variants[0]!,
    description: 'a one-time code: no amount to type, its own amount paid',
    steps: [
      step(doneEvent('loadAssets', { ok: true, data: sampleAssets }), 'scanning'),
      step(doneEvent('scanner', { text: sampleCollectionPayload, source: 'camera' }), 'resolving'),
      step(doneEvent('resolveCode', { ok: true, data: sampleDynamicCode }), 'confirming'),
      // the amount child ends with the code's own amount (the screen draws no field for it)
      step(doneEvent('amountEntry', { amount: 250_000, amountText: '2500' }), 'quoting'),
      // nothing off, nothing back: straight to the pay password
      step(doneEvent('quote', { ok: true, data: { amount: 250_000, adjustments: [], payable: 250_000, cashback: 0 } }), 'paying'),
      step(doneEvent('payment', { ok: true, data: sampleMerchantReceipt }), 'paid'),
    ],
  };
  it(path.description, async () => {
    await runScreenPath(scanToPayModel, path, binding);
  });
});

describe('a member not yet verified at the scanner', () => {
  // accepting a staff invitation needs no paying rights: the camera opens; a code to pay stops at the verification
  const step = (event: EventObject, value: unknown) => ({ event, state: { value, tags: [] } });
  const unverified = doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } });
  const invitationLink = doneEvent('scanner', { text: sampleInvitationLink, source: 'camera' });
  const paths: FlowPath[] = [
    {
      variant: scanToPayModel.variants[0]!,
      description: 'reads a staff invitation’s QR: it opens',
      steps: [step(unverified, 'scanning'), step(invitationLink, 'openingElsewhere')],
    },
    {
      variant: scanToPayModel.variants[0]!,
      description: 'reads a store’s code: verify first, the code never resolved; then an invitation still opens',
      steps: [
        step(unverified, 'scanning'),
        step(doneEvent('scanner', { text: sampleCollectionPayload, source: 'camera' }), 'notVerified'),
        step({ type: 'scan.again' }, 'scanning'),
        step(invitationLink, 'openingElsewhere'),
      ],
    },
  ];
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(scanToPayModel, path, binding);
  });
});

describe('codes of other kinds at the scanner', () => {
  const step = (event: EventObject, value: unknown) => ({ event, state: { value, tags: [] } });
  it('a customer’s payment code read here: the till opens, said so while it does', async () => {
    const path: FlowPath = {
      variant: scanToPayModel.variants[0]!,
      description: 'a payment code',
      steps: [step(doneEvent('loadAssets', { ok: true, data: sampleAssets }), 'scanning'), step(doneEvent('scanner', { text: '284719036652810937', source: 'camera' }), 'openingElsewhere')],
    };
    await runScreenPath(scanToPayModel, path, {
      ...binding,
      states: (ui, state) => (state.matches('openingElsewhere') ? void expect(status(ui)).toBe('O código de pagamento de um cliente: a abrir a caixa…') : (binding.states as (u: typeof ui, s: typeof state) => void)(ui, state)),
    });
  });

  it('the scan screen is asked to open the page the scan table routes each to; a code to pay stays here', () => {
    const opened: (string | null)[] = [];
    const machine = scanToPayModel.machine.provide({ actions: { openScanned: ({ context }) => void opened.push(pageOfScan(context.scanned?.text ?? '')) } });
    for (const text of [sampleInvitationLink, '284719036652810937', sampleCollectionPayload]) {
      const actor = createActor(machine, { input: { language: 'pt' } }).start();
      actor.send(doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }) as never);
      actor.send(doneEvent('scanner', { text, source: 'camera' }) as never);
      actor.stop();
    }
    // an unverified member's code to pay stops at the verification: nothing opened for it
    expect(opened).toEqual([`/app/invitation/${'Ab3_-'.repeat(8)}xyz`, '/app/cashier']);
  });
});

describe('the scanning step’s heading', () => {
  it('says to scan while the camera is asked for, to type while the serial is typed, and to scan again with the camera back', async () => {
    const actor = createActor(scanToPayModel.machine, { input: scanToPayModel.variants[0]!.input as never }).start();
    actor.send(doneEvent('loadAssets', { ok: true, data: sampleAssets }) as never);
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <ScanToPayView state={state} send={(e) => actor.send(e)} />;
    }
    render(<I18nextProvider i18n={createI18n('pt', { pt, en, zh, fr })}><Live /></I18nextProvider>);
    const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
    expect(heading()).toBe('Leia o código QR da loja');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Escrever o número de série' })));
    expect(screen.getByLabelText('Número de série')).toBeTruthy();
    expect(heading()).toBe('Escreva o número de série');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Usar a câmara' })));
    expect(heading()).toBe('Leia o código QR da loja');
    actor.stop();
  });
});

describe('the merchant’s category in the reader’s language', () => {
  it('pt, en and zh from services/data/merchant_categories.json; fr falls back to pt; an unknown code shows as itself', () => {
    expect(categoryLabel('5812', 'pt')).toBe('Restaurantes');
    expect(categoryLabel('5812', 'en')).toBe('Restaurants');
    expect(categoryLabel('5812', 'zh')).toBe('餐厅');
    expect(categoryLabel('5812', 'fr')).toBe('Restaurantes');
    expect(categoryLabel('0001', 'en')).toBe('0001');
  });
});

describe('paying a merchant through the real gateway (PGlite), the camera absent as in jsdom', () => {
  let server: TestServer;
  let shop: MerchantSetup;
  /** Ana's one session (a new sign-in would end the one the app holds). */
  let ana: string;
  const adapter = http.defaults.adapter;
  const baseURL = http.defaults.baseURL;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    shop = await merchantWithStore(server);
    const anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await fund(server.db, anaId, 50_000n * 100n);
    ana = await server.memberToken('+244923000001');
    http.defaults.baseURL = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  beforeEach(() => {
    // the screen tests' set-up clears storage after each test: the app's session, as signed in
    window.history.replaceState({}, '', '/app/scan');
    storage.setUserInfo({ h5Token: ana });
  });
  afterAll(async () => {
    http.defaults.adapter = adapter;
    http.defaults.baseURL = baseURL;
    storage.clearUserItems();
    await server.close();
  });

  /** The scanner with no camera (jsdom has none): the person types the serial printed under the code. */
  async function typeSerial(actor: ReturnType<typeof createActor<typeof scanToPayFlow>>, serial: string) {
    await waitFor(actor, (s) => s.matches('scanning'), { timeout: 10_000 });
    const scanner = actor.getSnapshot().children.scanner as ActorRefFrom<typeof scannerMachine>;
    await waitFor(scanner, (s) => s.matches({ looking: { noCamera: 'unsupported' } }));
    scanner.send({ type: 'typing.requested' });
    scanner.send({ type: 'typed.changed', value: serial });
    scanner.send({ type: 'typed.submitted' });
  }

  /** The pay password on the payment child's secure keypad: the digits' positions on the server's shuffled map. */
  async function enterPayPassword(actor: ReturnType<typeof createActor<typeof scanToPayFlow>>) {
    // after the server's quote (nothing off at this merchant: no step to accept it)
    await waitFor(actor, (s) => s.matches('paying'), { timeout: 10_000 });
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    const child = () => payment.getSnapshot().children.payConfirm as ActorRefFrom<typeof payConfirmMachine>;
    await waitFor(child(), (s) => s.matches('entering'), { timeout: 10_000 });
    for (const digit of '270419') child().send({ type: 'digit.pressed', position: child().getSnapshot().context.keypad!.mapArr.indexOf(Number(digit)) });
    return payment;
  }

  it('a store’s code, typed: the merchant shown, the amount typed, paid once although the first answer was lost', async () => {
    const fetchAdapter = axios.getAdapter('fetch');
    const payments: string[] = [];
    http.defaults.adapter = async (config) => {
      const response = await fetchAdapter(config);
      const sent = JSON.parse(config.data as string) as { service: string; requestNo: string };
      if (sent.service === 'pay/merchant/pay') {
        payments.push(sent.requestNo);
        if (payments.length === 1) throw new Error('the answer was lost on the way back'); // the server did pay
      }
      return response;
    };
    const actor = createActor(scanToPayFlow, { input: { language: 'pt' } }).start();
    await typeSerial(actor, shop.storeSerial.toLowerCase());
    await waitFor(actor, (s) => s.matches('confirming'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.code).toMatchObject({ serial: shop.storeSerial, kind: 'static', merchantName: shop.merchant.name, storeName: 'Loja Central', mcc: '5411', amount: null });
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 250,50' });
    amountEntry.send({ type: 'amount.submitted' });
    const payment = await enterPayPassword(actor);
    await waitFor(payment, (s) => s.matches('uncertain'), { timeout: 20_000 });
    payment.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('paid'), { timeout: 10_000 });
    expect(payments).toHaveLength(2);
    expect(payments[1]).toBe(payments[0]);
    expect(payments[0]).toMatch(/^H5M/);
    const receipt = actor.getSnapshot().context.receipt!;
    expect(receipt).toMatchObject({ amount: 125_050, available: 5_000_000 - 125_050, merchantName: shop.merchant.name, storeName: 'Loja Central' });
    expect(receipt.voucherNo).toMatch(/\S{6,}/);
    // the money moved once: out of Ana's account, into the merchant's takings
    const assets = await ok(server, 'wallet/member/getUserAssets', {}, ana);
    expect(assets.available).toBe(5_000_000 - 125_050);
    const home = await ok(server, 'merchant/home/summary', {}, shop.token);
    expect(home.today).toMatchObject({ amount: 125_050, count: 1 });
    expect(home.settlement.available).toBe(home.today.net);
    actor.stop();
  }, 60_000);

  it('a cashier’s one-time code: its amount fixed; paid once, and a second payment of it is refused by code', async () => {
    http.defaults.adapter = axios.getAdapter('fetch');
    const dynamic = await ok(server, 'merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 20_000 }, shop.token);
    const actor = createActor(scanToPayFlow, { input: { language: 'pt' } }).start();
    await typeSerial(actor, dynamic.serial);
    await waitFor(actor, (s) => s.matches('confirming'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.code).toMatchObject({ kind: 'dynamic', amount: 20_000 });
    // its amount, fixed, is the amount child's to check against the balance
    (actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>).send({ type: 'amount.submitted' });
    await enterPayPassword(actor);
    await waitFor(actor, (s) => s.matches('paid'), { timeout: 20_000 });
    expect(actor.getSnapshot().context.receipt).toMatchObject({ amount: 20_000, available: 5_000_000 - 125_050 - 20_000 });
    expect((await ok(server, 'merchant/cashier/queryDynamicCode', { serial: dynamic.serial }, shop.token)).state).toBe('paid');
    // the same code again: the server says it is paid, and the chart says so
    actor.send({ type: 'scan.again' });
    await typeSerial(actor, dynamic.serial);
    await waitFor(actor, (s) => s.matches('codeRefused'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.errorCode).toBe('MCH10009');
    expect((await call(server, 'wallet/member/getUserAssets', {}, ana)).bizContent.available).toBe(5_000_000 - 125_050 - 20_000);
    actor.stop();
  }, 60_000);

  it('a store with promotions: the quote names the coupon and the cashback, the member pays what it said and gets the cashback', async () => {
    http.defaults.adapter = axios.getAdapter('fetch');
    const promoted = await merchantWithStore(server, 'Loja das Ofertas');
    const owner = promoted.memberId;
    await createCashbackPolicy(server.db, { merchantId: promoted.merchantId }, owner, { name: 'Dez por cento', type: 'ratio', ratioBp: 1_000, maxCashback: 500_00 });
    const couponId = await createCoupon(server.db, promoted.merchantId, owner, { name: 'Menos 100 Kz', type: 2, threshold: 500_00, amountOff: 100_00, stock: 10 });
    await ok(server, 'pay/coupon/claim', { storeId: promoted.storeId, couponId }, ana);
    // the cashback comes out of the settlement shard this very payment credits
    const before = (await ok(server, 'wallet/member/getUserAssets', {}, ana)) as { available: number; cashbackTotal: number };
    const actor = createActor(scanToPayFlow, { input: { language: 'pt' } }).start();
    await typeSerial(actor, promoted.storeSerial);
    await waitFor(actor, (s) => s.matches('confirming'), { timeout: 10_000 });
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 000' });
    amountEntry.send({ type: 'amount.submitted' });
    await waitFor(actor, (s) => s.matches('quoted'), { timeout: 10_000 });
    // 1 000 Kz less the coupon's 100 is 900 paid; 10 % of it, 90 Kz, comes back
    expect(actor.getSnapshot().context.quote).toMatchObject({
      amount: 1_000_00, payable: 900_00, cashback: 90_00,
      adjustments: [expect.objectContaining({ kind: 'coupon', amount: 100_00, name: 'Menos 100 Kz' }), expect.objectContaining({ kind: 'cashback', amount: 90_00, name: 'Dez por cento' })],
    });
    actor.send({ type: 'quote.accept' });
    await enterPayPassword(actor);
    await waitFor(actor, (s) => s.matches('paid'), { timeout: 20_000 });
    expect(actor.getSnapshot().context.receipt).toMatchObject({ amount: 1_000_00, paid: 900_00, cashback: 90_00, available: before.available - 900_00 });
    const after = (await ok(server, 'wallet/member/getUserAssets', {}, ana)) as { available: number; cashbackTotal: number };
    expect(after.cashbackTotal - before.cashbackTotal).toBe(90_00);
    actor.stop();
  }, 60_000);
});
