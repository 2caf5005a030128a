import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { RefundView } from '../../screens/refund/RefundView.tsx';
import { refundFlow } from '../../src/flows/refund.ts';
import type { refundMachine, RefundEvent } from '../../machines/refund.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import type { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import type { newPayPasswordMachine } from '../../machines/newPayPassword.machine.ts';
import { refundModel } from '../models/refund.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { TestServer } from '../support/server.ts';
import { fund } from '../support/money.ts';
import { MERCHANT_PAY_PASSWORD, ok, type MerchantSetup } from '../support/merchant.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { pay, person, type Person } from '../support/records.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<RefundEvent> = {
  'record.retry': (ui) => click(ui, /^(Tentar novamente|Ver o registo)$/),
  'refund.started': (ui) => click(ui, 'Reembolsar'),
  'amount.all': (ui) => click(ui, 'Tudo (1 000,00 Kz)'),
  'refund.cancelled': (ui) => click(ui, 'Cancelar'),
  'payment.cancelled': (ui) => click(ui, 'Voltar ao valor'),
};

/** The record's fields, as every step that shows it does. */
const recordShown = (ui: Ui) => {
  const row = (label: string) => ui.getByText(label).nextElementSibling?.textContent;
  expect(row('Valor')).toBe('1 500,00 Kz');
  expect(row('Taxa de serviço')).toBe('7,50 Kz');
  expect(row('Reembolsado')).toBe('500,00 Kz');
  expect(row('Líquido')).toBe('995,00 Kz');
  expect(row('Estado')).toBe('Reembolsado em parte');
  expect(row('Pagador')).toBe('Ana M*** D***');
  expect(row('Loja')).toBe('Loja Central');
  expect(row('Funcionário')).toBe('Carlos Caixa');
  expect(row('Código')).toBe('—');
  expect(row('Forma')).toBe('Código com valor');
  expect(row('N.º do comprovativo')).toBe('MP00000000000051');
  expect(row('N.º da operação')).toBe('OP202603140000000051');
  expect(ui.getByRole('list', { name: 'Reembolsos' }).textContent).toMatch(/^500,00 Kz em 14 mar\.? 2026, \d\d:\d\d$/);
};

const binding: ScreenBinding<typeof refundMachine> = {
  view: (state, send) => <RefundView state={state} send={send as (e: RefundEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading') || state.matches('reloading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /Este registo não existe/ : /Não foi possível carregar este registo/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('viewing')) {
      recordShown(ui);
      if (c.record!.role === 'owner') return void expect(ui.getByRole('button', { name: 'Reembolsar' })).toBeTruthy();
      expect(ui.getByText('Só o comerciante pode reembolsar.')).toBeTruthy();
      return void expect(ui.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    }
    if (state.matches('editing')) {
      recordShown(ui);
      expect((ui.getByLabelText('Valor a reembolsar') as HTMLInputElement).value).toBe(c.amountText);
      expect(ui.getByText('Pode reembolsar até 1 000,00 Kz.')).toBeTruthy();
      // the server's refusal of the amount asked before, shown by the amount child until it changes (its own states: its screen test)
      const refusals: Record<string, RegExp> = { STF10012: /maior do que o que resta \(1 000,00 Kz\)/, FND10001: /Saldo disponível insuficiente/ };
      if (c.amountRefusal?.code) expect(alert(ui)).toMatch(refusals[c.amountRefusal.code]!);
      else expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    }
    if (state.matches('paying')) {
      // the pay password confirms exactly this refund
      expect(ui.getByText(`Reembolso de ${c.amount === 100_000 ? '1 000,00 Kz' : '400,00 Kz'}`)).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar ao valor' })).toBeTruthy();
    }
    if (state.matches('refunded')) {
      expect(status(ui)).toMatch(/Reembolso de 1 000,00 Kz feito. O cliente foi avisado./);
      return void expect(ui.getByRole('button', { name: 'Ver o registo' })).toBeTruthy();
    }
    if (state.matches('refused')) {
      expect(alert(ui)).toMatch(/Este registo não existe ou não o pode ver/);
      return void expect(ui.getByRole('button', { name: 'Ver o registo' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('refund chart on its screen', () => {
  const paths = transitionCoveringPaths(refundModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(refundModel, path, binding);
  });
});

describe('a refund through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  let server: TestServer;
  let shop: MerchantSetup;
  let ana: Person;
  beforeAll(async () => {
    await gateway.start();
    server = gateway.server;
    shop = await merchantWithStore(server);
    ana = await person(server, 'Ana Maria Demo');
    await fund(server.db, ana.id, 10_000_000n);
  }, 120_000);
  beforeEach(() => gateway.signIn(shop.token, '/app/records/1'));
  afterAll(() => gateway.stop());

  it('refunds half of a payment with the merchant’s pay password on the secure keypad; the record then shows it', async () => {
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 300_000);
    const actor = createActor(refundFlow, { input: { recordId: paymentId, language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('viewing'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.record).toMatchObject({ amount: 300_000, refundable: 300_000, role: 'owner', state: 'paid' });
    actor.send({ type: 'refund.started' });
    expect(actor.getSnapshot().context.amountText).toBe('3000');
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 500' });
    amountEntry.send({ type: 'amount.submitted' });
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    const child = () => payment.getSnapshot().children.payConfirm as ActorRefFrom<typeof payConfirmMachine>;
    await waitFor(child(), (s) => s.matches('entering'), { timeout: 10_000 });
    for (const digit of MERCHANT_PAY_PASSWORD) child().send({ type: 'digit.pressed', position: child().getSnapshot().context.keypad!.mapArr.indexOf(Number(digit)) });
    await waitFor(actor, (s) => s.matches('refunded'), { timeout: 20_000 });
    expect(actor.getSnapshot().context.refund).toMatchObject({ amount: 150_000, chargeReturned: 750, refunded: 150_000, state: 'partlyRefunded' });
    actor.send({ type: 'record.retry' });
    await waitFor(actor, (s) => s.matches('viewing'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.record).toMatchObject({ refunded: 150_000, refundable: 150_000, state: 'partlyRefunded' });
    expect((await ok(server, 'merchant/records/detail', { recordId: paymentId }, shop.token)).refunds).toHaveLength(1);
    expect((await checkInvariants(server.db)).ok).toBe(true);
    actor.stop();
  }, 60_000);

  it('an owner without a pay password is told before any keypad, sets it there, and refunds the amount typed, not typed again (issue 21)', async () => {
    await server.db.query('UPDATE members SET pay_password_hash = NULL WHERE id = $1', [shop.memberId]);
    const keypadsIssued = async () => Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM keypad_keys WHERE member_id = $1', [shop.memberId])).rows[0]!.n);
    const keypadsBefore = await keypadsIssued();
    const { paymentId } = await pay(server, ana, shop, shop.storeId, 300_000);
    const actor = createActor(refundFlow, { input: { recordId: paymentId, language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('viewing'), { timeout: 10_000 });
    actor.send({ type: 'refund.started' });
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 200' });
    amountEntry.send({ type: 'amount.submitted' });
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    await waitFor(payment, (s) => s.matches({ refused: 'noPayPassword' }), { timeout: 10_000 });
    // known from where the pay password stands: no keypad was drawn, no digit typed
    expect(await keypadsIssued()).toBe(keypadsBefore);
    payment.send({ type: 'payPasswordSetup.started' });
    const press = (target: ActorRefFrom<typeof newPayPasswordMachine> | ActorRefFrom<typeof payConfirmMachine>, pin: string) => {
      for (const digit of pin) target.send({ type: 'digit.pressed', position: target.getSnapshot().context.keypad!.mapArr.indexOf(Number(digit)) });
    };
    const setting = () => payment.getSnapshot().children.newPayPassword as ActorRefFrom<typeof newPayPasswordMachine>;
    await waitFor(setting(), (s) => s.matches('entering'), { timeout: 10_000 });
    // a weak one is refused at its first entry, on the same keypad
    press(setting(), '111111');
    expect(setting().getSnapshot().matches({ entering: 'weak' })).toBe(true);
    press(setting(), MERCHANT_PAY_PASSWORD);
    press(setting(), MERCHANT_PAY_PASSWORD);
    await waitFor(payment, (s) => s.matches({ authorising: 'afterSetting' }), { timeout: 10_000 });
    // the same refund, waiting: the parent never left it
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '1 200', amount: 120_000 });
    const confirm = () => payment.getSnapshot().children.payConfirm as ActorRefFrom<typeof payConfirmMachine>;
    await waitFor(confirm(), (s) => s.matches('entering'), { timeout: 10_000 });
    press(confirm(), MERCHANT_PAY_PASSWORD);
    await waitFor(actor, (s) => s.matches('refunded'), { timeout: 20_000 });
    expect(actor.getSnapshot().context.refund).toMatchObject({ amount: 120_000, refunded: 120_000, state: 'partlyRefunded' });
    expect((await server.db.query<{ set: boolean }>('SELECT pay_password_hash IS NOT NULL AS set FROM members WHERE id = $1', [shop.memberId])).rows[0]!.set).toBe(true);
    actor.stop();
  }, 60_000);
});
