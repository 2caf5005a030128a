import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import axios from 'axios';
import { CodeChargeView, type CodeChargeActor } from '../../screens/cashier/CodeChargeView.tsx';
import { codeChargeMachine, type CodeChargeEvent } from '../../machines/codeCharge.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { cashierFlow } from '../../src/flows/cashier.ts';
import { codeChargeFlow } from '../../src/flows/codeCharge.ts';
import { http } from '../../services/http.ts';
import { codeChargeModel } from '../models/codeCharge.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { call, ok } from '../support/merchant.ts';
import { payTokenDirect } from '../support/money.ts';
import { merchantWithStore, realGateway, payingMember } from './merchantSetup.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<CodeChargeEvent> = {
  'scan.cancelled': (ui) => click(ui, 'Cancelar'),
  'scan.again': (ui) => click(ui, 'Ler de novo'),
  'charge.retry': (ui) => click(ui, 'Tentar de novo'),
  'cashier.again': (ui) => click(ui, /^(Nova cobrança|Voltar)$/),
};


const binding: ScreenBinding<typeof codeChargeMachine> = {
  view: (state, send) => <CodeChargeView state={state} send={send as (e: CodeChargeEvent) => void} storeName="Loja Central" />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('enteringAmount')) {
      expect(ui.getByText('Loja: Loja Central')).toBeTruthy();
      expect(ui.getByText('Quanto vai cobrar ao cliente?')).toBeTruthy();
      expect((ui.getByLabelText('Valor a cobrar (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      // the amount child: its own screen test goes through its states
      expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    }
    if (state.matches('paid')) {
      // the paid band: a check mark, "Pago" and the amount in large figures, then the payer and time
      const paid = ui.getByRole('status');
      expect(paid.className).toBe('kw-done kw-done-paid');
      expect(paid.querySelector('.kw-done-mark')!.getAttribute('aria-hidden')).toBe('true');
      expect(paid.querySelector('.kw-done-title')!.textContent).toBe('Pago');
      expect(paid.querySelector('.kw-done-amount')!.textContent).toBe('1 250,00 Kz');
      expect(paid.querySelector('.kw-done-meta')!.textContent).toMatch(/^Ana M\*\*\* D\*\*\* · /);
      expect(ui.getByText('V202603140001')).toBeTruthy();
      expect(ui.getByText('Ana M*** D***')).toBeTruthy();
      expect(ui.getByText('1 243,75 Kz')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Nova cobrança' })).toBeTruthy();
    }
    if (state.matches('scanning')) {
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      // the scanner child shows, asking for the camera (its own binding covers its states)
      expect(status(ui)).toMatch(/A pedir acesso à câmara/);
      expect(ui.getByRole('button', { name: 'Escrever os 18 algarismos' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    }
    if (state.matches('notAPaymentCode')) {
      expect(alert(ui)).toMatch(/não é um código de pagamento da carteira/);
      return void expect(ui.getByRole('button', { name: 'Ler de novo' })).toBeTruthy();
    }
    if (state.matches('voucherRead')) {
      // a group voucher is never charged: its page opens (the cashier's screen navigates)
      expect(status(ui)).toBe('Um vale de pacote de grupo: a abrir a validação…');
      return void expect(ui.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    }
    if (state.matches('sending')) return void expect(status(ui)).toMatch(/A cobrar 1 250,00 Kz/);
    if (state.matches('uncertain')) {
      expect(alert(ui)).toMatch(/Não recebemos a resposta/);
      expect(ui.getByText(/nunca cobra duas vezes/)).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Nova cobrança' })).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    }
    if (state.matches('awaiting')) {
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      if (state.matches({ awaiting: 'trouble' })) expect(alert(ui)).toMatch(/Sem ligação ao servidor/);
      else expect(status(ui)).toMatch(/À espera da confirmação do cliente/);
      return void expect(ui.queryByRole('button')).toBeNull();
    }
    if (state.matches('refused')) {
      const texts: Record<string, RegExp> = { MCH10008: /expirou ou já foi usado/, FND10001: /Saldo disponível insuficiente/ };
      expect(alert(ui)).toMatch(c.errorCode ? texts[c.errorCode]! : c.charge?.state === 'refused' ? /O cliente recusou a cobrança no telemóvel/ : /A cobrança não foi feita/);
      return void expect(ui.getByRole('button', { name: 'Nova cobrança' })).toBeTruthy();
    }
    // ended: the cashier is back at its modes and draws them
    if (state.matches('ended')) return void expect(ui.queryByRole('button')).toBeNull();
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('the till’s payment-code charge chart on its screen', () => {
  const paths = transitionCoveringPaths(codeChargeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(codeChargeModel, path, binding);
  });
});

describe('the payment-code charge through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  let anaId: string;
  let ana: string;
  beforeAll(async () => {
    await gateway.start();
    ({ id: anaId, token: ana } = await payingMember(gateway.server));
  }, 60_000);
  afterAll(() => gateway.stop());
  // the till's polls, every 2 s on a phone, shortened here; the chime counted
  let chimes = 0;
  const fastTill = cashierFlow.provide({ actors: { codeCharge: codeChargeFlow.provide({ delays: { pollInterval: 50 }, actions: { announcePaid: () => { chimes += 1; } } }) } });

  /** The till's payment-code mode for an amount, the customer's digits typed (no camera here). */
  async function chargeTyped(actor: ReturnType<typeof createActor<typeof fastTill>>, amount: string, digits: string): Promise<CodeChargeActor> {
    actor.send({ type: 'mode.scan' });
    const till = actor.getSnapshot().children.codeCharge as CodeChargeActor;
    const amountEntry = till.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: amount });
    amountEntry.send({ type: 'amount.submitted' });
    const scanner = till.getSnapshot().children.scanner as ActorRefFrom<typeof scannerMachine>;
    await waitFor(scanner, (s) => s.hasTag('error'), { timeout: 10_000 });
    scanner.send({ type: 'typing.requested' });
    scanner.send({ type: 'typed.changed', value: digits });
    scanner.send({ type: 'typed.submitted' });
    return till;
  }

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
      const till = await chargeTyped(actor, '2 000', `${code.slice(0, 6)} ${code.slice(6, 12)} ${code.slice(12)}`);
      await waitFor(till, (s) => s.matches('uncertain'), { timeout: 10_000 });
      till.send({ type: 'charge.retry' });
      await waitFor(till, (s) => s.matches('awaiting'), { timeout: 10_000 });
      expect(charges).toHaveLength(2);
      expect(charges[1]).toBe(charges[0]);
      const { chargeId } = till.getSnapshot().context.charge!;
      expect((await server.db.query('SELECT id FROM payment_code_charges WHERE store_id = $1', [shop.storeId])).rows).toHaveLength(1);
      // the member confirms on their phone with the pay password
      const status = await call(server, 'pay/paymentCode/status', { code }, ana);
      expect(status.bizContent).toMatchObject({ state: 'awaitingConfirmation', charge: { chargeId, amount: 200_000, storeName: 'Loja do Porto' } });
      const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/paymentCode/confirm', amount: 200_000, counterparty: chargeId });
      await ok(server, 'pay/paymentCode/confirm', { chargeId, payToken }, ana);
      expect(chimes).toBe(0);
      await waitFor(till, (s) => s.matches('paid'), { timeout: 10_000 });
      expect(chimes).toBe(1);
      expect(till.getSnapshot().context.payment).toMatchObject({ amount: 200_000, method: 'paymentCode', payerMasked: 'Ana M*** D***' });
      // the spent code charges nothing more
      till.send({ type: 'cashier.again' });
      await waitFor(actor, (s) => s.matches('choosingMode'), { timeout: 10_000 });
      const again = await chargeTyped(actor, '10', code);
      await waitFor(again, (s) => s.matches('refused'), { timeout: 10_000 });
      expect(again.getSnapshot().context.errorCode).toBe('MCH10008');
      actor.stop();
    } finally {
      http.defaults.adapter = axios.getAdapter('fetch');
    }
  }, 60_000);
});
