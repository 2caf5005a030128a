import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import axios from 'axios';
import { CashierView } from '../../screens/cashier/CashierView.tsx';
import { cashierMachine, type CashierEvent } from '../../machines/cashier.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { cashierFlow } from '../../services/flows/cashier.ts';
import { http } from '../../services/http.ts';
import { cashierModel } from '../models/cashier.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { call, ok } from '../support/merchant.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { openMemberSession } from '../../server/domains/session/sessions.ts';

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
  'amount.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Valor a cobrar (Kz)'), { target: { value: e.value } }),
  'amount.submitted': (ui) => click(ui, /^(Mostrar o código|Ler o código do cliente)$/),
  'code.cancelled': (ui) => click(ui, 'Cancelar este código'),
  'code.renewed': (ui) => click(ui, /Mostrar outro código de/),
  'scan.cancelled': (ui) => click(ui, 'Cancelar'),
  'scan.again': (ui) => click(ui, 'Ler de novo'),
  'charge.retry': (ui) => click(ui, 'Tentar de novo'),
  'cashier.again': (ui) => click(ui, /^(Nova cobrança|Voltar)$/),
};

const AMOUNT_PROBLEMS: Record<string, RegExp> = {
  unreadable: /1 234,56/, notPositive: /maior que zero/, tooLarge: /demasiado grande para um código/, refused: /Esta loja está fechada/, unreachable: /Sem resposta do servidor/,
};

const binding: ScreenBinding<typeof cashierMachine> = {
  view: (state, send) => <CashierView state={state} send={send as (e: CashierEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
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
    const enteringDynamic = state.matches({ dynamic: 'enteringAmount' }) || state.matches({ dynamic: 'creating' });
    if (enteringDynamic || state.matches({ charging: 'enteringAmount' })) {
      expect(ui.getByText(`Loja: ${storeName}`)).toBeTruthy();
      expect(ui.getByText(enteringDynamic ? 'Quanto vai cobrar?' : 'Quanto vai cobrar ao cliente?')).toBeTruthy();
      expect((ui.getByLabelText('Valor a cobrar (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      const mode = enteringDynamic ? 'dynamic' : 'charging';
      const problem = Object.keys(AMOUNT_PROBLEMS).find((p) => state.matches({ [mode]: { enteringAmount: p } } as never));
      if (problem) expect(alert(ui)).toMatch(AMOUNT_PROBLEMS[problem]!);
      else expect(ui.queryByRole('alert')).toBeNull();
      if (state.matches({ dynamic: 'creating' })) return void expect(status(ui)).toMatch(/Um momento/);
      return void expect(ui.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    }
    if (state.matches({ dynamic: 'showing' })) {
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      expect(ui.getByRole('img', { name: 'Código QR para pagar 1 250,00 Kz' })).toBeTruthy();
      expect(ui.getByText(/^O código expira em \d+:\d{2}$/)).toBeTruthy();
      if (state.matches({ dynamic: { showing: 'trouble' } })) expect(alert(ui)).toMatch(/Sem ligação ao servidor/);
      else expect(status(ui)).toMatch(/À espera do pagamento/);
      return void expect(ui.getByRole('button', { name: 'Cancelar este código' })).toBeTruthy();
    }
    if (state.matches({ dynamic: 'expired' })) {
      expect(alert(ui)).toMatch(/O código expirou sem ser pago/);
      return void expect(ui.getByRole('button', { name: 'Mostrar outro código de 1 250,00 Kz' })).toBeTruthy();
    }
    if (state.matches({ dynamic: 'paid' }) || state.matches({ charging: 'paid' })) {
      expect(status(ui)).toBe('Pago: 1 250,00 Kz');
      expect(ui.getByText('V202603140001')).toBeTruthy();
      expect(ui.getByText('Ana M*** D***')).toBeTruthy();
      expect(ui.getByText('1 243,75 Kz')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Nova cobrança' })).toBeTruthy();
    }
    if (state.matches({ charging: 'scanning' })) {
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      // the scanner child shows, asking for the camera (its own binding covers its states)
      expect(status(ui)).toMatch(/A pedir acesso à câmara/);
      expect(ui.getByRole('button', { name: 'Escrever os 18 algarismos' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    }
    if (state.matches({ charging: 'notAPaymentCode' })) {
      expect(alert(ui)).toMatch(/não é um código de pagamento da carteira/);
      return void expect(ui.getByRole('button', { name: 'Ler de novo' })).toBeTruthy();
    }
    if (state.matches({ charging: 'sending' })) return void expect(status(ui)).toMatch(/A cobrar 1 250,00 Kz/);
    if (state.matches({ charging: 'uncertain' })) {
      expect(alert(ui)).toMatch(/Não recebemos a resposta/);
      expect(ui.getByText(/nunca cobra duas vezes/)).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Nova cobrança' })).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    }
    if (state.matches({ charging: 'awaiting' })) {
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      if (state.matches({ charging: { awaiting: 'trouble' } })) expect(alert(ui)).toMatch(/Sem ligação ao servidor/);
      else expect(status(ui)).toMatch(/À espera da confirmação do cliente/);
      return void expect(ui.queryByRole('button')).toBeNull();
    }
    if (state.matches({ charging: 'refused' })) {
      const texts: Record<string, RegExp> = { MCH10008: /expirou ou já foi usado/, FND10001: /Saldo disponível insuficiente/ };
      expect(alert(ui)).toMatch(c.errorCode ? texts[c.errorCode]! : c.charge?.state === 'refused' ? /O cliente recusou a cobrança no telemóvel/ : /A cobrança não foi feita/);
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
  let anaId: string;
  let ana: string;
  beforeAll(async () => {
    await gateway.start();
    anaId = await verifyMember(gateway.server.db, '+244923000001', 'Ana Maria Demo');
    ana = await gateway.server.memberToken('+244923000001');
    await fund(gateway.server.db, anaId, 50_000n * 100n);
  }, 60_000);
  afterAll(() => gateway.stop());
  // the till's polls, every 2 s on a phone, shortened here
  const fastTill = cashierFlow.provide({ delays: { pollInterval: 50 } });

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
    const clerk = createActor(fastTill, { input: { language: 'pt' } }).start();
    await waitFor(clerk, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(clerk.getSnapshot().value).toBe('cannotCollect');
    expect(clerk.getSnapshot().context.errorCode).toBeNull();
    clerk.stop();
    // the owner, with no open store left, is still led to create one
    gateway.signIn(shop.token, '/app/cashier');
    const owner = createActor(fastTill, { input: { language: 'pt' } }).start();
    await waitFor(owner, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(owner.getSnapshot().value).toBe('noStores');
    owner.stop();
  }, 60_000);

  it('shows a one-time code for an amount and sees it paid by the member', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    gateway.signIn(shop.token, '/app/cashier');
    const actor = createActor(fastTill, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('choosingMode'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.stores).toEqual([{ storeId: shop.storeId, name: 'Loja Central', merchantName: shop.company.shortName }]);
    actor.send({ type: 'mode.dynamic' });
    actor.send({ type: 'amount.changed', value: '1 250,50' });
    actor.send({ type: 'amount.submitted' });
    await waitFor(actor, (s) => s.matches({ dynamic: 'showing' }), { timeout: 10_000 });
    const code = actor.getSnapshot().context.code!;
    expect(code).toMatchObject({ amount: 125_050, serial: expect.stringMatching(/^DY/) });
    expect(code.payload.slice(0, 12)).toBe('000201010212');
    // the member scans it and pays
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/merchant/pay', amount: 125_050, counterparty: code.serial });
    await ok(server, 'pay/merchant/pay', { serial: code.serial, amount: 125_050, payToken }, ana);
    await waitFor(actor, (s) => s.matches({ dynamic: 'paid' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.payment).toMatchObject({ amount: 125_050, payerMasked: 'Ana M*** D***', method: 'dynamic', serial: code.serial, storeId: shop.storeId });
    actor.stop();
  }, 60_000);

  it('charges a scanned payment code once: the lost answer is asked again under the same requestNo; above the member’s limit it waits for their confirmation', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server, 'Loja do Porto');
    const { code } = await ok(server, 'pay/paymentCode/issue', { deviceId: 'phone-1' }, ana);
    gateway.signIn(shop.token, '/app/cashier');
    const fetchAdapter = axios.getAdapter('fetch');
    const charges: string[] = [];
    http.defaults.adapter = async (config) => {
      const response = await fetchAdapter(config);
      const envelope = JSON.parse(config.data as string) as { service: string; requestNo: string };
      if (envelope.service === 'merchant/cashier/chargePaymentCode') {
        charges.push(envelope.requestNo);
        if (charges.length === 1) throw new Error('the answer was lost on the way back'); // the server did record it
      }
      return response;
    };
    try {
      const actor = createActor(fastTill, { input: { language: 'pt' } }).start();
      await waitFor(actor, (s) => s.matches('choosingMode'), { timeout: 10_000 });
      actor.send({ type: 'mode.scan' });
      actor.send({ type: 'amount.changed', value: '2 000' });
      actor.send({ type: 'amount.submitted' });
      const scanner = actor.getSnapshot().children.scanner as ActorRefFrom<typeof scannerMachine>;
      await waitFor(scanner, (s) => s.hasTag('error'), { timeout: 10_000 }); // no camera here: the digits typed
      scanner.send({ type: 'typing.requested' });
      scanner.send({ type: 'typed.changed', value: `${code.slice(0, 6)} ${code.slice(6, 12)} ${code.slice(12)}` });
      scanner.send({ type: 'typed.submitted' });
      await waitFor(actor, (s) => s.matches({ charging: 'uncertain' }), { timeout: 10_000 });
      actor.send({ type: 'charge.retry' });
      await waitFor(actor, (s) => s.matches({ charging: 'awaiting' }), { timeout: 10_000 });
      expect(charges).toHaveLength(2);
      expect(charges[1]).toBe(charges[0]);
      const { chargeId } = actor.getSnapshot().context.charge!;
      expect((await server.db.query('SELECT id FROM payment_code_charges WHERE store_id = $1', [shop.storeId])).rows).toHaveLength(1);
      // the member confirms on their phone with the pay password
      const status = await call(server, 'pay/paymentCode/status', { code }, ana);
      expect(status.bizContent).toMatchObject({ state: 'awaitingConfirmation', charge: { chargeId, amount: 200_000, storeName: 'Loja do Porto' } });
      const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/paymentCode/confirm', amount: 200_000, counterparty: chargeId });
      await ok(server, 'pay/paymentCode/confirm', { chargeId, payToken }, ana);
      await waitFor(actor, (s) => s.matches({ charging: 'paid' }), { timeout: 10_000 });
      expect(actor.getSnapshot().context.payment).toMatchObject({ amount: 200_000, method: 'paymentCode', payerMasked: 'Ana M*** D***' });
      // the spent code charges nothing more
      actor.send({ type: 'cashier.again' });
      actor.send({ type: 'mode.scan' });
      actor.send({ type: 'amount.changed', value: '10' });
      actor.send({ type: 'amount.submitted' });
      const again = actor.getSnapshot().children.scanner as ActorRefFrom<typeof scannerMachine>;
      await waitFor(again, (s) => s.hasTag('error'), { timeout: 10_000 });
      again.send({ type: 'typing.requested' });
      again.send({ type: 'typed.changed', value: code });
      again.send({ type: 'typed.submitted' });
      await waitFor(actor, (s) => s.matches({ charging: 'refused' }), { timeout: 10_000 });
      expect(actor.getSnapshot().context.errorCode).toBe('MCH10008');
      actor.stop();
    } finally {
      http.defaults.adapter = axios.getAdapter('fetch');
    }
  }, 60_000);
});
